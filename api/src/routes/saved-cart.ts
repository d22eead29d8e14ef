import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { saveCart } from "@shop/core/carts";
import { ErrorResponse } from "@shop/shared/schemas/common";
import { SavedCartBody, SavedCartResponse } from "@shop/shared/schemas/broadcasts";
import type { App } from "../app-type";
import { HttpError } from "../http-errors";
import { perMinute } from "../plugins/external/rate-limit";

export const CART_TELEGRAM_ONLY = "Корзина сохраняется только в Telegram";

/** The Mini App's cart, known to the server for the forgotten-cart reminder (docs/product.md#forgotten-carts). */
export default async function savedCartRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.put(
    "/api/cart",
    {
      // each launch of the Mini App sends its cart once, and every change after a pause: the cart's calls' limit
      config: { rateLimit: perMinute(app.config.rateLimits.recommendations) },
      schema: {
        tags: ["telegram"],
        summary: "The Mini App's cart as it is now (sent as it changes); an empty list empties it",
        description:
          "Mini App only: the user is proven by X-Telegram-Init-Data (401 without it). The cart is kept per Telegram user; " +
          "once it has waited CART_REMINDER_HOURS without an order, the bot reminds of it once.",
        body: SavedCartBody,
        response: { 200: SavedCartResponse, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const user = request.telegramUser();
      if (!user) throw new HttpError(401, CART_TELEGRAM_ONLY);
      const lines = request.body.items.map((item) => ({ product_id: item.product_id, variant_id: item.variant_id ?? null, quantity: item.quantity }));
      const { remindAt } = await saveCart(app.db, user.id, lines, { now: new Date(), delayMs: app.config.jobs.cartReminderMs });
      await app.jobs?.cartChanged(user.id, remindAt);
      return reply.headers({ "Cache-Control": "private, no-store" }).send({ saved: true });
    },
  );
}
