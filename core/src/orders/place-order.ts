import { autoCommitSql, type Database, type Sql } from "@shop/prisma/db";
import type { CheckoutForm } from "@shop/shared/checkout";
import { deliveryFeeFor } from "@shop/shared/delivery";
import { computeTotals, DELIVERY_FEE, type PromoDiscount, type Totals } from "@shop/shared/pricing";
import type { OrderSourceValue } from "@shop/shared/schemas/orders";
import { conflict, forbidden, invalid, ShopError, unprocessable } from "../errors";
import type { TelegramIdentity } from "../customers";
import { checkContact, mergeLines, ORDER_MESSAGES, priceCartInSlot, priceKnownCart, type KnownProducts, type RequestedLine } from "./checkout";
import { checkoutFingerprint, KEY_USED_FOR_ANOTHER_ORDER } from "./idempotency";
import type { OrderNotifier } from "./order-notifier";
import type { Order, QuotedDelivery } from "./order";
import { readOrder } from "./order-record";
import { orderSlots } from "./order-slots";
import { outOfStock } from "../stock";
import { writeOrder } from "./write-order";
import { customerKeys, totalsWithPromo, type OrderPromo, type PromoCartLine } from "../promo-codes";

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
  /** the catalogue this process keeps in memory: the first try prices the cart from it (see KnownProducts) */
  known?: KnownProducts;
  /** the method the shopper chose, quoted by the delivery module; absent: the shop's fixed fee (docs/delivery.md) */
  delivery?: QuotedDelivery | null;
  /** the promo code the shopper entered (any case); absent or empty: none */
  promoCode?: string | null;
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

/** The delivery fee for goods totals: free from the quote's threshold, the fixed fee while the manager prices it. */
export const deliveryFee = (delivery: QuotedDelivery | null | undefined) => (goods: Totals) =>
  delivery ? deliveryFeeFor(delivery.quoted, delivery.freeFrom, goods.total) : DELIVERY_FEE;

/** The totals with the quoted delivery, and the promo code's discount the shopper was shown when there is one. */
export function totalsWithDelivery(lines: Parameters<typeof computeTotals>[0], delivery: QuotedDelivery | null | undefined, promo?: PromoDiscount | null): Totals {
  return computeTotals(lines, deliveryFee(delivery)(computeTotals(lines, 0, promo)), promo);
}

/** The totals with the quoted delivery and the promo code when there is one (checked now, for this customer). */
async function orderTotals(
  sql: Sql,
  lines: readonly PromoCartLine[],
  input: Pick<PlaceOrderInput, "delivery" | "promoCode" | "telegramUser">,
  phone: string,
): Promise<{ totals: Totals; promo: OrderPromo | null }> {
  const fee = deliveryFee(input.delivery);
  if (input.promoCode?.trim()) {
    return totalsWithPromo(sql, input.promoCode, lines, customerKeys({ phone, telegramUserId: input.telegramUser?.id ?? null }), fee);
  }
  return { totals: computeTotals(lines, fee(computeTotals(lines, 0))), promo: null };
}

/**
 * When prices keep changing under a checkout (an admin editing them that very moment), it gives up after this
 * many tries of pricing from the database.
 */
const PRICING_ATTEMPTS = 3;

/**
 * Places an order without an open transaction. The cart is priced from the catalogue in memory with a slot
 * (id, number, time) reserved ahead (order-slots.ts), or, when that does not go, by a first statement that reads
 * the prices and reserves the slot. Then one statement writes the order, its lines, its customer and its
 * notifications at once, only if every price and kind of stock is still what the order says (otherwise the cart
 * is priced again from the database), taking the pieces of counted products in the same statement. A line asking
 * for more pieces than are left creates nothing (409 out of stock). An Idempotency-Key already used returns that
 * first order instead.
 */
export async function placeOrder(db: Database, notifier: OrderNotifier, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const key = input.idempotencyKey;
  const bodyHash = key ? checkoutFingerprint({ ...input, delivery: input.delivery?.details ?? null }) : null;
  const sql = autoCommitSql(db, { prepare: true });
  const firstOrder = async (): Promise<PlaceOrderResult | null> => {
    if (!key) return null;
    const [row] = await sql.query<{ id: number; body_hash: string | null }>(
      `SELECT id, idempotency_body_hash AS body_hash FROM orders WHERE idempotency_key = $1`,
      [key],
    );
    if (row?.body_hash && row.body_hash !== bodyHash) throw unprocessable(KEY_USED_FOR_ANOTHER_ORDER);
    const order = row ? await readOrder(sql, row.id) : null;
    return order ? { created: false, order } : null;
  };
  try {
    const lines = mergeLines(input.lines);
    const contact = checkContact(input.contact);
    let known = input.known ? priceKnownCart(input.known, lines) : null;
    for (let attempt = known ? 0 : 1; ; attempt++) {
      const priced = known ? { ...known, slot: await orderSlots(db).take(lines.length) } : await priceCartInSlot(sql, lines);
      known = null;
      const { totals, promo } = await orderTotals(sql, priced.lines, input, contact.customerPhone);
      const written = await writeOrder(sql, notifier, {
        slot: priced.slot,
        source: input.source,
        contact,
        lines: priced.lines,
        counted: priced.counted,
        guards: priced.guards,
        totals,
        promo,
        delivery: input.delivery?.details ?? null,
        telegramUser: input.telegramUser,
        idempotencyKey: key,
        idempotencyBodyHash: bodyHash,
        pricesStillCurrent: true,
      });
      if (written.status === "written") {
        notifier.queued?.();
        return { created: true, order: written.order };
      }
      const first = await firstOrder();
      if (first) return first;
      if (written.status === "short") throw outOfStock(written.items);
      if (attempt === PRICING_ATTEMPTS) throw conflict(ORDER_MESSAGES.pricesChanged);
    }
  } catch (error) {
    // a retried submission whose cart no longer passes (a product sold out since) still gets its first order
    const first = error instanceof ShopError ? await firstOrder() : null;
    if (first) return first;
    throw error;
  }
}
