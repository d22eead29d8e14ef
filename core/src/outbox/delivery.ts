import type { Database } from "@shop/prisma/db";

/**
 * The outbox's side of sending: which rows are due, who holds them, what became of them. The sender (the bot's
 * worker) decides when to look and talks to Telegram; these statements make several senders (API instances, a bot
 * process) share the table without sending a row twice. A row is claimed with `FOR UPDATE SKIP LOCKED` and a lease
 * (`locked_until`), renewed before each send, and once `sent_at` is set it is never claimed again. Messages to one
 * chat go out in the order they were queued.
 */

type OutboxDb = Pick<Database, "read">;

/** A message claimed for sending: its payload as the notifier wrote it. */
export interface ClaimedMessage<Payload = unknown> {
  id: number;
  chatId: bigint;
  payload: Payload;
  /** failed tries so far */
  attempts: number;
}

export interface ClaimOptions {
  /** the sender's clock */
  at: Date;
  /** the claimed rows are this sender's until then */
  lease: Date;
  /** rows tried this often are left alone */
  maxAttempts: number;
  batchSize: number;
}

/**
 * Claims due rows, oldest first. An older unsent row for the same chat holds the newer ones back, so a customer never
 * reads "Отправлен" before "В работе"; rows that were given up no longer hold anything.
 */
export async function claimMessages<Payload>(db: OutboxDb, options: ClaimOptions): Promise<ClaimedMessage<Payload>[]> {
  const rows = await db.read<{ id: number; chat_id: string; payload: Payload; attempts: number }>(
    `UPDATE outbox_messages SET locked_until = $1::timestamptz
      WHERE id IN (
        SELECT m.id FROM outbox_messages m
         WHERE m.sent_at IS NULL AND m.attempts < $3
           AND m.next_attempt_at <= $2::timestamptz
           AND (m.locked_until IS NULL OR m.locked_until <= $2::timestamptz)
           AND NOT EXISTS (
             SELECT 1 FROM outbox_messages e
              WHERE e.chat_id = m.chat_id AND e.id < m.id AND e.sent_at IS NULL AND e.attempts < $3)
         ORDER BY m.id
         LIMIT $4
         FOR UPDATE SKIP LOCKED)
      RETURNING id, chat_id::text AS chat_id, payload, attempts`,
    [options.lease, options.at, options.maxAttempts, options.batchSize],
  );
  return rows
    .map((row) => ({ id: row.id, chatId: BigInt(row.chat_id), payload: row.payload, attempts: row.attempts }))
    .sort((a, b) => a.id - b.id);
}

/** Renews the lease if it is still ours: null means another sender took the row after our lease ran out. */
export async function renewLease(db: OutboxDb, id: number, lease: Date, until: Date): Promise<Date | null> {
  const rows = await db.read<{ id: number }>(
    `UPDATE outbox_messages SET locked_until = $3::timestamptz
      WHERE id = $1 AND sent_at IS NULL AND locked_until = $2::timestamptz
      RETURNING id`,
    [id, lease, until],
  );
  return rows.length === 1 ? until : null;
}

/** The row went out: it is never claimed again. */
export async function markSent(db: OutboxDb, id: number, at: Date): Promise<void> {
  await db.read(
    `UPDATE outbox_messages SET sent_at = $2::timestamptz, attempts = attempts + 1, locked_until = NULL, last_error = NULL
      WHERE id = $1 AND sent_at IS NULL`,
    [id, at],
  );
}

/** A try failed: the row waits until `nextAttemptAt`, or is given up once `attempts` reaches the limit. */
export async function markFailed(db: OutboxDb, id: number, failure: { attempts: number; error: string; nextAttemptAt: Date }): Promise<void> {
  await db.read(
    `UPDATE outbox_messages SET attempts = $2, last_error = $3, next_attempt_at = $4::timestamptz, locked_until = NULL
      WHERE id = $1 AND sent_at IS NULL`,
    [id, failure.attempts, failure.error, failure.nextAttemptAt],
  );
}
