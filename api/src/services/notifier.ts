import type { Prisma } from "@shop/prisma/db";

/** A transaction client: notifications are written with the change they announce, or not at all. */
export type Tx = Prisma.TransactionClient;

/**
 * Telegram notifications of order events. The bot implements it by writing outbox rows inside the given
 * transaction; a worker sends them later with retries. Without a bot every call does nothing.
 */
export interface OrderNotifier {
  orderCreated(tx: Tx, orderId: number): Promise<void>;
  orderStatusChanged(tx: Tx, orderId: number, previousStatus: string): Promise<void>;
}

export const noopNotifier: OrderNotifier = {
  async orderCreated() {},
  async orderStatusChanged() {},
};
