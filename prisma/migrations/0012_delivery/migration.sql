-- Delivery (docs/delivery.md): a product's parcel weight, the seller's delivery settings (one row), and how each
-- order travels: method, point or address, quote, shipment with the carrier.

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "weight_grams" INTEGER;

-- CreateTable
CREATE TABLE "delivery_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "settings" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "delivery_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_deliveries" (
    "order_id" INTEGER NOT NULL,
    "method" VARCHAR(32),
    "city" VARCHAR(200),
    "city_code" INTEGER,
    "point_code" VARCHAR(64),
    "point_address" VARCHAR(500),
    "weight_grams" INTEGER NOT NULL,
    "days_min" INTEGER,
    "days_max" INTEGER,
    "price_known" BOOLEAN NOT NULL,
    "price_note" VARCHAR(32),
    "carrier_order_uuid" VARCHAR(64),
    "track_number" VARCHAR(64),
    "carrier_status" VARCHAR(64),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_deliveries_pkey" PRIMARY KEY ("order_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "order_deliveries_carrier_order_uuid_key" ON "order_deliveries"("carrier_order_uuid");

-- AddForeignKey
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
