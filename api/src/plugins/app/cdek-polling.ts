import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { pollCdekStatuses, type DeliveryNotifier } from "@shop/core/delivery";

/**
 * Asks СДЭК for its shipments' statuses where its webhooks cannot reach the shop (docs/delivery.md#polling):
 * `pollCdekStatuses` once the server is ready, then every CDEK_POLL_EVERY_MS after the previous run ends; off
 * when CDEK_POLLING is off, or auto with a webhook secret set. Several instances may run it at once: an order
 * moves once and its customer hears once whoever reads the status. A run that fails is tried again next time.
 */
export default fp(async function cdekPollingPlugin(app: FastifyInstance, options: { everyMs?: number | null }) {
  const everyMs = options.everyMs === undefined ? app.config.delivery.cdekPollEveryMs : options.everyMs;
  if (!everyMs || everyMs <= 0 || !app.delivery.cdek) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;
  const poll = () => {
    running = pollCdekStatuses({ db: app.db, desk: app.delivery, notifier: app.notifier as DeliveryNotifier })
      .then((outcome) => {
        if (outcome.unanswered > 0) app.log.warn(`СДЭК did not answer for ${outcome.unanswered} of ${outcome.asked} shipments: asked again later`);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, "asking СДЭК for shipment statuses failed: tried again later"))
      .finally(() => {
        running = undefined;
        if (!closing) timer = setTimeout(poll, everyMs).unref();
      });
  };
  app.addHook("onReady", async () => {
    timer = setTimeout(poll, 0).unref();
  });
  app.addHook("onClose", async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
});
