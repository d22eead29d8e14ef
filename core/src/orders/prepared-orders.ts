import { randomBytes } from "node:crypto";
import { autoCommitSql, type Database, type Prisma, type Sql } from "@shop/prisma/db";
import type { CheckoutForm } from "@shop/shared/checkout";
import { PREPARED_ORDER_TTL_MS } from "@shop/shared/constants";
import { toKopecks } from "@shop/shared/money";
import type { PromoDiscount, Totals } from "@shop/shared/pricing";
import type { OrderSourceValue } from "@shop/shared/schemas/orders";
import type { OutOfStockItem } from "@shop/shared/schemas/orders";
import { invalid, unprocessable } from "../errors";
import { canOrder, outOfStock, outOfStockItems } from "../stock";
import type { TelegramIdentity } from "../customers";
import { checkContact, lineName, mergeLines, ORDER_MESSAGES, priceCart, reserveOrder, stockTargets, type RequestedLine } from "./checkout";
import { checkoutFingerprint, KEY_USED_FOR_ANOTHER_ORDER } from "./idempotency";
import type { OrderNotifier } from "./order-notifier";
import type { CartLine, Order, OrderContact, PreparedDelivery, QuotedDelivery } from "./order";
import { deliveryFee, totalsWithDelivery } from "./place-order";
import { writeOrder } from "./write-order";
import { customerKeys, evaluatePromoCode, totalsWithPromo, type OrderPromo } from "../promo-codes";

/**
 * A website checkout continues in the bot (docs/product.md#prepared-website-checkouts): the site prepares
 * the order — validated and priced by the server — under a single-use token, the shopper opens the bot with it
 * and confirms, and only then the order is created, linked to their Telegram account.
 */

/** The checkout exactly as the server priced it when the shopper pressed «Оформить заказ» on the website. */
export interface PreparedOrder {
  contact: OrderContact;
  lines: CartLine[];
  totals: Totals;
  source: "website" | "mobile_web";
  /** the delivery chosen at the website's checkout; null: none (the shop's fixed fee, or written before v5) */
  delivery?: PreparedDelivery | null;
  /** the promo code that gives the discount (totals.promoCode), checked again when the shopper confirms */
  promoCodeId?: number;
}

/** What prepared_orders.payload holds: money in kopecks; lines with their variant and personalisation; the delivery. */
interface StoredPayloadV5 extends PreparedOrder {
  version: 5;
}

/** As version 5, written before a website checkout confirmed in the bot had a delivery step. */
interface StoredPayloadV4 extends Omit<PreparedOrder, "delivery"> {
  version: 4;
}

/** As version 4, written before lines had variants and personalisation. */
interface StoredPayloadV3 extends Omit<PreparedOrder, "delivery"> {
  version: 3;
}

/** Earlier stored forms, still read (money in roubles): tokens live for a day and may have been written by an older server. */
interface StoredPayloadV2 extends Omit<PreparedOrder, "delivery"> {
  version: 2;
}

interface StoredPayloadV1 {
  version: 1;
  order: { customer_name: string; customer_phone: string; delivery_address: string | null; comment: string | null };
  cart: { id: number; name: string; sku: string; price: number; quantity: number; image: string | null }[];
  totals: { subtotal: number; discount_percent: number; discount: number; delivery: number; total: number };
  source: "website" | "mobile_web";
}

