import { createHash } from "node:crypto";
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { DeliveryDesk } from "@shop/core/delivery";

/**
 * The delivery desk (core/src/delivery): quotes, points and cities, with the carriers' answers kept in memory. The
 * quotes shoppers see are signed with a key derived from the shop's JWT secret, so any instance honours them.
 */
export default fp(async function deliveryPlugin(app: FastifyInstance, options: { jwtSecret: string }) {
  const quoteKey = createHash("sha256").update(`delivery-quotes:${options.jwtSecret}`).digest();
  app.decorate("delivery", new DeliveryDesk(app.db, app.config.delivery, Date.now, quoteKey));
});
