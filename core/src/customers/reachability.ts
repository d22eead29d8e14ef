import type { Database } from "@shop/prisma/db";

/**
 * Whether the bot may write to a Telegram customer (docs/product.md#broadcasts): they allowed it by starting the
 * bot, in the Mini App (initData's allows_write_to_pm) or by ordering through Telegram; Telegram's 403 marks them as
 * having blocked the bot, and reminders and broadcasts skip them until they start the bot again.
 */

/** The customer started the bot or allowed messages: known, allowed and no longer blocked. */
export async function allowMessages(db: Pick<Database, "read">, telegramUserId: number | bigint): Promise<void> {
  await db.read(
    `INSERT INTO telegram_customers (telegram_user_id, messages_allowed, created_at, updated_at) VALUES ($1::bigint, true, now(), now())
     ON CONFLICT (telegram_user_id) DO UPDATE SET messages_allowed = true, blocked_at = NULL, updated_at = now()
      WHERE NOT telegram_customers.messages_allowed OR telegram_customers.blocked_at IS NOT NULL`,
    [String(telegramUserId)],
  );
}

/** Telegram refused a message with 403: the customer blocked the bot (a chat that is no customer is left alone). */
export async function markBlocked(db: Pick<Database, "read">, chatId: number | bigint, at = new Date()): Promise<void> {
  await db.read(`UPDATE telegram_customers SET blocked_at = $2::timestamptz WHERE telegram_user_id = $1::bigint AND blocked_at IS NULL`, [
    String(chatId),
    at,
  ]);
}
