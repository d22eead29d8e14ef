-- The bot's managers bound to staff accounts, products kept out of the shop, and one-time invitations of staff
-- (docs/product.md#staff-and-roles, #drafts-and-hidden-products).

-- A staff account's Telegram id (bound with a one-time code the panel shows) and the code waiting to be sent:
-- only its SHA-256 is kept, with the moment it stops working.
ALTER TABLE "admin_users" ADD COLUMN     "telegram_id" BIGINT,
ADD COLUMN     "bind_code_hash" VARCHAR(64),
ADD COLUMN     "bind_code_expires_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE UNIQUE INDEX "admin_users_telegram_id_key" ON "admin_users"("telegram_id");

-- CreateIndex
CREATE UNIQUE INDEX "admin_users_bind_code_hash_key" ON "admin_users"("bind_code_hash");

-- A hidden product (a draft, or one taken off sale) is the admin's only: no shopper, bot or feed sees it.
ALTER TABLE "products" ADD COLUMN     "hidden" BOOLEAN NOT NULL DEFAULT false;

-- hiding or showing a product changes the shop's catalogue: the version's trigger (0007_stock) lists the column
DROP TRIGGER "catalog_changed" ON "products";

CREATE CONSTRAINT TRIGGER "catalog_changed"
    AFTER INSERT OR DELETE OR UPDATE OF "id", "sku", "name", "search_name", "price", "description", "material", "width",
        "height", "depth", "made_to_order_days", "hidden", "created_at", "updated_at" ON "products"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();

-- CreateTable
CREATE TABLE "staff_invitations" (
    "id" SERIAL NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "role" "StaffRole" NOT NULL,
    "name" VARCHAR(200) NOT NULL DEFAULT '',
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "staff_id" INTEGER,

    CONSTRAINT "staff_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_invitations_token_hash_key" ON "staff_invitations"("token_hash");

-- AddForeignKey
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "admin_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "admin_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
