import type { Prisma, PrismaClient } from "@shop/prisma/db";

type Db = PrismaClient | Prisma.TransactionClient;

/** A Telegram user as the shop learns it: from validated initData, the bot, or (names only) a request body. */
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
