import { randomUUID } from "node:crypto";
import type { Database } from "@shop/prisma/db";
import { conflict, invalid, notFound, PRODUCT_NOT_FOUND } from "../errors";
import type { StockNotifier, StockProduct } from "./stock-notifier";
import { announceStockChanges } from "./stock-changes";
import { recordAudit, type AuditActor } from "../audit";

export const STOCK_DELTA_MAX = 1000;
export const DELTA_INVALID = `Изменение остатка — целое число от −${STOCK_DELTA_MAX} до ${STOCK_DELTA_MAX}, не 0`;
export const STOCK_NOT_COUNTED = "Остаток этого товара не ведётся: укажите его в карточке товара";
export const stockTooLow = (left: number) => `Нельзя списать больше, чем есть: осталось ${left} шт.`;

/**
 * Adds pieces (a delivery) or takes them (a broken piece, a sale elsewhere) in one conditional statement, so
 * that concurrent orders and adjustments never lose a piece or take the stock below 0. Its stock messages are
 * queued in the same transaction. Returns the new stock.
 */
export async function adjustStock(db: Database, notifier: StockNotifier, productId: number, delta: number, actor?: AuditActor): Promise<number> {
  if (!Number.isInteger(delta) || delta === 0 || Math.abs(delta) > STOCK_DELTA_MAX) throw invalid(DELTA_INVALID, { delta: DELTA_INVALID });
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
      throw conflict(current.stock === null ? STOCK_NOT_COUNTED : stockTooLow(current.stock));
    }
    const product = { id: row.id, name: row.name, sku: row.sku };
    await recordAudit(sql, actor, { kind: "stock", action: "adjust", entityId: row.id, label: row.name, before: { stock: row.stock - delta }, after: { stock: row.stock } });
    const queued = await announceStockChanges(sql, notifier, [{ product, before: row.stock - delta, after: row.stock }], `adjust:${randomUUID()}`);
    return { stock: row.stock, queued };
  });
  if (result.queued) notifier.queued?.();
  return result.stock;
}
