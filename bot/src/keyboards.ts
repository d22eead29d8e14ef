import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import type { Order } from "@shop/core/orders";
import { ORDER_STATUSES, statusLabel, type OrderStatus } from "@shop/shared/labels";
import { deliveryCostCallback, invoiceBackCallback, invoiceCallback, shipmentCallback, statusCallback, trackCallback, unsubscribeCallback } from "./callback-data";

export const INVOICE_BUTTON = "Выставить счёт";
export const OTHER_SUM_BUTTON = "Другая сумма";
export const BACK_BUTTON = "« Назад";
/** the delivery costs a manager picks from with one press, in roubles (docs/payments.md) */
export const DELIVERY_COST_CHOICES = [0, 250, 350, 500, 700] as const;

/**
 * Whether an order's card offers 'Выставить счёт': payments are on, and the order has a Telegram chat to send the
 * invoice to, is not cancelled and not paid.
 */
export function canInvoice(order: Order, paymentsOn: boolean): boolean {
  return paymentsOn && order.telegramUser !== null && order.status !== "cancelled" && (order.payment.status === "unpaid" || order.payment.status === "invoiced");
}

/**
 * The manager card's buttons: every status but the current one, two to a row, and 'Выставить счёт' when the
 * order can get an invoice. Plain JSON, because the same markup is stored in the outbox and sent later, and used
 * when the card is edited after a press.
 */
export function managerKeyboard(orderId: number, current: string, invoice = false, shipment = false, track = false): InlineKeyboardMarkup {
  const buttons: InlineKeyboardButton[] = ORDER_STATUSES.filter((status) => status !== current).map((status: OrderStatus) => ({
    text: statusLabel(status),
    callback_data: statusCallback(orderId, status),
  }));
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < buttons.length; i += 2) rows.push(buttons.slice(i, i + 2));
  if (invoice) rows.push([{ text: INVOICE_BUTTON, callback_data: invoiceCallback(orderId) }]);
  if (shipment) rows.push([{ text: SHIPMENT_BUTTON, callback_data: shipmentCallback(orderId) }]);
  if (track) rows.push([{ text: TRACK_BUTTON, callback_data: trackCallback(orderId) }]);
  return { inline_keyboard: rows };
}

export const SHIPMENT_BUTTON = "📦 Отправить в СДЭК";
export const TRACK_BUTTON = "Ввести трек-номер";

/** The card offers to type a track number for an order placed with a delivery method and not cancelled. */
export function canTypeTrack(order: Order): boolean {
  return Boolean(order.delivery?.method) && order.status !== "cancelled";
}

/** The card offers to register a СДЭК parcel for an order placed with a СДЭК method (docs/delivery.md). */
export function canRegisterShipment(order: Order): boolean {
  const method = order.delivery?.method;
  return (method === "cdek_point" || method === "cdek_door") && order.status !== "cancelled";
}

/** The delivery cost choices that replace a card's buttons after 'Выставить счёт'. */
export function deliveryCostKeyboard(orderId: number): InlineKeyboardMarkup {
  const sums = DELIVERY_COST_CHOICES.map((rubles) => ({ text: `${rubles} руб.`, callback_data: deliveryCostCallback(orderId, rubles) }));
  return {
    inline_keyboard: [
      sums.slice(0, 3),
      sums.slice(3),
      [{ text: OTHER_SUM_BUTTON, callback_data: deliveryCostCallback(orderId, "other") }],
      [{ text: BACK_BUTTON, callback_data: invoiceBackCallback(orderId) }],
    ],
  };
}

/** The shop as a Mini App (https only: Telegram refuses web_app buttons on plain http). */
export function shopWebAppUrl(publicUrl: string | null, path = "/"): string | null {
  return publicUrl && publicUrl.startsWith("https://") ? publicUrl + path : null;
}

export const OPEN_PRODUCT = "Открыть товар";
export const UNSUBSCRIBE = "Отписаться";

/**
 * The back-in-stock message's buttons: the product in the Mini App — its startapp link
 * (TELEGRAM_MINI_APP_URL?startapp=product_<id>, as the shop's share links), else a web_app button to the product
 * page (the variant's, `variantId`) when PUBLIC_URL is https — and «Отписаться» from what the user waits for: the
 * variant, or (`waitedVariantId` null) the product as a whole.
 */
export function backInStockKeyboard(
  productId: number,
  links: { miniAppUrl: string | null; publicUrl: string | null },
  variantId?: number,
  waitedVariantId: number | null | undefined = variantId,
): InlineKeyboardMarkup {
  const open: InlineKeyboardButton[] = [];
  const webApp = shopWebAppUrl(links.publicUrl, variantId === undefined ? `/product/${productId}` : `/product/${productId}?variant=${variantId}`);
  if (links.miniAppUrl) open.push({ text: OPEN_PRODUCT, url: `${links.miniAppUrl}?startapp=product_${productId}` });
  else if (webApp) open.push({ text: OPEN_PRODUCT, web_app: { url: webApp } });
  return { inline_keyboard: [...(open.length > 0 ? [open] : []), [{ text: UNSUBSCRIBE, callback_data: unsubscribeCallback(productId, waitedVariantId ?? undefined) }]] };
}
