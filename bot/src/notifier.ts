import type { Config } from "@shop/core/config";
import type { OrderNotifier, OutgoingMessage } from "@shop/core/orders/notifications";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "@shop/core/stock/stock-changes";
import { backInStockText, customerStatusText, managerOrderText, stockFellText } from "./order-text";
import { backInStockKeyboard, managerKeyboard } from "./keyboards";

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
  /** LOW_STOCK_THRESHOLD (1 when not given) */
  lowStockThreshold?: number;
  /** where the back-in-stock message's button opens the product: TELEGRAM_MINI_APP_URL, PUBLIC_URL */
  miniAppUrl?: string | null;
  publicUrl?: string | null;
}

/** The notifier's options from the shop's settings. */
export function notifierOptions(config: Config): OutboxNotifierOptions {
  return {
    managerChatIds: config.telegram.managerChatIds,
    lowStockThreshold: config.lowStockThreshold,
    miniAppUrl: config.telegram.miniAppUrl,
    publicUrl: config.publicUrl,
  };
}

/**
 * The bot's side of order notifications: the Telegram messages about an order — a card with status buttons for
 * every manager chat, a status message for a customer with a Telegram account. The shop's core queues them in
 * the outbox with the change they announce; the dedupe key names the event, so one event is queued once per chat.
 */
export function createOutboxNotifier(options: OutboxNotifierOptions): OutboxNotifier {
  const listeners = new Set<() => void>();

  const links = { miniAppUrl: options.miniAppUrl ?? null, publicUrl: options.publicUrl ?? null };

  return {
    lowStockThreshold: options.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,

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

    stockFell(product, left, event): OutgoingMessage[] {
      const payload: OutboxPayload = { text: stockFellText(product, left), parse_mode: "HTML" };
      const dedupeKey = `stock:${product.id}:${left === 0 ? "sold-out" : `low:${left}`}:${event}`;
      return options.managerChatIds.map((chatId) => ({ chatId, dedupeKey, payload }));
    },

    backInStock(product, subscribers, event): OutgoingMessage[] {
      const payload: OutboxPayload = { text: backInStockText(product), parse_mode: "HTML", reply_markup: backInStockKeyboard(product.id, links) };
      return subscribers.map((chatId) => ({ chatId, dedupeKey: `back-in-stock:${product.id}:${event}`, payload }));
    },
  };
}
