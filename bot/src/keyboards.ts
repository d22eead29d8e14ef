import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { ORDER_STATUSES, statusLabel, type OrderStatus } from "@shop/shared/labels";
import { statusCallback } from "./callback-data";

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
