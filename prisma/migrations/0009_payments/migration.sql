-- Payment in Telegram (docs/payments.md): an order's payment status, time paid and latest invoice number; the
-- payments Telegram reported, each charge id once; a manager's pending 'Другая сумма' for a delivery cost.

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('unpaid', 'invoiced', 'paid', 'refunded');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "invoice_number" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "paid_at" TIMESTAMPTZ(3),
ADD COLUMN     "payment_status" "PaymentStatus" NOT NULL DEFAULT 'unpaid';

-- CreateTable
CREATE TABLE "payments" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "invoice_number" INTEGER NOT NULL,
    "telegram_payment_charge_id" VARCHAR(255) NOT NULL,
    "provider_payment_charge_id" VARCHAR(255) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery_cost_prompts" (
    "chat_id" BIGINT NOT NULL,
    "user_id" BIGINT NOT NULL,
    "order_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "delivery_cost_prompts_pkey" PRIMARY KEY ("chat_id","user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payments_telegram_payment_charge_id_key" ON "payments"("telegram_payment_charge_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_provider_payment_charge_id_key" ON "payments"("provider_payment_charge_id");

-- CreateIndex
CREATE INDEX "payments_order_id_idx" ON "payments"("order_id");

-- CreateIndex
CREATE INDEX "orders_payment_status_created_at_idx" ON "orders"("payment_status", "created_at");

-- CreateIndex
CREATE INDEX "orders_paid_at_idx" ON "orders"("paid_at");

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

