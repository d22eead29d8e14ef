import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { deleteExpiredPreparedOrders } from "@shop/core/orders";

/** how often each API process deletes the prepared checkouts that expired long enough ago */
export const PREPARED_ORDERS_CLEANUP_EVERY_MS = 3_600_000;

/**
 * Deletes expired prepared checkouts (core/src/orders/expired-prepared-orders.ts): once when the server is ready,
 * then every PREPARED_ORDERS_CLEANUP_EVERY_MS after the previous run ends. Several instances may run it at once:
 * the delete is the same whoever runs it. A run that fails (the database away) is simply tried again next time.
 */
export default fp(async function preparedOrdersCleanupPlugin(app: FastifyInstance, options: { everyMs?: number }) {
  const everyMs = options.everyMs ?? PREPARED_ORDERS_CLEANUP_EVERY_MS;
  if (everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;
  const cleanUp = () => {
    running = deleteExpiredPreparedOrders(app.db)
      .then((deleted) => {
        if (deleted > 0) app.log.info(`deleted ${deleted} expired prepared checkouts`);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, "deleting expired prepared checkouts failed: tried again later"))
      .finally(() => {
        running = undefined;
        if (!closing) timer = setTimeout(cleanUp, everyMs).unref();
      });
  };
  app.addHook("onReady", async () => {
    timer = setTimeout(cleanUp, 0).unref();
  });
  app.addHook("onClose", async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
});
