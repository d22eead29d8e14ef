-- Promo codes (docs/product.md#promo-codes): the codes, their uses per customer, and on an order the code that
-- gave its discount with each line's share of it (the receipt spreads the discount so).

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "promo_code" VARCHAR(40),
ADD COLUMN     "promo_code_id" INTEGER;

-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "promo_discount" DECIMAL(12,2);

-- CreateTable
CREATE TABLE "promo_codes" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(40) NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "percent" INTEGER NOT NULL DEFAULT 0,
    "amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "min_order" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "max_uses" INTEGER,
    "max_uses_per_customer" INTEGER,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "starts_at" TIMESTAMPTZ(3),
    "ends_at" TIMESTAMPTZ(3),
    "scope" VARCHAR(16) NOT NULL DEFAULT 'all',
    "category_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "product_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "promo_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promo_code_customers" (
    "promo_code_id" INTEGER NOT NULL,
    "customer_key" VARCHAR(40) NOT NULL,
    "uses" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "promo_code_customers_pkey" PRIMARY KEY ("promo_code_id","customer_key")
);

-- CreateIndex
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes"("code");

-- CreateIndex
CREATE INDEX "orders_promo_code_id_idx" ON "orders"("promo_code_id");

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_fkey" FOREIGN KEY ("promo_code_id") REFERENCES "promo_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_code_customers" ADD CONSTRAINT "promo_code_customers_promo_code_id_fkey" FOREIGN KEY ("promo_code_id") REFERENCES "promo_codes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

