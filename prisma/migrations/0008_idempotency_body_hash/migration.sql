-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "idempotency_body_hash" VARCHAR(64);

-- AlterTable
ALTER TABLE "prepared_orders" ADD COLUMN     "idempotency_body_hash" VARCHAR(64);
