import type { Sql } from "@shop/prisma/db";
import { queueMessages, type OutgoingMessage } from "../outbox";
import type { StockNotifier, StockProduct } from "./stock-notifier";

/**
 * What a change of stock announces (docs/product.md#stock-messages), queued in the transaction of the change:
 * managers hear when a product sells out or falls to the low-stock threshold, the users waiting for a product
 * when it comes back (from 0 to more). Null stock (not counted) counts as more than any number.
 */

export const DEFAULT_LOW_STOCK_THRESHOLD = 1;

export interface StockChange {
  product: StockProduct;
  before: number | null;
  after: number | null;
}

const above = (stock: number | null, level: number) => stock === null || stock > level;

/** The managers' message for a fall from `before` to `after`, if it crosses 0 or the threshold. */
export function stockFallMessages(notifier: StockNotifier, change: StockChange, event: string): OutgoingMessage[] {
  const { before, after } = change;
  if (after === null || !notifier.stockFell) return [];
  const threshold = notifier.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const crossed = after === 0 ? above(before, 0) : after <= threshold && above(before, threshold);
  return crossed ? notifier.stockFell(change.product, after, event) : [];
}

export const isRestock = (change: StockChange) => change.before === 0 && above(change.after, 0);

/** Queues, inside the caller's transaction, every message the changes announce. */
export async function announceStockChanges(sql: Sql, notifier: StockNotifier, changes: readonly StockChange[], event: string): Promise<boolean> {
  const messages: OutgoingMessage[] = [];
  for (const change of changes) {
    messages.push(...stockFallMessages(notifier, change, event));
    if (isRestock(change) && notifier.backInStock) {
      // a variant's subscribers wait for that variant; a product's (no variant) for the product
      const rows = await sql.query<{ telegram_user_id: string }>(
        `SELECT telegram_user_id::text FROM back_in_stock_subscriptions
          WHERE product_id = $1 AND variant_id IS NOT DISTINCT FROM $2::int
            -- a hidden product's page is not there to open: its subscribers keep waiting
            AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = $1 AND p.hidden)
          ORDER BY created_at, telegram_user_id`,
        [change.product.id, change.product.variantId ?? null],
      );
      if (rows.length > 0) messages.push(...notifier.backInStock(change.product, rows.map((row) => BigInt(row.telegram_user_id)), event));
    }
  }
  await queueMessages(sql, messages);
  return messages.length > 0;
}
