import type { PrismaClient } from "@shop/prisma/db";
import { ADMIN_ORDERS_PAGE_SIZE } from "@shop/shared/constants";
import type { OrderStatusValue, PaymentStatusValue } from "@shop/shared/schemas/orders";
import { notFound, ORDER_NOT_FOUND } from "../errors";

import type { Order } from "./order";
import { orderInclude, toOrder } from "./order-record";

export interface OrderListFilter {
  status?: OrderStatusValue | "all";
  paymentStatus?: PaymentStatusValue;
  page?: number;
  limit?: number;
}

export interface OrderPage {
  orders: Order[];
  total: number;
  totalPages: number;
  page: number;
}

/** The admin's order list: newest first, optionally one status and one payment status, each order with its items. */
export async function listOrders(prisma: PrismaClient, filter: OrderListFilter): Promise<OrderPage> {
  const page = filter.page ?? 1;
  const limit = filter.limit ?? ADMIN_ORDERS_PAGE_SIZE;
  const where = {
    ...(filter.status && filter.status !== "all" ? { status: filter.status } : {}),
    ...(filter.paymentStatus ? { paymentStatus: filter.paymentStatus } : {}),
  };
  const [total, rows] = await Promise.all([
    prisma.order.count({ where }),
    prisma.order.findMany({
      where,
      include: orderInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: Math.min((page - 1) * limit, 2_000_000_000),
      take: limit,
    }),
  ]);
  return { orders: rows.map(toOrder), total, totalPages: Math.ceil(total / limit), page };
}

/** One order with its items, for the admin. */
export async function getOrder(prisma: PrismaClient, id: number): Promise<Order> {
  const row = await prisma.order.findUnique({ where: { id }, include: orderInclude });
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toOrder(row);
}
