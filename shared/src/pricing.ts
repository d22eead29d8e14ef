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
  discountPercent: number;
  discount: Kopecks;
  delivery: Kopecks;
  total: Kopecks;
}

/** Total = subtotal − discount + delivery; the discount is rounded to the kopeck. */
export function computeTotals(lines: readonly PricedLine[], deliveryFee: Kopecks = DELIVERY_FEE): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const discountPercent = discountPercentFor(subtotal);
  const discount = Math.round((subtotal * discountPercent) / 100);
  return { subtotal, discountPercent, discount, delivery: deliveryFee, total: subtotal - discount + deliveryFee };
}

/** Totals in roubles, as the API's JSON and the shop's pages carry them. */
export interface RoubleTotals {
  subtotal: number;
  discountPercent: number;
  discount: number;
  delivery: number;
  total: number;
}

/**
 * computeTotals for figures in roubles, as a client of the API has them (the cart's prices from the catalogue):
 * the same rule, counted in kopecks, given back in roubles. `delivery` in roubles, the fixed fee unless given.
 */
export function totalsInRoubles(lines: readonly PricedLine[], delivery: number = toRoubles(DELIVERY_FEE)): RoubleTotals {
  const totals = computeTotals(
    lines.map((line) => ({ price: toKopecks(line.price), quantity: line.quantity })),
    toKopecks(delivery),
  );
  return {
    subtotal: toRoubles(totals.subtotal),
    discountPercent: totals.discountPercent,
    discount: toRoubles(totals.discount),
    delivery: toRoubles(totals.delivery),
    total: toRoubles(totals.total),
  };
}
