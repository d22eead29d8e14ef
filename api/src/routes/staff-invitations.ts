import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { acceptInvitation, readInvitation } from "@shop/core/staff";
import { LoginResponse } from "@shop/shared/schemas/admin";
import { ErrorResponse } from "@shop/shared/schemas/common";
import { AcceptInvitationBody, InvitationJson } from "@shop/shared/schemas/staff";
import { STAFF_ROLE_LABELS } from "@shop/shared/staff";
import Type from "typebox";
import type { App } from "../app-type";
import { HttpError } from "../http-errors";
import { hashPassword } from "../lib/password";
import { loginResponse } from "../services/admin-auth";
import { LOGIN_REQUESTS_PER_MINUTE } from "./auth";

const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });
const errors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };
const rateLimit = {
  max: LOGIN_REQUESTS_PER_MINUTE,
  timeWindow: 60_000,
  errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
    new HttpError(429, `Слишком много попыток. Повторите через ${Math.ceil(context.ttl / 1000)} с.`),
};

/**
 * The page of a staff invitation link (docs/api-admin.md#invitations): what it invites to, and accepting it with
 * a login, a name and a password — the answer signs the new account in. No sign-in needed: the link is the key.
 */
export default async function staffInvitationRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    "/api/staff-invitations/:token",
    {
      config: { rateLimit },
      schema: { tags: ["admin-staff"], summary: "An invitation that can still be accepted: its role and suggested name", params: TokenParams, response: { 200: InvitationJson, ...errors } },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const invitation = await readInvitation(app.prisma, request.params.token);
      return { role: invitation.role, role_label: STAFF_ROLE_LABELS[invitation.role], name: invitation.name, expires_at: invitation.expiresAt.toISOString() };
    },
  );

  app.post(
    "/api/staff-invitations/:token",
    {
      config: { rateLimit },
      schema: {
        tags: ["admin-staff"],
        summary: "Accept an invitation: creates the account with the invitation's role (once) and signs it in",
        params: TokenParams,
        body: AcceptInvitationBody,
        response: { 201: LoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const account = await acceptInvitation(app.prisma, request.params.token, request.body, hashPassword);
      const token = app.jwt.sign({ sub: String(account.id), login: account.login, ver: 0 });
      const { exp } = app.jwt.decode<{ exp: number }>(token)!;
      return reply.status(201).send(loginResponse(token, account.login, exp));
    },
  );
}
