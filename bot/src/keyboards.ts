import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { ORDER_STATUSES, statusLabel, type OrderStatus } from "@shop/shared/labels";
import { statusCallback, unsubscribeCallback } from "./callback-data";

/**
 * The manager card's buttons: every status but the current one, two to a row. Plain JSON, because the same
 * markup is stored in the outbox and sent later, and used when the card is edited after a press.
 */
export function managerKeyboard(orderId: number, current: string): InlineKeyboardMarkup {
  const buttons: InlineKeyboardButton[] = ORDER_STATUSES.filter((status) => status !== current).map((status: OrderStatus) => ({
    text: statusLabel(status),
    callback_data: statusCallback(orderId, status),
  }));
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < buttons.length; i += 2) rows.push(buttons.slice(i, i + 2));
  return { inline_keyboard: rows };
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
 * page when PUBLIC_URL is https — and «Отписаться».
 */
export function backInStockKeyboard(productId: number, links: { miniAppUrl: string | null; publicUrl: string | null }): InlineKeyboardMarkup {
  const open: InlineKeyboardButton[] = [];
  const webApp = shopWebAppUrl(links.publicUrl, `/product/${productId}`);
  if (links.miniAppUrl) open.push({ text: OPEN_PRODUCT, url: `${links.miniAppUrl}?startapp=product_${productId}` });
  else if (webApp) open.push({ text: OPEN_PRODUCT, web_app: { url: webApp } });
  return { inline_keyboard: [...(open.length > 0 ? [open] : []), [{ text: UNSUBSCRIBE, callback_data: unsubscribeCallback(productId) }]] };
}
