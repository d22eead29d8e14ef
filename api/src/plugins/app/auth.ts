import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import { isDbId } from "@shop/shared/ids";
import { can, FORBIDDEN_MESSAGE, ROLE_PERMISSIONS, type Permission, type StaffRole } from "@shop/shared/staff";
import { findStaffSession, staffName } from "@shop/core/staff";
import type { AuditActor } from "@shop/core/audit";
import { HttpError } from "../../http-errors";
import { ROUTE_PERMISSIONS, routeKey } from "./permissions";

const SESSION_ENDED = "Сессия истекла или токен недействителен. Войдите снова.";
export const ACCOUNT_OFF = "Учётная запись отключена. Обратитесь к владельцу магазина.";

/** The signed-in staff account of an admin request. */
export interface RequestStaff {
  id: number;
  login: string;
  name: string;
  role: StaffRole;
  can(permission: Permission): boolean;
  /** who the audit log names for this request's changes */
  actor: AuditActor;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * onRequest hook of admin routes: a valid bearer token of an existing, active account whose role has the
     * route's permission (plugins/app/permissions.ts), or 401/403 — before the request is read or validated, so a
     * caller without a session or the right learns nothing about the call's input
     */
    requireAdmin(request: FastifyRequest): Promise<void>;
    /** method and path of every route guarded by requireAdmin, as registered (the permission test walks them) */
    adminRoutes: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** set by requireAdmin */
    staff: RequestStaff | null;
  }
}

export default fp(async (app) => {
  app.decorateRequest("staff", null);
  app.decorate("adminRoutes", [] as { method: string; url: string }[]);

  const requireAdmin = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith("Bearer ")) throw new HttpError(401, "Требуется авторизация");
    try {
      await request.jwtVerify();
    } catch {
      throw new HttpError(401, SESSION_ENDED);
    }
    // the shop's own tokens always expire and name the admin by id: any other token is not one of them
    const { sub, exp, ver } = request.user as { sub?: unknown; exp?: unknown; ver?: unknown };
    const id = typeof sub === "string" && /^\d{1,10}$/.test(sub) ? Number(sub) : NaN;
    if (typeof exp !== "number" || !isDbId(id)) throw new HttpError(401, SESSION_ENDED);
    // a deleted account's tokens, a switched-off one's and those from before a new password or role stop at once
    const account = await findStaffSession(app.prisma, id);
    if (!account) throw new HttpError(401, SESSION_ENDED);
    if (!account.active) throw new HttpError(401, ACCOUNT_OFF);
    if ((typeof ver === "number" ? ver : 0) !== account.sessionVersion) throw new HttpError(401, SESSION_ENDED);
    const role = account.role;
    request.staff = {
      id: account.id,
      login: account.login,
      name: staffName(account),
      role,
      can: (permission) => can(role, permission),
      actor: { staffId: account.id, staffName: staffName(account), via: "panel" },
    };
    const method = request.method === "HEAD" ? "GET" : request.method;
    const needed = ROUTE_PERMISSIONS[routeKey(method, request.routeOptions.url ?? "")];
    if (needed === "signed-in") return;
    // a route nobody gave a permission is the owner's alone until it gets one
    if (needed === undefined ? role !== "owner" : !ROLE_PERMISSIONS[role].includes(needed)) throw new HttpError(403, FORBIDDEN_MESSAGE);
  };
  app.decorate("requireAdmin", requireAdmin);

  app.addHook("onRoute", (route) => {
    const hooks: unknown[] = [route.onRequest ?? []].flat();
    if (!hooks.includes(requireAdmin)) return;
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") app.adminRoutes.push({ method, url: route.url });
    }
  });
});
