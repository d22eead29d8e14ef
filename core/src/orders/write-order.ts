import type { Sql } from "@shop/prisma/db";
import { toDecimal } from "@shop/shared/money";
import type { Totals } from "@shop/shared/pricing";
import type { OrderSourceValue } from "@shop/shared/schemas/orders";
import { REFRESH_KNOWN_CUSTOMER, type TelegramIdentity } from "../customers";
import type { OrderSlot } from "./checkout";
import type { OutOfStockItem } from "@shop/shared/schemas/orders";
import { DEFAULT_LOW_STOCK_THRESHOLD, stockFallMessages } from "../stock";
import { outboxParameters, type OutgoingMessage } from "../outbox";
import type { OrderNotifier } from "./order-notifier";
import type { CartLine, Order, OrderContact, OrderDelivery } from "./order";

const clip = (value: string | null | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

export interface NewOrder {
  slot: OrderSlot;
  source: OrderSourceValue;
  contact: OrderContact;
  lines: readonly CartLine[];
  /** per line: its product's stock was counted when it was priced (the statement checks it still is) */
  counted: readonly boolean[];
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
  /** how the order travels (docs/delivery.md): written with the order into order_deliveries */
  delivery?: OrderDelivery | null;
}

/**
 * An order in one statement: its Telegram customer (created or refreshed), the order, its lines, the pieces
 * taken from stock and the messages that announce it, all written or none. Nothing is written when, with the
 * price check, a line's product no longer costs what the order says; when an Idempotency-Key is already used;
 * when a line's product became counted or not counted, or made to order or not, since it was priced; or when a
 * counted line asks for more pieces than are left (docs/product.md#stock).
 *
 * Only lines whose stock is counted ($31…$33) touch stock: their products are locked in id order (two orders
 * never wait for each other in a circle), checked, and decremented in this statement, so of two orders for the
 * last piece exactly one gets it, on every instance. An order of products whose stock is not counted locks
 * nothing and writes no product.
 */
const WRITE_ORDER = `
WITH customer AS (
  INSERT INTO telegram_customers (telegram_user_id, username, first_name, last_name, language_code, created_at, updated_at)
  SELECT $12::bigint, $13, $14, $15, $16, now(), now() WHERE $12::bigint IS NOT NULL
  ${REFRESH_KNOWN_CUSTOMER}
), current_prices AS (
  SELECT count(*) FILTER (WHERE p.price = line.price)::int AS matching,
         coalesce(bool_or((p.stock IS NOT NULL) <> line.counted), false) AS counting_changed
    FROM products p JOIN unnest($19::int[], $23::numeric[], $34::boolean[]) AS line(product_id, price, counted) ON p.id = line.product_id
), stocked AS (
  SELECT p.id, p.stock, p.made_to_order_days FROM products p WHERE p.id = ANY($31::int[]) ORDER BY p.id FOR UPDATE
), stock_lines AS (
  SELECT line.product_id, line.quantity, s.stock,
         CASE WHEN s.stock IS NULL THEN 'changed'
              WHEN line.days IS NOT NULL THEN CASE WHEN s.stock = 0 AND s.made_to_order_days = line.days THEN 'made' ELSE 'changed' END
              WHEN s.stock >= line.quantity THEN 'take'
              WHEN s.stock = 0 AND s.made_to_order_days IS NOT NULL THEN 'changed'
              ELSE 'short' END AS state
    FROM unnest($31::int[], $32::int[], $33::int[]) AS line(product_id, quantity, days) LEFT JOIN stocked s ON s.id = line.product_id
), new_order AS (
  INSERT INTO orders (id, order_number, source, customer_name, customer_phone, delivery_address, comment, subtotal,
                      discount_percent, discount_amount, delivery_cost, total, telegram_user_id, telegram_username,
                      telegram_first_name, telegram_last_name, idempotency_key, idempotency_body_hash, created_at, updated_at)
  SELECT $1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10::numeric, $11::numeric, $25::numeric,
         $12::bigint, $13, $14, $15, $17, $41, $26::timestamptz, $26::timestamptz
   WHERE (NOT $27::boolean OR (SELECT matching FROM current_prices) = cardinality($19::int[]))
     AND NOT (SELECT counting_changed FROM current_prices)
     AND NOT EXISTS (SELECT 1 FROM stock_lines WHERE state NOT IN ('take', 'made'))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id
), new_lines AS (
  INSERT INTO order_items (id, order_id, product_id, product_name, product_sku, product_image, price, quantity,
                           made_to_order_days, stock_taken)
  SELECT line.id, new_order.id, line.product_id, line.name, line.sku, line.image, line.price, line.quantity,
         line.days, line.counted AND line.days IS NULL
    FROM new_order, unnest($18::int[], $19::int[], $20::text[], $21::text[], $22::text[], $23::numeric[], $24::int[],
                           $35::int[], $34::boolean[])
                      AS line(id, product_id, name, sku, image, price, quantity, days, counted)
), taken AS (
  UPDATE products p SET stock = p.stock - line.quantity
    FROM new_order, stock_lines line
   WHERE p.id = line.product_id AND line.state = 'take'
  RETURNING p.id, p.stock AS left_over, line.quantity
), queued AS (
  INSERT INTO outbox_messages (chat_id, dedupe_key, payload)
  SELECT message.* FROM new_order, unnest($28::bigint[], $29::text[], $30::jsonb[]) AS message(chat_id, dedupe_key, payload)
  ON CONFLICT (chat_id, dedupe_key) DO NOTHING
), stock_alerts AS (
  INSERT INTO outbox_messages (chat_id, dedupe_key, payload)
  SELECT alert.chat_id, alert.dedupe_key, alert.payload
    FROM taken JOIN unnest($36::int[], $37::int[], $38::bigint[], $39::text[], $40::jsonb[])
                      AS alert(product_id, left_over, chat_id, dedupe_key, payload)
      ON alert.product_id = taken.id AND alert.left_over = taken.left_over
  ON CONFLICT (chat_id, dedupe_key) DO NOTHING
), new_delivery AS (
  INSERT INTO order_deliveries (order_id, method, city, city_code, point_code, point_address, weight_grams, days_min, days_max,
                                price_known, price_note)
  SELECT new_order.id, d.method, d.city, d."cityCode", d."pointCode", d."pointAddress", d."weightGrams", d."daysMin", d."daysMax",
         d."priceKnown", d."priceNote"
    FROM new_order, jsonb_to_record($42::jsonb) AS d(method text, city text, "cityCode" int, "pointCode" text, "pointAddress" text,
                                                     "weightGrams" int, "daysMin" int, "daysMax" int, "priceKnown" boolean, "priceNote" text)
   WHERE $42::jsonb IS NOT NULL
)
SELECT (SELECT id FROM new_order) AS id,
       (SELECT json_agg(json_build_object('product_id', product_id, 'available', coalesce(stock, 0)) ORDER BY product_id)
          FROM stock_lines WHERE state = 'short') AS short`;

type StockAlert = OutgoingMessage & { productId: number; left: number };

/**
 * The managers' messages a counted line may cause, one set for each number of pieces it may leave that is worth
 * announcing (0 … the threshold); the statement keeps those of the number really left. Whether it crossed the
 * threshold is known here: what is left plus what the line took. (LOW_STOCK_THRESHOLD is at most 100, which
 * bounds their number.)
 */
function stockAlerts(notifier: OrderNotifier, order: Order, counted: readonly boolean[]): StockAlert[] {
  const alerts: StockAlert[] = [];
  if (!notifier.stockFell) return alerts;
  const threshold = notifier.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  order.lines.forEach((line, index) => {
    if (!counted[index] || line.madeToOrderDays != null || line.productId === null) return;
    const product = { id: line.productId, name: line.name, sku: line.sku };
    for (let left = 0; left <= threshold; left++) {
      const messages = stockFallMessages(notifier, { product, before: left + line.quantity, after: left }, `order:${order.id}`);
      for (const message of messages) alerts.push({ ...message, productId: line.productId, left });
    }
  });
  return alerts;
}

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
    payment: { status: "unpaid", paidAt: null, invoiceNumber: 0 },
    ...(input.delivery ? { delivery: input.delivery } : {}),
  };
}

