/** Discount tiers, delivery fee and order totals (docs/product.md#pricing-and-delivery); the server decides the money. */

export interface DiscountTier {
  /** subtotal in roubles from which the tier applies */
  threshold: number;
  percent: number;
}

export const DISCOUNT_TIERS: readonly DiscountTier[] = [
  { threshold: 500, percent: 5 },
  { threshold: 1000, percent: 10 },
  { threshold: 1500, percent: 13 },
];

/** The progress bar in the cart stops at the last tier. */
export const DISCOUNT_PROGRESS_CAP = DISCOUNT_TIERS[DISCOUNT_TIERS.length - 1]!.threshold;

/** Fixed delivery fee in roubles; a manager confirms the exact cost. */
export const DELIVERY_FEE = 250;

export function discountPercentFor(subtotal: number): number {
  let percent = 0;
  for (const tier of DISCOUNT_TIERS) if (subtotal >= tier.threshold) percent = tier.percent;
  return percent;
}

/** The next tier the shopper can still reach, and how much is missing; null at the maximum. */
export function nextDiscountTier(subtotal: number): { percent: number; missing: number } | null {
  const tier = DISCOUNT_TIERS.find((t) => subtotal < t.threshold);
  return tier ? { percent: tier.percent, missing: fromKopecks(toKopecks(tier.threshold) - toKopecks(subtotal)) } : null;
}

/** Progress toward the maximum discount, 0…1. */
export function discountProgress(subtotal: number): number {
  return Math.max(0, Math.min(1, subtotal / DISCOUNT_PROGRESS_CAP));
}

export interface PricedLine {
  price: number;
  quantity: number;
}

export interface Totals {
  subtotal: number;
  discountPercent: number;
  discount: number;
  delivery: number;
  total: number;
}

/** Money is added up in kopecks so that 0.1 + 0.2 never shows up on a receipt. */
export function toKopecks(roubles: number): number {
  return Math.round(roubles * 100);
}

/**
 * A sum of money sent as a number, in whole kopecks; null when it is not finite, not a whole number of kopecks
 * (10.005), or not 0 and yet less than a kopeck (1e-10, which would be stored as 0). The error of binary fractions
 * (19.99 × 100 = 1998.9999999999998) is not held against a sum. A sum that is not 0 is so at least 0.01.
 */
export function kopecksOf(roubles: number): number | null {
  if (!Number.isFinite(roubles)) return null;
  const kopecks = Math.round(roubles * 100);
  if (Math.abs(roubles * 100 - kopecks) > 1e-6) return null;
  if (kopecks === 0 && roubles !== 0) return null;
  return kopecks;
}

export function fromKopecks(kopecks: number): number {
  return kopecks / 100;
}

export function subtotalOf(lines: readonly PricedLine[]): number {
  return fromKopecks(lines.reduce((sum, line) => sum + toKopecks(line.price) * line.quantity, 0));
}

/** Total = subtotal − discount + delivery; the discount is rounded to the kopeck. */
export function computeTotals(lines: readonly PricedLine[], deliveryFee: number = DELIVERY_FEE): Totals {
  const subtotalKopecks = lines.reduce((sum, line) => sum + toKopecks(line.price) * line.quantity, 0);
  const subtotal = fromKopecks(subtotalKopecks);
  const discountPercent = discountPercentFor(subtotal);
  const discountKopecks = Math.round((subtotalKopecks * discountPercent) / 100);
  const deliveryKopecks = toKopecks(deliveryFee);
  return {
    subtotal,
    discountPercent,
    discount: fromKopecks(discountKopecks),
    delivery: fromKopecks(deliveryKopecks),
    total: fromKopecks(subtotalKopecks - discountKopecks + deliveryKopecks),
  };
}
