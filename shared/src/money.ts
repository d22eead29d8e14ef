/**
 * Money inside the shop is a whole number of kopecks (`Kopecks`): prices, order lines, totals, invoices, payments
 * and statistics are added, compared and kept as integers, so 0.1 + 0.2 never reaches a receipt. Money changes
 * shape only at the edges, each in one place:
 * - the database keeps roubles as numeric(…, 2): `toDecimal` writes a statement's parameter, `fromDecimal` reads
 *   what the driver gives (text, a number, or Prisma's Decimal);
 * - the API's JSON and the texts people read speak roubles with two decimals (`toRoubles`; `toKopecks` for roubles
 *   that come in, such as a catalogue's price or a typed delivery cost).
 */
export type Kopecks = number;

/** Roubles (a wire or form figure) as kopecks, rounded to the kopeck. */
export const toKopecks = (roubles: number): Kopecks => Math.round(roubles * 100);

/**
 * A sum of money sent as a number, in whole kopecks; null when it is not finite, not a whole number of kopecks
 * (10.005), or not 0 and yet less than a kopeck (1e-10, which would be stored as 0). The error of binary fractions
 * (19.99 × 100 = 1998.9999999999998) is not held against a sum. A sum that is not 0 is so at least 0.01.
 */
export function kopecksOf(roubles: number): Kopecks | null {
  if (!Number.isFinite(roubles)) return null;
  const kopecks = Math.round(roubles * 100);
  if (Math.abs(roubles * 100 - kopecks) > 1e-6) return null;
  if (kopecks === 0 && roubles !== 0) return null;
  return kopecks;
}

/** Kopecks as the roubles the API's JSON and the shop's texts show (two decimals at most). */
export const toRoubles = (kopecks: Kopecks): number => kopecks / 100;

/** Kopecks as a numeric statement parameter ("1890.00"), exact for any whole number of kopecks. */
export function toDecimal(kopecks: Kopecks): string {
  const sign = kopecks < 0 ? "-" : "";
  const whole = Math.abs(Math.round(kopecks));
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** A numeric column's value as the driver gives it ("1890.00", 1890, a Decimal) in kopecks. */
export function fromDecimal(value: string | number | { toString(): string }): Kopecks {
  const text = typeof value === "number" ? value.toFixed(2) : value.toString();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal amount of money: ${text}`);
  const [, sign, whole = "", fraction = ""] = match;
  const kopecks = Number(whole || "0") * 100 + Number((fraction + "00").slice(0, 2)) + (Number(fraction.slice(2, 3) || "0") >= 5 ? 1 : 0);
  return sign ? -kopecks : kopecks;
}
