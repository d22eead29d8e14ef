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

/** Lines of a product without variants (a variant's line keeps its title even once the variant is deleted). */
const ORDER_PIECES = `SELECT product_id, sum(quantity)::int AS quantity FROM order_items
   WHERE order_id = $1 AND stock_taken AND product_id IS NOT NULL AND variant_title IS NULL GROUP BY product_id`;

const ORDER_VARIANT_PIECES = `SELECT variant_id, sum(quantity)::int AS quantity FROM order_items
   WHERE order_id = $1 AND stock_taken AND variant_id IS NOT NULL GROUP BY variant_id`;

type Row = { id: number; name: string; sku: string; stock: number; quantity: number; kind: "p" | "v"; product_id: number; title: string | null };

/**
 * The order's counted products and variants with their stock and the order's pieces of each, locked as orders
 * lock them: products in id order, then variants in id order.
 */
async function lockOrderPieces(sql: Sql, orderId: number): Promise<Row[]> {
  const products = await sql.query<Row>(
    `SELECT 'p' AS kind, p.id, p.id AS product_id, p.name, p.sku, p.stock, line.quantity, NULL::text AS title
       FROM products p JOIN (${ORDER_PIECES}) AS line ON p.id = line.product_id
      WHERE p.stock IS NOT NULL
      ORDER BY p.id FOR UPDATE OF p`,
    [orderId],
  );
  const variants = await sql.query<Row>(
    `SELECT 'v' AS kind, v.id, v.product_id, p.name, v.sku, v.stock, line.quantity,
            (SELECT i.variant_title FROM order_items i WHERE i.order_id = $1 AND i.variant_id = v.id LIMIT 1) AS title
       FROM product_variants v JOIN (${ORDER_VARIANT_PIECES}) AS line ON v.id = line.variant_id JOIN products p ON p.id = v.product_id
      WHERE v.stock IS NOT NULL
      ORDER BY v.id FOR UPDATE OF v`,
    [orderId],
  );
  return [...products, ...variants];
}

const stockProductOf = (row: Row): StockProduct =>
  row.kind === "p"
    ? { id: row.id, name: row.name, sku: row.sku }
    : { id: row.product_id, name: row.title ? `${row.name} (${row.title})` : row.name, sku: row.sku, variantId: row.id };

/** Adds `sign` × the pieces of each locked row to its product's or variant's stock. */
async function move(sql: Sql, rows: readonly Row[], sign: 1 | -1): Promise<StockChange[]> {
  if (rows.length === 0) return [];
  for (const [kind, table] of [["p", "products"], ["v", "product_variants"]] as const) {
    const of = rows.filter((row) => row.kind === kind);
    if (of.length === 0) continue;
    await sql.query(
      `UPDATE ${table} t SET stock = t.stock + $3 * line.quantity FROM unnest($1::int[], $2::int[]) AS line(id, quantity) WHERE t.id = line.id`,
      [of.map((row) => row.id), of.map((row) => row.quantity), sign],
    );
  }
  return rows.map((row) => ({ product: stockProductOf(row), before: row.stock, after: row.stock + sign * row.quantity }));
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
  if (short) throw conflict(piecesGone(stockProductOf(short).name, short.stock));
  return move(sql, locked, -1);
}
