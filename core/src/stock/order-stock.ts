import type { Sql } from "@shop/prisma/db";
import { conflict } from "../errors";
import type { StockProduct } from "../orders/notifications";
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

/** Returns the cancelled order's pieces to stock. */
export async function returnOrderPieces(sql: Sql, orderId: number): Promise<StockChange[]> {
  const rows = await sql.query<Row>(
    `UPDATE products p SET stock = p.stock + line.quantity
       FROM (${ORDER_PIECES}) AS line
      WHERE p.id = line.product_id AND p.stock IS NOT NULL
      RETURNING p.id, p.name, p.sku, p.stock, line.quantity`,
    [orderId],
  );
  return rows.map((row) => ({ product: { id: row.id, name: row.name, sku: row.sku }, before: row.stock - row.quantity, after: row.stock }));
}

/** Takes the pieces of an order leaving 'cancelled' again, all or none: a conflict naming the first short product. */
export async function takeOrderPiecesAgain(sql: Sql, orderId: number): Promise<StockChange[]> {
  // locked in id order, as orders lock them, so that the check holds until the update
  const locked = await sql.query<Row>(
    `SELECT p.id, p.name, p.sku, p.stock, line.quantity
       FROM products p JOIN (${ORDER_PIECES}) AS line ON p.id = line.product_id
      WHERE p.stock IS NOT NULL
      ORDER BY p.id FOR UPDATE OF p`,
    [orderId],
  );
  const short = locked.find((row) => row.stock < row.quantity);
  if (short) throw conflict(piecesGone(short.name, short.stock));
  if (locked.length === 0) return [];
  await sql.query(
    `UPDATE products p SET stock = p.stock - line.quantity FROM unnest($1::int[], $2::int[]) AS line(id, quantity) WHERE p.id = line.id`,
    [locked.map((row) => row.id), locked.map((row) => row.quantity)],
  );
  return locked.map((row) => ({ product: { id: row.id, name: row.name, sku: row.sku }, before: row.stock, after: row.stock - row.quantity }));
}
