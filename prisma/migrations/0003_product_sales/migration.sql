-- All-time sales per article, for the statistics' top products over the whole history (period=all).
-- Summing every order line on each request took 100–200 ms at 100 000 orders (180 000 lines), however it was
-- written: the aggregation itself is the cost. Here each article has one row of pieces and value sold in orders
-- that are not cancelled, so the top ten are read from 10 000 rows instead of 180 000.
--
-- Writers never touch those rows (no lock on a best seller's row while an order commits): triggers append
-- changes to product_sales_changes, and the statistics fold them into product_sales before reading
-- (api/src/services/stats.ts). The triggers see every writer: the API, the bot, seeds, bulk deletes.
-- These tables are not in schema.prisma: nothing but this SQL and stats.ts uses them.

-- CreateTable
CREATE TABLE "product_sales" (
    "product_sku" VARCHAR(32) NOT NULL,
    "quantity" BIGINT NOT NULL,
    "value" NUMERIC NOT NULL,

    CONSTRAINT "product_sales_pkey" PRIMARY KEY ("product_sku")
);

-- CreateTable
CREATE TABLE "product_sales_changes" (
    "id" BIGSERIAL NOT NULL,
    "product_sku" VARCHAR(32) NOT NULL,
    "quantity" BIGINT NOT NULL,
    "value" NUMERIC NOT NULL,

    CONSTRAINT "product_sales_changes_pkey" PRIMARY KEY ("id")
);

-- the latest counted line of an article (its name in the statistics), found by article
-- CreateIndex
CREATE INDEX "order_items_product_sku_id_idx" ON "order_items"("product_sku", "id");

-- Lines written into an order that counts: one change per article and statement (a bulk seed writes thousands).
CREATE FUNCTION "product_sales_lines_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO product_sales_changes (product_sku, quantity, value)
    SELECT added.product_sku, sum(added.quantity), sum(added.price * added.quantity)
      FROM added JOIN orders o ON o.id = added.order_id
     WHERE o.status <> 'cancelled'
     GROUP BY added.product_sku;
    RETURN NULL;
END
$$;

CREATE TRIGGER "product_sales_lines_added"
    AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION "product_sales_lines_added"();

-- An order cancelled (its lines stop counting) or taken back from cancelled (they count again).
CREATE FUNCTION "product_sales_order_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    sign INTEGER := CASE WHEN NEW.status = 'cancelled' THEN -1 ELSE 1 END;
BEGIN
    INSERT INTO product_sales_changes (product_sku, quantity, value)
    SELECT i.product_sku, sign * sum(i.quantity), sign * sum(i.price * i.quantity)
      FROM order_items i
     WHERE i.order_id = NEW.id
     GROUP BY i.product_sku;
    RETURN NULL;
END
$$;

CREATE TRIGGER "product_sales_order_status"
    AFTER UPDATE OF "status" ON "orders"
    FOR EACH ROW WHEN ((OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled'))
    EXECUTE FUNCTION "product_sales_order_status"();

-- An order deleted: its lines stop counting (before they go with it; lines are never deleted on their own).
CREATE FUNCTION "product_sales_order_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.status <> 'cancelled' THEN
        INSERT INTO product_sales_changes (product_sku, quantity, value)
        SELECT i.product_sku, -sum(i.quantity), -sum(i.price * i.quantity)
          FROM order_items i
         WHERE i.order_id = OLD.id
         GROUP BY i.product_sku;
    END IF;
    RETURN OLD;
END
$$;

CREATE TRIGGER "product_sales_order_deleted"
    BEFORE DELETE ON "orders"
    FOR EACH ROW EXECUTE FUNCTION "product_sales_order_deleted"();

-- All lines emptied at once (`npm run db:seed -- --reset` truncates the shop): nothing is sold any more.
CREATE FUNCTION "product_sales_lines_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM product_sales;
    DELETE FROM product_sales_changes;
    RETURN NULL;
END
$$;

CREATE TRIGGER "product_sales_lines_truncated"
    AFTER TRUNCATE ON "order_items"
    FOR EACH STATEMENT EXECUTE FUNCTION "product_sales_lines_truncated"();

-- What the shop has sold so far.
INSERT INTO "product_sales" ("product_sku", "quantity", "value")
SELECT i.product_sku, sum(i.quantity), sum(i.price * i.quantity)
  FROM order_items i JOIN orders o ON o.id = i.order_id
 WHERE o.status <> 'cancelled'
 GROUP BY i.product_sku;
