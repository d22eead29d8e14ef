import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { foldStatistics } from "@shop/core/statistics";

/** how often each API process folds the statistics' change rows into their running totals */
export const STATS_FOLD_EVERY_MS = 2_000;

/**
 * Folds the change rows the order triggers append into the statistics' running totals (core/src/statistics,
 * `foldStatistics`): once when the server is ready, then every STATS_FOLD_EVERY_MS after the previous fold ends.
 * The statistics' reads add the changes not folded yet themselves, so folding never makes a figure right; it
 * keeps the rows those reads add up few (a couple of seconds of orders). Instances on one PostgreSQL database
 * take turns through an advisory lock; a fold that fails (the database restarting) leaves its changes for the
 * next one. Closing the server waits for a fold in progress.
 */
export default fp(async function statsFoldPlugin(app: FastifyInstance, options: { everyMs?: number }) {
  const everyMs = options.everyMs ?? STATS_FOLD_EVERY_MS;
  if (everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;
  const fold = () => {
    running = foldStatistics(app.db)
      .catch((error: unknown) => app.log.warn({ err: error }, "statistics fold failed: its changes wait for the next one"))
      .finally(() => {
        running = undefined;
        if (!closing) timer = setTimeout(fold, everyMs).unref();
      });
  };
  app.addHook("onReady", async () => {
    timer = setTimeout(fold, 0).unref();
  });
  app.addHook("onClose", async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
});
