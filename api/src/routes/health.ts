import Type from "typebox";
import type { App } from "../app";

export default async function healthRoutes(app: App) {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database check",
        response: { 200: Type.Object({ ok: Type.Literal(true), database: Type.String() }) },
      },
    },
    async () => {
      await app.prisma.$queryRaw`SELECT 1`;
      return { ok: true as const, database: app.db.kind };
    },
  );
}