function readPayload(stored: unknown): PreparedOrder {
  const payload = (typeof stored === "string" ? JSON.parse(stored) : stored) as
    | StoredPayloadV1
    | StoredPayloadV2
    | StoredPayloadV3
    | StoredPayloadV4
    | StoredPayloadV5;
  if (payload.version === 5 || payload.version === 4 || payload.version === 3) {
    const order: PreparedOrder = {
      contact: payload.contact,
      lines: payload.lines,
      totals: payload.totals,
      source: payload.source,
      delivery: payload.version === 5 ? (payload.delivery ?? null) : null,
    };
    if (payload.promoCodeId !== undefined) order.promoCodeId = payload.promoCodeId;
    return order;
  }
  if (payload.version === 2) {
    const { totals } = payload;
    return {
      contact: payload.contact,
      lines: payload.lines.map((line) => ({ ...line, price: toKopecks(line.price) })),
      totals: { ...totals, subtotal: toKopecks(totals.subtotal), discount: toKopecks(totals.discount), delivery: toKopecks(totals.delivery), total: toKopecks(totals.total) },
      source: payload.source,
      delivery: null,
    };
  }
  return {
    contact: {
      customerName: payload.order.customer_name,
      customerPhone: payload.order.customer_phone,
      deliveryAddress: payload.order.delivery_address,
      comment: payload.order.comment,
    },
    lines: payload.cart.map((line) => ({ productId: line.id, name: line.name, sku: line.sku, image: line.image, price: toKopecks(line.price), quantity: line.quantity })),
    totals: {
      subtotal: toKopecks(payload.totals.subtotal),
      discountPercent: payload.totals.discount_percent,
      discount: toKopecks(payload.totals.discount),
      delivery: toKopecks(payload.totals.delivery),
      total: toKopecks(payload.totals.total),
    },
    source: payload.source,
    delivery: null,
  };
}

export interface PrepareOrderInput {
  contact: CheckoutForm;
  lines: RequestedLine[];
  source?: OrderSourceValue;
  idempotencyKey: string | null;
  /** the delivery chosen and quoted (the delivery desk's forOrder); absent: the shop's fixed fee */
  delivery?: PreparedDelivery | null;
  /** the promo code the shopper entered; absent or empty: none */
  promoCode?: string | null;
}

export interface PreparedOrderTicket {
  token: string;
  expiresAt: Date;
  order: PreparedOrder;
}

export interface PrepareOrderResult {
  /** false: the Idempotency-Key was seen before and this is the first prepared order again */
  created: boolean;
  prepared: PreparedOrderTicket;
}

/** 32 characters of base64url: a valid Telegram start parameter (at most 64 of A–Z a–z 0–9 _ -). */
export function newPreparedOrderToken(): string {
  return randomBytes(24).toString("base64url");
}

const toTicket = (row: { token: string; expiresAt: Date; payload: unknown }): PreparedOrderTicket => ({
  token: row.token,
  expiresAt: row.expiresAt,
  order: readPayload(row.payload),
});

/** Finds the row a concurrent request with the same Idempotency-Key wrote, after our insert lost the race. */
async function afterKeyConflict<T>(error: unknown, key: string | null, find: () => Promise<T | null>): Promise<T> {
  if (key) {
    const existing = await find().catch(() => null);
    if (existing) return existing;
  }
  throw error;
}

