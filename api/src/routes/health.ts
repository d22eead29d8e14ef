import Type from "typebox";
import type { App } from "../app-type";

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
      // through the driver: a load balancer asks this every few seconds, and it must not load the ORM (db.read)
      await app.db.read("SELECT 1", []);
      return { ok: true as const, database: app.db.kind };
    },
  );
}
