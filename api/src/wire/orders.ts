import type { CustomerOrders, Order, OrderPage, PreparedOrderTicket } from "@shop/core/orders";
import { toRoubles } from "@shop/shared/money";
import type { Totals } from "@shop/shared/pricing";
import { toWireDelivery } from "./delivery";
import type {
  AdminOrder,
  AdminOrdersResponse,
  CreateOrderResponse,
  InvoiceResponse,
  MyOrderDetail,
  MyOrdersResponse,
  OrderItem,
  OrderPayment,
  OrderTotals,
  PrepareOrderResponse,
  RefundedResponse,
} from "@shop/shared/schemas/orders";

/**
 * The one place where the shop's order shapes (`Order` in @shop/core/orders) become the API's documented JSON:
 * snake_case names, and money in roubles (inside the shop it is in kopecks: @shop/shared/money).
 */

export function toWireTotals(totals: Totals): OrderTotals {
  return {
    subtotal: toRoubles(totals.subtotal),
    discount_percent: totals.discountPercent,
    discount_amount: toRoubles(totals.discount),
    delivery_cost: toRoubles(totals.delivery),
    total: toRoubles(totals.total),
    // only with a code: an order without one answers as it always did
    ...(totals.promoCode ? { promo_code: totals.promoCode } : {}),
  };
}

export function toWirePayment(payment: Order["payment"]): OrderPayment {
  return { payment_status: payment.status, paid_at: payment.paidAt?.toISOString() ?? null };
}

export function toOrderItems(order: Order): OrderItem[] {
  return order.lines.map((line) => {
    const item: OrderItem = {
      id: line.id,
      product_id: line.productId,
      product_name: line.name,
      product_sku: line.variantSku ?? line.sku,
      product_image: line.image,
      price: toRoubles(line.price),
      quantity: line.quantity,
    };
    // only on the lines that have them: a plain line answers as it always did
    if (line.variantTitle) {
      item.variant_id = line.variantId ?? null;
      item.variant_title = line.variantTitle;
    }
    if (line.personalization?.length) {
      item.personalization = line.personalization.map((entry) => ({ label: entry.label, value: entry.value, price: toRoubles(entry.price) }));
    }
    return item;
  });
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
    ...(order.delivery !== undefined ? { delivery: toWireDelivery(order.delivery) } : {}),
  };
}

export function toCreateOrderResponse(order: Order): CreateOrderResponse {
  const base = { id: order.id, order_number: order.number, status: order.status, ...toWireTotals(order.totals) };
  // an order placed with a delivery method also says how it travels and whether its invoice went out
  return order.delivery ? { ...base, payment_status: order.payment.status, delivery: toWireDelivery(order.delivery) } : base;
}

export function toPrepareOrderResponse(ticket: PreparedOrderTicket, botLink: string | null): PrepareOrderResponse {
  return { token: ticket.token, expires_at: ticket.expiresAt.toISOString(), bot_link: botLink, ...toWireTotals(ticket.order.totals) };
}

export function toMyOrders(list: CustomerOrders, deliveries?: Map<number, NonNullable<Order["delivery"]>>): MyOrdersResponse {
  return {
    orders: list.orders.map((order) => ({
      id: order.id,
      order_number: order.number,
      created_at: order.createdAt.toISOString(),
      total: toRoubles(order.total),
      status: order.status,
      payment_status: order.paymentStatus,
      paid_at: order.paidAt?.toISOString() ?? null,
      ...(deliveries?.has(order.id) ? { delivery: toWireDelivery(deliveries.get(order.id)) } : {}),
    })),
    lastAddress: list.lastAddress,
  };
}

export function toMyOrderDetail(order: Order): MyOrderDetail {
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
    ...(order.delivery !== undefined ? { delivery: toWireDelivery(order.delivery) } : {}),
  };
}

export function toAdminOrders(page: OrderPage): AdminOrdersResponse {
  return { orders: page.orders.map(toAdminOrder), total: page.total, totalPages: page.totalPages, page: page.page };
}

/** The admin's invoice: the order's delivery cost and total as the customer is asked to pay them. */
export function toInvoicedOrder(order: Order): InvoiceResponse {
  return { id: order.id, delivery_cost: toRoubles(order.totals.delivery), total: toRoubles(order.totals.total), payment_status: "invoiced" };
}

export function toRefundedOrder(order: Order): RefundedResponse {
  return { id: order.id, payment_status: "refunded" };
}
