import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import { isDbId } from "@shop/shared/ids";
import { HttpError } from "../../http-errors";

const SESSION_ENDED = "Сессия истекла или токен недействителен. Войдите снова.";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * onRequest hook of admin routes: a valid bearer token of an existing admin, or 401 — before the request is
     * read or validated, so a caller without a session learns nothing about the call's input
     */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

export default fp(async (app) => {
  app.decorate("requireAdmin", async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith("Bearer ")) throw new HttpError(401, "Требуется авторизация");
    try {
      await request.jwtVerify();
    } catch {
      throw new HttpError(401, SESSION_ENDED);
    }
    // the shop's own tokens always expire and name the admin by id: any other token is not one of them
    const { sub, exp } = request.user as { sub?: unknown; exp?: unknown };
    const id = typeof sub === "string" && /^\d{1,10}$/.test(sub) ? Number(sub) : NaN;
    if (typeof exp !== "number" || !isDbId(id)) throw new HttpError(401, SESSION_ENDED);
    // a deleted admin's tokens stop working at once
    const admin = await app.prisma.adminUser.findUnique({ where: { id }, select: { id: true } });
    if (!admin) throw new HttpError(401, SESSION_ENDED);
  });
});
