import type { Database, Sql } from "@shop/prisma/db";
import { STATS_DEFAULT_PERIOD, STATS_TOP_LIMIT } from "@shop/shared/constants";
import { ORDER_SOURCES, ORDER_STATUSES, sourceLabel, statsStatusLabel } from "@shop/shared/labels";
import { toKopecks, type Kopecks } from "@shop/shared/money";
import type { StatsQuery } from "@shop/shared/schemas/admin";
import { onFirstUse } from "@shop/shared/on-first-use";
import { invalid as badRequest } from "../errors";

/**
 * Order statistics for the admin dashboard. Everything is aggregated by PostgreSQL; no order is loaded into the
 * process. KPI, both time series and the status and source distributions sum running totals per shop day,
 * status and source (order_days, kept by triggers: migration 0005_order_stats), a few hundred rows for any
 * period instead of every order; top products and top customers aggregate the period's orders, or read their
 * all-time running totals for period=all.
 *
 * Reads never write. The triggers append each change to a change table (order_day_changes,
 * customer_sales_changes, product_sales_changes) and never touch the totals, so committing orders never waits
 * on a busy total's row lock; every read sums the totals and the changes not folded in yet, in one statement
 * (one snapshot). `foldStatistics`, run every few seconds by each API process (plugins/app/stats-fold.ts), moves
 * the changes into the totals in one transaction, so any snapshot sees each change exactly once: still in its
 * change table, or already in the totals.
 *
 * Days are the shop's days: Europe/Moscow. A period is whole days, both ends included: 7d = today and the six
 * days before it, 30d = today and the 29 before, all = from the day of the first order to today, or a custom
 * start…end. Cancelled orders are left out of the money and of the counts derived from it (KPI, both time
 * series, top products, top customers); the status and source distributions count every order, so the status
 * chart is where cancellations show.
 */

/** also written in the order triggers of migration 0005_order_stats, which file each order under its shop day */
export const SHOP_TIME_ZONE = "Europe/Moscow";
/** up to this many days the time series has a point per day; then per week (to a year), then per month */
export const DAILY_MAX_DAYS = 92;
export const WEEKLY_MAX_DAYS = 366;
export const MAX_RANGE_DAYS = 3 * 366;

export const RANGE_BOTH_DATES = "Укажите обе даты периода: start и end";
export const RANGE_REVERSED = "Дата окончания периода раньше даты начала";
export const RANGE_TOO_LONG = "Период не может быть длиннее 3 лет";

type Bucket = "day" | "week" | "month";

export interface StatsRange {
  /** first and last day, YYYY-MM-DD in the shop's time zone, both included */
  from: string;
  to: string;
  bucket: Bucket;
  /** period=all: every order the shop has, so top products can read the all-time sales table */
  allTime?: boolean;
}

/**
 * What the statistics' reads need: statements through the driver (`autoCommitSql(db)`, or a transaction's `sql`
 * for figures that must come from one snapshot). They only read.
 */
export type StatsReader = Sql;

/** A statement's parameters, numbered as a fragment adds them ($1, $2, …). */
class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A period's headline figures; money in kopecks. */
export interface Kpi {
  totalOrders: number;
  totalRevenue: Kopecks;
  averageOrderValue: Kopecks;
  /** the totals of the orders paid in Telegram within the period (by the time they were paid), refunded ones left out */
  paidRevenue: Kopecks;
}

/** Figures per bucket (day, week, status, source): counts, or kopecks for revenue. */
export interface Series {
  labels: string[];
  data: number[];
}

export interface TopProductRow {
  productId: number | null;
  name: string;
  quantitySold: number;
  totalValue: Kopecks;
  /** by variant only */
  variant?: { id: number | null; title: string | null; sku: string };
}

export interface TopCustomerRow {
  telegramUserId: string | null;
  customerName: string;
  orderCount: number;
  totalSpent: Kopecks;
}

const DAY_MS = 86_400_000;
const dateFormat = onFirstUse(() => new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }));

/** The shop's calendar day of an instant, as YYYY-MM-DD. */
export const shopDate = (instant: Date) => dateFormat().format(instant);
const dayNumber = (date: string) => Date.parse(date + "T00:00:00Z") / DAY_MS;
const addDays = (date: string, days: number) => new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);

function bucketFor(from: string, to: string): Bucket {
  const days = dayNumber(to) - dayNumber(from) + 1;
  return days <= DAILY_MAX_DAYS ? "day" : days <= WEEKLY_MAX_DAYS ? "week" : "month";
}

