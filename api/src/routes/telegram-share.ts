import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ShareProductParams, ShareProductResponse } from "@shop/shared/schemas/telegram";
import { ErrorResponse } from "@shop/shared/schemas/common";
import type { App } from "../app-type";
import { HttpError } from "../http-errors";
import { getProduct } from "@shop/core/catalog";

/** Each share is a call to Telegram: a client asking more often than a person shares is held back. */
export const SHARE_REQUESTS_PER_MINUTE = 30;

export const SHARE_TEXTS = {
  noUser: "Поделиться товаром в Telegram можно только из магазина в Telegram.",
  noBot: "Бот магазина не настроен: поделиться товаром в Telegram нельзя.",
  telegramFailed: "Telegram не ответил. Попробуйте поделиться ещё раз.",
  tooMany: (seconds: number) => `Слишком много попыток поделиться. Повторите через ${seconds} с.`,
} as const;

/** Sharing a product from the Mini App (docs/telegram.md#sharing-a-product). */
export default async function telegramShareRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    "/api/telegram/share/:productId",
    {
      config: {
        rateLimit: {
          max: SHARE_REQUESTS_PER_MINUTE,
          timeWindow: 60_000,
          errorResponseBuilder: (_request, context) => new HttpError(429, SHARE_TEXTS.tooMany(Math.ceil(context.ttl / 1000))),
        },
      },
      schema: {
        tags: ["telegram"],
        summary: "Prepares the product's card for the Telegram user to share (the Mini App's shareMessage)",
        description:
          "The user must be proven by X-Telegram-Init-Data (401 otherwise). Calls the Bot API's savePreparedInlineMessage " +
          "with the product's card (picture, name, price, short description, a button opening the product in the Mini " +
          "App) and returns the prepared message's id. 404 for an unknown product, 503 without a bot, 502 when Telegram " +
          "refuses or does not answer, 429 after 30 requests a minute from one address.",
        params: ShareProductParams,
        response: {
          200: ShareProductResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          429: ErrorResponse,
          502: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = request.telegramUser();
      if (!user) throw new HttpError(401, SHARE_TEXTS.noUser);
      const product = getProduct(await app.catalog.current(), request.params.productId);
      if (!app.productSharer) throw new HttpError(503, SHARE_TEXTS.noBot);
      let id: string;
      try {
        id = await app.productSharer.prepareShare(user.id, product);
      } catch (error) {
        request.log.error({ err: (error as Error).message, productId: product.id }, "savePreparedInlineMessage failed");
        throw new HttpError(502, SHARE_TEXTS.telegramFailed);
      }
      reply.header("Cache-Control", "private, no-store");
      return { id };
    },
  );
}
