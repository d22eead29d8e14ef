import type { Database } from "@shop/prisma/db";
import { availabilityOf } from "@shop/shared/stock";
import { conflict, notFound, PRODUCT_NOT_FOUND } from "../errors";

/**
 * "Сообщить о поступлении" (docs/product.md#back-in-stock): a Mini App user waits for a sold-out product. The
 * subscription stays until they unsubscribe, and every restock (stock from 0 to more) messages them once
 * (stock-changes.ts queues it).
 */

export const PRODUCT_AVAILABLE = "Товар есть в наличии";

async function productStock(db: Database, productId: number) {
  const [product] = await db.read<{ stock: number | null; made_to_order_days: number | null }>(
    `SELECT stock, made_to_order_days FROM products WHERE id = $1`,
    [productId],
  );
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

export async function isSubscribed(db: Database, telegramUserId: number, productId: number): Promise<boolean> {
  await productStock(db, productId);
  const rows = await db.read(`SELECT 1 FROM back_in_stock_subscriptions WHERE telegram_user_id = $1 AND product_id = $2`, [
    telegramUserId,
    productId,
  ]);
  return rows.length > 0;
}

/** Subscribes; a product that can be ordered now is a conflict (there is nothing to wait for). */
export async function subscribe(db: Database, telegramUserId: number, productId: number): Promise<void> {
  if (availabilityOf(await productStock(db, productId)).orderable) throw conflict(PRODUCT_AVAILABLE);
  // the product may be deleted in between: the foreign key refuses the row, which is a 404 then
  const [row] = await db.read<{ found: boolean }>(
    `WITH added AS (
       INSERT INTO back_in_stock_subscriptions (telegram_user_id, product_id)
       SELECT $1, id FROM products WHERE id = $2
       ON CONFLICT DO NOTHING RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM products WHERE id = $2) AS found`,
    [telegramUserId, productId],
  );
  if (!row?.found) throw notFound(PRODUCT_NOT_FOUND);
}

/** Unsubscribes; true when there was a subscription. */
export async function unsubscribe(db: Database, telegramUserId: number, productId: number): Promise<boolean> {
  const rows = await db.read(`DELETE FROM back_in_stock_subscriptions WHERE telegram_user_id = $1 AND product_id = $2 RETURNING 1`, [
    telegramUserId,
    productId,
  ]);
  return rows.length > 0;
}
