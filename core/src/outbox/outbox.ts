import type { Sql } from "@shop/prisma/db";

/**
 * The outbox: Telegram messages written in the same statement or transaction as the change they announce, so a
 * message exists exactly when the change was committed; the bot's worker sends them with retries
 * (docs/telegram.md#durable-notifications-the-outbox).
 */

/** A message for one chat, queued in the outbox and sent by the bot's worker with retries. */
export interface OutgoingMessage {
  chatId: bigint;
  /** what the message is about, e.g. "order:123:created": the same event is never queued twice for one chat */
  dedupeKey: string;
  /** sendMessage parameters besides chat_id */
  payload: object;
}

/** The outbox columns of some messages, as statement parameters: chat ids, dedupe keys, payloads (JSON text). */
export function outboxParameters(messages: readonly OutgoingMessage[]): [string[], string[], string[]] {
  return [messages.map((m) => String(m.chatId)), messages.map((m) => m.dedupeKey), messages.map((m) => JSON.stringify(m.payload))];
}

/** Queues messages inside the caller's transaction; one already queued for the same chat and event is skipped. */
export async function queueMessages(sql: Sql, messages: readonly OutgoingMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await sql.query(
    `INSERT INTO outbox_messages (chat_id, dedupe_key, payload)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::jsonb[])
     ON CONFLICT (chat_id, dedupe_key) DO NOTHING`,
    outboxParameters(messages),
  );
}
