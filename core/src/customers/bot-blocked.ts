import type { Database } from "@shop/prisma/db";

/**
 * Who blocked the bot: Telegram answers 403 to a message for them. The shop's own messages that nobody asked for
 * just now (review requests) skip them; writing to the bot again, or pressing one of its buttons, lifts the mark.
 * A chat the shop never knew as a customer (a managers' group) has no row and is left alone.
 */
export async function markBotBlocked(db: Pick<Database, "read">, chatId: bigint | number, at: Date = new Date()): Promise<void> {
  await db.read(`UPDATE telegram_customers SET bot_blocked_at = $2 WHERE telegram_user_id = $1::bigint AND bot_blocked_at IS NULL`, [String(chatId), at]);
}

/** One indexed read when nothing is marked (a person's every update passes here). */
export async function markBotUnblocked(db: Pick<Database, "read">, telegramUserId: bigint | number): Promise<void> {
  await db.read(`UPDATE telegram_customers SET bot_blocked_at = NULL WHERE telegram_user_id = $1::bigint AND bot_blocked_at IS NOT NULL`, [String(telegramUserId)]);
}
