import type { Prisma } from "@shop/prisma/db";
import type { AdminOrder, OrderItem, OrderTotals } from "@shop/shared/schemas/orders";

export const orderInclude = {
  items: { orderBy: { id: "asc" } },
} satisfies Prisma.OrderInclude;

type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;
type ItemRow = OrderRow["items"][number];

export function toOrderItem(item: ItemRow): OrderItem {
  return {
    id: item.id,
    product_id: item.productId,
    product_name: item.productName,
    product_sku: item.productSku,
    product_image: item.productImage,
    price: Number(item.price),
    quantity: item.quantity,
  };
}

export function toOrderTotals(order: Prisma.OrderGetPayload<object>): OrderTotals {
  return {
    subtotal: Number(order.subtotal),
    discount_percent: order.discountPercent,
    discount_amount: Number(order.discountAmount),
    delivery_cost: Number(order.deliveryCost),
    total: Number(order.total),
  };
}

export function toAdminOrder(order: OrderRow): AdminOrder {
  return {
    id: order.id,
    order_number: order.orderNumber,
    created_at: order.createdAt.toISOString(),
    customer_name: order.customerName,
    customer_phone: order.customerPhone,
    telegram_user_id: order.telegramUserId === null ? null : String(order.telegramUserId),
    telegram_username: order.telegramUsername,
    delivery_address: order.deliveryAddress,
    comment: order.comment,
    status: order.status,
    source: order.source,
    ...toOrderTotals(order),
    items: order.items.map(toOrderItem),
  };
}
