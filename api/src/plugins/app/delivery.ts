import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { DeliveryDesk } from "@shop/core/delivery";

/** The delivery desk (core/src/delivery): quotes, points and cities, with the carriers' answers kept in memory. */
export default fp(async function deliveryPlugin(app: FastifyInstance) {
  app.decorate("delivery", new DeliveryDesk(app.db, app.config.delivery));
});
