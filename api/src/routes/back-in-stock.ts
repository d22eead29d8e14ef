import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { isSubscribed, subscribe, unsubscribe } from "@shop/core/stock";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import { BackInStockQuery, BackInStockResponse } from "@shop/shared/schemas/stock";
import type { App } from "../app-type";
import { HttpError } from "../http-errors";

export const BACK_IN_STOCK_TELEGRAM_ONLY = "Сообщить о поступлении можно только в Telegram";

function telegramUserId(request: FastifyRequest): number {
  const user = request.telegramUser();
  if (!user) throw new HttpError(401, BACK_IN_STOCK_TELEGRAM_ONLY);
  return user.id;
}

/** «Сообщить о поступлении» in the Mini App (docs/product.md#back-in-stock). */
export default async function backInStockRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const description =
    "Mini App only: the user is proven by X-Telegram-Init-Data, as for /api/my-orders; without it 401. An unknown " +
    "product is a 404. The bot messages a subscriber each time the product's stock goes from 0 to more, with an " +
    "«Отписаться» button; the subscription stays until then. A product with variants: variant_id names the variant " +
    "waited for, and only that variant's restock messages the user; without it the user waits for any variant (409 " +
    "while one can be ordered), and the first of its variants to come back messages them, once per change.";
  const schema = { tags: ["back-in-stock"], description, params: IdParams, querystring: BackInStockQuery };
  const noStore = { "Cache-Control": "private, no-store" };

  r.get(
    "/api/products/:id/back-in-stock",
    { schema: { ...schema, summary: "Whether the user waits for this product", response: { 200: BackInStockResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse } } },
    async (request, reply) => {
      const subscribed = await isSubscribed(app.db, telegramUserId(request), request.params.id, request.query.variant_id ?? null);
      return reply.headers(noStore).send({ subscribed });
    },
  );

  r.post(
    "/api/products/:id/back-in-stock",
    {
      schema: {
        ...schema,
        summary: "Wait for a sold-out product; 409 «Товар есть в наличии» when it can be ordered now",
        response: { 200: BackInStockResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      await subscribe(app.db, telegramUserId(request), request.params.id, request.query.variant_id ?? null);
      return reply.headers(noStore).send({ subscribed: true });
    },
  );

  r.delete(
    "/api/products/:id/back-in-stock",
    { schema: { ...schema, summary: "Stop waiting for the product", response: { 200: BackInStockResponse, 401: ErrorResponse } } },
    async (request, reply) => {
      await unsubscribe(app.db, telegramUserId(request), request.params.id, request.query.variant_id ?? null);
      return reply.headers(noStore).send({ subscribed: false });
    },
  );
}