/** The days a query asks about. start and end (both or neither) win over period. */
export async function resolveRange(sql: StatsReader, query: StatsQuery, now = new Date()): Promise<StatsRange> {
  const today = shopDate(now);
  if (query.start !== undefined || query.end !== undefined) {
    if (!query.start || !query.end) throw badRequest(RANGE_BOTH_DATES, { [query.start ? "end" : "start"]: RANGE_BOTH_DATES });
    if (query.end < query.start) throw badRequest(RANGE_REVERSED, { end: RANGE_REVERSED });
    if (dayNumber(query.end) - dayNumber(query.start) + 1 > MAX_RANGE_DAYS) throw badRequest(RANGE_TOO_LONG, { start: RANGE_TOO_LONG });
    return { from: query.start, to: query.end, bucket: bucketFor(query.start, query.end) };
  }
  const period = query.period ?? STATS_DEFAULT_PERIOD;
  if (period === "all") {
    const [row] = await sql.query<{ first: string | null }>(
      `SELECT to_char(min(created_at) AT TIME ZONE $1, 'YYYY-MM-DD') AS first FROM orders`,
      [SHOP_TIME_ZONE],
    );
    const from = row?.first && row.first < today ? row.first : today;
    return { from, to: today, bucket: bucketFor(from, today), allTime: true };
  }
  const from = addDays(today, period === "7d" ? -6 : -29);
  return { from, to: today, bucket: "day" };
}

/**
 * The period just before a range, as many days long (docs/product.md#statistics): 1–30 May → 1–30 April's last
 * 30 days, 16–30 April. None for period=all (nothing comes before every order).
 */
export function previousRange(range: StatsRange): StatsRange | null {
  if (range.allTime) return null;
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  const to = addDays(range.from, -1);
  const from = addDays(range.from, -days);
  return { from, to, bucket: bucketFor(from, to) };
}

/** created_at within the range's days (index-friendly: both bounds are constants of the query) */
const inRange = (p: Parameters, range: StatsRange, column = "created_at") => {
  const zone = p.add(SHOP_TIME_ZONE);
  return `${column} >= (${p.add(range.from)}::date::timestamp AT TIME ZONE ${zone})
  AND ${column} < ((${p.add(range.to)}::date + 1)::timestamp AT TIME ZONE ${zone})`;
};


/** the range's days, for the running totals per day (order_days) */
const daysOf = (p: Parameters, range: StatsRange) => {
  const [from, to] = [p.add(range.from), p.add(range.to)];
  return `day BETWEEN ${from}::date AND ${to}::date`;
};

/**
 * The range's running totals per day, status and source: the folded rows (order_days) and the changes not folded
 * yet (order_day_changes), to be summed. A day, status and source may have rows on both sides; sums of them are
 * exact whatever was folded when.
 */
const orderDaysOf = (p: Parameters, range: StatsRange) => {
  const days = daysOf(p, range);
  return `(
  SELECT day, status, source, orders, revenue FROM order_days WHERE ${days}
  UNION ALL
  SELECT day, status, source, orders, revenue FROM order_day_changes WHERE ${days}
) AS d`;
};

/**
 * paid_revenue: the totals of orders paid in Telegram within the range, by the time they were paid (orders.paid_at,
 * indexed; refunded orders left out, docs/payments.md), read in the same statement as the rest.
 */
export async function kpi(sql: StatsReader, range: StatsRange): Promise<Kpi> {
  const p = new Parameters();
  const [row] = await sql.query<{ orders: number; revenue: number; paid: number }>(
    `SELECT coalesce(sum(orders), 0)::int AS orders, coalesce(sum(revenue), 0)::float8 AS revenue,
            (SELECT coalesce(sum(total), 0)::float8 FROM orders
              WHERE payment_status = 'paid' AND ${inRange(p, range, "paid_at")}) AS paid
       FROM ${orderDaysOf(p, range)}
      WHERE status <> 'cancelled'`,
    p.values,
  );
  const totalOrders = Number(row?.orders ?? 0);
  const totalRevenue = toKopecks(Number(row?.revenue ?? 0));
  return {
    totalOrders,
    totalRevenue,
    averageOrderValue: totalOrders ? Math.round(totalRevenue / totalOrders) : 0,
    paidRevenue: toKopecks(Number(row?.paid ?? 0)),
  };
}

