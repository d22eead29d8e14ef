import type { Prisma } from "@shop/prisma/db";
import type { OrderSourceValue } from "@shop/shared/schemas/orders";
import type { Order } from "./order";

/** How an order is read from the database: with its lines in the order they were added. */
export const orderInclude = {
  items: { orderBy: { id: "asc" } },
} satisfies Prisma.OrderInclude;

export type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

type Db = Prisma.TransactionClient;

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    number: row.orderNumber,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    status: row.status,
    // the column is text; only placeOrder and confirmPreparedOrder write it, with these values
    source: row.source as OrderSourceValue,
    contact: {
      customerName: row.customerName,
      customerPhone: row.customerPhone,
      deliveryAddress: row.deliveryAddress,
      comment: row.comment,
    },
    lines: [...row.items]
      .sort((a, b) => a.id - b.id)
      .map((item) => ({
        id: item.id,
        productId: item.productId,
        name: item.productName,
        sku: item.productSku,
        image: item.productImage,
        price: Number(item.price),
        quantity: item.quantity,
      })),
    totals: {
      subtotal: Number(row.subtotal),
      discountPercent: row.discountPercent,
      discount: Number(row.discountAmount),
      delivery: Number(row.deliveryCost),
      total: Number(row.total),
    },
    telegramUser:
      row.telegramUserId === null
        ? null
        : { id: row.telegramUserId, username: row.telegramUsername, firstName: row.telegramFirstName, lastName: row.telegramLastName },
  };
}

/** One order with its lines, or null. */
export async function findOrder(db: Db, id: number): Promise<Order | null> {
  const row = await db.order.findUnique({ where: { id }, include: orderInclude });
  return row ? toOrder(row) : null;
}
