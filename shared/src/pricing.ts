/**
 * Discount tiers, delivery fee and order totals (docs/product.md#pricing-and-delivery); the server decides the money.
 * Every amount here is in kopecks (money.ts).
 */
import { toKopecks, toRoubles, type Kopecks } from "./money";

export interface DiscountTier {
  /** subtotal from which the tier applies */
  threshold: Kopecks;
  percent: number;
}

export const DISCOUNT_TIERS: readonly DiscountTier[] = [
  { threshold: 500_00, percent: 5 },
  { threshold: 1000_00, percent: 10 },
  { threshold: 1500_00, percent: 13 },
];

/** The progress bar in the cart stops at the last tier. */
export const DISCOUNT_PROGRESS_CAP: Kopecks = DISCOUNT_TIERS[DISCOUNT_TIERS.length - 1]!.threshold;

/** Fixed delivery fee; a manager confirms the exact cost. */
export const DELIVERY_FEE: Kopecks = 250_00;

export function discountPercentFor(subtotal: Kopecks): number {
  let percent = 0;
  for (const tier of DISCOUNT_TIERS) if (subtotal >= tier.threshold) percent = tier.percent;
  return percent;
}

/** The next tier the shopper can still reach, and how much is missing; null at the maximum. */
export function nextDiscountTier(subtotal: Kopecks): { percent: number; missing: Kopecks } | null {
  const tier = DISCOUNT_TIERS.find((t) => subtotal < t.threshold);
  return tier ? { percent: tier.percent, missing: tier.threshold - subtotal } : null;
}

/** Progress toward the maximum discount, 0…1. */
export function discountProgress(subtotal: Kopecks): number {
  return Math.max(0, Math.min(1, subtotal / DISCOUNT_PROGRESS_CAP));
}

export interface PricedLine {
  price: Kopecks;
  quantity: number;
}

export interface Totals {
  subtotal: Kopecks;
  /** the volume tier's percent; 0 when a promo code gives the discount */
  discountPercent: number;
  discount: Kopecks;
  delivery: Kopecks;
  total: Kopecks;
  /** the promo code that gives the discount (it beat the volume tier); absent: none does */
  promoCode?: string;
}

/** A promo code's discount on the cart, as checkPromoCode (promo-codes.ts) found it. */
export interface PromoDiscount {
  code: string;
  discount: Kopecks;
}

/**
 * How a promo code combines with the volume discount (docs/product.md#promo-codes), the one place this is decided:
 * they do not add up — the shopper gets the larger of the two; on a tie the volume discount stays (the code is
 * kept for another order).
 */
export function promoWins(volumeDiscount: Kopecks, promoDiscount: Kopecks): boolean {
  return promoDiscount > volumeDiscount;
}

/**
 * Total = subtotal − discount + delivery; the discount is the volume tier's (rounded to the kopeck) or, when it is
 * larger, the promo code's (promoWins).
 */
export function computeTotals(lines: readonly PricedLine[], deliveryFee: Kopecks = DELIVERY_FEE, promo?: PromoDiscount | null): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const discountPercent = discountPercentFor(subtotal);
  const discount = Math.round((subtotal * discountPercent) / 100);
  if (promo && promoWins(discount, promo.discount)) {
    const promoDiscount = Math.min(promo.discount, subtotal);
    return { subtotal, discountPercent: 0, discount: promoDiscount, delivery: deliveryFee, total: subtotal - promoDiscount + deliveryFee, promoCode: promo.code };
  }
  return { subtotal, discountPercent, discount, delivery: deliveryFee, total: subtotal - discount + deliveryFee };
}

/** How the discount line is titled wherever totals are shown: «Скидка 10%» or «Скидка по промокоду РЕМЕСЛО10». */
export function discountLabel(totals: Pick<Totals, "discountPercent" | "promoCode">): string {
  if (totals.promoCode) return `Скидка по промокоду ${totals.promoCode}`;
  return totals.discountPercent > 0 ? `Скидка ${totals.discountPercent}%` : "Скидка";
}

/** Totals in roubles, as the API's JSON and the shop's pages carry them. */
export interface RoubleTotals {
  subtotal: number;
  discountPercent: number;
  discount: number;
  delivery: number;
  total: number;
  promoCode?: string;
}

/**
 * computeTotals for figures in roubles, as a client of the API has them (the cart's prices from the catalogue):
 * the same rule, counted in kopecks, given back in roubles. `delivery` in roubles, the fixed fee unless given.
 */
export function totalsInRoubles(
  lines: readonly PricedLine[],
  delivery: number = toRoubles(DELIVERY_FEE),
  /** the promo code's discount in roubles, as the server's check gave it */
  promo?: { code: string; discount: number } | null,
): RoubleTotals {
  const totals = computeTotals(
    lines.map((line) => ({ price: toKopecks(line.price), quantity: line.quantity })),
    toKopecks(delivery),
    promo ? { code: promo.code, discount: toKopecks(promo.discount) } : null,
  );
  return {
    subtotal: toRoubles(totals.subtotal),
    discountPercent: totals.discountPercent,
    discount: toRoubles(totals.discount),
    delivery: toRoubles(totals.delivery),
    total: toRoubles(totals.total),
    ...(totals.promoCode ? { promoCode: totals.promoCode } : {}),
  };
}
