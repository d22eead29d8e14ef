import type { Database, Sql } from "@shop/prisma/db";
import { recordAudit, type AuditActor } from "../audit";
import { markBlocked } from "../customers";
import { invalid, notFound, PRODUCT_NOT_FOUND } from "../errors";
import { audienceCondition, checkAudience, countAudience, type Audience } from "./audience";

/**
 * Broadcasts (docs/product.md#broadcasts): the owner's message to customers through the bot. Starting one writes a
 * delivery row per recipient in the transaction that records the broadcast; the sender (a job, core/src/jobs) takes
 * the rows one by one, marks each `sending` before the message goes out and its outcome after, so a restart goes on
 * with the rest and never sends anyone the message twice.
 */

export type BroadcastButton = { kind: "none" } | { kind: "catalog" } | { kind: "product"; productId: number };

/** What the owner wrote. */
export interface BroadcastMessage {
  text: string;
  /** an uploaded picture's path (/uploads/…) */
  photo: string | null;
  button: BroadcastButton;
}

/** What became of one message. */
export type SendOutcome = { kind: "sent" } | { kind: "blocked" } | { kind: "failed"; error: string };

/** Sends one broadcast message to one chat (the bot implements it; it waits out Telegram's short rate limits). */
export interface BroadcastSender {
  send(chatId: bigint, message: BroadcastMessage): Promise<SendOutcome>;
}

export interface BroadcastReport {
  recipients: number;
  sent: number;
  blocked: number;
  failed: number;
  /** not yet sent */
  pending: number;
}

export interface BroadcastSummary extends BroadcastMessage {
  id: number;
  audience: Audience;
  status: "sending" | "finished";
  createdAt: Date;
  finishedAt: Date | null;
  createdByName: string;
  report: BroadcastReport;
}

/** Telegram's limits: a message's text, a photo's caption. */
export const TEXT_LIMIT = 4096;
export const CAPTION_LIMIT = 1024;

export const BROADCAST_MESSAGES = {
  emptyText: "Напишите текст рассылки",
  textTooLong: `Текст длиннее ${TEXT_LIMIT} символов`,
  captionTooLong: `С фотографией текст может быть не длиннее ${CAPTION_LIMIT} символов`,
  badPhoto: "Фотография должна быть загружена в магазин",
  noRecipients: "Получателей нет: никто из выбранных покупателей не разрешил сообщения от бота",
  interrupted: "Отправка прервалась: неизвестно, дошло ли сообщение",
} as const;

/** The message as the panel sent it, checked. */
export function checkMessage(message: BroadcastMessage): BroadcastMessage {
  const text = message.text.trim();
  if (!text) throw invalid(BROADCAST_MESSAGES.emptyText, { text: BROADCAST_MESSAGES.emptyText });
  if (text.length > TEXT_LIMIT) throw invalid(BROADCAST_MESSAGES.textTooLong, { text: BROADCAST_MESSAGES.textTooLong });
  const photo = message.photo?.trim() || null;
  if (photo && !/^\/uploads\/[\w.-]+$/.test(photo)) throw invalid(BROADCAST_MESSAGES.badPhoto, { photo: BROADCAST_MESSAGES.badPhoto });
  if (photo && text.length > CAPTION_LIMIT) throw invalid(BROADCAST_MESSAGES.captionTooLong, { text: BROADCAST_MESSAGES.captionTooLong });
  return { text, photo, button: message.button };
}

async function checkButton(sql: Sql, button: BroadcastButton): Promise<void> {
  if (button.kind !== "product") return;
  const [product] = await sql.query<{ id: number }>(`SELECT id FROM products WHERE id = $1`, [button.productId]);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
}

/** How many customers would get a broadcast to this audience now. */
export async function audienceSize(db: Pick<Database, "read">, audience: unknown): Promise<number> {
  return countAudience({ query: (text, values) => db.read(text, values) }, checkAudience(audience));
}

/** Sends the message to one chat only: the owner's preview. */
export async function previewBroadcast(db: Pick<Database, "read">, sender: BroadcastSender, chatId: bigint, message: BroadcastMessage): Promise<SendOutcome> {
  const checked = checkMessage(message);
  await checkButton({ query: (text, values) => db.read(text, values) }, checked.button);
  return sender.send(chatId, checked);
}

