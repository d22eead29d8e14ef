import { isOrderStatus, type OrderStatus } from "@shop/shared/labels";

/**
 * Every inline button's callback data, built and parsed here only. Telegram allows 64 bytes, so the data is
 * short: `st:<orderId>:<status>` moves an order to a status, `po:<token>` confirms a prepared order,
 * `un:<productId>` (or `un:<productId>:<variantId>`) ends a back-in-stock subscription; `iv:<orderId>` opens the delivery costs of an invoice,
 * `dc:<orderId>:<roubles|other>` picks one, `ib:<orderId>` goes back to the card's status buttons;
 * `rv:<orderItemId>:<1-5>` rates an order line in a review request (0: the line's name was pressed); `cr:off` turns
 * forgotten-cart reminders off.
 */
export type CallbackAction =
  | { kind: "status"; orderId: number; status: OrderStatus }
  | { kind: "confirm"; token: string }
  | { kind: "unsubscribe"; productId: number; variantId?: number }
  | { kind: "invoice"; orderId: number }
  | { kind: "delivery-cost"; orderId: number; rubles: number | "other" }
  | { kind: "invoice-back"; orderId: number }
  | { kind: "shipment"; orderId: number }
  | { kind: "track"; orderId: number }
  | { kind: "review"; orderItemId: number; rating: number }
  | { kind: "cart-reminders-off" };

const MAX_BYTES = 64;

export function statusCallback(orderId: number, status: OrderStatus): string {
  return `st:${orderId}:${status}`;
}

export function confirmCallback(token: string): string {
  const data = `po:${token}`;
  if (Buffer.byteLength(data) > MAX_BYTES) throw new Error(`prepared-order token too long for callback data (${token.length})`);
  return data;
}

export function unsubscribeCallback(productId: number, variantId?: number): string {
  return variantId === undefined ? `un:${productId}` : `un:${productId}:${variantId}`;
}

export function invoiceCallback(orderId: number): string {
  return `iv:${orderId}`;
}

export function deliveryCostCallback(orderId: number, rubles: number | "other"): string {
  return `dc:${orderId}:${rubles}`;
}

/** `sh:<orderId>`: register the order's parcel with СДЭК (docs/delivery.md#after-the-order). */
export function shipmentCallback(orderId: number): string {
  return `sh:${orderId}`;
}

export function trackCallback(orderId: number): string {
  return `tn:${orderId}`;
}

/** `rv:<orderItemId>:<rating>`: a star under a review request (docs/product.md#reviews); 0 is the line's name. */
export function reviewCallback(orderItemId: number, rating: number): string {
  return `rv:${orderItemId}:${rating}`;
}

export const CART_REMINDERS_OFF_CALLBACK = "cr:off";

export function invoiceBackCallback(orderId: number): string {
  return `ib:${orderId}`;
}

const orderIdOf = (digits: string | undefined) => {
  const id = Number(digits);
  return Number.isSafeInteger(id) && id >= 1 && id <= 2147483647 ? id : null;
};

export function parseCallback(data: string | undefined): CallbackAction | null {
  if (!data) return null;
  if (data === CART_REMINDERS_OFF_CALLBACK) return { kind: "cart-reminders-off" };
  const invoice = /^(iv|ib):(\d{1,10})$/.exec(data);
  if (invoice) {
    const orderId = orderIdOf(invoice[2]);
    return orderId === null ? null : { kind: invoice[1] === "iv" ? "invoice" : "invoice-back", orderId };
  }
  const review = /^rv:(\d{1,10}):([0-5])$/.exec(data);
  if (review) {
    const orderItemId = orderIdOf(review[1]);
    return orderItemId === null ? null : { kind: "review", orderItemId, rating: Number(review[2]) };
  }
  const shipment = /^(sh|tn):(\d{1,10})$/.exec(data);
  if (shipment) {
    const orderId = orderIdOf(shipment[2]);
    return orderId === null ? null : { kind: shipment[1] === "sh" ? "shipment" : "track", orderId };
  }
  const cost = /^dc:(\d{1,10}):(\d{1,6}|other)$/.exec(data);
  if (cost) {
    const orderId = orderIdOf(cost[1]);
    return orderId === null ? null : { kind: "delivery-cost", orderId, rubles: cost[2] === "other" ? "other" : Number(cost[2]) };
  }
  const status = /^st:(\d{1,10}):([a-z]+)$/.exec(data);
  if (status) {
    const orderId = Number(status[1]);
    if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2147483647 || !isOrderStatus(status[2])) return null;
    return { kind: "status", orderId, status: status[2] };
  }
  const confirm = /^po:([A-Za-z0-9_-]{1,61})$/.exec(data);
  if (confirm) return { kind: "confirm", token: confirm[1]! };
  const unsubscribe = /^un:(\d{1,10})(?::(\d{1,10}))?$/.exec(data);
  if (unsubscribe) {
    const productId = Number(unsubscribe[1]);
    const variantId = unsubscribe[2] === undefined ? undefined : Number(unsubscribe[2]);
    const valid = (id: number) => id >= 1 && id <= 2147483647;
    if (!valid(productId) || (variantId !== undefined && !valid(variantId))) return null;
    return variantId === undefined ? { kind: "unsubscribe", productId } : { kind: "unsubscribe", productId, variantId };
  }
  return null;
}
