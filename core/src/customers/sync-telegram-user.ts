import { autoCommitSql, type Database } from "@shop/prisma/db";
import { forbidden, unauthorized } from "../errors";
import { upsertTelegramCustomer, type TelegramCustomerRow, type TelegramIdentity } from "./telegram-customers";
import { allowMessages } from "./reachability";

export const TELEGRAM_MESSAGES = {
  identityRequired: "Откройте магазин из Telegram: данные пользователя не получены",
  mismatch: "Данные пользователя Telegram не подтверждены. Откройте магазин из Telegram заново.",
} as const;

/** What the client says of its user: only fields Telegram did not prove are taken from it. */
export interface ClaimedTelegramUser {
  id: number | string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  languageCode?: string | null;
}

export interface SyncedTelegramCustomer {
  customer: TelegramCustomerRow;
  orderCount: number;
}

/** The Mini App tells the shop who its user is: the claim may only speak for the user the request proves to be. */
export async function syncTelegramCustomer(
  db: Database,
  verified: (TelegramIdentity & { allows_write_to_pm?: boolean }) | null,
  claimed: ClaimedTelegramUser): Promise<SyncedTelegramCustomer> {
  if (!verified) throw unauthorized(TELEGRAM_MESSAGES.identityRequired);
  if (String(verified.id) !== String(claimed.id)) throw forbidden(TELEGRAM_MESSAGES.mismatch);
  const customer = await upsertTelegramCustomer(autoCommitSql(db), {
    id: verified.id,
    username: verified.username ?? claimed.username,
    first_name: verified.first_name ?? claimed.firstName,
    last_name: verified.last_name ?? claimed.lastName,
    language_code: verified.language_code ?? claimed.languageCode,
  });
  // Telegram says the bot may write to them (docs/product.md#broadcasts)
  if (verified.allows_write_to_pm) await allowMessages(db, verified.id);
  const orderCount = await db.prisma.order.count({ where: { telegramUserId: customer.telegram_user_id } });
  return { customer, orderCount };
}