export async function prepareOrder(db: Database, input: PrepareOrderInput): Promise<PrepareOrderResult> {
  const { prisma } = db;
  const key = input.idempotencyKey;
  const source = input.source ?? "website";
  const delivery = input.delivery ?? null;
  const bodyHash = key
    ? checkoutFingerprint({ contact: input.contact, lines: input.lines, source, delivery: delivery?.choice ?? null, promoCode: input.promoCode ?? null })
    : null;
  const findByKey = async () => {
    const row = key ? await prisma.preparedOrder.findUnique({ where: { idempotencyKey: key } }) : null;
    if (row?.idempotencyBodyHash && row.idempotencyBodyHash !== bodyHash) throw unprocessable(KEY_USED_FOR_ANOTHER_ORDER);
    return row ? { created: false, prepared: toTicket(row) } : null;
  };
  const replay = await findByKey();
  if (replay) return replay;

  if (source !== "website" && source !== "mobile_web") throw invalid(ORDER_MESSAGES.badSource);
  const lines = mergeLines(input.lines);
  const contact = checkContact(input.contact);
  // a line asking for more than is left now is refused; nothing is reserved until the shopper confirms
  const sql = autoCommitSql(db);
  const { lines: priced } = await priceCart(sql, lines);
  const payload: StoredPayloadV5 = { version: 5, contact, lines: priced, totals: totalsWithDelivery(priced, delivery), source, delivery };
  if (input.promoCode?.trim()) {
    // the code as it stands for this phone; confirming checks it again, for the Telegram account too
    const { totals, promo } = await totalsWithPromo(sql, input.promoCode, priced, customerKeys({ phone: contact.customerPhone }), deliveryFee(delivery));
    payload.totals = totals;
    if (promo) {
      payload.promoCodeId = promo.id;
      payload.lines = priced.map((line, index) => ({ ...line, promoDiscount: promo.lineShares[index]! }));
    }
  }
  try {
    const row = await prisma.preparedOrder.create({
      data: {
        token: newPreparedOrderToken(),
        payload: payload as unknown as Prisma.InputJsonValue,
        expiresAt: new Date(Date.now() + PREPARED_ORDER_TTL_MS),
        idempotencyKey: key,
        idempotencyBodyHash: bodyHash,
      },
    });
    return { created: true, prepared: toTicket(row) };
  } catch (error) {
    return afterKeyConflict(error, key, findByKey);
  }
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type PreparedOrderLookup =
  | { status: "ok"; order: PreparedOrder; expiresAt: Date }
  | { status: "used"; orderNumber: string | null }
  | { status: "expired" }
  | { status: "not-found" };

async function lookUp(sql: Sql, token: string): Promise<PreparedOrderLookup> {
  if (!TOKEN_PATTERN.test(token)) return { status: "not-found" };
  const [row] = await sql.query<{ payload: unknown; expires_at: Date; used_at: Date | null; order_number: string | null }>(
    `SELECT p.payload, p.expires_at, p.used_at, o.order_number
       FROM prepared_orders p LEFT JOIN orders o ON o.id = p.order_id WHERE p.token = $1`,
    [token],
  );
  if (!row) return { status: "not-found" };
  if (row.used_at) return { status: "used", orderNumber: row.order_number };
  if (row.expires_at.getTime() <= Date.now()) return { status: "expired" };
  return { status: "ok", order: readPayload(row.payload), expiresAt: row.expires_at };
}

/** For the bot's /start <token>: what the token holds, or why it cannot be confirmed. Reads only. */
export async function findPreparedOrder(db: Database, token: string): Promise<PreparedOrderLookup> {
  return lookUp(autoCommitSql(db), token);
}

export type ConfirmPreparedOrderResult =
  | { status: "created"; order: Order }
  /** pieces are gone since the checkout: nothing was created and the token can still be confirmed later */
  | { status: "out-of-stock"; message: string; items: OutOfStockItem[] }
  /** the promo code no longer applies (used up, expired, switched off): nothing was created, the token stays */
  | { status: "promo-refused"; message: string }
  | { status: "used"; orderNumber: string | null }
  | { status: "expired" }
  | { status: "not-found" };

/**
 * The shopper confirmed a prepared order in the bot: creates the order exactly once. The claim is one
 * conditional UPDATE inside the transaction, so of two concurrent confirmations one creates the order and the
 * other gets 'used' with its number. The order keeps the source of the checkout (website / mobile_web), is
 * linked to the Telegram user and carries the prices the shopper saw; a product deleted since then stays on
 * the order by its snapshot, with no product id. The pieces of counted products are taken now, in the order's
 * own statement: when they are gone, nothing is created and the token stays unconfirmed, so that the shopper
 * can confirm again once the seller restocks (docs/product.md#stock).
 */
export async function confirmPreparedOrder(
  db: Database,
  notifier: OrderNotifier,
  token: string,
  telegramUser: TelegramIdentity,
  /** the checkout's delivery quoted again now (docs/delivery.md#a-checkout-confirmed-in-the-bot); absent: as kept */
  requoted?: QuotedDelivery | null,
): Promise<ConfirmPreparedOrderResult> {
  if (!TOKEN_PATTERN.test(token)) return { status: "not-found" };
  const result = await db.transaction(async (sql): Promise<ConfirmPreparedOrderResult> => {
    const [claim] = await sql.query<{ id: number; payload: unknown }>(
      `UPDATE prepared_orders SET used_at = now()
        WHERE token = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING id, payload`,
      [token],
    );
    if (!claim) {
      const state = await lookUp(sql, token);
      // the row may have expired between our UPDATE's clock and this read: report it as expired
      return state.status === "ok" ? { status: "expired" } : state;
    }
    const prepared = readPayload(claim.payload);
    const delivery = prepared.delivery ? (requoted ?? prepared.delivery) : null;
    for (let attempt = 1; ; attempt++) {
      const promo = await promoNow(sql, prepared, telegramUser);
      const written = await writeOrder(sql, notifier, {
        ...(await stockNow(sql, prepared)),
        source: prepared.source,
        contact: prepared.contact,
        // the lines at the prices the shopper saw; delivery as quoted now (the same price while the quote is honoured)
        totals: delivery ? totalsWithDelivery(prepared.lines, delivery, promoShown(prepared.totals)) : prepared.totals,
        delivery: delivery?.details ?? null,
        telegramUser,
        promo,
      });
      if (written.status === "written") {
        await sql.query(`UPDATE prepared_orders SET order_id = $2 WHERE id = $1`, [claim.id, written.order.id]);
        return { status: "created", order: written.order };
      }
      // thrown, so that the transaction and with it the claim of the token are rolled back
      if (written.status === "short") throw outOfStock(written.items);
      // the next attempt checks the code again and says why when it no longer applies
      if (promo && attempt === STOCK_ATTEMPTS) throw new PromoRefused(PROMO_CHANGED);
      // a product's stock became counted or not, or made to order or not, since it was read: read it again
      if (attempt === STOCK_ATTEMPTS) throw new Error("the confirmed order was not written");
    }
  }).catch((error: unknown): ConfirmPreparedOrderResult => {
    if (error instanceof PromoRefused) return { status: "promo-refused", message: error.message };
    const items = outOfStockItems(error);
    if (items) return { status: "out-of-stock", message: (error as Error).message, items };
    throw error;
  });
  if (result.status === "created") notifier.queued?.();
  return result;
}

const STOCK_ATTEMPTS = 3;

/** The promo code's discount the shopper was shown, as the totals are counted with it. */
const promoShown = (totals: Totals): PromoDiscount | null => (totals.promoCode ? { code: totals.promoCode, discount: totals.discount } : null);

/** Thrown inside the confirmation's transaction, so that the claim of the token is rolled back. */
class PromoRefused extends Error {}

const PROMO_CHANGED = "Условия промокода только что изменились. Оформите заказ на сайте ещё раз.";

/**
 * The prepared order's promo code as it stands now, for this customer's phone and Telegram account: the order
 * keeps the discount the shopper saw, or is not created when the code no longer applies (PromoRefused).
 */
async function promoNow(sql: Sql, prepared: PreparedOrder, telegramUser: TelegramIdentity): Promise<OrderPromo | null> {
  const code = prepared.totals.promoCode;
  if (!code || prepared.promoCodeId === undefined) return null;
  const keys = customerKeys({ phone: prepared.contact.customerPhone, telegramUserId: telegramUser.id });
  const evaluation = await evaluatePromoCode(sql, code, prepared.lines, keys);
  if (evaluation.status === "unknown") throw new PromoRefused(evaluation.message);
  if (evaluation.status === "refused") throw new PromoRefused(evaluation.check.message);
  await sql.query(
    `INSERT INTO promo_code_customers (promo_code_id, customer_key, uses) SELECT $1, key, 0 FROM unnest($2::text[]) AS key ON CONFLICT DO NOTHING`,
    [evaluation.row.id, keys],
  );
  return {
    id: evaluation.row.id,
    code,
    updatedAt: evaluation.row.updatedAt,
    customerKeys: keys,
    lineShares: prepared.lines.map((line) => line.promoDiscount ?? 0),
  };
}

/**
 * The delivery's price moved since the website showed it and the kept quote ran out: the prepared checkout keeps
 * the new quote and its totals, so that the shopper's next «Подтвердить заказ» is charged what the bot now shows.
 * Returns the checkout as it now reads, or the reason it cannot be confirmed any more.
 */
export async function keepPreparedDelivery(db: Database, token: string, delivery: PreparedDelivery): Promise<PreparedOrderLookup> {
  if (!TOKEN_PATTERN.test(token)) return { status: "not-found" };
  return db.transaction(async (sql) => {
    const [row] = await sql.query<{ payload: unknown }>(
      `SELECT payload FROM prepared_orders WHERE token = $1 AND used_at IS NULL AND expires_at > now() FOR UPDATE`,
      [token],
    );
    if (!row) return lookUp(sql, token);
    const prepared = readPayload(row.payload);
    const payload: StoredPayloadV5 = { version: 5, ...prepared, totals: totalsWithDelivery(prepared.lines, delivery), delivery };
    await sql.query(`UPDATE prepared_orders SET payload = $2::jsonb WHERE token = $1`, [token, JSON.stringify(payload)]);
    return lookUp(sql, token);
  });
}

/**
 * The prepared lines against the products (and variants) as they are now: a product deleted since stays on the
 * order by its snapshot, with no product id, and so does a variant deleted since (no variant id, no stock taken);
 * a line of a stock with none left that is made to order becomes made to order. Stocks asked for more pieces than
 * are left are refused here already, before an order slot is reserved.
 */
async function stockNow(sql: Sql, prepared: PreparedOrder) {
  const ids = prepared.lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
  const variantIds = prepared.lines.flatMap((line) => (line.variantId == null ? [] : [line.variantId]));
  const [rows, variantRows] = await Promise.all([
    sql.query<{ id: number; stock: number | null; made_to_order_days: number | null; hidden: boolean }>(
      `SELECT id, stock, made_to_order_days, hidden FROM products WHERE id = ANY($1::int[])`,
      [ids],
    ),
    variantIds.length === 0
      ? Promise.resolve([])
      : sql.query<{ id: number; product_id: number; stock: number | null; made_to_order_days: number | null }>(
          `SELECT id, product_id, stock, made_to_order_days FROM product_variants WHERE id = ANY($1::int[])`,
          [variantIds],
        ),
  ]);
  const products = new Map(rows.map((row) => [row.id, row]));
  const variants = new Map(variantRows.map((row) => [row.id, row]));
  const counted: boolean[] = [];
  const lines = prepared.lines.map((line): CartLine => {
    const product = line.productId === null ? undefined : products.get(line.productId);
    if (!product) {
      counted.push(false);
      return { ...line, productId: null, variantId: null, madeToOrderDays: null };
    }
    if (line.variantId != null) {
      const variant = variants.get(line.variantId);
      if (!variant || variant.product_id !== product.id) {
        counted.push(false);
        return { ...line, variantId: null, madeToOrderDays: null };
      }
      counted.push(variant.stock !== null);
      return { ...line, madeToOrderDays: variant.stock === 0 ? variant.made_to_order_days : null };
    }
    counted.push(product.stock !== null);
    return { ...line, madeToOrderDays: product.stock === 0 ? product.made_to_order_days : null };
  });
  const short: OutOfStockItem[] = [];
  for (const target of stockTargets(lines, counted)) {
    const row = target.variantId === null ? products.get(target.productId) : variants.get(target.variantId);
    if (!row || !target.counted) continue;
    if (!canOrder(row.stock, row.made_to_order_days, target.quantity)) {
      const item: OutOfStockItem = { product_id: target.productId, name: lineName(target.name, target.variantTitle), available: row.stock ?? 0 };
      if (target.variantId !== null) item.variant_id = target.variantId;
      short.push(item);
    }
  }
  // a product hidden since the checkout (docs/product.md#drafts-and-hidden-products) is not for sale: none left of it
  for (const line of prepared.lines) {
    const product = line.productId === null ? undefined : products.get(line.productId);
    if (product?.hidden && !short.some((item) => item.product_id === product.id)) {
      short.push({ product_id: product.id, name: lineName(line.name, line.variantTitle ?? null), available: 0 });
    }
  }
  if (short.length > 0) throw outOfStock(short);
  return { slot: await reserveOrder(sql, lines.length), lines, counted };
}
