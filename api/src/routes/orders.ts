import Type from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  CreateOrderBody,
  CreateOrderResponse,
  OrderConflictResponse,
  PrepareOrderBody,
  PrepareOrderResponse,
} from "@shop/shared/schemas/orders";
import { ErrorResponse } from "@shop/shared/schemas/common";
import type { App } from "../app-type";
import { botLink, botStartLink } from "@shop/core/telegram";
import { conflict } from "@shop/core/errors";
import { IDEMPOTENCY_KEY_PATTERN, placeOrder, resolveOrderIdentity } from "@shop/core/orders";
import { prepareOrder } from "@shop/core/orders";
import { forgetBestSellers } from "@shop/core/catalog";
import { knownProducts } from "@shop/core/catalog";
import { toCreateOrderResponse, toPrepareOrderResponse } from "../wire/orders";
import { deliveryChoice, invoiceAtOnce, preparedDelivery } from "../services/order-delivery";
import { perMinute } from "../plugins/external/rate-limit";

const IdempotencyHeaders = Type.Object({
  "idempotency-key": Type.Optional(Type.String({ pattern: IDEMPOTENCY_KEY_PATTERN, minLength: 1, maxLength: 100 })),
});

/** docs/product.md#placing-the-order: with the bot set up, a website checkout is prepared and confirmed in the bot */
export const WEBSITE_ORDERS_FINISH_IN_BOT =
  "Заказ с сайта подтверждается в Telegram-боте. Обновите страницу и оформите заказ ещё раз — мы откроем бота.";

/** 409: out of stock (code "out_of_stock" and every short line in items), prices changed under the checkout, or a
 * website order while the bot is set up; 422: an Idempotency-Key used for another checkout */
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  409: OrderConflictResponse,
  422: ErrorResponse,
  429: ErrorResponse,
  503: ErrorResponse,
};

/** Shopper checkout. The admin order list, detail and status change live in admin-orders (GET/PUT /api/orders…). */
export default async function orderRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    "/api/orders",
    {
      config: { rateLimit: perMinute(app.config.rateLimits.orders) },
      schema: {
        tags: ["orders"],
        summary: "Create an order (the mini-app; also the website when no bot is configured)",
        description:
          "Only product_id and quantity of each cart line are read: names, prices and totals come from the database. " +
          "An Idempotency-Key header makes a retried submission return the first order (200) instead of a new one (201). " +
          "telegram_user_id must be the user proven by X-Telegram-Init-Data (403 otherwise); source telegram_mini_app " +
          "requires such a user. With the bot set up (GET /api/config: checkoutMode 'bot') a website order is refused (409): " +
          "the website prepares it and the shopper confirms it in the bot. A line asking for more pieces than are left " +
          "creates nothing: 409 with code out_of_stock and every short line in items (product_id, name, available). " +
          "A promo_code that does not apply creates nothing: 409 with code promo_code_refused and the reason. " +
          "422: the Idempotency-Key was used for another checkout. 429: too many orders from one address; " +
          "503: the database is unreachable, try again after Retry-After seconds.",
        headers: IdempotencyHeaders,
        body: CreateOrderBody,
        response: { 201: CreateOrderResponse, 200: CreateOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { source, telegramUser } = resolveOrderIdentity(body, request.telegramUser());
      if (source !== "telegram_mini_app" && botLink(app.config, app.botInfo)) throw conflict(WEBSITE_ORDERS_FINISH_IN_BOT);
      const catalog = await app.catalog.currentIfLoaded()?.catch(() => null);
      const lines = body.cart_items.map((item) => ({
        productId: item.product_id,
        quantity: item.quantity,
        clientName: item.product_name,
        variantId: item.variant_id ?? null,
        personalization: item.personalization,
      }));
      const delivery = await app.delivery.forOrder(deliveryChoice(body.delivery), lines, body.delivery_address ?? null);
      const result = await placeOrder(app.db, app.notifier, {
        contact: body,
        lines,
        source,
        telegramUser,
        idempotencyKey: request.headers["idempotency-key"] ?? null,
        known: catalog ? knownProducts(catalog) : undefined,
        delivery,
        promoCode: body.promo_code ?? null,
      });
      // the next recommendations of this process see the new order at once (other processes within a minute)
      if (result.created) forgetBestSellers(app.db);
      const order = result.created ? await invoiceAtOnce(app, result.order) : result.order;
      return reply.status(result.created ? 201 : 200).send(toCreateOrderResponse(order));
    },
  );

  r.post(
    "/api/orders/prepare",
    {
      config: { rateLimit: perMinute(app.config.rateLimits.orders) },
      schema: {
        tags: ["orders"],
        summary: "Prepare a website order to be confirmed in the Telegram bot",
        description:
          "Validates and prices the checkout like POST /api/orders and keeps it for 24 hours under a token (32 characters " +
          "of A–Z a–z 0–9 _ -), the bot's start parameter. bot_link is https://t.me/<bot>?start=<token>, or null without " +
          "a bot. The token is redeemed exactly once by the bot. Idempotency-Key returns the same token again (200). With " +
          "delivery methods set up, `delivery` is required and quoted as for POST /api/orders (409 delivery_changed alike); " +
          "the bot quotes it again when the shopper confirms.",
        headers: IdempotencyHeaders,
        body: PrepareOrderBody,
        response: { 201: PrepareOrderResponse, 200: PrepareOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const lines = body.cart.map((item) => ({
        productId: item.id,
        quantity: item.quantity,
        clientName: item.name,
        variantId: item.variant_id ?? null,
        personalization: item.personalization,
      }));
      const choice = deliveryChoice(body.delivery);
      const delivery = await app.delivery.forOrder(choice, lines, body.order.delivery_address ?? null);
      const result = await prepareOrder(app.db, {
        contact: body.order,
        lines,
        source: body.source,
        idempotencyKey: request.headers["idempotency-key"] ?? null,
        delivery: delivery && choice ? preparedDelivery(choice, delivery) : null,
        promoCode: body.promo_code ?? null,
      });
      const botLink = botStartLink(app.config, app.botInfo, result.prepared.token);
      return reply.status(result.created ? 201 : 200).send(toPrepareOrderResponse(result.prepared, botLink));
    },
  );
}
