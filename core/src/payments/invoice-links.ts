import type { Order } from "../orders";

/**
 * The port through which the API has a payment link made for an order's current invoice (`createInvoiceLink`),
 * for the Mini App's openInvoice. The bot implements it (bot/src/invoice.ts) with the same invoice it sends in
 * the chat; the shop's process passes it to the API, which never imports the bot.
 */
export interface InvoiceLinks {
  /** throws when Telegram refuses or cannot be reached */
  createLink(order: Order): Promise<string>;
}
