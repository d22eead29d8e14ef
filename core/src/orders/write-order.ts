import type { Sql } from "@shop/prisma/db";
import type { Totals } from "@shop/shared/pricing";
import type { OrderSourceValue } from "@shop/shared/schemas/orders";
import { REFRESH_KNOWN_CUSTOMER, type TelegramIdentity } from "../customers/telegram-customers";
import type { OrderSlot } from "./checkout";
import { outboxParameters, type OrderNotifier } from "./notifications";
import type { CartLine, Order, OrderContact } from "./order";

const money = (value: number) => value.toFixed(2);
const clip = (value: string | null | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

export interface NewOrder {
  slot: OrderSlot;
  source: OrderSourceValue;
  contact: OrderContact;
  lines: readonly CartLine[];
  totals: Totals;
  telegramUser: TelegramIdentity | null;
  idempotencyKey?: string | null;
  /** what the key was used for: the checkout's fingerprint (place-order.ts) */
  idempotencyBodyHash?: string | null;
  /**
   * the lines' prices are what the products cost when this statement runs (else nothing is written): for an
   * order priced just before, outside a transaction
   */
  pricesStillCurrent?: boolean;
}

/**
 * An order in one statement: its Telegram customer (created or refreshed), the order, its lines and the messages
 * that announce it, all written or none. With the price check, nothing is written unless every line's product
 * still costs what the order says; with an Idempotency-Key already used, nothing is written either.
 */
const WRITE_ORDER = `
WITH customer AS (
  INSERT INTO telegram_customers (telegram_user_id, username, first_name, last_name, language_code, created_at, updated_at)
  SELECT $12::bigint, $13, $14, $15, $16, now(), now() WHERE $12::bigint IS NOT NULL
  ${REFRESH_KNOWN_CUSTOMER}
), current_prices AS (
  SELECT count(*)::int AS matching
    FROM products p JOIN unnest($19::int[], $23::numeric[]) AS line(product_id, price) ON p.id = line.product_id AND p.price = line.price
), new_order AS (
  INSERT INTO orders (id, order_number, source, customer_name, customer_phone, delivery_address, comment, subtotal,
                      discount_percent, discount_amount, delivery_cost, total, telegram_user_id, telegram_username,
                      telegram_first_name, telegram_last_name, idempotency_key, idempotency_body_hash, created_at, updated_at)
  SELECT $1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10::numeric, $11::numeric, $25::numeric,
         $12::bigint, $13, $14, $15, $17, $31, $26::timestamptz, $26::timestamptz
   WHERE NOT $27::boolean OR (SELECT matching FROM current_prices) = cardinality($19::int[])
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id
), new_lines AS (
  INSERT INTO order_items (id, order_id, product_id, product_name, product_sku, product_image, price, quantity)
  SELECT line.id, new_order.id, line.product_id, line.name, line.sku, line.image, line.price, line.quantity
    FROM new_order, unnest($18::int[], $19::int[], $20::text[], $21::text[], $22::text[], $23::numeric[], $24::int[])
                      AS line(id, product_id, name, sku, image, price, quantity)
), queued AS (
  INSERT INTO outbox_messages (chat_id, dedupe_key, payload)
  SELECT message.* FROM new_order, unnest($28::bigint[], $29::text[], $30::jsonb[]) AS message(chat_id, dedupe_key, payload)
  ON CONFLICT (chat_id, dedupe_key) DO NOTHING
)
SELECT id FROM new_order`;

/** The order as it will be once written. */
function orderOf(input: NewOrder): Order {
  const user = input.telegramUser;
  return {
    id: input.slot.id,
    number: input.slot.number,
    createdAt: input.slot.createdAt,
    updatedAt: input.slot.createdAt,
    status: "new",
    source: input.source,
    contact: input.contact,
    lines: input.lines.map((line, index) => ({ ...line, id: input.slot.lineIds[index]! })),
    totals: input.totals,
    telegramUser: user
      ? { id: BigInt(user.id), username: clip(user.username, 64), firstName: clip(user.first_name, 128), lastName: clip(user.last_name, 128) }
      : null,
  };
}

/**
 * Writes an order with everything that belongs to it in one statement (see WRITE_ORDER). Returns null when
 * nothing was written: the Idempotency-Key was used, or a price changed since the order was priced.
 */
export async function writeOrder(sql: Sql, notifier: OrderNotifier, input: NewOrder): Promise<Order | null> {
  const order = orderOf(input);
  const messages = notifier.orderCreated(order);
  const { contact, totals, lines } = order;
  const user = order.telegramUser;
  const written = await sql.query<{ id: number }>(WRITE_ORDER, [
    order.id,
    order.number,
    order.source,
    contact.customerName,
    contact.customerPhone,
    contact.deliveryAddress,
    contact.comment,
    money(totals.subtotal),
    totals.discountPercent,
    money(totals.discount),
    money(totals.delivery),
    user ? String(user.id) : null,
    user?.username ?? null,
    user?.firstName ?? null,
    user?.lastName ?? null,
    clip(input.telegramUser?.language_code, 16),
    input.idempotencyKey ?? null,
    lines.map((line) => line.id),
    lines.map((line) => line.productId),
    lines.map((line) => line.name),
    lines.map((line) => line.sku),
    lines.map((line) => line.image),
    lines.map((line) => money(line.price)),
    lines.map((line) => line.quantity),
    money(totals.total),
    order.createdAt,
    input.pricesStillCurrent ?? false,
    ...outboxParameters(messages),
    input.idempotencyBodyHash ?? null,
  ]);
  return written.length === 1 ? order : null;
}
