-- Options, variants and personalisation (docs/product.md#variants-and-personalisation): a product's options
-- (at most 3) with ordered values, the combinations the seller offers with their own article, price, stock,
-- made-to-order days and photos, and the fields a shopper fills in for their piece. Order lines keep the variant,
-- its title and the personalisation as ordered; back-in-stock subscriptions may name a variant.

-- CreateTable
CREATE TABLE "product_options" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "name" VARCHAR(40) NOT NULL,
    "kind" VARCHAR(8) NOT NULL DEFAULT 'text',
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "product_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_option_values" (
    "id" SERIAL NOT NULL,
    "option_id" INTEGER NOT NULL,
    "value" VARCHAR(40) NOT NULL,
    "swatch" VARCHAR(7),
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "product_option_values_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_variants" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "sku" VARCHAR(32) NOT NULL,
    "option_value_ids" INTEGER[],
    "price" DECIMAL(12,2),
    "stock" INTEGER,
    "made_to_order_days" INTEGER,
    "image_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "product_variants_pkey" PRIMARY KEY ("id")
);

ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_stock_check" CHECK ("stock" >= 0);
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_made_to_order_days_check" CHECK ("made_to_order_days" BETWEEN 1 AND 365);

-- CreateTable
CREATE TABLE "personalization_fields" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "label" VARCHAR(60) NOT NULL,
    "hint" VARCHAR(200),
    "max_length" INTEGER,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "price" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "personalization_fields_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "personalization_choices" (
    "id" SERIAL NOT NULL,
    "field_id" INTEGER NOT NULL,
    "value" VARCHAR(60) NOT NULL,
    "price" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "personalization_choices_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "personalization" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "variant_id" INTEGER,
ADD COLUMN     "variant_sku" VARCHAR(32),
ADD COLUMN     "variant_title" VARCHAR(300);

-- AlterTable
ALTER TABLE "back_in_stock_subscriptions" DROP CONSTRAINT "back_in_stock_subscriptions_pkey",
ADD COLUMN     "id" SERIAL NOT NULL,
ADD COLUMN     "variant_id" INTEGER,
ADD CONSTRAINT "back_in_stock_subscriptions_pkey" PRIMARY KEY ("id");

-- CreateIndex
CREATE INDEX "product_options_product_id_position_idx" ON "product_options"("product_id", "position");

-- CreateIndex
CREATE INDEX "product_option_values_option_id_position_idx" ON "product_option_values"("option_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants"("sku");

-- CreateIndex
CREATE INDEX "product_variants_product_id_position_idx" ON "product_variants"("product_id", "position");

-- CreateIndex
CREATE INDEX "personalization_fields_product_id_position_idx" ON "personalization_fields"("product_id", "position");

-- CreateIndex
CREATE INDEX "personalization_choices_field_id_position_idx" ON "personalization_choices"("field_id", "position");

-- CreateIndex
CREATE INDEX "order_items_variant_id_idx" ON "order_items"("variant_id");

-- CreateIndex
CREATE INDEX "back_in_stock_subscriptions_variant_id_idx" ON "back_in_stock_subscriptions"("variant_id");

-- one subscription per user, product and variant, a product-wide one (no variant) included: NULLS NOT DISTINCT,
-- which the schema cannot say
-- CreateIndex
CREATE UNIQUE INDEX "back_in_stock_subscriptions_user_product_variant_key" ON "back_in_stock_subscriptions"("telegram_user_id", "product_id", "variant_id") NULLS NOT DISTINCT;

-- AddForeignKey
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_option_values" ADD CONSTRAINT "product_option_values_option_id_fkey" FOREIGN KEY ("option_id") REFERENCES "product_options"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "personalization_fields" ADD CONSTRAINT "personalization_fields_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "personalization_choices" ADD CONSTRAINT "personalization_choices_field_id_fkey" FOREIGN KEY ("field_id") REFERENCES "personalization_fields"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "back_in_stock_subscriptions" ADD CONSTRAINT "back_in_stock_subscriptions_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The catalogue's version (0004) moves with the new tables as with products: every change of options, values,
-- personalisation, and of variants except their stock; a variant's stock, as a product's (0007), only when what a
-- shopper sees changes (counted or not, sold out, 1–3 left). A new column of product_variants must be added to
-- the first variant trigger's list.
CREATE CONSTRAINT TRIGGER "catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_options"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();
CREATE CONSTRAINT TRIGGER "catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_option_values"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();
CREATE CONSTRAINT TRIGGER "catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "personalization_fields"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();
CREATE CONSTRAINT TRIGGER "catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "personalization_choices"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();

CREATE CONSTRAINT TRIGGER "catalog_changed"
    AFTER INSERT OR DELETE OR UPDATE OF "id", "product_id", "sku", "option_value_ids", "price", "made_to_order_days",
        "image_ids", "enabled", "position", "created_at", "updated_at" ON "product_variants"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();

CREATE CONSTRAINT TRIGGER "catalog_stock_changed"
    AFTER UPDATE OF "stock" ON "product_variants"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (least(coalesce(OLD."stock", -1), 4) IS DISTINCT FROM least(coalesce(NEW."stock", -1), 4))
    EXECUTE FUNCTION "catalog_changed"();

CREATE TRIGGER "catalog_truncated" AFTER TRUNCATE ON "product_options" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_truncated"();
CREATE TRIGGER "catalog_truncated" AFTER TRUNCATE ON "product_option_values" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_truncated"();
CREATE TRIGGER "catalog_truncated" AFTER TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_truncated"();
CREATE TRIGGER "catalog_truncated" AFTER TRUNCATE ON "personalization_fields" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_truncated"();
CREATE TRIGGER "catalog_truncated" AFTER TRUNCATE ON "personalization_choices" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_truncated"();