const LABEL_FORMATS: Record<Bucket, string> = { day: "DD.MM", week: "DD.MM.YY", month: "MM.YYYY" };

/**
 * Orders or revenue per day (per week from its Monday, or per month for long ranges), every bucket present
 * with zero when nothing happened: generate_series makes the buckets, the orders are grouped and joined on.
 */
export async function series(sql: StatsReader, range: StatsRange, measure: "orders" | "revenue"): Promise<Series> {
  const p = new Parameters();
  const unit = p.add(range.bucket);
  const value = measure === "orders" ? "sum(orders)::float8" : "sum(revenue)::float8";
  const rows = await sql.query<{ label: string; value: number }>(
    `WITH buckets AS (
       SELECT generate_series(date_trunc(${unit}::text, ${p.add(range.from)}::date::timestamp),
                              ${p.add(range.to)}::date::timestamp,
                              ('1 ' || ${unit}::text)::interval) AS bucket
     ), totals AS (
       SELECT date_trunc(${unit}::text, day::timestamp) AS bucket, ${value} AS value
         FROM ${orderDaysOf(p, range)}
        WHERE status <> 'cancelled'
        GROUP BY 1
     )
     SELECT to_char(b.bucket, ${p.add(LABEL_FORMATS[range.bucket])}::text) AS label, coalesce(t.value, 0)::float8 AS value
       FROM buckets b LEFT JOIN totals t ON t.bucket = b.bucket
      ORDER BY b.bucket`,
    p.values,
  );
  return { labels: rows.map((row) => row.label), data: rows.map((row) => (measure === "revenue" ? toKopecks(Number(row.value)) : Number(row.value))) };
}

/** Every order of the range counted by status (in the shop's status order), zero buckets left out. */
export async function ordersByStatus(sql: StatsReader, range: StatsRange): Promise<Series> {
  const p = new Parameters();
  const rows = await sql.query<{ key: string; count: number }>(
    `SELECT status::text AS key, sum(orders)::int AS count FROM ${orderDaysOf(p, range)} GROUP BY status`,
    p.values,
  );
  const order = (key: string) => {
    const index = (ORDER_STATUSES as readonly string[]).indexOf(key);
    return index === -1 ? ORDER_STATUSES.length : index;
  };
  const sorted = rows.filter((row) => Number(row.count) > 0).sort((a, b) => order(a.key) - order(b.key));
  return { labels: sorted.map((row) => statsStatusLabel(row.key)), data: sorted.map((row) => Number(row.count)) };
}

/** Every order of the range counted by source; unknown sources together as 'Неизвестно', last. */
export async function ordersBySource(sql: StatsReader, range: StatsRange): Promise<Series> {
  const p = new Parameters();
  const rows = await sql.query<{ key: string; count: number }>(
    `SELECT source AS key, sum(orders)::int AS count FROM ${orderDaysOf(p, range)} GROUP BY source`,
    p.values,
  );
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(sourceLabel(row.key), (counts.get(sourceLabel(row.key)) ?? 0) + Number(row.count));
  const labels = [...ORDER_SOURCES.map((source) => sourceLabel(source)), sourceLabel(null)].filter((label) => (counts.get(label) ?? 0) > 0);
  return { labels, data: labels.map((label) => counts.get(label)!) };
}

/**
 * Best sellers by pieces sold (then by value). Lines are grouped by article, which identifies a product for
 * good (articles are never changed or reused) and still tells deleted products apart (their product_id is
 * null). The name is the one on the most recent order line; totalValue is price × quantity at order time,
 * before the order's discount. Sums run in double precision (faster than numeric on 100 000 orders) and are
 * taken to the kopeck.
 */
export async function topProducts(sql: StatsReader, range: StatsRange, limit = STATS_TOP_LIMIT): Promise<TopProductRow[]> {
  if (range.allTime) return topProductsAllTime(sql, limit);
  const p = new Parameters();
  const rows = await sql.query<{ product_id: number | null; name: string; quantity: number; value: number }>(
    `WITH lines AS (
      SELECT max(oi.product_id) AS product_id,
             sum(oi.quantity)::int AS quantity,
             sum(oi.price::float8 * oi.quantity) AS value,
             max(oi.id) AS last_line
        FROM order_items oi
       WHERE oi.order_id IN (SELECT o.id FROM orders o WHERE ${inRange(p, range, "o.created_at")} AND o.status <> 'cancelled')
       GROUP BY oi.product_sku
       ORDER BY quantity DESC, value DESC, last_line DESC
       LIMIT ${p.add(limit)}::int
    )
    SELECT l.product_id, last.product_name AS name, l.quantity, l.value
      FROM lines l JOIN order_items last ON last.id = l.last_line
     ORDER BY l.quantity DESC, l.value DESC, l.last_line DESC`,
    p.values,
  );
  return rows.map((row) => ({
    productId: row.product_id === null ? null : Number(row.product_id),
    name: row.name,
    quantitySold: Number(row.quantity),
    totalValue: toKopecks(Number(row.value)),
  }));
}

