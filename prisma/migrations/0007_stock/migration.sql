-- Stock (docs/product.md#stock): pieces left per product (null: not counted, always available), the days a
-- product takes to make once none are left, what a made-to-order line promised, and the Mini App users waiting
-- for a sold-out product.

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "made_to_order_days" INTEGER,
ADD COLUMN     "stock" INTEGER;

ALTER TABLE "products" ADD CONSTRAINT "products_stock_check" CHECK ("stock" >= 0);
ALTER TABLE "products" ADD CONSTRAINT "products_made_to_order_days_check" CHECK ("made_to_order_days" BETWEEN 1 AND 365);

-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "made_to_order_days" INTEGER,
ADD COLUMN     "stock_taken" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "back_in_stock_subscriptions" (
    "telegram_user_id" BIGINT NOT NULL,
    "product_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "back_in_stock_subscriptions_pkey" PRIMARY KEY ("telegram_user_id","product_id")
);

-- CreateIndex
CREATE INDEX "back_in_stock_subscriptions_product_id_idx" ON "back_in_stock_subscriptions"("product_id");

-- AddForeignKey
ALTER TABLE "back_in_stock_subscriptions" ADD CONSTRAINT "back_in_stock_subscriptions_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An order takes pieces with an UPDATE of products.stock alone. Raising the catalogue's version (0004) on each
-- would make every instance load the whole catalogue again after every sale of a counted product, and make
-- every such order's commit wait for the version row. So an UPDATE that sets only the stock raises it only
-- when what a shopper sees changes: counted or not, sold out, or a number within "few left" (1–3). Any other
-- UPDATE (an admin edit, which also sets updated_at) raises it as before. A new column of products must be
-- added to the first trigger's list.
DROP TRIGGER "catalog_changed" ON "products";

CREATE CONSTRAINT TRIGGER "catalog_changed"
    AFTER INSERT OR DELETE OR UPDATE OF "id", "sku", "name", "search_name", "price", "description", "material", "width",
        "height", "depth", "made_to_order_days", "created_at", "updated_at" ON "products"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();

CREATE CONSTRAINT TRIGGER "catalog_stock_changed"
    AFTER UPDATE OF "stock" ON "products"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (least(coalesce(OLD."stock", -1), 4) IS DISTINCT FROM least(coalesce(NEW."stock", -1), 4))
    EXECUTE FUNCTION "catalog_changed"();
