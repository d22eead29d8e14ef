import type { OutgoingMessage } from "../outbox";
import type { StockNotifier } from "../stock";
import type { Order } from "./order";

/**
 * The port through which orders announce themselves: managers learn of a new order, a customer of a new status.
 * The bot implements it by writing the messages (it knows Telegram's texts and buttons); the shop's core queues
 * them in the outbox in the same statement or transaction as the change they announce, so a message exists
 * exactly when the change was committed. Without a bot there is nothing to say.
 */
export interface OrderNotifier extends StockNotifier {
  /** the new order already has its id, number and time: messages are written before the order is */
  orderCreated(order: Order): OutgoingMessage[];
  /** `order` already has its new status */
  orderStatusChanged(order: Order, previousStatus: string): OutgoingMessage[];
  /**
   * The customer's invoice for the order's current invoice number and total (docs/payments.md), an outbox row
   * the sender turns into sendInvoice; nothing when payments are off.
   */
  invoiceIssued?(order: Order): OutgoingMessage[];
  /** the order was just paid: a thank-you to the customer, the card marked 'Оплачен' for the managers */
  orderPaid?(order: Order): OutgoingMessage[];
}

export const noopNotifier: OrderNotifier = {
  orderCreated: () => [],
  orderStatusChanged: () => [],
};
