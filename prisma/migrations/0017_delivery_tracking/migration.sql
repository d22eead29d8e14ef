-- Delivery tracking (docs/delivery.md): a manager's pending question in the managers' chat is either a delivery cost
-- ('Другая сумма') or a track number ('Ввести трек-номер'); the next message of that manager in that chat answers it.

-- AlterTable
ALTER TABLE "delivery_cost_prompts" ADD COLUMN     "purpose" VARCHAR(16) NOT NULL DEFAULT 'delivery_cost';
