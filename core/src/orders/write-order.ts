import type { Sql } from "@shop/prisma/db";
import { toDecimal, toRoubles } from "@shop/shared/money";
import type { Totals } from "@shop/shared/pricing";
import type { OrderSourceValue } from "@shop/shared/schemas/orders";
import { REFRESH_KNOWN_CUSTOMER, type TelegramIdentity } from "../customers";
import { lineName, stockTargets, type LineGuard, type OrderSlot, type StockTarget } from "./checkout";
import type { OutOfStockItem } from "@shop/shared/schemas/orders";
import { DEFAULT_LOW_STOCK_THRESHOLD, stockFallMessages, type StockProduct } from "../stock";
import { outboxParameters, type OutgoingMessage } from "../outbox";
import type { OrderNotifier } from "./order-notifier";
import type { CartLine, Order, OrderContact, OrderDelivery } from "./order";
import type { OrderPromo } from "../promo-codes";

const clip = (value: string | null | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

export interface NewOrder {
  slot: OrderSlot;
  source: OrderSourceValue;
  contact: OrderContact;
  lines: readonly CartLine[];
  /** per line: its product's (or variant's) stock was counted when it was priced (the statement checks it still is) */
  counted: readonly boolean[];
  /** per line, with pricesStillCurrent: the variant's or product's price and the extras it was priced with */
  guards?: readonly LineGuard[];
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
  /** the promo code that gives the discount (totals.promoCode): its use is taken in the statement */
  promo?: OrderPromo | null;
}

/**
 * An order in one statement: its Telegram customer (created or refreshed), the order, its lines, the pieces
 * taken from stock and the messages that announce it, all written or none. Nothing is written when, with the
 * price check, a line's product no longer costs what the order says; when an Idempotency-Key is already used;
 * when a line's product became counted or not counted, or made to order or not, since it was priced; or when a
 * counted line asks for more pieces than are left (docs/product.md#stock).
 *
 * Only stocks that are counted touch stock, summed per product ($31…$33) and per variant ($47…$49): products
 * are locked in id order, then variants in id order (two orders never wait for each other in a circle), checked,
 * and decremented in this statement, so of two orders for the last piece exactly one gets it, on every
 * instance. An order of products whose stock is not counted locks nothing and writes no product.
 *
 * A promo code ($55) is locked before any stock (so two orders never wait for each other in a circle), with the
 * customer's counters of it ($57); the order is written only while the code is as it was read ($56: not edited
 * since), on, within its dates and below its limits, and its use is counted in the same statement: of 50 orders
 * for a code's last use exactly one gets it (docs/product.md#promo-codes).
 *
 * A line of a variant ($42) is priced at the variant's price (or the product's when it has none, $43 the price
 * before extras); its extras ($44…$46) must still cost what the line says, and the variant must be switched on.
 */
const WRITE_ORDER = `
WITH customer AS (
  INSERT INTO telegram_customers (telegram_user_id, username, first_name, last_name, language_code, created_at, updated_at)
  SELECT $12::bigint, $13, $14, $15, $16, now(), now() WHERE $12::bigint IS NOT NULL
  ${REFRESH_KNOWN_CUSTOMER}
), current_prices AS (
  SELECT count(*) FILTER (WHERE coalesce(v.price, p.price) = line.base_price AND NOT p.hidden
                            AND (line.variant_id IS NULL OR (v.id IS NOT NULL AND v.enabled)))::int AS matching,
         coalesce(bool_or(CASE WHEN line.variant_id IS NULL THEN p.stock IS NOT NULL ELSE v.stock IS NOT NULL END <> line.counted), false)
           AS counting_changed
    FROM products p
    JOIN unnest($19::int[], $43::numeric[], $34::boolean[], $42::int[]) AS line(product_id, base_price, counted, variant_id) ON p.id = line.product_id
    LEFT JOIN product_variants v ON v.id = line.variant_id AND v.product_id = p.id
), extras_changed AS (
  SELECT EXISTS (
    SELECT 1 FROM unnest($44::int[], $45::text[], $46::numeric[]) AS x(field_id, choice, price)
      LEFT JOIN personalization_fields f ON f.id = x.field_id
     WHERE f.id IS NULL
        OR (x.choice IS NULL AND f.kind IN ('text', 'gift_wrap') AND f.price <> x.price)
        OR (x.choice IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM personalization_choices c WHERE c.field_id = f.id AND c.value = x.choice AND c.price = x.price))
  ) AS changed
), promo AS (
  SELECT c.id, c.uses, c.max_uses, c.max_uses_per_customer, c.active, c.starts_at, c.ends_at, c.updated_at
    FROM promo_codes c WHERE c.id = $55::int FOR UPDATE
), promo_customers AS (
  SELECT pc.customer_key, pc.uses FROM promo_code_customers pc
   WHERE pc.promo_code_id = $55::int AND pc.customer_key = ANY($57::text[]) ORDER BY pc.customer_key FOR UPDATE
), promo_ok AS (
  SELECT $55::int IS NULL OR EXISTS (
    SELECT 1 FROM promo
     WHERE active AND updated_at = $56::timestamptz
       AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())
       AND (max_uses IS NULL OR uses < max_uses)
       AND (max_uses_per_customer IS NULL OR coalesce((SELECT max(uses) FROM promo_customers), 0) < max_uses_per_customer)
  ) AS ok
), stocked AS (
  SELECT p.id, p.stock, p.made_to_order_days FROM products p
   WHERE p.id = ANY($31::int[]) AND (SELECT ok FROM promo_ok) IS NOT NULL ORDER BY p.id FOR UPDATE
), stocked_variants AS (
  SELECT v.id, v.stock, v.made_to_order_days FROM product_variants v
   WHERE v.id = ANY($47::int[]) AND (SELECT ok FROM promo_ok) IS NOT NULL ORDER BY v.id FOR UPDATE
), stock_lines AS (
  SELECT 'p'::text AS kind, line.id, line.quantity, s.stock,
         CASE WHEN s.stock IS NULL THEN 'changed'
              WHEN line.days IS NOT NULL THEN CASE WHEN s.stock = 0 AND s.made_to_order_days = line.days THEN 'made' ELSE 'changed' END
              WHEN s.stock >= line.quantity THEN 'take'
              WHEN s.stock = 0 AND s.made_to_order_days IS NOT NULL THEN 'changed'
              ELSE 'short' END AS state
    FROM unnest($31::int[], $32::int[], $33::int[]) AS line(id, quantity, days) LEFT JOIN stocked s ON s.id = line.id
  UNION ALL
  SELECT 'v'::text, line.id, line.quantity, s.stock,
         CASE WHEN s.stock IS NULL THEN 'changed'
              WHEN line.days IS NOT NULL THEN CASE WHEN s.stock = 0 AND s.made_to_order_days = line.days THEN 'made' ELSE 'changed' END
              WHEN s.stock >= line.quantity THEN 'take'
              WHEN s.stock = 0 AND s.made_to_order_days IS NOT NULL THEN 'changed'
              ELSE 'short' END
    FROM unnest($47::int[], $48::int[], $49::int[]) AS line(id, quantity, days) LEFT JOIN stocked_variants s ON s.id = line.id
), new_order AS (
  INSERT INTO orders (id, order_number, source, customer_name, customer_phone, delivery_address, comment, subtotal,
                      discount_percent, discount_amount, delivery_cost, total, telegram_user_id, telegram_username,
                      telegram_first_name, telegram_last_name, idempotency_key, idempotency_body_hash, created_at, updated_at,
                      promo_code_id, promo_code)
  SELECT $1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10::numeric, $11::numeric, $25::numeric,
         $12::bigint, $13, $14, $15, $17, $41, $26::timestamptz, $26::timestamptz, $55::int, $58::text
   WHERE (SELECT ok FROM promo_ok)
     AND (NOT $27::boolean OR ((SELECT matching FROM current_prices) = cardinality($19::int[]) AND NOT (SELECT changed FROM extras_changed)))
     AND NOT (SELECT counting_changed FROM current_prices)
     AND NOT EXISTS (SELECT 1 FROM stock_lines WHERE state NOT IN ('take', 'made'))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id
), new_lines AS (
  INSERT INTO order_items (id, order_id, product_id, product_name, product_sku, product_image, price, quantity,
                           made_to_order_days, stock_taken, variant_id, variant_sku, variant_title, personalization, promo_discount)
  SELECT line.id, new_order.id, line.product_id, line.name, line.sku, line.image, line.price, line.quantity,
         line.days, line.counted AND line.days IS NULL, line.variant_id, line.variant_sku, line.variant_title, line.personalization,
         line.promo_discount
    FROM new_order, unnest($18::int[], $19::int[], $20::text[], $21::text[], $22::text[], $23::numeric[], $24::int[],
                           $35::int[], $34::boolean[], $42::int[], $53::text[], $51::text[], $52::jsonb[], $59::numeric[])
                      AS line(id, product_id, name, sku, image, price, quantity, days, counted, variant_id, variant_sku, variant_title,
                              personalization, promo_discount)
), promo_used AS (
  UPDATE promo_codes c SET uses = c.uses + 1 FROM new_order WHERE c.id = $55::int
), promo_customer_used AS (
  UPDATE promo_code_customers pc SET uses = pc.uses + 1
    FROM new_order WHERE pc.promo_code_id = $55::int AND pc.customer_key = ANY($57::text[])
), taken_products AS (
  UPDATE products p SET stock = p.stock - line.quantity
    FROM new_order, stock_lines line
   WHERE line.kind = 'p' AND p.id = line.id AND line.state = 'take'
  RETURNING 'p'::text AS kind, p.id, p.stock AS left_over, line.quantity
), taken_variants AS (
  UPDATE product_variants v SET stock = v.stock - line.quantity
    FROM new_order, stock_lines line
   WHERE line.kind = 'v' AND v.id = line.id AND line.state = 'take'
  RETURNING 'v'::text AS kind, v.id, v.stock AS left_over, line.quantity
), taken AS (
  SELECT * FROM taken_products UNION ALL SELECT * FROM taken_variants
), queued AS (
  INSERT INTO outbox_messages (chat_id, dedupe_key, payload)
  SELECT message.* FROM new_order, unnest($28::bigint[], $29::text[], $30::jsonb[]) AS message(chat_id, dedupe_key, payload)
  ON CONFLICT (chat_id, dedupe_key) DO NOTHING
), stock_alerts AS (
  INSERT INTO outbox_messages (chat_id, dedupe_key, payload)
  SELECT alert.chat_id, alert.dedupe_key, alert.payload
    FROM taken JOIN unnest($50::text[], $36::int[], $37::int[], $38::bigint[], $39::text[], $40::jsonb[])
                      AS alert(kind, id, left_over, chat_id, dedupe_key, payload)
      ON alert.kind = taken.kind AND alert.id = taken.id AND alert.left_over = taken.left_over
  ON CONFLICT (chat_id, dedupe_key) DO NOTHING
), new_delivery AS (
  INSERT INTO order_deliveries (order_id, method, city, city_code, point_code, point_address, weight_grams, days_min, days_max,
                                price_known, price_note)
  SELECT new_order.id, d.method, d.city, d."cityCode", d."pointCode", d."pointAddress", d."weightGrams", d."daysMin", d."daysMax",
         d."priceKnown", d."priceNote"
    FROM new_order, jsonb_to_record($54::jsonb) AS d(method text, city text, "cityCode" int, "pointCode" text, "pointAddress" text,
                                                     "weightGrams" int, "daysMin" int, "daysMax" int, "priceKnown" boolean, "priceNote" text)
   WHERE $54::jsonb IS NOT NULL
)
SELECT (SELECT id FROM new_order) AS id,
       (SELECT json_agg(json_build_object('kind', kind, 'id', id, 'available', coalesce(stock, 0)) ORDER BY kind, id)
          FROM stock_lines WHERE state = 'short') AS short`;

type StockAlert = OutgoingMessage & { kind: "p" | "v"; id: number; left: number };

/**
 * The managers' messages a counted line may cause, one set for each number of pieces it may leave that is worth
 * announcing (0 … the threshold); the statement keeps those of the number really left. Whether it crossed the
 * threshold is known here: what is left plus what the line took. (LOW_STOCK_THRESHOLD is at most 100, which
 * bounds their number.)
 */
function stockAlerts(notifier: OrderNotifier, order: Order, targets: readonly StockTarget[]): StockAlert[] {
  const alerts: StockAlert[] = [];
  if (!notifier.stockFell) return alerts;
  const threshold = notifier.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  for (const target of targets) {
    if (!target.counted || target.days !== null) continue;
    const product: StockProduct = { id: target.productId, name: lineName(target.name, target.variantTitle), sku: target.sku };
    if (target.variantId !== null) product.variantId = target.variantId;
    const [kind, id] = target.variantId === null ? (["p", target.productId] as const) : (["v", target.variantId] as const);
    for (let left = 0; left <= threshold; left++) {
      const messages = stockFallMessages(notifier, { product, before: left + target.quantity, after: left }, `order:${order.id}`);
      for (const message of messages) alerts.push({ ...message, kind, id, left });
    }
  }
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
    lines: input.lines.map((line, index) => {
      const share = input.promo?.lineShares[index];
      return { ...line, id: input.slot.lineIds[index]!, ...(share !== undefined ? { promoDiscount: share } : {}) };
    }),
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
  const targets = stockTargets(order.lines, input.counted);
  const alerts = stockAlerts(notifier, order, targets);
  const { contact, totals, lines } = order;
  const user = order.telegramUser;
  const stocked = targets.filter((target) => target.counted && target.variantId === null);
  const stockedVariants = targets.filter((target) => target.counted && target.variantId !== null);
  const guards = input.guards ?? lines.map((line) => ({ basePrice: line.price, extras: [] }));
  const extras = guards.flatMap((guard) => guard.extras);
  const [row] = await sql.query<{ id: number | null; short: { kind: "p" | "v"; id: number; available: number }[] | null }>(WRITE_ORDER, [
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
    stocked.map((target) => target.productId),
    stocked.map((target) => target.quantity),
    stocked.map((target) => target.days),
    input.counted,
    lines.map((line) => line.madeToOrderDays ?? null),
    alerts.map((alert) => alert.id),
    alerts.map((alert) => alert.left),
    ...outboxParameters(alerts),
    input.idempotencyBodyHash ?? null,
    lines.map((line) => line.variantId ?? null),
    guards.map((guard) => toDecimal(guard.basePrice)),
    extras.map((extra) => extra.fieldId),
    extras.map((extra) => extra.choice),
    extras.map((extra) => toDecimal(extra.price)),
    stockedVariants.map((target) => target.variantId),
    stockedVariants.map((target) => target.quantity),
    stockedVariants.map((target) => target.days),
    alerts.map((alert) => alert.kind),
    lines.map((line) => line.variantTitle ?? null),
    lines.map((line) => JSON.stringify((line.personalization ?? []).map((item) => ({ ...item, price: toRoubles(item.price) })))),
    lines.map((line) => line.variantSku ?? null),
    input.delivery ? JSON.stringify(input.delivery) : null,
    input.promo?.id ?? null,
    input.promo?.updatedAt ?? null,
    input.promo?.customerKeys ?? [],
    input.promo?.code ?? null,
    lines.map((line) => (line.promoDiscount === undefined ? null : toDecimal(line.promoDiscount))),
  ]);
  if (row?.id != null) return { status: "written", order };
  if (row?.short) {
    return {
      status: "short",
      items: row.short.map((item) => {
        const target = targets.find((t) => (item.kind === "v" ? t.variantId === item.id : t.variantId === null && t.productId === item.id));
        const short: OutOfStockItem = { product_id: target?.productId ?? item.id, name: target ? lineName(target.name, target.variantTitle) : "", available: item.available };
        if (item.kind === "v") short.variant_id = item.id;
        return short;
      }),
    };
  }
  return { status: "not-written" };
}
