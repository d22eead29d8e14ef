/** How money and dates are shown (docs/product.md#pricing-and-delivery). */

import { onFirstUse } from "./on-first-use";

/** No-break space: a sum never breaks across two lines, between its digit groups or before its currency. */
export const NBSP = "\u00a0";

function toNumber(value: number | string): number {
  const n = typeof value === "string" ? Number(value) : value;
  return Number.isFinite(n) ? n : 0;
}

export interface MoneyFormat {
  /** the currency written after the sum: 'руб.' in the shop, '₽' in the admin panel */
  currency: "руб." | "₽";
  /** digits after the decimal mark (2 unless a place says otherwise) */
  decimals?: 0 | 2;
  /** '.' in the shop and the admin tables, ',' in statistics (ru-RU) */
  decimalMark?: "." | ",";
}

/**
 * The one money rule: thousands grouped with a no-break space ('131 100.00 руб.'), the place's decimals, decimal
 * mark and currency sign, the currency joined by a no-break space too.
 */
export function formatMoney(value: number | string, { currency, decimals = 2, decimalMark = "." }: MoneyFormat): string {
  const [whole, fraction] = toNumber(value).toFixed(decimals).split(".");
  const negative = whole!.startsWith("-") && /[1-9]/.test(whole! + (fraction ?? ""));
  const unsigned = whole!.startsWith("-") ? whole!.slice(1) : whole!;
  let digits = unsigned.slice(0, unsigned.length % 3 || 3);
  for (let at = digits.length; at < unsigned.length; at += 3) digits += NBSP + unsigned.slice(at, at + 3);
  return `${negative ? "-" : ""}${digits}${fraction !== undefined ? decimalMark + fraction : ""}${NBSP}${currency}`;
}

/** Shop price: '1 234.00 руб.' */
export function formatPrice(value: number | string): string {
  return formatMoney(value, { currency: "руб." });
}

/** Admin table price: '1 234.00 ₽' */
export function formatAdminPrice(value: number | string): string {
  return formatMoney(value, { currency: "₽" });
}

/** Statistics summary cards: roubles, no decimals: '131 100 ₽'. */
export function formatRub(value: number): string {
  return formatMoney(value, { currency: "₽", decimals: 0 });
}

/** Statistics tables: roubles, 2 decimals, the ru-RU decimal comma: '131 100,00 ₽'. */
export function formatRubCents(value: number): string {
  return formatMoney(value, { currency: "₽", decimalMark: "," });
}

const dateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat("ru-RU", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "Europe/Moscow",
    }),
);

/** the last minute formatted: every order of a minute is announced with the same text, and Intl is slow */
let lastMinute = NaN;
let lastText = "";

/** '22.11.2026, 14:05' in Moscow time, the shop's time zone (its offset is whole minutes). */
export function formatDateTime(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  const minute = Math.floor(date.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastText = dateTime().format(date);
    lastMinute = minute;
  }
  return lastText;
}

/** 'Ш×В×Г' value in millimetres with '?' for a missing side; null when no side is known. */
export function formatDimensions(width: number | null, height: number | null, depth: number | null): string | null {
  if (width == null && height == null && depth == null) return null;
  return [width, height, depth].map((side) => (side == null ? "?" : String(side))).join("×");
}