/**
 * Records a broadcast and a delivery row for each of its recipients, with the audit entry, in one transaction.
 * The caller then queues the job that sends it.
 */
export async function createBroadcast(
  db: Pick<Database, "transaction">,
  actor: AuditActor,
  input: { message: BroadcastMessage; audience: unknown },
): Promise<{ id: number; recipients: number }> {
  const message = checkMessage(input.message);
  const audience = checkAudience(input.audience);
  return db.transaction(async (sql) => {
    await checkButton(sql, message.button);
    const [broadcast] = await sql.query<{ id: number }>(
      `INSERT INTO broadcasts (text, photo, button_kind, button_product_id, audience, created_by_id, created_by_name)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id`,
      [
        message.text,
        message.photo,
        message.button.kind,
        message.button.kind === "product" ? message.button.productId : null,
        JSON.stringify(audience),
        actor.staffId,
        actor.staffName,
      ],
    );
    const id = broadcast!.id;
    const { where, values } = audienceCondition(audience, 2);
    const [inserted] = await sql.query<{ count: number }>(
      `WITH added AS (
         INSERT INTO broadcast_deliveries (broadcast_id, telegram_user_id)
         SELECT $1, t.telegram_user_id FROM telegram_customers t WHERE ${where}
         RETURNING 1)
       SELECT count(*)::int AS count FROM added`,
      [id, ...values],
    );
    const recipients = inserted?.count ?? 0;
    if (recipients === 0) throw invalid(BROADCAST_MESSAGES.noRecipients);
    await sql.query(`UPDATE broadcasts SET recipients = $2 WHERE id = $1`, [id, recipients]);
    await recordAudit(sql, actor, {
      kind: "broadcast",
      action: "send",
      entityId: id,
      label: message.text.slice(0, 80),
      after: { text: message.text, photo: message.photo, button: message.button, audience, recipients },
    });
    return { id, recipients };
  });
}

interface BroadcastRow {
  id: number;
  text: string;
  photo: string | null;
  button_kind: string;
  button_product_id: number | null;
  audience: Audience;
  status: "sending" | "finished";
  created_at: Date;
  finished_at: Date | null;
  created_by_name: string;
  recipients: number;
  sent: number;
  blocked: number;
  failed: number;
  pending: number;
}

const SUMMARY = `SELECT b.id, b.text, b.photo, b.button_kind, b.button_product_id, b.audience, b.status::text AS status, b.created_at,
        b.finished_at, b.created_by_name, b.recipients,
        count(*) FILTER (WHERE d.status = 'sent')::int AS sent,
        count(*) FILTER (WHERE d.status = 'blocked')::int AS blocked,
        count(*) FILTER (WHERE d.status = 'failed')::int AS failed,
        count(*) FILTER (WHERE d.status IN ('pending', 'sending'))::int AS pending
   FROM broadcasts b LEFT JOIN broadcast_deliveries d ON d.broadcast_id = b.id`;

function buttonOf(row: Pick<BroadcastRow, "button_kind" | "button_product_id">): BroadcastButton {
  if (row.button_kind === "catalog") return { kind: "catalog" };
  if (row.button_kind === "product" && row.button_product_id !== null) return { kind: "product", productId: row.button_product_id };
  return { kind: "none" };
}

function summary(row: BroadcastRow): BroadcastSummary {
  return {
    id: row.id,
    text: row.text,
    photo: row.photo,
    button: buttonOf(row),
    audience: row.audience,
    status: row.status,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    createdByName: row.created_by_name,
    report: { recipients: row.recipients, sent: row.sent, blocked: row.blocked, failed: row.failed, pending: row.pending },
  };
}

/** The latest broadcasts with their reports, newest first. */
export async function listBroadcasts(db: Pick<Database, "read">, limit = 50): Promise<BroadcastSummary[]> {
  const rows = await db.read<BroadcastRow>(`${SUMMARY} GROUP BY b.id ORDER BY b.id DESC LIMIT $1`, [limit]);
  return rows.map(summary);
}

export async function getBroadcast(db: Pick<Database, "read">, id: number): Promise<BroadcastSummary> {
  const [row] = await db.read<BroadcastRow>(`${SUMMARY} WHERE b.id = $1 GROUP BY b.id`, [id]);
  if (!row) throw notFound("Рассылка не найдена");
  return summary(row);
}

