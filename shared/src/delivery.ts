/**
 * Delivery's pure rules (docs/delivery.md): the methods a seller may offer, how a carrier's price becomes the
 * shopper's (markup, rounding up to 10 ₽, free from a threshold), and how a quote reads. Amounts in kopecks.
 */
import { DELIVERY_FEE } from "./pricing";
import { formatPrice } from "./format";
import { toRoubles, type Kopecks } from "./money";

export const DELIVERY_METHODS = ["pickup", "courier", "cdek_point", "cdek_door", "pochta"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const isDeliveryMethod = (value: unknown): value is DeliveryMethod =>
  typeof value === "string" && (DELIVERY_METHODS as readonly string[]).includes(value);

export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: "Самовывоз",
  courier: "Курьер",
  cdek_point: "СДЭК, пункт выдачи",
  cdek_door: "СДЭК, курьер до двери",
  pochta: "Почта России",
};

/** Methods that need a pickup point chosen from the carrier's list. */
export const needsPoint = (method: DeliveryMethod): boolean => method === "cdek_point";
/** Methods that need the shopper's address. */
export const needsAddress = (method: DeliveryMethod): boolean => method === "courier" || method === "cdek_door" || method === "pochta";

export const PRICE_BY_MANAGER = "стоимость уточнит менеджер";

/** How the seller turns a carrier's price into the shopper's. */
export interface PriceRule {
  markupPercent: number;
  /** kopecks added after the percent */
  markupFixed: Kopecks;
  /** round the result up to whole tens of roubles */
  roundUpTo10: boolean;
}

/** carrier price + percent + fixed, rounded up to 10 ₽ when asked; never below 0. */
export function shopperPrice(carrierPrice: Kopecks, rule: PriceRule): Kopecks {
  let price = Math.round(carrierPrice * (1 + rule.markupPercent / 100)) + rule.markupFixed;
  if (rule.roundUpTo10) price = Math.ceil(price / 1000) * 1000;
  return Math.max(0, price);
}

/**
 * What the order is charged for delivery: the quoted price, 0 when the goods (after the discount) reach the free
 * threshold, and today's fixed fee when the price is not known (the manager fixes it).
 */
export function deliveryFeeFor(quoted: Kopecks | null, freeFrom: Kopecks | null, goods: Kopecks): Kopecks {
  if (quoted === null) return DELIVERY_FEE;
  if (freeFrom !== null && goods >= freeFrom) return 0;
  return quoted;
}

/** '3–5 дней', '1 день', '2 дня'; null when unknown. */
export function formatDays(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  const low = min ?? max!;
  const high = max ?? min!;
  const word = (n: number) => {
    const tens = n % 100;
    const ones = n % 10;
    if (tens >= 11 && tens <= 14) return "дней";
    if (ones === 1) return "день";
    if (ones >= 2 && ones <= 4) return "дня";
    return "дней";
  };
  return low === high ? `${low} ${word(low)}` : `${low}–${high} ${word(high)}`;
}

/** «СДЭК, пункт выдачи — 340 руб., 3–5 дней»; «… — стоимость уточнит менеджер» when the price is not known. */
export function describeQuote(method: DeliveryMethod, price: Kopecks | null, daysMin: number | null, daysMax: number | null): string {
  const label = DELIVERY_METHOD_LABELS[method];
  if (price === null) return `${label} — ${PRICE_BY_MANAGER}`;
  const money = price === 0 ? "бесплатно" : shortPrice(price);
  const days = formatDays(daysMin, daysMax);
  return days ? `${label} — ${money}, ${days}` : `${label} — ${money}`;
}

/** '340 руб.' for whole roubles, '340.50 руб.' otherwise. */
export function shortPrice(price: Kopecks): string {
  return price % 100 === 0 ? `${toRoubles(price)} руб.` : formatPrice(toRoubles(price));
}

/** A tracking page a customer can open for a track number. */
export function trackingLink(method: DeliveryMethod, trackNumber: string): string | null {
  const number = encodeURIComponent(trackNumber);
  if (method === "cdek_point" || method === "cdek_door") return `https://www.cdek.ru/ru/tracking/?order_id=${number}`;
  if (method === "pochta") return `https://www.pochta.ru/tracking?barcode=${number}`;
  return null;
}
