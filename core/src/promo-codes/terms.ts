import type { Sql } from "@shop/prisma/db";
import { fromDecimal } from "@shop/shared/money";
import { checkPromoCode, normalizePromoCode, PROMO_MESSAGES, spreadDiscount, type PromoCheck, type PromoKind, type PromoScope, type PromoTerms } from "@shop/shared/promo-codes";
import { computeTotals, type Totals } from "@shop/shared/pricing";
import type { Kopecks } from "@shop/shared/money";
import { conflict } from "../errors";

/** A code as read for a cart: its terms, and what the order's statement checks it still is. */
export interface PromoCodeRow {
  id: number;
  updatedAt: Date;
  terms: PromoTerms;
}

interface TermsSqlRow {
  id: number;
  code: string;
  kind: string;
  percent: number;
  amount: string;
  min_order: string;
  max_uses: number | null;
  uses: number;
  max_uses_per_customer: number | null;
  customer_uses: number;
  starts_at: Date | null;
  ends_at: Date | null;
  active: boolean;
  scope: string;
  category_ids: number[];
  product_ids: number[];
  updated_at: Date;
}

/** Whose uses count against a code's limit per customer: their phone and their Telegram account, each. */
export function customerKeys(customer: { phone?: string | null; telegramUserId?: number | bigint | string | null }): string[] {
  const keys: string[] = [];
  if (customer.phone) keys.push(`p:${customer.phone}`);
  if (customer.telegramUserId !== null && customer.telegramUserId !== undefined) keys.push(`t:${String(customer.telegramUserId)}`);
  return keys.sort();
}

/** The code (any case) with the customer's uses of it, or null when the shop has no such code. */
export async function readPromoCode(sql: Sql, code: string, keys: readonly string[]): Promise<PromoCodeRow | null> {
  const [row] = await sql.query<TermsSqlRow>(
    `SELECT c.id, c.code, c.kind, c.percent, c.amount::text AS amount, c.min_order::text AS min_order, c.max_uses, c.uses,
            c.max_uses_per_customer, c.starts_at, c.ends_at, c.active, c.scope, c.category_ids, c.product_ids, c.updated_at,
            coalesce((SELECT max(pc.uses) FROM promo_code_customers pc WHERE pc.promo_code_id = c.id AND pc.customer_key = ANY($2::text[])), 0)::int
              AS customer_uses
       FROM promo_codes c WHERE c.code = $1`,
    [normalizePromoCode(code), keys],
  );
  if (!row) return null;
  return {
    id: row.id,
    updatedAt: row.updated_at,
    terms: {
      code: row.code,
      kind: row.kind as PromoKind,
      percent: row.percent,
      amount: fromDecimal(row.amount),
      minOrder: fromDecimal(row.min_order),
      maxUses: row.max_uses,
      uses: row.uses,
      maxUsesPerCustomer: row.max_uses_per_customer,
      customerUses: row.customer_uses,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      active: row.active,
      scope: row.scope as PromoScope,
      categoryIds: row.category_ids ?? [],
      productIds: row.product_ids ?? [],
    },
  };
}

/** A priced line as the code needs it. */
export interface PromoCartLine {
  productId: number | null;
  price: Kopecks;
  quantity: number;
}

/** The categories of the cart's products, for a code limited to categories. */
async function categoriesOf(sql: Sql, lines: readonly PromoCartLine[]): Promise<Map<number, number[]>> {
  const ids = [...new Set(lines.flatMap((line) => (line.productId === null ? [] : [line.productId])))];
  const rows = await sql.query<{ product_id: number; category_id: number }>(
    `SELECT product_id, category_id FROM product_categories WHERE product_id = ANY($1::int[])`,
    [ids],
  );
  const byProduct = new Map<number, number[]>();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row.category_id]);
  return byProduct;
}

export type PromoEvaluation =
  | { status: "unknown"; code: string; message: string }
  | { status: "refused"; row: PromoCodeRow; check: Extract<PromoCheck, { ok: false }> }
  | { status: "applies"; row: PromoCodeRow; check: Extract<PromoCheck, { ok: true }> };

/** Whether `code` applies to the priced cart for this customer now. Reads only. */
export async function evaluatePromoCode(sql: Sql, code: string, lines: readonly PromoCartLine[], keys: readonly string[]): Promise<PromoEvaluation> {
  const row = await readPromoCode(sql, code, keys);
  if (!row) return { status: "unknown", code: normalizePromoCode(code), message: PROMO_MESSAGES.unknown(normalizePromoCode(code)) };
  const categories = row.terms.scope === "categories" ? await categoriesOf(sql, lines) : new Map<number, number[]>();
  const check = checkPromoCode(
    row.terms,
    lines.map((line) => ({ ...line, categoryIds: line.productId === null ? [] : (categories.get(line.productId) ?? []) })),
    new Date(),
  );
  return check.ok ? { status: "applies", row, check } : { status: "refused", row, check };
}

/** What an order carries of its code: the statement takes a use only while the code is still as read. */
export interface OrderPromo {
  id: number;
  code: string;
  updatedAt: Date;
  customerKeys: string[];
  /** per line, its share of the discount */
  lineShares: Kopecks[];
}

/** A refused code at checkout: 409 with the reason, so the client can show it by the code field. */
export const promoRefused = (message: string, reason: string) => conflict(message, { code: "promo_code_refused", reason });

/**
 * The totals of a cart with a code (the combination rule: pricing.ts promoWins) and, when the code gives the
 * discount, what the order records of it. A code that does not apply is refused with its reason.
 */
export async function totalsWithPromo(
  sql: Sql,
  code: string,
  lines: readonly PromoCartLine[],
  keys: string[],
  delivery: (goods: Totals) => Kopecks,
): Promise<{ totals: Totals; promo: OrderPromo | null }> {
  const evaluation = await evaluatePromoCode(sql, code, lines, keys);
  if (evaluation.status === "unknown") throw promoRefused(evaluation.message, "unknown");
  if (evaluation.status === "refused") throw promoRefused(evaluation.check.message, evaluation.check.reason);
  const { row, check } = evaluation;
  const promo = { code: row.terms.code, discount: check.discount };
  const goods = computeTotals(lines, 0, promo);
  const totals = computeTotals(lines, delivery(goods), promo);
  if (!totals.promoCode) return { totals, promo: null };
  // the counters the statement locks must exist before it runs
  await sql.query(
    `INSERT INTO promo_code_customers (promo_code_id, customer_key, uses) SELECT $1, key, 0 FROM unnest($2::text[]) AS key
     ON CONFLICT DO NOTHING`,
    [row.id, keys],
  );
  return {
    totals,
    promo: {
      id: row.id,
      code: row.terms.code,
      updatedAt: row.updatedAt,
      customerKeys: keys,
      lineShares: spreadDiscount(lines.map((line) => line.price * line.quantity), totals.discount, check.eligible),
    },
  };
}