/**
 * Best sellers per variant, on demand (the admin asks for it): as topProducts, each variant of a product apart,
 * grouped by the product's article and the variant's (order_items.variant_sku; a product without variants is one
 * row). Summed from the order lines of the range, over the whole history too: there are no running totals per
 * variant.
 */
export async function topVariants(sql: StatsReader, range: StatsRange, limit = STATS_TOP_LIMIT): Promise<TopProductRow[]> {
  const p = new Parameters();
  const rows = await sql.query<{ product_id: number | null; name: string; quantity: number; value: number; variant_id: number | null; variant_title: string | null; sku: string }>(
    `WITH lines AS (
      SELECT max(oi.product_id) AS product_id,
             sum(oi.quantity)::int AS quantity,
             sum(oi.price::float8 * oi.quantity) AS value,
             max(oi.id) AS last_line
        FROM order_items oi
       WHERE oi.order_id IN (SELECT o.id FROM orders o WHERE ${range.allTime ? "true" : inRange(p, range, "o.created_at")} AND o.status <> 'cancelled')
       GROUP BY oi.product_sku, oi.variant_sku
       ORDER BY quantity DESC, value DESC, last_line DESC
       LIMIT ${p.add(limit)}::int
    )
    SELECT l.product_id, last.product_name AS name, l.quantity, l.value, last.variant_id, last.variant_title,
           coalesce(last.variant_sku, last.product_sku) AS sku
      FROM lines l JOIN order_items last ON last.id = l.last_line
     ORDER BY l.quantity DESC, l.value DESC, l.last_line DESC`,
    p.values,
  );
  return rows.map((row) => ({
    productId: row.product_id === null ? null : Number(row.product_id),
    name: row.name,
    quantitySold: Number(row.quantity),
    totalValue: toKopecks(Number(row.value)),
    variant: { id: row.variant_id, title: row.variant_title, sku: row.sku },
  }));
}

/**
 * The same ranking over the whole history, from the all-time sales per article (migration 0003_product_sales):
 * summing 180 000 order lines took 100–200 ms on each request, ranking 10 000 articles takes a few. Triggers
 * append every change (lines added, an order cancelled or taken back, an order deleted) to
 * product_sales_changes. The ranking takes the top of the articles without changes not folded yet, straight
 * from their rows (as fast as reading the totals alone), and adds the articles with changes, their folded row
 * plus their changes: every article of the true top is among those. The name and the tiebreak still come from
 * the article's latest line in an order that is not cancelled, looked up for the top rows only.
 */
async function topProductsAllTime(sql: StatsReader, limit: number): Promise<TopProductRow[]> {
  const rows = await sql.query<{ product_id: number | null; name: string; quantity: number; value: number }>(
    `WITH pending AS (
      SELECT product_sku, sum(quantity) AS quantity, sum(value) AS value FROM product_sales_changes GROUP BY product_sku
    ), candidates AS (
      (SELECT product_sku, quantity, value FROM product_sales s
        WHERE quantity > 0 AND NOT EXISTS (SELECT FROM pending p WHERE p.product_sku = s.product_sku)
        ORDER BY quantity DESC, value DESC
        FETCH FIRST ($1::int) ROWS WITH TIES)
      UNION ALL
      SELECT product_sku, coalesce(s.quantity, 0) + p.quantity, coalesce(s.value, 0) + p.value
        FROM pending p LEFT JOIN product_sales s USING (product_sku)
    ), top AS (
      SELECT product_sku, quantity, value FROM candidates WHERE quantity > 0
       ORDER BY quantity DESC, value DESC
       FETCH FIRST ($1::int) ROWS WITH TIES
    ), ranked AS (
      SELECT top.*, latest.id AS last_line
        FROM top
        CROSS JOIN LATERAL (
               SELECT i.id FROM order_items i JOIN orders o ON o.id = i.order_id
                WHERE i.product_sku = top.product_sku AND o.status <> 'cancelled'
                ORDER BY i.id DESC
                LIMIT 1
             ) latest
    )
    SELECT (SELECT p.id FROM products p WHERE p.sku = r.product_sku) AS product_id, line.product_name AS name,
           r.quantity::int AS quantity, r.value::float8 AS value
      FROM ranked r JOIN order_items line ON line.id = r.last_line
     ORDER BY r.quantity DESC, r.value DESC, r.last_line DESC
     LIMIT $1::int`,
    [limit],
  );
  return rows.map((row) => ({
    productId: row.product_id === null ? null : Number(row.product_id),
    name: row.name,
    quantitySold: Number(row.quantity),
    totalValue: toKopecks(Number(row.value)),
  }));
}

