import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors";

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler for admin routes: a valid bearer token of an existing admin, or 401 */
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
      throw new HttpError(401, "Сессия истекла или токен недействителен. Войдите снова.");
    }
    // a deleted admin's tokens stop working at once
    const admin = await app.prisma.adminUser.findUnique({ where: { id: Number(request.user.sub) }, select: { id: true } });
    if (!admin) throw new HttpError(401, "Сессия истекла или токен недействителен. Войдите снова.");
  });
});
