import type { Database } from "@shop/prisma/db";
import { autoCommitSql } from "@shop/prisma/db";
import { computeTotals, type Totals } from "@shop/shared/pricing";
import { PROMO_OUTCOME } from "@shop/shared/promo-codes";
import type { Kopecks } from "@shop/shared/money";
import { customerKeys, evaluatePromoCode, type PromoCartLine } from "./terms";

/** What the cart's code field shows: whether the code applies, which discount the shopper gets, the totals. */
export interface PromoPreview {
  code: string;
  /** the code is valid for this cart */
  applies: boolean;
  /** the code gives the discount (it beats the volume discount) */
  wins: boolean;
  message: string;
  /** why it does not apply; null when it does */
  reason: string | null;
  /** what the code alone would take off (0 when it does not apply) */
  promoDiscount: Kopecks;
  /** when the code does not apply: how much more the cart needs for its minimum */
  missing: Kopecks | null;
  totals: Totals;
}

/**
 * A code against a priced cart, for the shopper's preview: nothing is written and nothing is taken. The same
 * rules as the order (terms.ts, pricing.ts promoWins); the delivery is the fixed fee here.
 */
export async function previewPromoCode(
  db: Pick<Database, "read">,
  input: { code: string; lines: readonly PromoCartLine[]; phone?: string | null; telegramUserId?: number | string | null },
): Promise<PromoPreview> {
  const sql = autoCommitSql(db);
  const keys = customerKeys({ phone: input.phone ?? null, telegramUserId: input.telegramUserId ?? null });
  const evaluation = await evaluatePromoCode(sql, input.code, input.lines, keys);
  const plain = computeTotals(input.lines);
  if (evaluation.status !== "applies") {
    const message = evaluation.status === "unknown" ? evaluation.message : evaluation.check.message;
    const code = evaluation.status === "unknown" ? evaluation.code : evaluation.row.terms.code;
    const reason = evaluation.status === "unknown" ? "unknown" : evaluation.check.reason;
    const missing = evaluation.status === "refused" ? (evaluation.check.missing ?? null) : null;
    return { code, applies: false, wins: false, message, reason, promoDiscount: 0, missing, totals: plain };
  }
  const { code } = evaluation.row.terms;
  const totals = computeTotals(input.lines, undefined, { code, discount: evaluation.check.discount });
  const wins = totals.promoCode !== undefined;
  const message = wins ? PROMO_OUTCOME.promoWins(code, totals.discount) : PROMO_OUTCOME.volumeWins(code, evaluation.check.discount, plain.discountPercent);
  return { code, applies: true, wins, message, reason: null, promoDiscount: evaluation.check.discount, missing: null, totals };
}
