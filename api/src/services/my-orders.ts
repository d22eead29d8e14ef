import type { PrismaClient } from "@shop/prisma/db";
import type { MyOrderDetail, MyOrdersResponse } from "@shop/shared/schemas/orders";
import { notFound } from "../plugins/app/errors";
import { orderInclude, toOrder } from "@shop/core/orders/order-record";
import { toOrderItems, toWirePayment, toWireTotals } from "./order-wire";

/** "Мои заказы" in the mini-app: only the orders of the Telegram user the request proves to be. */

export const MY_ORDERS_LIMIT = 50;
export const ORDER_NOT_FOUND = "Заказ не найден";

export async function listMyOrders(prisma: PrismaClient, telegramUserId: number | bigint): Promise<MyOrdersResponse> {
  const userId = BigInt(telegramUserId);
  const [orders, last] = await Promise.all([
    prisma.order.findMany({
      where: { telegramUserId: userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: MY_ORDERS_LIMIT,
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
      order_number: order.orderNumber,
      created_at: order.createdAt.toISOString(),
      total: Number(order.total),
      status: order.status,
      payment_status: order.paymentStatus,
      paid_at: order.paidAt?.toISOString() ?? null,
    })),
    lastAddress: last?.deliveryAddress ?? null,
  };
}

/** One of the user's orders with its items; someone else's order is a 404, exactly like a missing one. */
export async function getMyOrder(prisma: PrismaClient, telegramUserId: number | bigint, orderId: number): Promise<MyOrderDetail> {
  const row = await prisma.order.findFirst({ where: { id: orderId, telegramUserId: BigInt(telegramUserId) }, include: orderInclude });
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const order = toOrder(row);
  return {
    id: order.id,
    order_number: order.number,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    ...toWirePayment(order.payment),
    ...toWireTotals(order.totals),
    delivery_address: order.contact.deliveryAddress,
    comment: order.contact.comment,
    items: toOrderItems(order),
  };
}
