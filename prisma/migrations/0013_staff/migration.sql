-- Staff accounts with roles (docs/product.md#staff-and-roles): the accounts that exist become owners; an account
-- can be switched off, and its session version ends its older tokens. The audit log of staff changes and the
-- staff's notes on orders.

-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('owner', 'manager', 'picker');

-- AlterTable
ALTER TABLE "admin_users" ADD COLUMN     "active" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "name" VARCHAR(200) NOT NULL DEFAULT '',
ADD COLUMN     "role" "StaffRole" NOT NULL DEFAULT 'owner',
ADD COLUMN     "session_version" INTEGER NOT NULL DEFAULT 0;

-- the account that signed in until now is the shop's owner
UPDATE "admin_users" SET "name" = 'Владелец' WHERE "name" = '';

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "staff_id" INTEGER,
    "staff_name" VARCHAR(200) NOT NULL,
    "via" VARCHAR(16) NOT NULL,
    "kind" VARCHAR(32) NOT NULL,
    "action" VARCHAR(64) NOT NULL,
    "entity_id" INTEGER,
    "label" VARCHAR(300) NOT NULL DEFAULT '',
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_notes" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "staff_id" INTEGER,
    "author_name" VARCHAR(200) NOT NULL,
    "text" VARCHAR(2000) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");

-- CreateIndex
CREATE INDEX "audit_log_staff_id_created_at_idx" ON "audit_log"("staff_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_log_kind_entity_id_created_at_idx" ON "audit_log"("kind", "entity_id", "created_at");

-- CreateIndex
CREATE INDEX "order_notes_order_id_id_idx" ON "order_notes"("order_id", "id");

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "admin_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "admin_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
