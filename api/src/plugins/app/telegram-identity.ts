import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import { validateInitData, type TelegramUser } from "@shop/shared/telegram-init-data";
import { HttpError } from "../../http-errors";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The Telegram user this request proves to be: from `X-Telegram-Init-Data` validated with the bot token,
     * or — only with no bot token and ALLOW_UNVERIFIED_TELEGRAM_ID=1 (development) — the bare
     * `X-Telegram-User-Id`. Null when the request carries neither. Throws 401 for a forged or stale initData.
     */
    telegramUser(): TelegramUser | null;
  }
}

const INVALID = "Данные Telegram не прошли проверку. Откройте магазин из Telegram заново.";

export default fp(async (app) => {
  const { botToken, initDataMaxAgeSeconds, allowUnverifiedUserId } = app.config.telegram;

  app.decorateRequest("telegramUser", function (this: FastifyRequest): TelegramUser | null {
    const initData = this.headers["x-telegram-init-data"];
    if (typeof initData === "string" && initData.length > 0) {
      if (!botToken) throw new HttpError(401, "Бот не настроен: данные Telegram нельзя проверить.");
      const result = validateInitData(initData, botToken, initDataMaxAgeSeconds);
      if (!result.ok || !result.user) throw new HttpError(401, INVALID);
      return result.user;
    }
    const bareId = this.headers["x-telegram-user-id"];
    if (!botToken && allowUnverifiedUserId && typeof bareId === "string" && /^\d{1,15}$/.test(bareId)) {
      return { id: Number(bareId) };
    }
    return null;
  });
});
