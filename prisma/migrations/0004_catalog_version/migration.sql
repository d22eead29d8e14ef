-- A version number of the public catalogue (products, their images and categories, the categories), raised by
-- every committed change to those tables, whoever makes it: an API instance, the bot, a seed, a hand-written
-- UPDATE. Each API instance serves the catalogue from memory (api/src/services/catalog-store.ts) and compares
-- this number with the one it loaded, at most once a second, to know when to load it again.
-- This table is not in schema.prisma: nothing but this SQL and catalog-store.ts uses it.

CREATE TABLE "catalog_version" (
    "id" BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK ("id"),
    "version" BIGINT NOT NULL
);
INSERT INTO "catalog_version" ("id", "version") VALUES (TRUE, 1);

-- Raises the version once per transaction. The row triggers below are deferred to the commit, so the version's
-- row lock is taken as a transaction's last act and held for an instant: two writers can't deadlock on it
-- (one holding it while waiting for a product row the other has locked), and a bulk insert of 10 000 rows
-- updates it once, not 10 000 times (the transaction-local setting remembers it was done).
CREATE FUNCTION "catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('shop.catalog_changed', true) IS DISTINCT FROM 'yes' THEN
        PERFORM set_config('shop.catalog_changed', 'yes', true);
        UPDATE "catalog_version" SET "version" = "version" + 1;
    END IF;
    RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER "catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "products"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();
CREATE CONSTRAINT TRIGGER "catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_images"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();
CREATE CONSTRAINT TRIGGER "catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_categories"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();
CREATE CONSTRAINT TRIGGER "catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "categories"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();

-- TRUNCATE has no row triggers; it locks the whole table anyway
CREATE FUNCTION "catalog_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "catalog_version" SET "version" = "version" + 1;
    RETURN NULL;
END
$$;
CREATE TRIGGER "catalog_truncated" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_truncated"();
CREATE TRIGGER "catalog_truncated" AFTER TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_truncated"();
CREATE TRIGGER "catalog_truncated" AFTER TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_truncated"();
CREATE TRIGGER "catalog_truncated" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_truncated"();
