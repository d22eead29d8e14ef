import type { PrismaClient } from "@shop/prisma/db";
import { ADMIN_ORDERS_PAGE_SIZE } from "@shop/shared/constants";
import type { AdminOrder, AdminOrdersQuery, AdminOrdersResponse } from "@shop/shared/schemas/orders";
import { notFound } from "../plugins/app/errors";
import { ORDER_NOT_FOUND } from "@shop/core/orders/change-status";
import { orderInclude, toOrder } from "@shop/core/orders/order-record";
import { toAdminOrder } from "./order-wire";

/** The admin's order list: newest first, optionally one status and one payment status, each order with its items. */
export async function listAdminOrders(prisma: PrismaClient, query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
  const page = query.page ?? 1;
  const limit = query.limit ?? ADMIN_ORDERS_PAGE_SIZE;
  const where = {
    ...(query.status && query.status !== "all" ? { status: query.status } : {}),
    ...(query.payment_status ? { paymentStatus: query.payment_status } : {}),
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
  return { orders: rows.map((row) => toAdminOrder(toOrder(row))), total, totalPages: Math.ceil(total / limit), page };
}

export async function getAdminOrder(prisma: PrismaClient, id: number): Promise<AdminOrder> {
  const row = await prisma.order.findUnique({ where: { id }, include: orderInclude });
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toAdminOrder(toOrder(row));
}
