import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { TelegramUserBody, TelegramUserResponse } from "@shop/shared/schemas/telegram";
import { ErrorResponse } from "@shop/shared/schemas/common";
import type { App } from "../app-type";
import { syncTelegramCustomer } from "@shop/core/customers";
import { perMinute } from "../plugins/external/rate-limit";

export default async function telegramUserRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    "/api/telegram-user",
    {
      config: { rateLimit: perMinute(app.config.rateLimits.telegramUser) },
      schema: {
        tags: ["telegram"],
        summary: "Records the mini-app user (sent once when the app starts in Telegram)",
        description:
          "telegram_user_id must be the user proven by X-Telegram-Init-Data (403 otherwise, 401 without any identity). " +
          "Names from the validated initData win over the body's. Returns the stored customer and their order count.",
        body: TelegramUserBody,
        response: { 200: TelegramUserResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const { body } = request;
      const { customer, orderCount } = await syncTelegramCustomer(app.db, request.telegramUser(), {
        id: body.telegram_user_id,
        username: body.telegram_username,
        firstName: body.telegram_first_name,
        lastName: body.telegram_last_name,
        languageCode: body.language_code,
      });
      return {
        telegram_user_id: String(customer.telegram_user_id),
        telegram_username: customer.username,
        telegram_first_name: customer.first_name,
        telegram_last_name: customer.last_name,
        order_count: orderCount,
      };
    },
  );
}
