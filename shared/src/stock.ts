/**
 * What a product's stock means to a shopper (docs/product.md#stock): one rule for the web, the Mini App, the API
 * and the bot.
 */

/** At most this many pieces left: the shop says how many («Осталось N шт.»). */
export const FEW_LEFT_MAX = 3;
/** The most pieces an admin may count for one product. */
export const STOCK_MAX = 100000;
/** The longest a made-to-order product may take, in days. */
export const MADE_TO_ORDER_DAYS_MAX = 365;

export const SOLD_OUT_TEXT = "Нет в наличии";
export const ONLY_IN_STOCK_TEXT = "Только в наличии";
export const NOTIFY_BACK_IN_STOCK_TEXT = "Сообщить о поступлении";

export type AvailabilityKind = "in-stock" | "few-left" | "made-to-order" | "sold-out";

export interface Availability {
  kind: AvailabilityKind;
  /** whether it can be ordered now */
  orderable: boolean;
  /** what the shop says about it; null when it is simply in stock */
  label: string | null;
  /** the most pieces one order may take; null: no limit from stock */
  maxQuantity: number | null;
}

export interface StockFields {
  /** pieces left; null: not counted, always available */
  stock: number | null;
  /** days to make it once none are left; null: not made to order */
  made_to_order_days: number | null;
}

export const fewLeftLabel = (pieces: number) => `Осталось ${pieces} шт.`;
export const madeToOrderLabel = (days: number) => `Под заказ: ${days} дн.`;

export function availabilityOf(p: StockFields): Availability {
  const { stock, made_to_order_days: days } = p;
  if (stock === null || stock > FEW_LEFT_MAX) return { kind: "in-stock", orderable: true, label: null, maxQuantity: stock };
  if (stock > 0) return { kind: "few-left", orderable: true, label: fewLeftLabel(stock), maxQuantity: stock };
  if (days !== null) return { kind: "made-to-order", orderable: true, label: madeToOrderLabel(days), maxQuantity: null };
  return { kind: "sold-out", orderable: false, label: SOLD_OUT_TEXT, maxQuantity: null };
}

/** An order asking for more than is left (docs/product.md#stock): names the product and what is left. */
export const outOfStockMessage = (name: string, available: number) =>
  available === 0 ? `Товар «${name}» закончился` : `Товара «${name}» осталось ${available} шт.`;
