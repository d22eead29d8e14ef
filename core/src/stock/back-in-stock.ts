import type { Database } from "@shop/prisma/db";
import { availabilityOf } from "@shop/shared/stock";
import { conflict, notFound, PRODUCT_NOT_FOUND } from "../errors";

/**
 * "Сообщить о поступлении" (docs/product.md#back-in-stock): a Mini App user waits for a sold-out product, for one
 * variant of a product with variants, or for any variant of a product none of whose variants can be ordered ("tell
 * me when any of them is back": no variant named). The subscription stays until they unsubscribe, and every restock
 * (stock from 0 to more) of what they wait for messages them once (stock-changes.ts queues it).
 */

export const PRODUCT_AVAILABLE = "Товар есть в наличии";
export const VARIANT_NOT_FOUND_FOR_PRODUCT = "Вариант товара не найден";

type StockRow = { stock: number | null; made_to_order_days: number | null };

/**
 * Whether what is waited for can be ordered now: the product's stock; the named variant's; or, for a product with
 * variants and none named, whether any of its switched-on variants can.
 */
async function orderableNow(db: Database, productId: number, variantId: number | null): Promise<boolean> {
  const [product] = await db.read<StockRow & { variants: StockRow[] | null; has_variants: boolean }>(
    `SELECT stock, made_to_order_days,
            (SELECT json_agg(json_build_object('stock', v.stock, 'made_to_order_days', v.made_to_order_days))
               FROM product_variants v WHERE v.product_id = p.id AND v.enabled) AS variants,
            EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id) AS has_variants
       FROM products p WHERE id = $1 AND NOT hidden`,
    [productId],
  );
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  if (variantId === null) {
    if (product.has_variants) return (product.variants ?? []).some((variant) => availabilityOf(variant).orderable);
    return availabilityOf(product).orderable;
  }
  const [variant] = await db.read<StockRow>(
    `SELECT stock, made_to_order_days FROM product_variants WHERE id = $1 AND product_id = $2 AND enabled`,
    [variantId, productId],
  );
  if (!variant) throw notFound(VARIANT_NOT_FOUND_FOR_PRODUCT);
  return availabilityOf(variant).orderable;
}

export async function isSubscribed(db: Database, telegramUserId: number, productId: number, variantId: number | null = null): Promise<boolean> {
  await orderableNow(db, productId, variantId);
  const rows = await db.read(
    `SELECT 1 FROM back_in_stock_subscriptions WHERE telegram_user_id = $1 AND product_id = $2 AND variant_id IS NOT DISTINCT FROM $3::int`,
    [telegramUserId, productId, variantId],
  );
  return rows.length > 0;
}

/** Subscribes; what can be ordered now (a product, a variant, any variant) is a conflict: there is nothing to wait for. */
export async function subscribe(db: Database, telegramUserId: number, productId: number, variantId: number | null = null): Promise<void> {
  if (await orderableNow(db, productId, variantId)) throw conflict(PRODUCT_AVAILABLE);
  // the product may be deleted in between: the foreign key refuses the row, which is a 404 then
  const [row] = await db.read<{ found: boolean }>(
    `WITH added AS (
       INSERT INTO back_in_stock_subscriptions (telegram_user_id, product_id, variant_id)
       SELECT $1, id, $3::int FROM products WHERE id = $2
       ON CONFLICT DO NOTHING RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM products WHERE id = $2) AS found`,
    [telegramUserId, productId, variantId],
  );
  if (!row?.found) throw notFound(PRODUCT_NOT_FOUND);
}

/** Unsubscribes; true when there was a subscription. */
export async function unsubscribe(db: Database, telegramUserId: number, productId: number, variantId: number | null = null): Promise<boolean> {
  const rows = await db.read(
    `DELETE FROM back_in_stock_subscriptions WHERE telegram_user_id = $1 AND product_id = $2 AND variant_id IS NOT DISTINCT FROM $3::int RETURNING 1`,
    [telegramUserId, productId, variantId],
  );
  return rows.length > 0;
}
