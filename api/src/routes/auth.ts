import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { LoginBody, LoginResponse } from "@shop/shared/schemas/admin";
import { StaffMe } from "@shop/shared/schemas/staff";
import { ROLE_PERMISSIONS } from "@shop/shared/staff";
import { ErrorResponse } from "@shop/shared/schemas/common";
import type { App } from "../app-type";
import { HttpError } from "../http-errors";
import { authenticateAdmin, loginResponse } from "../services/admin-auth";

/**
 * Requests to POST /api/login per address and minute (with REDIS_URL for every instance together); wrong passwords
 * are also counted in the database (services/login-throttle.ts).
 */
export const LOGIN_REQUESTS_PER_MINUTE = 20;

export default async function authRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    "/api/login",
    {
      config: {
        rateLimit: {
          max: LOGIN_REQUESTS_PER_MINUTE,
          timeWindow: 60_000,
          errorResponseBuilder: (_request, context) =>
            new HttpError(429, `Слишком много попыток входа. Повторите через ${Math.ceil(context.ttl / 1000)} с.`),
        },
      },
      schema: {
        tags: ["admin"],
        summary: "Admin sign-in: a bearer token (JWT) with an expiry",
        body: LoginBody,
        response: { 200: LoginResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      // the answer holds a token: no browser or proxy cache may keep it (nor a refusal, sent with the same header)
      reply.header("Cache-Control", "no-store");
      const deviceId = app.deviceCookies.deviceOf(request.headers.cookie, request.body.login);
      const admin = await authenticateAdmin(app.db, { ...request.body, ip: request.ip, deviceId });
      // a new device cookie at each sign-in: this browser's own allowance next time (services/device-cookies.ts)
      reply.header("Set-Cookie", app.deviceCookies.issue(admin.login, request.protocol === "https"));
      const token = app.jwt.sign({ sub: String(admin.id), login: admin.login, ver: admin.sessionVersion });
      const { exp } = app.jwt.decode<{ exp: number }>(token)!;
      return loginResponse(token, admin.login, exp);
    },
  );

  app.get(
    "/api/admin/me",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "The signed-in staff account: its name, role and what it may do",
        security: [{ bearerAuth: [] }],
        response: { 200: StaffMe, 401: ErrorResponse },
      },
    },
    async (request) => {
      const staff = request.staff!;
      return { id: staff.id, login: staff.login, name: staff.name, role: staff.role, permissions: [...ROLE_PERMISSIONS[staff.role]] };
    },
  );
}
