-- Forgotten-cart reminders and broadcasts through the bot (docs/product.md#forgotten-carts, #broadcasts).
-- Whether the bot may write to a Telegram customer, whether they blocked it, whether they turned reminders off;
-- the Mini App's cart as the server knows it; the owner's broadcasts and each recipient's delivery, recorded
-- before and after the message goes out so a restart never sends it twice. The job queue (pg-boss) keeps its
-- own tables in the schema `pgboss`, which it creates and migrates itself (docs/dependencies.md).

-- CreateEnum
CREATE TYPE "BroadcastStatus" AS ENUM ('sending', 'finished');

-- CreateEnum
CREATE TYPE "BroadcastDeliveryStatus" AS ENUM ('pending', 'sending', 'sent', 'blocked', 'failed');

-- AlterTable
ALTER TABLE "telegram_customers" ADD COLUMN     "messages_allowed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "blocked_at" TIMESTAMPTZ(3),
ADD COLUMN     "cart_reminders_off" BOOLEAN NOT NULL DEFAULT false;

-- a customer who ordered through Telegram has been written to about the order already
UPDATE "telegram_customers" c SET "messages_allowed" = true WHERE EXISTS (SELECT 1 FROM "orders" o WHERE o."telegram_user_id" = c."telegram_user_id");

-- CreateTable
CREATE TABLE "carts" (
    "telegram_user_id" BIGINT NOT NULL,
    "items" JSONB NOT NULL DEFAULT '[]',
    "item_count" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reminded_at" TIMESTAMPTZ(3),

    CONSTRAINT "carts_pkey" PRIMARY KEY ("telegram_user_id")
);

-- CreateTable
CREATE TABLE "broadcasts" (
    "id" SERIAL NOT NULL,
    "text" VARCHAR(4096) NOT NULL,
    "photo" VARCHAR(500),
    "button_kind" VARCHAR(16) NOT NULL DEFAULT 'none',
    "button_product_id" INTEGER,
    "audience" JSONB NOT NULL,
    "status" "BroadcastStatus" NOT NULL DEFAULT 'sending',
    "recipients" INTEGER NOT NULL DEFAULT 0,
    "created_by_id" INTEGER,
    "created_by_name" VARCHAR(200) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "broadcasts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "broadcast_deliveries" (
    "broadcast_id" INTEGER NOT NULL,
    "telegram_user_id" BIGINT NOT NULL,
    "status" "BroadcastDeliveryStatus" NOT NULL DEFAULT 'pending',
    "error" VARCHAR(300),
    "attempted_at" TIMESTAMPTZ(3),

    CONSTRAINT "broadcast_deliveries_pkey" PRIMARY KEY ("broadcast_id","telegram_user_id")
);

-- CreateIndex
CREATE INDEX "carts_updated_at_idx" ON "carts"("updated_at");

-- CreateIndex
CREATE INDEX "broadcasts_created_at_idx" ON "broadcasts"("created_at");

-- CreateIndex
CREATE INDEX "broadcast_deliveries_broadcast_id_status_idx" ON "broadcast_deliveries"("broadcast_id", "status");

-- AddForeignKey
ALTER TABLE "carts" ADD CONSTRAINT "carts_telegram_user_id_fkey" FOREIGN KEY ("telegram_user_id") REFERENCES "telegram_customers"("telegram_user_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_button_product_id_fkey" FOREIGN KEY ("button_product_id") REFERENCES "products"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "admin_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "broadcast_deliveries" ADD CONSTRAINT "broadcast_deliveries_broadcast_id_fkey" FOREIGN KEY ("broadcast_id") REFERENCES "broadcasts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
