import type { Prisma, PrismaClient } from "@shop/prisma/db";
import type { TelegramUserBody, TelegramUserResponse } from "@shop/shared/schemas/telegram";
import { HttpError } from "../plugins/app/errors";

type Db = PrismaClient | Prisma.TransactionClient;

/** A Telegram user as the API learns it: from validated initData, the bot, or (names only) a request body. */
export interface TelegramIdentity {
  id: number | bigint;
  username?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  language_code?: string | null;
}

export interface TelegramCustomerRow {
  telegram_user_id: bigint;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
}

const clip = (value: string | null | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/**
 * Creates or refreshes the telegram_customers row in one statement (safe under concurrency: two first orders
 * of the same user never collide). A field that is missing now keeps its earlier value.
 */
export async function upsertTelegramCustomer(db: Db, user: TelegramIdentity): Promise<TelegramCustomerRow> {
  const id = BigInt(user.id);
  const rows = await db.$queryRaw<TelegramCustomerRow[]>`
    INSERT INTO telegram_customers (telegram_user_id, username, first_name, last_name, language_code, created_at, updated_at)
    VALUES (${id}, ${clip(user.username, 64)}, ${clip(user.first_name, 128)}, ${clip(user.last_name, 128)},
            ${clip(user.language_code, 16)}, now(), now())
    ON CONFLICT (telegram_user_id) DO UPDATE SET
      username = COALESCE(EXCLUDED.username, telegram_customers.username),
      first_name = COALESCE(EXCLUDED.first_name, telegram_customers.first_name),
      last_name = COALESCE(EXCLUDED.last_name, telegram_customers.last_name),
      language_code = COALESCE(EXCLUDED.language_code, telegram_customers.language_code),
      updated_at = now()
    RETURNING telegram_user_id, username, first_name, last_name`;
  return rows[0]!;
}

export const TELEGRAM_MESSAGES = {
  identityRequired: "Откройте магазин из Telegram: данные пользователя не получены",
  mismatch: "Данные пользователя Telegram не подтверждены. Откройте магазин из Telegram заново.",
} as const;

/** POST /api/telegram-user: the body may only speak for the user the request proves to be. */
export async function syncTelegramUser(
  prisma: PrismaClient,
  verified: TelegramIdentity | null,
  body: TelegramUserBody,
): Promise<TelegramUserResponse> {
  if (!verified) throw new HttpError(401, TELEGRAM_MESSAGES.identityRequired);
  if (String(verified.id) !== String(body.telegram_user_id)) throw new HttpError(403, TELEGRAM_MESSAGES.mismatch);
  const row = await upsertTelegramCustomer(prisma, {
    id: verified.id,
    username: verified.username ?? body.telegram_username,
    first_name: verified.first_name ?? body.telegram_first_name,
    last_name: verified.last_name ?? body.telegram_last_name,
    language_code: verified.language_code ?? body.language_code,
  });
  const orderCount = await prisma.order.count({ where: { telegramUserId: row.telegram_user_id } });
  return {
    telegram_user_id: String(row.telegram_user_id),
    telegram_username: row.username,
    telegram_first_name: row.first_name,
    telegram_last_name: row.last_name,
    order_count: orderCount,
  };
}