/** Broadcasts still being sent: the queue is asked to go on with them when the shop starts. */
export async function unfinishedBroadcasts(db: Pick<Database, "read">): Promise<number[]> {
  const rows = await db.read<{ id: number }>(`SELECT id FROM broadcasts WHERE status = 'sending' ORDER BY id`, []);
  return rows.map((row) => row.id);
}

export interface RunOptions {
  /** aborted when the shop stops: the run ends between two messages */
  signal?: AbortSignal;
  /** messages a second at the most (Telegram allows about 30 a second to different chats) */
  perSecond: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a broadcast's remaining messages, one recipient at a time at `perSecond` at the most; ends `finished` when
 * none is left, or `interrupted` when `signal` aborts (the queue runs it again later). Only one run per broadcast
 * at a time (the queue's singleton policy): a delivery still marked `sending` when a run starts was left by a run
 * that stopped without finishing it, and is recorded as failed, never sent again.
 */
export async function runBroadcast(db: Pick<Database, "read">, sender: BroadcastSender, broadcastId: number, options: RunOptions): Promise<"finished" | "interrupted"> {
  const [row] = await db.read<BroadcastRow>(`SELECT id, text, photo, button_kind, button_product_id, status::text AS status FROM broadcasts WHERE id = $1`, [broadcastId]);
  if (!row || row.status === "finished") return "finished";
  const message: BroadcastMessage = { text: row.text, photo: row.photo, button: buttonOf(row) };
  await db.read(`UPDATE broadcast_deliveries SET status = 'failed', error = $2 WHERE broadcast_id = $1 AND status = 'sending'`, [
    broadcastId,
    BROADCAST_MESSAGES.interrupted,
  ]);
  const interval = 1000 / options.perSecond;
  let nextAt = Date.now();
  for (;;) {
    if (options.signal?.aborted) return "interrupted";
    const [delivery] = await db.read<{ chat_id: string; blocked: boolean }>(
      `UPDATE broadcast_deliveries d SET status = 'sending', attempted_at = now()
        WHERE d.broadcast_id = $1 AND d.telegram_user_id = (
          SELECT p.telegram_user_id FROM broadcast_deliveries p
           WHERE p.broadcast_id = $1 AND p.status = 'pending' ORDER BY p.telegram_user_id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING d.telegram_user_id::text AS chat_id,
          EXISTS (SELECT 1 FROM telegram_customers t WHERE t.telegram_user_id = d.telegram_user_id AND t.blocked_at IS NOT NULL) AS blocked`,
      [broadcastId],
    );
    if (!delivery) break;
    const chatId = BigInt(delivery.chat_id);
    // blocked since the broadcast started (another message was refused): not tried again
    if (delivery.blocked) {
      await record(db, broadcastId, chatId, { kind: "blocked" });
      continue;
    }
    const wait = nextAt - Date.now();
    if (wait > 0) await sleep(wait);
    nextAt = Math.max(nextAt + interval, Date.now() - interval);
    let outcome: SendOutcome;
    try {
      outcome = await sender.send(chatId, message);
    } catch (error) {
      outcome = { kind: "failed", error: error instanceof Error ? error.message : String(error) };
    }
    await record(db, broadcastId, chatId, outcome);
    if (outcome.kind === "blocked") await markBlocked(db, chatId);
  }
  await db.read(
    `UPDATE broadcasts SET status = 'finished', finished_at = now()
      WHERE id = $1 AND status = 'sending'
        AND NOT EXISTS (SELECT 1 FROM broadcast_deliveries d WHERE d.broadcast_id = $1 AND d.status IN ('pending', 'sending'))`,
    [broadcastId],
  );
  return "finished";
}

async function record(db: Pick<Database, "read">, broadcastId: number, chatId: bigint, outcome: SendOutcome): Promise<void> {
  await db.read(`UPDATE broadcast_deliveries SET status = $3::"BroadcastDeliveryStatus", error = $4 WHERE broadcast_id = $1 AND telegram_user_id = $2::bigint`, [
    broadcastId,
    String(chatId),
    outcome.kind,
    outcome.kind === "failed" ? outcome.error.slice(0, 300) : null,
  ]);
}
