import type { Sql } from "@shop/prisma/db";
import { conflict } from "../errors";
import type { StockProduct } from "./stock-notifier";
import type { StockChange } from "./stock-changes";

/**
 * An order's pieces going back to stock when it is cancelled, and taken again when it is taken back out of
 * 'cancelled' (docs/product.md#stock). Only the lines whose pieces were taken from stock count
 * (order_items.stock_taken), of products that still exist and whose stock is still counted. Both run inside the
 * status change's transaction.
 */

export const piecesGone = (name: string, left: number) =>
  left === 0
    ? `Нельзя вернуть заказ из отменённых: товар «${name}» закончился`
    : `Нельзя вернуть заказ из отменённых: товара «${name}» осталось ${left} шт.`;

const ORDER_PIECES = `SELECT product_id, sum(quantity)::int AS quantity FROM order_items
   WHERE order_id = $1 AND stock_taken AND product_id IS NOT NULL GROUP BY product_id`;

type Row = StockProduct & { stock: number; quantity: number };

/** The order's counted products with their stock and the order's pieces of each, locked in id order as orders lock them. */
function lockOrderPieces(sql: Sql, orderId: number): Promise<Row[]> {
  return sql.query<Row>(
    `SELECT p.id, p.name, p.sku, p.stock, line.quantity
       FROM products p JOIN (${ORDER_PIECES}) AS line ON p.id = line.product_id
      WHERE p.stock IS NOT NULL
      ORDER BY p.id FOR UPDATE OF p`,
    [orderId],
  );
}

/** Adds `sign` × the pieces of each locked row to its product's stock. */
async function move(sql: Sql, rows: readonly Row[], sign: 1 | -1): Promise<StockChange[]> {
  if (rows.length === 0) return [];
  await sql.query(
    `UPDATE products p SET stock = p.stock + $3 * line.quantity FROM unnest($1::int[], $2::int[]) AS line(id, quantity) WHERE p.id = line.id`,
    [rows.map((row) => row.id), rows.map((row) => row.quantity), sign],
  );
  return rows.map((row) => ({ product: { id: row.id, name: row.name, sku: row.sku }, before: row.stock, after: row.stock + sign * row.quantity }));
}

/** Returns the cancelled order's pieces to stock. */
export async function returnOrderPieces(sql: Sql, orderId: number): Promise<StockChange[]> {
  return move(sql, await lockOrderPieces(sql, orderId), 1);
}

/** Takes the pieces of an order leaving 'cancelled' again, all or none: a conflict naming the first short product. */
export async function takeOrderPiecesAgain(sql: Sql, orderId: number): Promise<StockChange[]> {
  // locked first, so that the check holds until the update
  const locked = await lockOrderPieces(sql, orderId);
  const short = locked.find((row) => row.stock < row.quantity);
  if (short) throw conflict(piecesGone(short.name, short.stock));
  return move(sql, locked, -1);
}
