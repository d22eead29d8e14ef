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

/**
 * Queues, inside the caller's transaction, every message the changes announce. A restocked variant messages those
 * waiting for it and those waiting for any variant of its product (no variant named); a user hears once per product
 * per change, however many of its variants came back.
 */
export async function announceStockChanges(sql: Sql, notifier: StockNotifier, changes: readonly StockChange[], event: string): Promise<boolean> {
  const messages: OutgoingMessage[] = [];
  const told = new Set<string>();
  for (const change of changes) {
    messages.push(...stockFallMessages(notifier, change, event));
    if (isRestock(change) && notifier.backInStock) {
      const variantId = change.product.variantId ?? null;
      // a variant's subscribers wait for that variant; a product's (no variant) for the product or any of its variants
      const rows = await sql.query<{ telegram_user_id: string; variant_id: number | null }>(
        `SELECT telegram_user_id::text, variant_id FROM back_in_stock_subscriptions
          WHERE product_id = $1 AND (variant_id IS NULL OR variant_id = $2::int)
            -- a hidden product's page is not there to open: its subscribers keep waiting
            AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = $1 AND p.hidden)
          ORDER BY variant_id NULLS LAST, created_at, telegram_user_id`,
        [change.product.id, variantId],
      );
      const waiting = (wholeProduct: boolean) =>
        rows
          .filter((row) => (row.variant_id === null) === wholeProduct && !told.has(`${change.product.id}:${row.telegram_user_id}`))
          .map((row) => {
            told.add(`${change.product.id}:${row.telegram_user_id}`);
            return BigInt(row.telegram_user_id);
          });
      const forVariant = variantId === null ? [] : waiting(false);
      const forProduct = waiting(true);
      if (forVariant.length > 0) messages.push(...notifier.backInStock(change.product, forVariant, event));
      if (forProduct.length > 0) {
        messages.push(...notifier.backInStock(change.product, forProduct, event, variantId === null ? undefined : { anyVariant: true }));
      }
    }
  }
  await queueMessages(sql, messages);
  return messages.length > 0;
}
