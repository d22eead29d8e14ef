import Type from "typebox";
import { isDatabaseUnavailable } from "@shop/prisma/unavailable";
import type { App } from "../app-type";
import { DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS } from "../http-errors";

const Health = Type.Object({
  /** the shop can take orders: its database answers */
  ok: Type.Boolean(),
  database: Type.String(),
  /** the parts that do not answer: "database", "redis" (the shared request limits) */
  down: Type.Array(Type.String()),
  message: Type.Optional(Type.String()),
});

export default async function healthRoutes(app: App) {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness, database and Redis check: 503 while the database does not answer",
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        // through the driver: a load balancer asks this every few seconds, and it must not load the ORM (db.read)
        app.db.read("SELECT 1", []).then(
          () => true,
          (error: unknown) => {
            if (!isDatabaseUnavailable(error)) throw error;
            return false;
          },
        ),
        app.requestLimits.healthy(),
      ]);
      const down = [...(database ? [] : ["database"]), ...(redis ? [] : ["redis"])];
      if (!database) {
        reply.header("Retry-After", String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ ok: false, database: app.db.kind, down, message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      return { ok: true, database: app.db.kind, down };
    },
  );
}
