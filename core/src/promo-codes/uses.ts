import type { Sql } from "@shop/prisma/db";

/**
 * A cancelled order gives its promo code's use back (to the code and to the customer's counters); an order taken
 * back from «Отменен» takes it again, even past the limit — the manager decided (docs/product.md#promo-codes).
 */
export async function countPromoUse(sql: Sql, orderId: number, change: 1 | -1): Promise<void> {
  await sql.query(
    `WITH o AS (
       SELECT promo_code_id, customer_phone, telegram_user_id FROM orders WHERE id = $1 AND promo_code_id IS NOT NULL
     ), code AS (
       UPDATE promo_codes c SET uses = greatest(c.uses + $2::int, 0) FROM o WHERE c.id = o.promo_code_id
     )
     UPDATE promo_code_customers pc SET uses = greatest(pc.uses + $2::int, 0)
       FROM o
      WHERE pc.promo_code_id = o.promo_code_id
        AND pc.customer_key IN ('p:' || o.customer_phone, 't:' || o.telegram_user_id::text)`,
    [orderId, change],
  );
}
