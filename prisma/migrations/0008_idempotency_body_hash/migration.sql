-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "idempotency_body_hash" VARCHAR(64);
