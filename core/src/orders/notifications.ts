import type { Sql } from "@shop/prisma/db";
import type { Order } from "./order";

/**
 * The port through which orders announce themselves (managers learn of a new order, a customer of a new status).
 * Each call gets the transaction of the change it announces, so a notification exists exactly when the change
 * was committed. The bot implements it by writing outbox rows and sends them later with retries; without a bot
 * every call does nothing.
 */
export interface OrderNotifier {
  orderCreated(sql: Sql, order: Order): Promise<void>;
  /** `order` already has its new status */
  orderStatusChanged(sql: Sql, order: Order, previousStatus: string): Promise<void>;
}

export const noopNotifier: OrderNotifier = {
  async orderCreated() {},
  async orderStatusChanged() {},
};
