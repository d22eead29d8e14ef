import { orderDeliveries, type DeliveryChoice, type OrderDeliveryQuote } from "@shop/core/delivery";
import type { Order, PreparedDelivery } from "@shop/core/orders";
import { issueInvoice } from "@shop/core/payments";
import { toKopecks, toRoubles } from "@shop/shared/money";
import type { DeliveryChoiceBody } from "@shop/shared/schemas/delivery";
import type { App } from "../app-type";

/** What checkout's `delivery` says, as the delivery desk reads it. */
export function deliveryChoice(body: DeliveryChoiceBody | null | undefined): DeliveryChoice | null {
  if (!body) return null;
  return {
    method: body.method,
    city: body.city ?? null,
    cityCode: body.city_code ?? null,
    postalCode: body.postal_code ?? null,
    pointCode: body.point_code?.trim() || null,
    quoteId: body.quote_id ?? null,
    expectedPrice: body.expected_price === null || body.expected_price === undefined ? null : toKopecks(body.expected_price),
  };
}

/** A website checkout's delivery, kept with the prepared order until the shopper confirms it in the bot. */
export function preparedDelivery(choice: DeliveryChoice, quote: OrderDeliveryQuote): PreparedDelivery {
  return {
    choice: { method: choice.method, city: choice.city, cityCode: choice.cityCode, postalCode: choice.postalCode, pointCode: choice.pointCode },
    details: quote.details,
    quoted: quote.quoted,
    freeFrom: quote.freeFrom,
    kept: quote.honoured,
  };
}

/**
 * A Mini App order whose delivery price is known gets its invoice at once when payments are on (docs/payments.md):
 * no manager has to fix the cost first. An invoice that cannot go out leaves the order as placed, for the manager.
 */
export async function invoiceAtOnce(app: App, order: Order): Promise<Order> {
  if (!order.delivery?.priceKnown || order.source !== "telegram_mini_app" || !app.config.payments || !app.notifier.invoiceIssued) return order;
  try {
    const invoiced = await issueInvoice(app.db, app.notifier, order.id, toRoubles(order.totals.delivery), true);
    return { ...invoiced, delivery: order.delivery };
  } catch (error) {
    app.log.warn({ err: error, orderId: order.id }, "the order's invoice did not go out at once: the manager sends it");
    return order;
  }
}

/**
 * The orders with how each travels (order_deliveries), for the admin's views and «Мои заказы»; an order without a
 * delivery keeps the shape it always had (no `delivery`).
 */
export async function withDeliveries<T extends { id: number; delivery?: Order["delivery"] }>(app: App, orders: T[]): Promise<T[]> {
  const deliveries = await orderDeliveries(app.db, orders.map((order) => order.id));
  return orders.map((order) => {
    const delivery = deliveries.get(order.id);
    return delivery ? { ...order, delivery } : order;
  });
}
