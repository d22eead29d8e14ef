import type { Order } from "@shop/core/orders/order";
import type { PreparedOrderTicket } from "@shop/core/orders/prepared-orders";
import type { Totals } from "@shop/shared/pricing";
import type { AdminOrder, CreateOrderResponse, OrderItem, OrderPayment, OrderTotals, PrepareOrderResponse } from "@shop/shared/schemas/orders";

/** The one place where the shop's order shapes (@shop/core/orders/order) become the API's documented JSON. */

export function toWireTotals(totals: Totals): OrderTotals {
  return {
    subtotal: totals.subtotal,
    discount_percent: totals.discountPercent,
    discount_amount: totals.discount,
    delivery_cost: totals.delivery,
    total: totals.total,
  };
}

export function toWirePayment(payment: Order["payment"]): OrderPayment {
  return { payment_status: payment.status, paid_at: payment.paidAt?.toISOString() ?? null };
}

export function toOrderItems(order: Order): OrderItem[] {
  return order.lines.map((line) => ({
    id: line.id,
    product_id: line.productId,
    product_name: line.name,
    product_sku: line.sku,
    product_image: line.image,
    price: line.price,
    quantity: line.quantity,
  }));
}

export function toAdminOrder(order: Order): AdminOrder {
  return {
    id: order.id,
    order_number: order.number,
    created_at: order.createdAt.toISOString(),
    customer_name: order.contact.customerName,
    customer_phone: order.contact.customerPhone,
    telegram_user_id: order.telegramUser ? String(order.telegramUser.id) : null,
    telegram_username: order.telegramUser?.username ?? null,
    delivery_address: order.contact.deliveryAddress,
    comment: order.contact.comment,
    status: order.status,
    source: order.source,
    ...toWireTotals(order.totals),
    ...toWirePayment(order.payment),
    items: toOrderItems(order),
  };
}

export function toCreateOrderResponse(order: Order): CreateOrderResponse {
  return { id: order.id, order_number: order.number, status: order.status, ...toWireTotals(order.totals) };
}

export function toPrepareOrderResponse(ticket: PreparedOrderTicket, botLink: string | null): PrepareOrderResponse {
  return { token: ticket.token, expires_at: ticket.expiresAt.toISOString(), bot_link: botLink, ...toWireTotals(ticket.order.totals) };
}
