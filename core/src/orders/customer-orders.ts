import type { PrismaClient } from "@shop/prisma/db";
import { fromDecimal, type Kopecks } from "@shop/shared/money";
import type { OrderStatusValue, PaymentStatusValue } from "@shop/shared/schemas/orders";
import { notFound, ORDER_NOT_FOUND } from "../errors";

import type { Order } from "./order";
import { orderInclude, toOrder } from "./order-record";

/** "Мои заказы" in the Mini App: only the orders of the Telegram user the request proves to be. */

export const MY_ORDERS_LIMIT = 50;

/** An order as the customer's list shows it. */
export interface CustomerOrderSummary {
  id: number;
  number: string;
  createdAt: Date;
  total: Kopecks;
  status: OrderStatusValue;
  paymentStatus: PaymentStatusValue;
  paidAt: Date | null;
}

export interface CustomerOrders {
  orders: CustomerOrderSummary[];
  /** the address of the customer's last order that had one, for the next checkout */
  lastAddress: string | null;
}

/** The customer's orders, newest first (at most `limit`), and the address of their last order that had one. */
export async function listCustomerOrders(prisma: PrismaClient, telegramUserId: number | bigint, limit = MY_ORDERS_LIMIT): Promise<CustomerOrders> {
  const userId = BigInt(telegramUserId);
  const [orders, last] = await Promise.all([
    prisma.order.findMany({
      where: { telegramUserId: userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      select: { id: true, orderNumber: true, createdAt: true, total: true, status: true, paymentStatus: true, paidAt: true },
    }),
    prisma.order.findFirst({
      where: { telegramUserId: userId, deliveryAddress: { not: "" } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { deliveryAddress: true },
    }),
  ]);
  return {
    orders: orders.map((order) => ({
      id: order.id,
      number: order.orderNumber,
      createdAt: order.createdAt,
      total: fromDecimal(order.total),
      status: order.status,
      paymentStatus: order.paymentStatus,
      paidAt: order.paidAt,
    })),
    lastAddress: last?.deliveryAddress ?? null,
  };
}

/** One of the user's orders with its items; someone else's order is a 404, exactly like a missing one. */
export async function getCustomerOrder(prisma: PrismaClient, telegramUserId: number | bigint, orderId: number): Promise<Order> {
  const row = await prisma.order.findFirst({ where: { id: orderId, telegramUserId: BigInt(telegramUserId) }, include: orderInclude });
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toOrder(row);
}
