import type { Sql } from "@shop/prisma/db";
import type { OrderNotifier } from "@shop/core/orders/notifications";
import { customerStatusText, managerOrderText } from "./order-text";
import { managerKeyboard } from "./keyboards";

/** What one outbox row carries: sendMessage parameters besides chat_id. */
export interface OutboxPayload {
  text: string;
  parse_mode: "HTML";
  reply_markup?: unknown;
  link_preview_options?: { is_disabled: boolean };
}

export interface OutboxNotifier extends OrderNotifier {
  /** Called after rows were written (the transaction may not have committed yet): lets the worker look soon. */
  onQueued(listener: () => void): () => void;
}

export interface OutboxNotifierOptions {
  managerChatIds: readonly bigint[];
}

/**
 * The bot's OrderNotifier: writes Telegram messages to the outbox inside the order's own transaction, so a
 * notification exists exactly when the change it announces was committed. The (chat, dedupe key) pair is
 * unique, so calling a method twice for one event queues nothing new.
 */
export function createOutboxNotifier(options: OutboxNotifierOptions): OutboxNotifier {
  const listeners = new Set<() => void>();
  const queued = () => {
    for (const listener of listeners) listener();
  };

  async function enqueue(sql: Sql, rows: { chatId: bigint; dedupeKey: string; payload: OutboxPayload }[]) {
    if (rows.length === 0) return;
    await sql.query(
      `INSERT INTO outbox_messages (chat_id, dedupe_key, payload)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::jsonb[])
       ON CONFLICT (chat_id, dedupe_key) DO NOTHING`,
      [rows.map((row) => String(row.chatId)), rows.map((row) => row.dedupeKey), rows.map((row) => JSON.stringify(row.payload))],
    );
    queued();
  }

  return {
    onQueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async orderCreated(sql, order) {
      if (options.managerChatIds.length === 0) return;
      const payload: OutboxPayload = {
        text: managerOrderText(order),
        parse_mode: "HTML",
        reply_markup: managerKeyboard(order.id, order.status),
        link_preview_options: { is_disabled: true },
      };
      await enqueue(
        sql,
        options.managerChatIds.map((chatId) => ({ chatId, dedupeKey: `order:${order.id}:created`, payload })),
      );
    },

    async orderStatusChanged(sql, order, previousStatus) {
      if (order.status === previousStatus || order.telegramUser === null) return;
      // the order's updatedAt names this very change: a later change back to the same status is a new event
      const dedupeKey = `order:${order.id}:status:${order.status}:${order.updatedAt.getTime()}`;
      await enqueue(sql, [
        { chatId: order.telegramUser.id, dedupeKey, payload: { text: customerStatusText(order.number, order.status), parse_mode: "HTML" } },
      ]);
    },
  };
}
