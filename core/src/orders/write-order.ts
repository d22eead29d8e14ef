import type { Sql } from "@shop/prisma/db";
import type { Totals } from "@shop/shared/pricing";
import type { OrderSourceValue } from "@shop/shared/schemas/orders";
import { upsertTelegramCustomer, type TelegramIdentity } from "../customers/telegram-customers";
import type { OrderNotifier } from "./notifications";
import type { CartLine, Order, OrderContact } from "./order";
import { ORDER_COLUMNS, orderFromSql, type OrderSqlRow } from "./order-record";

const money = (value: number) => value.toFixed(2);
const clip = (value: string | null | undefined, max: number) => value?.slice(0, max) ?? null;

export interface NewOrder {
  source: OrderSourceValue;
  contact: OrderContact;
  lines: readonly CartLine[];
  totals: Totals;
  telegramUser: TelegramIdentity | null;
  idempotencyKey?: string | null;
}

/**
 * The order with its lines in one statement: its number from the shared sequence (unique across instances),
 * the lines in the order given (their ids ascend with it).
 */
const INSERT_ORDER = `
WITH new_order AS (
  INSERT INTO orders (order_number, source, customer_name, customer_phone, delivery_address, comment, subtotal,
                      discount_percent, discount_amount, delivery_cost, total, telegram_user_id, telegram_username,
                      telegram_first_name, telegram_last_name, idempotency_key, created_at, updated_at)
  VALUES (nextval('order_number_seq')::text, $1, $2, $3, $4, $5, $6::numeric, $7, $8::numeric, $9::numeric, $10::numeric,
          $11::bigint, $12, $13, $14, $15, now(), now())
  RETURNING ${ORDER_COLUMNS}
), new_lines AS (
  INSERT INTO order_items (order_id, product_id, product_name, product_sku, product_image, price, quantity)
  SELECT new_order.id, line.product_id, line.name, line.sku, line.image, line.price, line.quantity
    FROM new_order,
         unnest($16::int[], $17::text[], $18::text[], $19::text[], $20::numeric[], $21::int[])
           WITH ORDINALITY AS line(product_id, name, sku, image, price, quantity, n)
   ORDER BY line.n
  RETURNING id
)
SELECT new_order.*, (SELECT array_agg(id ORDER BY id) FROM new_lines) AS line_ids FROM new_order`;

/**
 * Writes an order inside the caller's transaction: its number, its lines, its Telegram customer, and the
 * notifications it announces (outbox rows), all committed together or not at all.
 */
export async function writeOrder(sql: Sql, notifier: OrderNotifier, input: NewOrder): Promise<Order> {
  const user = input.telegramUser;
  if (user) await upsertTelegramCustomer(sql, user);
  const { contact, totals, lines } = input;
  const [row] = await sql.query<OrderSqlRow & { line_ids: number[] }>(INSERT_ORDER, [
    input.source,
    contact.customerName,
    contact.customerPhone,
    contact.deliveryAddress,
    contact.comment,
    money(totals.subtotal),
    totals.discountPercent,
    money(totals.discount),
    money(totals.delivery),
    money(totals.total),
    user ? String(user.id) : null,
    clip(user?.username, 64),
    clip(user?.first_name, 128),
    clip(user?.last_name, 128),
    input.idempotencyKey ?? null,
    lines.map((line) => line.productId),
    lines.map((line) => line.name),
    lines.map((line) => line.sku),
    lines.map((line) => line.image),
    lines.map((line) => money(line.price)),
    lines.map((line) => line.quantity),
  ]);
  const ids = row!.line_ids;
  const order = orderFromSql(
    row!,
    lines.map((line, index) => ({
      id: ids[index]!,
      product_id: line.productId,
      product_name: line.name,
      product_sku: line.sku,
      product_image: line.image,
      price: line.price,
      quantity: line.quantity,
    })),
  );
  await notifier.orderCreated(sql, order);
  return order;
}

/** Finds the row a concurrent request with the same Idempotency-Key wrote, after our insert lost the race. */
export async function afterKeyConflict<T>(error: unknown, key: string | null, find: () => Promise<T | null>): Promise<T> {
  if (key) {
    const existing = await find().catch(() => null);
    if (existing) return existing;
  }
  throw error;
}
