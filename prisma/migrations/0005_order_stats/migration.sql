-- Running totals of orders for the statistics (api/src/services/stats.ts): orders and money per shop day,
-- status and source; and per customer, what they have bought over the whole history. Aggregating 100 000
-- orders on each request took 100–500 ms for a long period (most on the embedded database); the statistics now
-- sum a few hundred day rows for any period, and rank customers from one row each.
--
-- Writers never touch those rows (no lock on today's row while orders commit): triggers append changes to
-- order_day_changes and customer_sales_changes, and the statistics fold them in before reading, as
-- product_sales does (0003). The triggers see every writer: the API, the bot, seeds, bulk deletes, the
-- customer's id set to NULL when a Telegram customer is deleted.
-- A shop day is a calendar day in Europe/Moscow (SHOP_TIME_ZONE in stats.ts).
-- These tables are not in schema.prisma: nothing but this SQL and stats.ts uses them.

-- CreateTable
CREATE TABLE "order_days" (
    "day" DATE NOT NULL,
    "status" "OrderStatus" NOT NULL,
    "source" VARCHAR(32) NOT NULL,
    "orders" BIGINT NOT NULL,
    "revenue" NUMERIC NOT NULL,

    CONSTRAINT "order_days_pkey" PRIMARY KEY ("day", "status", "source")
);

-- CreateTable
CREATE TABLE "order_day_changes" (
    "id" BIGSERIAL NOT NULL,
    "day" DATE NOT NULL,
    "status" "OrderStatus" NOT NULL,
    "source" VARCHAR(32) NOT NULL,
    "orders" BIGINT NOT NULL,
    "revenue" NUMERIC NOT NULL,

    CONSTRAINT "order_day_changes_pkey" PRIMARY KEY ("id")
);

-- A customer: the Telegram user when the order has one ('t:' || id), otherwise the phone ('p:' || phone).
-- Orders that are not cancelled only.
-- CreateTable
CREATE TABLE "customer_sales" (
    "customer" TEXT NOT NULL,
    "telegram_user_id" BIGINT,
    "phone" VARCHAR(20),
    "orders" BIGINT NOT NULL,
    "spent" NUMERIC NOT NULL,

    CONSTRAINT "customer_sales_pkey" PRIMARY KEY ("customer")
);

-- CreateTable
CREATE TABLE "customer_sales_changes" (
    "id" BIGSERIAL NOT NULL,
    "customer" TEXT NOT NULL,
    "telegram_user_id" BIGINT,
    "phone" VARCHAR(20),
    "orders" BIGINT NOT NULL,
    "spent" NUMERIC NOT NULL,

    CONSTRAINT "customer_sales_changes_pkey" PRIMARY KEY ("id")
);

-- the latest order of a customer known by phone (the name shown in the statistics)
-- CreateIndex
CREATE INDEX "orders_customer_phone_id_idx" ON "orders"("customer_phone", "id");

-- Orders written, changed or deleted: one change row per day, status and source (and per customer) and
-- statement, of what the rows are now (added) minus what they were (removed); an update that moves nothing the
-- statistics read (an order's updated_at) writes none. A bulk seed of 100 000 orders writes a few hundred.
CREATE FUNCTION "order_stats_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    -- the statement's rows with +1 (as they are now) or -1 (as they were); each operation has only its own
    -- transition tables ("added" for INSERT and UPDATE, "removed" for UPDATE and DELETE), hence dynamic SQL
    changed TEXT := CASE TG_OP
        WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM added'
        WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM removed'
        ELSE 'SELECT *, -1 AS sign FROM removed UNION ALL SELECT *, 1 AS sign FROM added'
    END;
BEGIN
    EXECUTE format($sql$
        INSERT INTO order_day_changes (day, status, source, orders, revenue)
        SELECT (created_at AT TIME ZONE 'Europe/Moscow')::date, status, source, sum(sign), sum(sign * total)
          FROM (%s) AS o
         GROUP BY 1, 2, 3
        HAVING sum(sign) <> 0 OR sum(sign * total) <> 0 $sql$, changed);
    EXECUTE format($sql$
        INSERT INTO customer_sales_changes (customer, telegram_user_id, phone, orders, spent)
        SELECT CASE WHEN telegram_user_id IS NULL THEN 'p:' || customer_phone ELSE 't:' || telegram_user_id END,
               telegram_user_id, CASE WHEN telegram_user_id IS NULL THEN customer_phone END, sum(sign), sum(sign * total)
          FROM (%s) AS o
         WHERE status <> 'cancelled'
         GROUP BY 1, 2, 3
        HAVING sum(sign) <> 0 OR sum(sign * total) <> 0 $sql$, changed);
    RETURN NULL;
END
$$;

CREATE TRIGGER "order_stats_added"
    AFTER INSERT ON "orders" REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_changed"();

CREATE TRIGGER "order_stats_updated"
    AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS removed NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_changed"();

CREATE TRIGGER "order_stats_deleted"
    AFTER DELETE ON "orders" REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_changed"();

-- All orders emptied at once (`npm run db:seed -- --reset` truncates the shop): nothing is counted any more.
CREATE FUNCTION "order_stats_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM order_days;
    DELETE FROM order_day_changes;
    DELETE FROM customer_sales;
    DELETE FROM customer_sales_changes;
    RETURN NULL;
END
$$;

CREATE TRIGGER "order_stats_truncated"
    AFTER TRUNCATE ON "orders"
    FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_truncated"();

-- The orders the shop has so far.
INSERT INTO "order_days" ("day", "status", "source", "orders", "revenue")
SELECT (created_at AT TIME ZONE 'Europe/Moscow')::date, status, source, count(*), sum(total)
  FROM orders GROUP BY 1, 2, 3;

INSERT INTO "customer_sales" ("customer", "telegram_user_id", "phone", "orders", "spent")
SELECT CASE WHEN telegram_user_id IS NULL THEN 'p:' || customer_phone ELSE 't:' || telegram_user_id END,
       telegram_user_id, CASE WHEN telegram_user_id IS NULL THEN customer_phone END, count(*), sum(total)
  FROM orders WHERE status <> 'cancelled' GROUP BY 1, 2, 3;
