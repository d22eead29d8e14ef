import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { AUDIT_KINDS, listAudit, type AuditKind } from "@shop/core/audit";
import { createInvitation, createStaff, issueBindingCode, listStaff, unbindTelegram, updateStaff } from "@shop/core/staff";
import { ErrorResponse, IdParams, OkResponse } from "@shop/shared/schemas/common";
import { AuditQuery, AuditResponse, BindingCode, CreateInvitationBody, CreateStaffBody, InvitationLink, StaffAccount, StaffList, UpdateStaffBody } from "@shop/shared/schemas/staff";
import type { App } from "../app-type";
import { badRequest } from "../http-errors";
import { hashPassword } from "../lib/password";
import { toAuditResponse, toStaffJson } from "../wire/back-office";

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const KIND_INVALID = `Неизвестный вид изменений. Возможные: ${AUDIT_KINDS.join(", ")}`;
const DAY_MS = 24 * 3600 * 1000;
/** a Moscow day's start: the log's dates are the shop's days */
const moscowDay = (day: string) => new Date(`${day}T00:00:00+03:00`);

/** Staff accounts and the audit log: the owner's (docs/api-admin.md#staff-and-roles). */
export default async function adminStaffRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = app.requireAdmin;

  app.get(
    "/api/admin/staff",
    { onRequest, schema: { tags: ["admin-staff"], summary: "Staff accounts, active first", security, response: { 200: StaffList, ...errors } } },
    async () => ({ staff: (await listStaff(app.prisma)).map(toStaffJson) }),
  );

  app.post(
    "/api/admin/staff",
    {
      onRequest,
      schema: {
        tags: ["admin-staff"],
        summary: "Create a staff account: login, name, password (8+ characters), role owner | manager | picker",
        security,
        body: CreateStaffBody,
        response: { 201: StaffAccount, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(toStaffJson(await createStaff(app.prisma, request.staff!.actor, request.body, hashPassword))),
  );

  app.put(
    "/api/admin/staff/:id",
    {
      onRequest,
      schema: {
        tags: ["admin-staff"],
        summary: "Change a staff account's name, role, password, or switch it off or on",
        description: "Switching an account off, a new password or a new role ends its sessions at once. An owner cannot switch off or demote themselves.",
        security,
        params: IdParams,
        body: UpdateStaffBody,
        response: { 200: StaffAccount, ...errors },
      },
    },
    async (request) => toStaffJson(await updateStaff(app.prisma, request.staff!.actor, request.params.id, request.body, hashPassword)),
  );

  app.post(
    "/api/admin/staff/invitations",
    {
      onRequest,
      schema: {
        tags: ["admin-staff"],
        summary: "A one-time invitation link for a new staff account with this role (works once, for 72 hours)",
        description: "The person opens the link, chooses a login, a name and a password, and is signed in with the role. Only the token's hash is kept: the link is answered once.",
        security,
        body: CreateInvitationBody,
        response: { 201: InvitationLink, ...errors },
      },
    },
    async (request, reply) => {
      const invitation = await createInvitation(app.prisma, request.staff!.actor, request.body);
      const path = `/admin/invite/${invitation.token}`;
      return reply.status(201).send({
        path,
        link: app.config.publicUrl ? app.config.publicUrl + path : null,
        role: invitation.role,
        expires_at: invitation.expiresAt.toISOString(),
      });
    },
  );

  /** the code as the panel shows it: `/bind CODE`, and the bot's start link when its username is known */
  const bindingJson = async (staffId: number) => {
    const { code, expiresAt } = await issueBindingCode(app.prisma, staffId);
    const username = app.botInfo.username;
    return { code, expires_at: expiresAt.toISOString(), command: `/bind ${code}`, link: username ? `https://t.me/${username}?start=bind_${code}` : null };
  };
  const bindingSchema = {
    tags: ["admin-staff"],
    security,
    description:
      "The code works once, for 15 minutes; a new code replaces the previous one. The person sends `/bind CODE` to the " +
      "shop's bot (or opens the link); their Telegram account is then bound and their presses on the managers' " +
      "buttons are done with their role's rights (docs/telegram.md#managers).",
    response: { 200: BindingCode, ...errors },
  };

  app.post(
    "/api/admin/staff/:id/telegram-code",
    { onRequest, schema: { ...bindingSchema, summary: "A one-time code that binds a staff account to the Telegram account that sends it to the bot", params: IdParams } },
    async (request) => bindingJson(request.params.id),
  );

  app.post(
    "/api/admin/me/telegram-code",
    { onRequest, schema: { ...bindingSchema, summary: "A one-time code that binds the signed-in account to the Telegram account that sends it to the bot" } },
    async (request) => bindingJson(request.staff!.id),
  );

  app.delete(
    "/api/admin/staff/:id/telegram",
    {
      onRequest,
      schema: {
        tags: ["admin-staff"],
        summary: "Unbind a staff account's Telegram account: its presses in the managers' chat are refused from now on",
        security,
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await unbindTelegram(app.prisma, request.staff!.actor, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/admin/audit",
    {
      onRequest,
      schema: {
        tags: ["admin-staff"],
        summary: "The audit log, newest first: staff_id, kind, from and to (YYYY-MM-DD, Moscow days, both included)",
        security,
        querystring: AuditQuery,
        response: { 200: AuditResponse, ...errors },
      },
    },
    async (request) => {
      const { staff_id: staffId, kind, from, to, page } = request.query;
      if (kind !== undefined && !(AUDIT_KINDS as readonly string[]).includes(kind)) throw badRequest(KIND_INVALID, { kind: KIND_INVALID });
      return toAuditResponse(
        await listAudit(app.db, {
          staffId,
          kind: kind as AuditKind | undefined,
          from: from ? moscowDay(from) : undefined,
          to: to ? new Date(moscowDay(to).getTime() + DAY_MS) : undefined,
          page,
        }),
      );
    },
  );

  app.get(
    "/api/admin/products/:id/history",
    {
      onRequest,
      schema: {
        tags: ["admin-staff"],
        summary: "A product's own history: its edits and stock changes, newest first",
        security,
        params: IdParams,
        response: { 200: AuditResponse, ...errors },
      },
    },
    async (request) => toAuditResponse(await listAudit(app.db, { kinds: ["product", "stock"], entityId: request.params.id, limit: 100 })),
  );

  app.get(
    "/api/admin/orders/:id/history",
    {
      onRequest,
      schema: {
        tags: ["admin-staff"],
        summary: "An order's own history: statuses, notes, invoices and refunds by staff, newest first",
        security,
        params: IdParams,
        response: { 200: AuditResponse, ...errors },
      },
    },
    async (request) => toAuditResponse(await listAudit(app.db, { kinds: ["order", "invoice", "refund"], entityId: request.params.id, limit: 100 })),
  );
}
