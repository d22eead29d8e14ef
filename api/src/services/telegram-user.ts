import type { Database } from "@shop/prisma/db";
import { upsertTelegramCustomer, type TelegramIdentity } from "@shop/core/customers/telegram-customers";
import type { TelegramUserBody, TelegramUserResponse } from "@shop/shared/schemas/telegram";
import { HttpError } from "../plugins/app/errors";

export const TELEGRAM_MESSAGES = {
  identityRequired: "Откройте магазин из Telegram: данные пользователя не получены",
  mismatch: "Данные пользователя Telegram не подтверждены. Откройте магазин из Telegram заново.",
} as const;

/** POST /api/telegram-user: the body may only speak for the user the request proves to be. */
export async function syncTelegramUser(
  db: Database,
  verified: TelegramIdentity | null,
  body: TelegramUserBody,
): Promise<TelegramUserResponse> {
  if (!verified) throw new HttpError(401, TELEGRAM_MESSAGES.identityRequired);
  if (String(verified.id) !== String(body.telegram_user_id)) throw new HttpError(403, TELEGRAM_MESSAGES.mismatch);
  const row = await upsertTelegramCustomer({ query: db.read }, {
    id: verified.id,
    username: verified.username ?? body.telegram_username,
    first_name: verified.first_name ?? body.telegram_first_name,
    last_name: verified.last_name ?? body.telegram_last_name,
    language_code: verified.language_code ?? body.language_code,
  });
  const orderCount = await db.prisma.order.count({ where: { telegramUserId: row.telegram_user_id } });
  return {
    telegram_user_id: String(row.telegram_user_id),
    telegram_username: row.username,
    telegram_first_name: row.first_name,
    telegram_last_name: row.last_name,
    order_count: orderCount,
  };
}
