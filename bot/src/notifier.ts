import type { OrderNotifier, OutgoingMessage } from "@shop/core/orders/notifications";
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
  /** Called after messages were committed to the outbox: lets the worker look at once. */
  onQueued(listener: () => void): () => void;
}

export interface OutboxNotifierOptions {
  managerChatIds: readonly bigint[];
}

/**
 * The bot's side of order notifications: the Telegram messages about an order — a card with status buttons for
 * every manager chat, a status message for a customer with a Telegram account. The shop's core queues them in
 * the outbox with the change they announce; the dedupe key names the event, so one event is queued once per chat.
 */
export function createOutboxNotifier(options: OutboxNotifierOptions): OutboxNotifier {
  const listeners = new Set<() => void>();

  return {
    onQueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    queued() {
      for (const listener of listeners) listener();
    },

    orderCreated(order): OutgoingMessage[] {
      if (options.managerChatIds.length === 0) return [];
      const payload: OutboxPayload = {
        text: managerOrderText(order),
        parse_mode: "HTML",
        reply_markup: managerKeyboard(order.id, order.status),
        link_preview_options: { is_disabled: true },
      };
      return options.managerChatIds.map((chatId) => ({ chatId, dedupeKey: `order:${order.id}:created`, payload }));
    },

    orderStatusChanged(order, previousStatus): OutgoingMessage[] {
      if (order.status === previousStatus || order.telegramUser === null) return [];
      // the order's updatedAt names this very change: a later change back to the same status is a new event
      const dedupeKey = `order:${order.id}:status:${order.status}:${order.updatedAt.getTime()}`;
      const payload: OutboxPayload = { text: customerStatusText(order.number, order.status), parse_mode: "HTML" };
      return [{ chatId: order.telegramUser.id, dedupeKey, payload }];
    },
  };
}
