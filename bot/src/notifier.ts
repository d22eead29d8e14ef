import type { Config, PaymentSettings } from "@shop/core/config";
import type { OrderNotifier } from "@shop/core/orders";
import type { OutgoingMessage } from "@shop/core/outbox";
import { DEFAULT_LOW_STOCK_THRESHOLD, type StockProduct } from "@shop/core/stock";
import { backInStockText, customerStatusText, managerOrderText, orderPaidText, paidCardText, stockFellText, trackingText } from "./order-text";
import type { TrackingNotifier } from "@shop/core/delivery";
import { backInStockKeyboard, canInvoice, canRegisterShipment, canTypeTrack, managerKeyboard } from "./keyboards";
import { invoiceContent, type InvoiceContent } from "./invoice";

/** What one outbox row carries: sendMessage parameters besides chat_id. */
export interface OutboxPayload {
  text: string;
  parse_mode: "HTML";
  reply_markup?: unknown;
  link_preview_options?: { is_disabled: boolean };
}

/** An outbox row that is an invoice: sendInvoice parameters besides chat_id and provider_token (added when sent). */
export interface OutboxInvoicePayload {
  method: "sendInvoice";
  invoice: InvoiceContent;
}

export interface OutboxNotifier extends OrderNotifier, TrackingNotifier {
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
  /** payment in Telegram; null or absent: no invoice button, no invoices */
  payments?: PaymentSettings | null;
}

/** The notifier's options from the shop's settings. */
export function notifierOptions(config: Config): OutboxNotifierOptions {
  return {
    managerChatIds: config.telegram.managerChatIds,
    lowStockThreshold: config.lowStockThreshold,
    miniAppUrl: config.telegram.miniAppUrl,
    publicUrl: config.publicUrl,
    payments: config.payments,
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
  const payments = options.payments ?? null;

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
        reply_markup: managerKeyboard(order.id, order.status, canInvoice(order, payments !== null), canRegisterShipment(order), canTypeTrack(order)),
        link_preview_options: { is_disabled: true },
      };
      return options.managerChatIds.map((chatId) => ({ chatId, dedupeKey: `order:${order.id}:created`, payload }));
    },

    invoiceIssued(order): OutgoingMessage[] {
      if (!payments || order.telegramUser === null) return [];
      const payload: OutboxInvoicePayload = { method: "sendInvoice", invoice: invoiceContent(order, payments) };
      return [{ chatId: order.telegramUser.id, dedupeKey: `order:${order.id}:invoice:${order.payment.invoiceNumber}`, payload }];
    },

    orderPaid(order): OutgoingMessage[] {
      const dedupeKey = `order:${order.id}:paid:${order.payment.paidAt?.getTime() ?? 0}`;
      const card: OutboxPayload = {
        text: paidCardText(order),
        parse_mode: "HTML",
        reply_markup: managerKeyboard(order.id, order.status, canInvoice(order, payments !== null)),
        link_preview_options: { is_disabled: true },
      };
      const messages: OutgoingMessage[] = options.managerChatIds.map((chatId) => ({ chatId, dedupeKey, payload: card }));
      if (order.telegramUser) messages.push({ chatId: order.telegramUser.id, dedupeKey, payload: { text: orderPaidText(order.number), parse_mode: "HTML" } });
      return messages;
    },

    orderStatusChanged(order, previousStatus): OutgoingMessage[] {
      if (order.status === previousStatus || order.telegramUser === null) return [];
      // the order's updatedAt names this very change: a later change back to the same status is a new event
      const dedupeKey = `order:${order.id}:status:${order.status}:${order.updatedAt.getTime()}`;
      const payload: OutboxPayload = { text: customerStatusText(order.number, order.status), parse_mode: "HTML" };
      return [{ chatId: order.telegramUser.id, dedupeKey, payload }];
    },

    trackingAdded(order, tracking): OutgoingMessage[] {
      if (order.telegramUser === null) return [];
      const payload: OutboxPayload = { text: trackingText(order.number, tracking.trackNumber, tracking.link), parse_mode: "HTML", link_preview_options: { is_disabled: true } };
      return [{ chatId: order.telegramUser.id, dedupeKey: `order:${order.id}:track:${tracking.trackNumber}`, payload }];
    },

    stockFell(product, left, event): OutgoingMessage[] {
      const payload: OutboxPayload = { text: stockFellText(product, left), parse_mode: "HTML" };
      const dedupeKey = `stock:${stockKey(product)}:${left === 0 ? "sold-out" : `low:${left}`}:${event}`;
      return options.managerChatIds.map((chatId) => ({ chatId, dedupeKey, payload }));
    },

    backInStock(product, subscribers, event, waiting): OutgoingMessage[] {
      // waiting for any variant: the message names the one back and opens it; «Отписаться» ends the product's wait
      const keyboard = backInStockKeyboard(product.id, links, product.variantId, waiting?.anyVariant ? null : product.variantId);
      const payload: OutboxPayload = { text: backInStockText(product), parse_mode: "HTML", reply_markup: keyboard };
      const about = waiting?.anyVariant ? `${product.id}any` : stockKey(product);
      return subscribers.map((chatId) => ({ chatId, dedupeKey: `back-in-stock:${about}:${event}`, payload }));
    },
  };
}

/** What a stock message is about in its dedupe key: the product, or one of its variants. */
const stockKey = (product: StockProduct) => (product.variantId === undefined ? String(product.id) : `${product.id}v${product.variantId}`);
