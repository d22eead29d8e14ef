import { randomUUID } from "node:crypto";
import type { Database } from "@shop/prisma/db";
import { conflict, invalid, notFound, PRODUCT_NOT_FOUND } from "../errors";
import type { StockNotifier, StockProduct } from "./stock-notifier";
import { announceStockChanges } from "./stock-changes";

export const STOCK_DELTA_MAX = 1000;
export const DELTA_INVALID = `Изменение остатка — целое число от −${STOCK_DELTA_MAX} до ${STOCK_DELTA_MAX}, не 0`;
export const STOCK_NOT_COUNTED = "Остаток этого товара не ведётся: укажите его в карточке товара";
export const stockTooLow = (left: number) => `Нельзя списать больше, чем есть: осталось ${left} шт.`;
export const VARIANT_NOT_FOUND = "Вариант товара не найден";
export const CHOOSE_VARIANT = "У товара есть варианты: укажите, остаток какого варианта меняется";

/**
 * Adds pieces (a delivery) or takes them (a broken piece, a sale elsewhere) in one conditional statement, so
 * that concurrent orders and adjustments never lose a piece or take the stock below 0. Its stock messages are
 * queued in the same transaction. Returns the new stock.
 */
export async function adjustStock(db: Database, notifier: StockNotifier, productId: number, delta: number, variantId?: number): Promise<number> {
  if (!Number.isInteger(delta) || delta === 0 || Math.abs(delta) > STOCK_DELTA_MAX) throw invalid(DELTA_INVALID, { delta: DELTA_INVALID });
  if (variantId !== undefined) return adjustVariantStock(db, notifier, productId, variantId, delta);
  const result = await db.transaction(async (sql) => {
    // updated_at too: an admin's change raises the catalogue's version at once (migration 0007_stock)
    const [row] = await sql.query<StockProduct & { stock: number }>(
      `UPDATE products SET stock = stock + $2, updated_at = now()
        WHERE id = $1 AND stock IS NOT NULL AND stock + $2 >= 0
        RETURNING id, name, sku, stock`,
      [productId, delta],
    );
    if (!row) {
      const [current] = await sql.query<{ stock: number | null }>(`SELECT stock FROM products WHERE id = $1`, [productId]);
      if (!current) throw notFound(PRODUCT_NOT_FOUND);
      const [variant] = await sql.query(`SELECT 1 FROM product_variants WHERE product_id = $1 LIMIT 1`, [productId]);
      if (variant) throw conflict(CHOOSE_VARIANT);
      throw conflict(current.stock === null ? STOCK_NOT_COUNTED : stockTooLow(current.stock));
    }
    const product = { id: row.id, name: row.name, sku: row.sku };
    const queued = await announceStockChanges(sql, notifier, [{ product, before: row.stock - delta, after: row.stock }], `adjust:${randomUUID()}`);
    return { stock: row.stock, queued };
  });
  if (result.queued) notifier.queued?.();
  return result.stock;
}

/** adjustStock for one variant of a product. */
async function adjustVariantStock(db: Database, notifier: StockNotifier, productId: number, variantId: number, delta: number): Promise<number> {
  const result = await db.transaction(async (sql) => {
    const [row] = await sql.query<{ name: string; sku: string; stock: number; title: string }>(
      `UPDATE product_variants v SET stock = v.stock + $3, updated_at = now()
         FROM products p
        WHERE v.id = $2 AND v.product_id = $1 AND p.id = v.product_id AND v.stock IS NOT NULL AND v.stock + $3 >= 0
        RETURNING p.name, v.sku, v.stock,
                  (SELECT string_agg(o.name || ': ' || ov.value, ', ' ORDER BY o.position, o.id)
                     FROM product_options o JOIN product_option_values ov ON ov.option_id = o.id
                    WHERE o.product_id = p.id AND ov.id = ANY(v.option_value_ids)) AS title`,
      [productId, variantId, delta],
    );
    if (!row) {
      const [current] = await sql.query<{ stock: number | null }>(`SELECT stock FROM product_variants WHERE id = $1 AND product_id = $2`, [variantId, productId]);
      if (!current) throw notFound(VARIANT_NOT_FOUND);
      throw conflict(current.stock === null ? STOCK_NOT_COUNTED : stockTooLow(current.stock));
    }
    const product = { id: productId, name: row.title ? `${row.name} (${row.title})` : row.name, sku: row.sku, variantId };
    const queued = await announceStockChanges(sql, notifier, [{ product, before: row.stock - delta, after: row.stock }], `adjust:${randomUUID()}`);
    return { stock: row.stock, queued };
  });
  if (result.queued) notifier.queued?.();
  return result.stock;
}