/**
 * Best customers by money spent (then by orders). A customer is a Telegram user when the order has one,
 * otherwise a phone number; the name is the one on their latest order. Sums in double precision, rounded.
 */
export async function topCustomers(sql: StatsReader, range: StatsRange, limit = STATS_TOP_LIMIT): Promise<TopCustomerRow[]> {
  if (range.allTime) return topCustomersAllTime(sql, limit);
  const p = new Parameters();
  const rows = await sql.query<{ telegram_user_id: string | null; name: string; orders: number; spent: number }>(
    `WITH customers AS (
      SELECT telegram_user_id,
             CASE WHEN telegram_user_id IS NULL THEN customer_phone END AS phone,
             count(*)::int AS orders,
             sum(total::float8) AS spent,
             max(id) AS last_order
        FROM orders
       WHERE ${inRange(p, range)} AND status <> 'cancelled'
       GROUP BY 1, 2
       ORDER BY spent DESC, orders DESC, last_order DESC
       LIMIT ${p.add(limit)}::int
    )
    SELECT c.telegram_user_id::text AS telegram_user_id, o.customer_name AS name, c.orders, c.spent
      FROM customers c JOIN orders o ON o.id = c.last_order
     ORDER BY c.spent DESC, c.orders DESC, c.last_order DESC`,
    p.values,
  );
  return rows.map((row) => ({
    telegramUserId: row.telegram_user_id,
    customerName: row.name,
    orderCount: Number(row.orders),
    totalSpent: toKopecks(Number(row.spent)),
  }));
}

/**
 * The same ranking over the whole history, from the running totals per customer (migration 0005_order_stats):
 * one row per customer instead of every order, ranked as top products for all time are (the top of the customers
 * without changes not folded yet, and the customers with changes, folded row plus changes). The name and the
 * tiebreak come from the customer's latest order that is not cancelled, looked up for the top rows only.
 */
async function topCustomersAllTime(sql: StatsReader, limit: number): Promise<TopCustomerRow[]> {
  const rows = await sql.query<{ telegram_user_id: string | null; name: string; orders: number; spent: number }>(
    `WITH pending AS (
      SELECT customer, max(telegram_user_id) AS telegram_user_id, max(phone) AS phone, sum(orders) AS orders, sum(spent) AS spent
        FROM customer_sales_changes GROUP BY customer
    ), candidates AS (
      (SELECT telegram_user_id, phone, orders, spent FROM customer_sales c
        WHERE orders > 0 AND NOT EXISTS (SELECT FROM pending p WHERE p.customer = c.customer)
        ORDER BY spent DESC, orders DESC
        FETCH FIRST ($1::int) ROWS WITH TIES)
      UNION ALL
      SELECT coalesce(c.telegram_user_id, p.telegram_user_id), coalesce(c.phone, p.phone),
             coalesce(c.orders, 0) + p.orders, coalesce(c.spent, 0) + p.spent
        FROM pending p LEFT JOIN customer_sales c USING (customer)
    ), top AS (
      SELECT telegram_user_id, phone, orders, spent FROM candidates WHERE orders > 0
       ORDER BY spent DESC, orders DESC
       FETCH FIRST ($1::int) ROWS WITH TIES
    ), ranked AS (
      SELECT top.*, latest.id AS last_order, latest.customer_name
        FROM top
        CROSS JOIN LATERAL (
               SELECT o.id, o.customer_name FROM orders o
                WHERE top.telegram_user_id IS NOT NULL AND o.telegram_user_id = top.telegram_user_id AND o.status <> 'cancelled'
               UNION ALL
               SELECT o.id, o.customer_name FROM orders o
                WHERE top.telegram_user_id IS NULL AND o.customer_phone = top.phone AND o.telegram_user_id IS NULL
                  AND o.status <> 'cancelled'
               ORDER BY id DESC
               LIMIT 1
             ) latest
    )
    SELECT telegram_user_id::text AS telegram_user_id, customer_name AS name, orders::int AS orders, spent::float8 AS spent
      FROM ranked
     ORDER BY spent DESC, orders DESC, last_order DESC
     LIMIT $1::int`,
    [limit],
  );
  return rows.map((row) => ({
    telegramUserId: row.telegram_user_id,
    customerName: row.name,
    orderCount: Number(row.orders),
    totalSpent: toKopecks(Number(row.spent)),
  }));
}

