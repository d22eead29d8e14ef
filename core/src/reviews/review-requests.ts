import { randomBytes } from "node:crypto";
import type { Database } from "@shop/prisma/db";
import { DEFAULT_REVIEW_REQUEST_DAYS, REVIEW_REQUEST_DAYS_MAX } from "@shop/shared/reviews";
import { type AuditActor, recordAudit } from "../audit";
import { invalid } from "../errors";
import { type OutgoingMessage, queueMessages } from "../outbox";

/**
 * The bot asks a buyer for reviews some days after their order became 'Завершен' (docs/product.md#reviews): one
 * message per order, never twice, never to someone who blocked the bot. `sendDueReviewRequests` is the whole job:
 * whatever runs the shop's periodic work calls it (today the bot process's timer, bot/src/review-requests.ts).
 */

const SETTING_KEY = "review_request_days";
export const REVIEW_SETTINGS_TEXTS = { badDays: `Число дней — от 0 до ${REVIEW_REQUEST_DAYS_MAX}` } as const;
/**
 * An order whose request fell due longer ago than this is not asked any more: a shop that turns requests on, or a
 * bot that was off for a while, does not write to every customer of the past.
 */
export const REVIEW_REQUEST_WINDOW_DAYS = 14;
/** orders asked per call: the rest wait for the next */
export const REVIEW_REQUEST_BATCH = 100;

export interface ReviewSettings {
  /** 0: the bot never asks */
  requestAfterDays: number;
}

export async function readReviewSettings(db: Pick<Database, "read">): Promise<ReviewSettings> {
  const [row] = await db.read<{ value: string }>(`SELECT value FROM app_settings WHERE key = $1`, [SETTING_KEY]);
  const days = row ? Number(row.value) : NaN;
  return { requestAfterDays: Number.isInteger(days) && days >= 0 && days <= REVIEW_REQUEST_DAYS_MAX ? days : DEFAULT_REVIEW_REQUEST_DAYS };
}

export async function writeReviewSettings(db: Database, actor: AuditActor | undefined, settings: ReviewSettings): Promise<ReviewSettings> {
  const days = settings.requestAfterDays;
  if (!Number.isInteger(days) || days < 0 || days > REVIEW_REQUEST_DAYS_MAX) throw invalid(REVIEW_SETTINGS_TEXTS.badDays, { request_after_days: REVIEW_SETTINGS_TEXTS.badDays });
  const before = await readReviewSettings(db);
  await db.transaction(async (sql) => {
    await sql.query(`INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [SETTING_KEY, String(days)]);
    if (before.requestAfterDays !== days) {
      await recordAudit(sql, actor, {
        kind: "settings",
        action: "reviews",
        label: "Отзывы",
        before: { request_after_days: before.requestAfterDays },
        after: { request_after_days: days },
      });
    }
  });
  return { requestAfterDays: days };
}

/** An order the bot asks about: its products by line, and the token of its review link. */
export interface ReviewRequest {
  orderId: number;
  orderNumber: string;
  chatId: bigint;
  firstName: string | null;
  token: string;
  lines: { orderItemId: number; productId: number; name: string }[];
}

/** The port through which a request becomes a chat message: the bot writes its text and buttons. */
export interface ReviewRequestMessages {
  reviewRequest(request: ReviewRequest): OutgoingMessage;
  /** messages were committed to the outbox: the sender may look now */
  queued?(): void;
}

export interface ReviewRequestDeps {
  db: Database;
  messages: ReviewRequestMessages;
}

/** A review link's token: 22 characters of A–Z a–z 0–9 _ -, unguessable, fits Telegram's startapp (review_<token>). */
export const newReviewToken = () => randomBytes(16).toString("base64url");

/**
 * Asks every order that is due: 'Завершен' at least the set number of days before `now` (and not longer than the
 * window past that), with a Telegram customer who has not blocked the bot, not asked before, with a product still in
 * the shop. Each order's request row and its message go into one transaction: the request row's key (the order) is
 * what makes a second call — another process, a retry, a scheduler running it twice — ask nobody again. Returns
 * the orders asked.
 */
export async function sendDueReviewRequests(deps: ReviewRequestDeps, now: Date = new Date()): Promise<number[]> {
  const { db, messages } = deps;
  const { requestAfterDays } = await readReviewSettings(db);
  if (requestAfterDays === 0) return [];
  const dueBefore = new Date(now.getTime() - requestAfterDays * 86_400_000);
  const notBefore = new Date(dueBefore.getTime() - REVIEW_REQUEST_WINDOW_DAYS * 86_400_000);
  const due = await db.read<{ id: number }>(
    `SELECT o.id FROM orders o
       JOIN telegram_customers c ON c.telegram_user_id = o.telegram_user_id
      WHERE o.status = 'completed' AND o.completed_at <= $1 AND o.completed_at > $2
        AND c.blocked_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM review_requests q WHERE q.order_id = o.id)
        AND EXISTS (SELECT 1 FROM order_items i JOIN products p ON p.id = i.product_id
                     WHERE i.order_id = o.id AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.order_item_id = i.id))
      ORDER BY o.completed_at, o.id LIMIT $3`,
    [dueBefore, notBefore, REVIEW_REQUEST_BATCH],
  );
  const asked: number[] = [];
  for (const { id } of due) {
    const sent = await db.transaction(async (sql) => {
      const token = newReviewToken();
      const [claimed] = await sql.query<{ order_id: number }>(
        `INSERT INTO review_requests (order_id, token) VALUES ($1, $2) ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
        [id, token],
      );
      if (!claimed) return false;
      const [order] = await sql.query<{ order_number: string; chat_id: string; first_name: string | null }>(
        `SELECT o.order_number, o.telegram_user_id::text AS chat_id, COALESCE(c.first_name, o.telegram_first_name) AS first_name
           FROM orders o LEFT JOIN telegram_customers c ON c.telegram_user_id = o.telegram_user_id WHERE o.id = $1`,
        [id],
      );
      const lines = await sql.query<{ id: number; product_id: number; product_name: string; variant_title: string | null }>(
        `SELECT i.id, i.product_id, i.product_name, i.variant_title FROM order_items i JOIN products p ON p.id = i.product_id
          WHERE i.order_id = $1 AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.order_item_id = i.id) ORDER BY i.id`,
        [id],
      );
      // one product bought in two variants is rated once per line, each under its own name
      const request: ReviewRequest = {
        orderId: id,
        orderNumber: order!.order_number,
        chatId: BigInt(order!.chat_id),
        firstName: order!.first_name,
        token,
        lines: lines.map((line) => ({
          orderItemId: line.id,
          productId: line.product_id,
          name: line.variant_title ? `${line.product_name} (${line.variant_title})` : line.product_name,
        })),
      };
      await queueMessages(sql, [messages.reviewRequest(request)]);
      return true;
    });
    if (sent) asked.push(id);
  }
  if (asked.length > 0) messages.queued?.();
  return asked;
}

/** The review link's token of an order, when the bot asked about it. */
export async function reviewRequestToken(db: Pick<Database, "read">, orderId: number): Promise<string | null> {
  const [row] = await db.read<{ token: string }>(`SELECT token FROM review_requests WHERE order_id = $1`, [orderId]);
  return row?.token ?? null;
}
