import type { Prisma } from "@shop/prisma/db";
import type { Order } from "./order";

/** A transaction client: notifications are written with the change they announce, or not at all. */
export type Tx = Prisma.TransactionClient;

/**
 * The port through which orders announce themselves (managers learn of a new order, a customer of a new status).
 * The bot implements it by writing outbox rows inside the given transaction and sends them later with retries;
 * without a bot every call does nothing.
 */
export interface OrderNotifier {
  orderCreated(tx: Tx, order: Order): Promise<void>;
  /** `order` already has its new status */
  orderStatusChanged(tx: Tx, order: Order, previousStatus: string): Promise<void>;
}

export const noopNotifier: OrderNotifier = {
  async orderCreated() {},
  async orderStatusChanged() {},
};
