import type { Database } from "@shop/prisma/db";
import type { CheckoutForm } from "@shop/shared/checkout";
import { computeTotals } from "@shop/shared/pricing";
import type { OrderSourceValue } from "@shop/shared/schemas/orders";
import { forbidden, invalid } from "../errors";
import type { TelegramIdentity } from "../customers/telegram-customers";
import { checkContact, mergeLines, ORDER_MESSAGES, priceCart, type RequestedLine } from "./checkout";
import type { OrderNotifier } from "./notifications";
import type { Order } from "./order";
import { readOrder, type OrderSqlRow } from "./order-record";
import { afterKeyConflict, writeOrder } from "./write-order";

/**
 * Placing an order from the Mini App, or from the website when no bot is configured. Whatever the client says
 * about money is ignored: every price is read from the database and the totals come from `computeTotals`, in
 * the same transaction that writes the order (docs/product.md#placing-the-order).
 */

/** Idempotency-Key header: what a client may use as a key (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = "^[A-Za-z0-9_\\-:.]{1,100}$";

export interface PlaceOrderInput {
  contact: CheckoutForm;
  lines: RequestedLine[];
  source: OrderSourceValue;
  /** the Telegram user the order belongs to, already checked against validated initData */
  telegramUser: TelegramIdentity | null;
  idempotencyKey: string | null;
}

export interface PlaceOrderResult {
  /** false: the Idempotency-Key was seen before and this is the first order again */
  created: boolean;
  order: Order;
}

/** What the client says about whose order it is, besides the proven Telegram user. */
export interface ClaimedIdentity {
  source?: OrderSourceValue;
  telegram_user_id?: number | string | null;
  telegram_username?: string | null;
  telegram_first_name?: string | null;
  telegram_last_name?: string | null;
}

/**
 * Decides whose order it is and where it comes from. A claimed Telegram user must be the proven one; a proven
 * user is attached even when the client does not name one; the Mini App source requires one.
 */
export function resolveOrderIdentity(
  claimed: ClaimedIdentity,
  verified: TelegramIdentity | null,
): { source: OrderSourceValue; telegramUser: TelegramIdentity | null } {
  const claimedId = claimed.telegram_user_id;
  if (claimedId !== undefined && claimedId !== null && (!verified || String(verified.id) !== String(claimedId))) {
    throw forbidden(ORDER_MESSAGES.telegramMismatch);
  }
  const source = claimed.source ?? (verified ? "telegram_mini_app" : "website");
  if (source === "telegram_bot") throw invalid(ORDER_MESSAGES.badSource);
  if (source === "telegram_mini_app" && !verified) throw forbidden(ORDER_MESSAGES.miniAppNeedsTelegram);
  if (!verified) return { source, telegramUser: null };
  // validated initData carries the names; the development fallback only the id, so the client fills them in
  return {
    source,
    telegramUser: {
      id: verified.id,
      username: verified.username ?? claimed.telegram_username ?? null,
      first_name: verified.first_name ?? claimed.telegram_first_name ?? null,
      last_name: verified.last_name ?? claimed.telegram_last_name ?? null,
      language_code: verified.language_code ?? null,
    },
  };
}

export async function placeOrder(db: Database, notifier: OrderNotifier, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const key = input.idempotencyKey;
  const findByKey = async () => {
    if (!key) return null;
    const [row] = await db.read<Pick<OrderSqlRow, "id">>(`SELECT id FROM orders WHERE idempotency_key = $1`, [key], { prepare: true });
    const order = row ? await db.transaction((sql) => readOrder(sql, row.id)) : null;
    return order ? { created: false, order } : null;
  };
  const replay = await findByKey();
  if (replay) return replay;

  const lines = mergeLines(input.lines);
  const contact = checkContact(input.contact);
  try {
    const order = await db.transaction(async (sql) => {
      const priced = await priceCart(sql, lines);
      return writeOrder(sql, notifier, {
        source: input.source,
        contact,
        lines: priced,
        totals: computeTotals(priced),
        telegramUser: input.telegramUser,
        idempotencyKey: key,
      });
    });
    return { created: true, order };
  } catch (error) {
    return afterKeyConflict(error, key, findByKey);
  }
}