export type WriteOrderResult =
  | { status: "written"; order: Order }
  /** counted lines asking for more pieces than are left: nothing was written */
  | { status: "short"; items: OutOfStockItem[] }
  /** the Idempotency-Key was used, a price changed, or a product's stock changed its kind since it was priced */
  | { status: "not-written" };

/** Writes an order with everything that belongs to it in one statement (see WRITE_ORDER). */
export async function writeOrder(sql: Sql, notifier: OrderNotifier, input: NewOrder): Promise<WriteOrderResult> {
  const order = orderOf(input);
  const messages = notifier.orderCreated(order);
  const alerts = stockAlerts(notifier, order, input.counted);
  const { contact, totals, lines } = order;
  const user = order.telegramUser;
  const stocked = lines.filter((line, index) => input.counted[index] && line.productId !== null);
  const [row] = await sql.query<{ id: number | null; short: { product_id: number; available: number }[] | null }>(WRITE_ORDER, [
    order.id,
    order.number,
    order.source,
    contact.customerName,
    contact.customerPhone,
    contact.deliveryAddress,
    contact.comment,
    toDecimal(totals.subtotal),
    totals.discountPercent,
    toDecimal(totals.discount),
    toDecimal(totals.delivery),
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
    lines.map((line) => toDecimal(line.price)),
    lines.map((line) => line.quantity),
    toDecimal(totals.total),
    order.createdAt,
    input.pricesStillCurrent ?? false,
    ...outboxParameters(messages),
    stocked.map((line) => line.productId),
    stocked.map((line) => line.quantity),
    stocked.map((line) => line.madeToOrderDays ?? null),
    input.counted,
    lines.map((line) => line.madeToOrderDays ?? null),
    alerts.map((alert) => alert.productId),
    alerts.map((alert) => alert.left),
    ...outboxParameters(alerts),
    input.idempotencyBodyHash ?? null,
    input.delivery ? JSON.stringify(input.delivery) : null,
  ]);
  if (row?.id != null) return { status: "written", order };
  if (row?.short) {
    const nameOf = new Map(lines.map((line) => [line.productId, line.name]));
    return { status: "short", items: row.short.map((item) => ({ ...item, name: nameOf.get(item.product_id) ?? "" })) };
  }
  return { status: "not-written" };
}
