import { isOrderStatus, type OrderStatus } from "@shop/shared/labels";

/**
 * Every inline button's callback data, built and parsed here only. Telegram allows 64 bytes, so the data is
 * short: `st:<orderId>:<status>` moves an order to a status, `po:<token>` confirms a prepared order,
 * `un:<productId>` ends a back-in-stock subscription.
 */
export type CallbackAction =
  | { kind: "status"; orderId: number; status: OrderStatus }
  | { kind: "confirm"; token: string }
  | { kind: "unsubscribe"; productId: number };

const MAX_BYTES = 64;

export function statusCallback(orderId: number, status: OrderStatus): string {
  return `st:${orderId}:${status}`;
}

export function confirmCallback(token: string): string {
  const data = `po:${token}`;
  if (Buffer.byteLength(data) > MAX_BYTES) throw new Error(`prepared-order token too long for callback data (${token.length})`);
  return data;
}

export function unsubscribeCallback(productId: number): string {
  return `un:${productId}`;
}

export function parseCallback(data: string | undefined): CallbackAction | null {
  if (!data) return null;
  const status = /^st:(\d{1,10}):([a-z]+)$/.exec(data);
  if (status) {
    const orderId = Number(status[1]);
    if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2147483647 || !isOrderStatus(status[2])) return null;
    return { kind: "status", orderId, status: status[2] };
  }
  const confirm = /^po:([A-Za-z0-9_-]{1,61})$/.exec(data);
  if (confirm) return { kind: "confirm", token: confirm[1]! };
  const unsubscribe = /^un:(\d{1,10})$/.exec(data);
  if (unsubscribe) {
    const productId = Number(unsubscribe[1]);
    return productId >= 1 && productId <= 2147483647 ? { kind: "unsubscribe", productId } : null;
  }
  return null;
}
