import type { Sql } from "@shop/prisma/db";
import type { Order } from "./order";

/** A message for one chat, queued in the outbox and sent by the bot's worker with retries. */
export interface OutgoingMessage {
  chatId: bigint;
  /** what the message is about, e.g. "order:123:created": the same event is never queued twice for one chat */
  dedupeKey: string;
  /** sendMessage parameters besides chat_id */
  payload: object;
}

/** A product as stock messages name it. */
export interface StockProduct {
  id: number;
  name: string;
  sku: string;
}

/**
 * The port through which orders announce themselves: managers learn of a new order, a customer of a new status.
 * The bot implements it by writing the messages (it knows Telegram's texts and buttons); the shop's core queues
 * them in the outbox in the same statement or transaction as the change they announce, so a message exists
 * exactly when the change was committed. Without a bot there is nothing to say.
 */
export interface OrderNotifier {
  /** the new order already has its id, number and time: messages are written before the order is */
  orderCreated(order: Order): OutgoingMessage[];
  /** `order` already has its new status */
  orderStatusChanged(order: Order, previousStatus: string): OutgoingMessage[];
  /**
   * Managers: a product's stock fell to `left` pieces (0: sold out; otherwise at most lowStockThreshold).
   * `event` names the change that caused it (an order, an admin's edit), for the dedupe key.
   */
  stockFell?(product: StockProduct, left: number, event: string): OutgoingMessage[];
  /** The Mini App users waiting for a product: it is back in stock (docs/product.md#back-in-stock). */
  backInStock?(product: StockProduct, subscribers: readonly bigint[], event: string): OutgoingMessage[];
  /**
   * The customer's invoice for the order's current invoice number and total (docs/payments.md), an outbox row
   * the sender turns into sendInvoice; nothing when payments are off.
   */
  invoiceIssued?(order: Order): OutgoingMessage[];
  /** the order was just paid: a thank-you to the customer, the card marked 'Оплачен' for the managers */
  orderPaid?(order: Order): OutgoingMessage[];
  /** LOW_STOCK_THRESHOLD: managers hear of a product once its stock falls to this many pieces */
  readonly lowStockThreshold?: number;
  /** messages were committed to the outbox: the sender may look now */
  queued?(): void;
}

export const noopNotifier: OrderNotifier = {
  orderCreated: () => [],
  orderStatusChanged: () => [],
};

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
