-- Reviews from buyers (docs/product.md#reviews): a review per line of a completed order, the bot's one request per
-- order, the chat's "write a few words" state; when an order became 'Завершен' (the request counts days from it).

-- CreateEnum
CREATE TYPE "ReviewStatus" AS ENUM ('pending', 'published', 'hidden');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "completed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "reviews" (
    "id" SERIAL NOT NULL,
    "order_item_id" INTEGER NOT NULL,
    "order_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "telegram_user_id" BIGINT,
    "author_name" VARCHAR(100) NOT NULL,
    "rating" SMALLINT NOT NULL,
    "text" VARCHAR(2000),
    "photo_url" VARCHAR(500),
    "status" "ReviewStatus" NOT NULL DEFAULT 'pending',
    "reply" VARCHAR(2000),
    "replied_at" TIMESTAMPTZ(3),
    "published_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_requests" (
    "order_id" INTEGER NOT NULL,
    "token" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_requests_pkey" PRIMARY KEY ("order_id")
);

-- CreateTable
CREATE TABLE "review_prompts" (
    "chat_id" BIGINT NOT NULL,
    "review_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_prompts_pkey" PRIMARY KEY ("chat_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "reviews_order_item_id_key" ON "reviews"("order_item_id");

-- CreateIndex
CREATE INDEX "reviews_product_id_status_published_at_idx" ON "reviews"("product_id", "status", "published_at");

-- CreateIndex
CREATE INDEX "reviews_status_created_at_idx" ON "reviews"("status", "created_at");

-- CreateIndex
CREATE INDEX "reviews_order_id_idx" ON "reviews"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "review_requests_token_key" ON "review_requests"("token");

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_item_id_fkey" FOREIGN KEY ("order_item_id") REFERENCES "order_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- CHECK: a rating is 1 to 5 stars
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5);

-- orders.completed_at: set when an order becomes 'Завершен' (whoever changes it: the panel, the bot, a script),
-- unless the statement sets it itself (the seed's history); kept when it leaves that status again.
CREATE FUNCTION "order_completed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW."status" = 'completed' THEN
        IF TG_OP = 'INSERT' THEN
            NEW."completed_at" := COALESCE(NEW."completed_at", now());
        ELSIF OLD."status" IS DISTINCT FROM 'completed' AND NEW."completed_at" IS NOT DISTINCT FROM OLD."completed_at" THEN
            NEW."completed_at" := now();
        END IF;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER "order_completed_at" BEFORE INSERT OR UPDATE OF "status" ON "orders"
    FOR EACH ROW EXECUTE FUNCTION "order_completed_at"();

-- A product's rating and its reviews are part of the public catalogue (cards show the rating, the kept product
-- pages the reviews): a change that touches a published review raises catalog_version, as the triggers of
-- migration 0004_catalog_version do for products. A review that is written, rated again or hidden while it
-- waits for moderation changes nothing the shop shows.
CREATE FUNCTION "review_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (TG_OP <> 'INSERT' AND OLD."status" = 'published') OR (TG_OP <> 'DELETE' AND NEW."status" = 'published') THEN
        IF current_setting('shop.catalog_changed', true) IS DISTINCT FROM 'yes' THEN
            PERFORM set_config('shop.catalog_changed', 'yes', true);
            UPDATE "catalog_version" SET "version" = "version" + 1;
        END IF;
    END IF;
    RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER "review_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "review_catalog_changed"();
CREATE TRIGGER "catalog_truncated" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_truncated"();
