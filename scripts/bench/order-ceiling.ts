/**
 * The order path's ceiling: an order-shaped transaction straight on the database, pgbench-style — 50 clients,
 * each running transactions back to back: read the price of two products, insert the order with its number from
 * the sequence, its two lines and one outbox row, commit. No HTTP, no validation, no JSON: what the database
 * itself can do with the work one order needs, against which POST /api/orders is measured.
 */
import type { Database } from "@shop/prisma/db";

export interface CeilingResult {
  tps: number;
  p50: number;
  p99: number;
  transactions: number;
}

export const CEILING_CUSTOMER = "Нагрузочный Тест (потолок)";
/** the outbox chat of the ceiling's rows, deleted with them afterwards */
export const CEILING_CHAT_ID = "-1009990000001";

export async function measureOrderCeiling(db: Database, productIds: readonly number[], clients: number, seconds: number): Promise<CeilingResult> {
  const pick = () => productIds[Math.floor(Math.random() * productIds.length)]!;
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const one = () =>
    db.transaction(async (sql) => {
      const products = await sql.query<{ id: number; price: number }>(`SELECT id, price::float8 AS price FROM products WHERE id = ANY($1::int[])`, [
        [pick(), pick()],
      ]);
      const subtotal = products.reduce((sum, product) => sum + product.price, 0).toFixed(2);
      const [order] = await sql.query<{ id: number }>(
        `INSERT INTO orders (order_number, source, customer_name, customer_phone, subtotal, discount_percent, discount_amount,
                             delivery_cost, total, created_at, updated_at)
         VALUES (nextval('order_number_seq')::text, 'website', $1, '+79000000000', $2::numeric, 0, 0, 250, $2::numeric + 250, now(), now())
         RETURNING id`,
        [CEILING_CUSTOMER, subtotal],
      );
      await sql.query(
        `INSERT INTO order_items (order_id, product_id, product_name, product_sku, price, quantity)
         SELECT $1, p.id, p.name, p.sku, p.price, 1 FROM products p WHERE p.id = ANY($2::int[])`,
        [order!.id, products.map((product) => product.id)],
      );
      await sql.query(`INSERT INTO outbox_messages (chat_id, dedupe_key, payload) VALUES ($1::bigint, $2, $3::jsonb)`, [
        CEILING_CHAT_ID,
        `order:${order!.id}:created`,
        JSON.stringify({ text: `Заказ ${order!.id}`, parse_mode: "HTML" }),
      ]);
    });
  const client = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await one();
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  return { tps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), transactions: latencies.length };
}

export async function deleteCeilingRows(db: Database): Promise<void> {
  await db.prisma.order.deleteMany({ where: { customerName: CEILING_CUSTOMER } });
  await db.read(`DELETE FROM outbox_messages WHERE chat_id = $1::bigint`, [CEILING_CHAT_ID]);
}