/** advisory lock keys of the two folds (the migration runner's is 727401) */
const FOLD_ORDERS_LOCK = 727402;
const FOLD_PRODUCTS_LOCK = 727403;

/**
 * Moves the changes the triggers appended into the running totals: per day, status and source and per customer
 * (changes of `orders`, migration 0005_order_stats), and per article (changes of `order_items` and `orders`,
 * migration 0003_product_sales). Each family is one transaction that deletes its change rows and adds them to
 * the totals, so a read (totals plus changes, one snapshot) sees every change once, before or after.
 *
 * Several API instances fold at once on PostgreSQL: an advisory lock per family lets one of them fold and the
 * others skip (their turn comes a few seconds later). The fold also holds ACCESS SHARE on the table whose
 * TRUNCATE trigger empties its totals, so a truncate waits for a fold in progress (and a fold for a truncate):
 * otherwise a total row the fold inserts, not yet committed when the truncate's trigger deletes the totals,
 * would outlive the truncate. Orders are written meanwhile as usual: ACCESS SHARE blocks only TRUNCATE and DDL,
 * and change rows appended during a fold stay for the next one.
 */
export async function foldStatistics(db: Pick<Database, "read" | "transaction">): Promise<void> {
  // asked through the driver: an idle shop folds nothing and never loads the ORM for it
  const [pending] = await db.read<{ orders: boolean; products: boolean }>(
    `SELECT EXISTS (SELECT FROM order_day_changes) OR EXISTS (SELECT FROM customer_sales_changes) AS orders,
            EXISTS (SELECT FROM product_sales_changes) AS products`,
    [],
  );
  if (pending?.orders) {
    await db.transaction(async (sql) => {
      const [lock] = await sql.query<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock(${FOLD_ORDERS_LOCK}) AS got`, []);
      if (!lock?.got) return;
      await sql.query(`LOCK TABLE orders IN ACCESS SHARE MODE`, []);
      await sql.query(
        `WITH moved AS (DELETE FROM order_day_changes RETURNING day, status, source, orders, revenue)
         INSERT INTO order_days AS d (day, status, source, orders, revenue)
         SELECT day, status, source, sum(orders), sum(revenue) FROM moved GROUP BY day, status, source
         ON CONFLICT (day, status, source) DO UPDATE SET orders = d.orders + excluded.orders, revenue = d.revenue + excluded.revenue`,
        [],
      );
      await sql.query(
        `WITH moved AS (DELETE FROM customer_sales_changes RETURNING customer, telegram_user_id, phone, orders, spent)
         INSERT INTO customer_sales AS c (customer, telegram_user_id, phone, orders, spent)
         SELECT customer, max(telegram_user_id), max(phone), sum(orders), sum(spent) FROM moved GROUP BY customer
         ON CONFLICT (customer) DO UPDATE SET orders = c.orders + excluded.orders, spent = c.spent + excluded.spent`,
        [],
      );
    });
  }
  if (pending?.products) {
    await db.transaction(async (sql) => {
      const [lock] = await sql.query<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock(${FOLD_PRODUCTS_LOCK}) AS got`, []);
      if (!lock?.got) return;
      await sql.query(`LOCK TABLE order_items IN ACCESS SHARE MODE`, []);
      await sql.query(
        `WITH moved AS (DELETE FROM product_sales_changes RETURNING product_sku, quantity, value)
         INSERT INTO product_sales AS s (product_sku, quantity, value)
         SELECT product_sku, sum(quantity), sum(value) FROM moved GROUP BY product_sku
         ON CONFLICT (product_sku) DO UPDATE SET quantity = s.quantity + excluded.quantity, value = s.value + excluded.value`,
        [],
      );
    });
  }
}
