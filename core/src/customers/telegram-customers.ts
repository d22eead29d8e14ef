import type { Sql } from "@shop/prisma/db";

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
 * The end of an INSERT INTO telegram_customers (telegram_user_id, username, first_name, last_name, language_code,
 * created_at, updated_at): a customer already known is refreshed, and a field that is missing now keeps its
 * earlier value. Also used inside the statement that writes an order (orders/write-order.ts).
 */
export const REFRESH_KNOWN_CUSTOMER = `ON CONFLICT (telegram_user_id) DO UPDATE SET
       username = COALESCE(EXCLUDED.username, telegram_customers.username),
       first_name = COALESCE(EXCLUDED.first_name, telegram_customers.first_name),
       last_name = COALESCE(EXCLUDED.last_name, telegram_customers.last_name),
       language_code = COALESCE(EXCLUDED.language_code, telegram_customers.language_code),
       updated_at = now()`;

/**
 * Creates or refreshes the telegram_customers row in one statement (safe under concurrency: two first orders
 * of the same user never collide). A field that is missing now keeps its earlier value.
 */
export async function upsertTelegramCustomer(sql: Sql, user: TelegramIdentity): Promise<TelegramCustomerRow> {
  const rows = await sql.query<Omit<TelegramCustomerRow, "telegram_user_id"> & { telegram_user_id: string }>(
    `INSERT INTO telegram_customers (telegram_user_id, username, first_name, last_name, language_code, created_at, updated_at)
     VALUES ($1::bigint, $2, $3, $4, $5, now(), now())
     ${REFRESH_KNOWN_CUSTOMER}
     RETURNING telegram_user_id::text AS telegram_user_id, username, first_name, last_name`,
    [String(user.id), clip(user.username, 64), clip(user.first_name, 128), clip(user.last_name, 128), clip(user.language_code, 16)],
  );
  const row = rows[0]!;
  return { ...row, telegram_user_id: BigInt(row.telegram_user_id) };
}
