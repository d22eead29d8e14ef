import type { Database } from "@shop/prisma/db";

/**
 * How long a prepared checkout stays after it expired (docs/product.md#prepared-website-checkouts): meanwhile the
 * bot still tells the shopper it expired (or that it was confirmed), later the token is simply unknown.
 */
export const EXPIRED_PREPARED_ORDER_KEPT_MS = 24 * 3600 * 1000;

/** Deletes prepared checkouts that expired more than EXPIRED_PREPARED_ORDER_KEPT_MS ago; returns how many. */
export async function deleteExpiredPreparedOrders(db: Database): Promise<number> {
  const rows = await db.read<{ id: number }>(
    `DELETE FROM prepared_orders WHERE expires_at < now() - $1::int * interval '1 millisecond' RETURNING id`,
    [EXPIRED_PREPARED_ORDER_KEPT_MS],
  );
  return rows.length;
}
