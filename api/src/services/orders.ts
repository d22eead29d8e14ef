import { randomBytes } from "node:crypto";
import type { Prisma, PrismaClient } from "@shop/prisma/db";
import { nextOrderNumber } from "@shop/prisma/sequences";
import { validateCheckoutForm, type CheckoutForm } from "@shop/shared/checkout";
import { MAX_ITEM_QUANTITY, PREPARED_ORDER_TTL_MS } from "@shop/shared/constants";
import { normalizePhone } from "@shop/shared/phone";
import { computeTotals, type OrderTotals as ComputedTotals } from "@shop/shared/pricing";
import type { AdminOrder, CreateOrderResponse, OrderSourceValue, PrepareOrderResponse } from "@shop/shared/schemas/orders";
import { badRequest, HttpError } from "../plugins/app/errors";
import { forgetBestSellers } from "../catalog/best-sellers";
import { isDbId } from "../catalog/ids";
import type { OrderNotifier } from "./notifier";
import { orderInclude, toAdminOrder, toOrderTotals } from "./order-mapping";
import { upsertTelegramCustomer, type TelegramIdentity } from "./telegram-customers";

/**
 * Checkout on the server. Whatever the client sends about money is ignored: every price is read from the
 * database and the totals come from `computeTotals`. An order is written in one transaction together with its
 * items, its Telegram customer and the outbox rows of its notifications.
 */

type Db = PrismaClient | Prisma.TransactionClient;

export const ORDER_MESSAGES = {
  emptyCart: "Корзина пустая",
  unknownProduct: (name: string | null, id: number) =>
    name ? `Товар «${name}» больше не продаётся. Удалите его из корзины.` : `Товар с id ${id} больше не продаётся. Удалите его из корзины.`,
  tooMany: (name: string) => `Слишком большое количество товара «${name}»: не больше ${MAX_ITEM_QUANTITY} шт.`,
  telegramMismatch: "Данные пользователя Telegram не подтверждены. Откройте магазин из Telegram заново.",
  miniAppNeedsTelegram: "Заказ из Telegram Mini App требует подтверждённых данных Telegram. Откройте магазин из Telegram заново.",
  badSource: "Недопустимый источник заказа",
} as const;

/** Idempotency-Key header: what a client may use as a key (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = "^[A-Za-z0-9_\\-:.]{1,100}$";

/** Transactions wait for a connection (or, embedded, for the one before them) rather than fail under a burst. */
const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;

// ---------------------------------------------------------------------------------------------------------
// Shared steps: contact validation, cart lines, prices from the database

export interface OrderContact {
  customer_name: string;
  /** normalised: +7XXXXXXXXXX */
  customer_phone: string;
  delivery_address: string | null;
  comment: string | null;
}

/** The checkout form with the spec's messages: 400 { message: first error, errors: { field: message } }. */
export function checkContact(form: CheckoutForm): OrderContact {
  const errors = validateCheckoutForm(form);
  const messages = Object.values(errors);
  if (messages.length > 0) throw badRequest(messages[0]!, errors as Record<string, string>);
  const optional = (value: string | null | undefined) => value?.trim() || null;
  return {
    customer_name: form.customer_name.trim(),
    customer_phone: normalizePhone(form.customer_phone)!,
    delivery_address: optional(form.delivery_address),
    comment: optional(form.comment),
  };
}

export interface RequestedLine {
  productId: number;
  quantity: number;
  /** the name the client showed, only to name a product that no longer exists */
  clientName?: string | null;
}

/** Empty cart → 400; the same product twice → one line with the quantities added up. */
export function mergeLines(lines: readonly RequestedLine[]): RequestedLine[] {
  if (lines.length === 0) throw badRequest(ORDER_MESSAGES.emptyCart);
  const merged = new Map<number, RequestedLine>();
  for (const line of lines) {
    const seen = merged.get(line.productId);
    if (seen) seen.quantity += line.quantity;
    else merged.set(line.productId, { ...line });
  }
  return [...merged.values()];
}

/** An order line as it is sold: the database's name, article, first image and price at this moment. */
export interface PricedLine {
  productId: number;
  name: string;
  sku: string;
  image: string | null;
  price: number;
  quantity: number;
}

/** Reads every product of the cart in one query; a missing one is a 400 that names it. */
export async function priceLines(db: Db, lines: readonly RequestedLine[]): Promise<PricedLine[]> {
  const products = await db.product.findMany({
    where: { id: { in: lines.map((line) => line.productId).filter(isDbId) } },
    select: {
      id: true,
      name: true,
      sku: true,
      price: true,
      images: { orderBy: [{ position: "asc" }, { id: "asc" }], take: 1, select: { imageUrl: true } },
    },
  });
  const byId = new Map(products.map((product) => [product.id, product]));
  return lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product) throw badRequest(ORDER_MESSAGES.unknownProduct(line.clientName?.trim() || null, line.productId));
    if (line.quantity > MAX_ITEM_QUANTITY) throw badRequest(ORDER_MESSAGES.tooMany(product.name));
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      image: product.images[0]?.imageUrl ?? null,
      price: Number(product.price),
      quantity: line.quantity,
    };
  });
}

const money = (value: number) => value.toFixed(2);

function totalsColumns(totals: ComputedTotals) {
  return {
    subtotal: money(totals.subtotal),
    discountPercent: totals.discountPercent,
    discountAmount: money(totals.discount),
    deliveryCost: money(totals.delivery),
    total: money(totals.total),
  };
}

/** Finds the row a concurrent request with the same Idempotency-Key wrote, after our insert lost the race. */
async function afterKeyConflict<T>(error: unknown, key: string | null, find: () => Promise<T | null>): Promise<T> {
  if (key) {
    const existing = await find().catch(() => null);
    if (existing) return existing;
  }
  throw error;
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/orders

export interface CreateOrderInput {
  contact: CheckoutForm;
  lines: RequestedLine[];
  source: OrderSourceValue;
  /** the Telegram user the order belongs to, already checked against validated initData */
  telegramUser: TelegramIdentity | null;
  idempotencyKey: string | null;
}

export interface CreateOrderResult {
  /** false: the Idempotency-Key was seen before and this is the first order again */
  created: boolean;
  order: CreateOrderResponse;
}

function toCreateOrderResponse(order: Prisma.OrderGetPayload<object>): CreateOrderResponse {
  return { id: order.id, order_number: order.orderNumber, status: order.status, ...toOrderTotals(order) };
}

/**
 * Decides whose order it is and where it comes from. A telegram_user_id in the body must be the validated
 * user's; a validated user is attached even when the body does not name one; the mini-app source requires one.
 */
export function resolveOrderIdentity(
  body: {
    source?: OrderSourceValue;
    telegram_user_id?: number | string | null;
    telegram_username?: string | null;
    telegram_first_name?: string | null;
    telegram_last_name?: string | null;
  },
  verified: TelegramIdentity | null,
): { source: OrderSourceValue; telegramUser: TelegramIdentity | null } {
  const claimed = body.telegram_user_id;
  if (claimed !== undefined && claimed !== null && (!verified || String(verified.id) !== String(claimed))) {
    throw new HttpError(403, ORDER_MESSAGES.telegramMismatch);
  }
  const source = body.source ?? (verified ? "telegram_mini_app" : "website");
  if (source === "telegram_bot") throw badRequest(ORDER_MESSAGES.badSource);
  if (source === "telegram_mini_app" && !verified) throw new HttpError(403, ORDER_MESSAGES.miniAppNeedsTelegram);
  if (!verified) return { source, telegramUser: null };
  // validated initData carries the names; the development fallback only the id, so the body fills them in
  return {
    source,
    telegramUser: {
      id: verified.id,
      username: verified.username ?? body.telegram_username ?? null,
      first_name: verified.first_name ?? body.telegram_first_name ?? null,
      last_name: verified.last_name ?? body.telegram_last_name ?? null,
      language_code: verified.language_code ?? null,
    },
  };
}

export async function createOrder(prisma: PrismaClient, notifier: OrderNotifier, input: CreateOrderInput): Promise<CreateOrderResult> {
  const key = input.idempotencyKey;
  const findByKey = async () => {
    const order = key ? await prisma.order.findUnique({ where: { idempotencyKey: key } }) : null;
    return order ? { created: false, order: toCreateOrderResponse(order) } : null;
  };
  const replay = await findByKey();
  if (replay) return replay;

  const lines = mergeLines(input.lines);
  const contact = checkContact(input.contact);
  const user = input.telegramUser;
  try {
    const order = await prisma.$transaction(async (tx) => {
      const items = await priceLines(tx, lines);
      const totals = computeTotals(items);
      if (user) await upsertTelegramCustomer(tx, user);
      const created = await tx.order.create({
        data: {
          orderNumber: await nextOrderNumber(tx),
          source: input.source,
          customerName: contact.customer_name,
          customerPhone: contact.customer_phone,
          deliveryAddress: contact.delivery_address,
          comment: contact.comment,
          ...totalsColumns(totals),
          telegramUserId: user ? BigInt(user.id) : null,
          telegramUsername: user?.username?.slice(0, 64) ?? null,
          telegramFirstName: user?.first_name?.slice(0, 128) ?? null,
          telegramLastName: user?.last_name?.slice(0, 128) ?? null,
          idempotencyKey: key,
          items: {
            create: items.map((item) => ({
              productId: item.productId,
              productName: item.name,
              productSku: item.sku,
              productImage: item.image,
              price: money(item.price),
              quantity: item.quantity,
            })),
          },
        },
      });
      await notifier.orderCreated(tx, created.id);
      return created;
    }, TX_OPTIONS);
    forgetBestSellers(prisma);
    return { created: true, order: toCreateOrderResponse(order) };
  } catch (error) {
    return afterKeyConflict(error, key, findByKey);
  }
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/orders/prepare and its redemption in the bot

/**
 * What prepared_orders.payload holds: the checkout exactly as the server priced it when the shopper pressed
 * «Оформить заказ» on the website. The bot shows it for confirmation and the order is created from it, with
 * these prices (the shopper confirms what they saw), not re-priced.
 */
export interface PreparedOrderPayload {
  version: 1;
  /** the checkout form, validated; the phone normalised to +7XXXXXXXXXX */
  order: OrderContact;
  /** database snapshot of every line at prepare time */
  cart: { id: number; name: string; sku: string; price: number; quantity: number; image: string | null }[];
  totals: { subtotal: number; discount_percent: number; discount: number; delivery: number; total: number };
  source: "website" | "mobile_web";
}

export interface PrepareOrderInput {
  contact: CheckoutForm;
  lines: RequestedLine[];
  source?: OrderSourceValue;
  idempotencyKey: string | null;
  /** https://t.me/<bot>?start=<token>, or null when no bot is configured */
  botStartLink: (token: string) => string | null;
}

export interface PrepareOrderResult {
  created: boolean;
  prepared: PrepareOrderResponse;
}

/** 32 characters of base64url: a valid Telegram start parameter (at most 64 of A–Z a–z 0–9 _ -). */
export function newPreparedOrderToken(): string {
  return randomBytes(24).toString("base64url");
}

function toPrepareResponse(
  row: { token: string; expiresAt: Date; payload: unknown },
  botStartLink: (token: string) => string | null,
): PrepareOrderResponse {
  const payload = row.payload as PreparedOrderPayload;
  return {
    token: row.token,
    expires_at: row.expiresAt.toISOString(),
    bot_link: botStartLink(row.token),
    subtotal: payload.totals.subtotal,
    discount_percent: payload.totals.discount_percent,
    discount_amount: payload.totals.discount,
    delivery_cost: payload.totals.delivery,
    total: payload.totals.total,
  };
}

export async function prepareOrder(prisma: PrismaClient, input: PrepareOrderInput): Promise<PrepareOrderResult> {
  const key = input.idempotencyKey;
  const findByKey = async () => {
    const row = key ? await prisma.preparedOrder.findUnique({ where: { idempotencyKey: key } }) : null;
    return row ? { created: false, prepared: toPrepareResponse(row, input.botStartLink) } : null;
  };
  const replay = await findByKey();
  if (replay) return replay;

  const source = input.source ?? "website";
  if (source !== "website" && source !== "mobile_web") throw badRequest(ORDER_MESSAGES.badSource);
  const lines = mergeLines(input.lines);
  const contact = checkContact(input.contact);
  const items = await priceLines(prisma, lines);
  const totals = computeTotals(items);
  const payload: PreparedOrderPayload = {
    version: 1,
    order: contact,
    cart: items.map((item) => ({ id: item.productId, name: item.name, sku: item.sku, price: item.price, quantity: item.quantity, image: item.image })),
    totals: {
      subtotal: totals.subtotal,
      discount_percent: totals.discountPercent,
      discount: totals.discount,
      delivery: totals.delivery,
      total: totals.total,
    },
    source,
  };
  try {
    const row = await prisma.preparedOrder.create({
      data: {
        token: newPreparedOrderToken(),
        payload: payload as unknown as Prisma.InputJsonValue,
        expiresAt: new Date(Date.now() + PREPARED_ORDER_TTL_MS),
        idempotencyKey: key,
      },
    });
    return { created: true, prepared: toPrepareResponse(row, input.botStartLink) };
  } catch (error) {
    return afterKeyConflict(error, key, findByKey);
  }
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type PreparedOrderLookup =
  | { status: "ok"; payload: PreparedOrderPayload; expiresAt: Date }
  | { status: "used"; orderNumber: string | null }
  | { status: "expired" }
  | { status: "not-found" };

async function lookUp(db: Db, token: string): Promise<PreparedOrderLookup> {
  if (!TOKEN_PATTERN.test(token)) return { status: "not-found" };
  const row = await db.preparedOrder.findUnique({ where: { token }, include: { order: { select: { orderNumber: true } } } });
  if (!row) return { status: "not-found" };
  if (row.usedAt) return { status: "used", orderNumber: row.order?.orderNumber ?? null };
  if (row.expiresAt.getTime() <= Date.now()) return { status: "expired" };
  return { status: "ok", payload: row.payload as unknown as PreparedOrderPayload, expiresAt: row.expiresAt };
}

/** For the bot's /start <token>: what the token holds, or why it cannot be confirmed. Reads only. */
export async function findPreparedOrder(prisma: PrismaClient, token: string): Promise<PreparedOrderLookup> {
  return lookUp(prisma, token);
}

export type ConfirmPreparedOrderResult =
  | { status: "created"; order: AdminOrder }
  | { status: "used"; orderNumber: string | null }
  | { status: "expired" }
  | { status: "not-found" };

/**
 * The shopper confirmed a prepared order in the bot: creates the order exactly once. The claim is one
 * conditional UPDATE inside the transaction, so of two concurrent confirmations one creates the order and the
 * other gets 'used' with its number. The order keeps the source of the checkout (website / mobile_web), is
 * linked to the Telegram user and carries the snapshot prices; a product deleted since then stays on the order
 * by its snapshot, with product_id null.
 */
export async function confirmPreparedOrder(
  prisma: PrismaClient,
  notifier: OrderNotifier,
  token: string,
  telegramUser: TelegramIdentity,
): Promise<ConfirmPreparedOrderResult> {
  if (!TOKEN_PATTERN.test(token)) return { status: "not-found" };
  const result = await prisma.$transaction(async (tx): Promise<ConfirmPreparedOrderResult> => {
    const claimed = await tx.$queryRaw<{ id: number; payload: unknown }[]>`
      UPDATE prepared_orders SET used_at = now()
       WHERE token = ${token} AND used_at IS NULL AND expires_at > now()
       RETURNING id, payload`;
    const claim = claimed[0];
    if (!claim) {
      const state = await lookUp(tx, token);
      // the row may have expired between our UPDATE's clock and this read: report it as expired
      return state.status === "ok" ? { status: "expired" } : state;
    }
    const payload = (typeof claim.payload === "string" ? JSON.parse(claim.payload) : claim.payload) as PreparedOrderPayload;
    const stillSold = new Set(
      (await tx.product.findMany({ where: { id: { in: payload.cart.map((line) => line.id) } }, select: { id: true } })).map((p) => p.id),
    );
    await upsertTelegramCustomer(tx, telegramUser);
    const order = await tx.order.create({
      data: {
        orderNumber: await nextOrderNumber(tx),
        source: payload.source,
        customerName: payload.order.customer_name,
        customerPhone: payload.order.customer_phone,
        deliveryAddress: payload.order.delivery_address,
        comment: payload.order.comment,
        subtotal: money(payload.totals.subtotal),
        discountPercent: payload.totals.discount_percent,
        discountAmount: money(payload.totals.discount),
        deliveryCost: money(payload.totals.delivery),
        total: money(payload.totals.total),
        telegramUserId: BigInt(telegramUser.id),
        telegramUsername: telegramUser.username?.slice(0, 64) ?? null,
        telegramFirstName: telegramUser.first_name?.slice(0, 128) ?? null,
        telegramLastName: telegramUser.last_name?.slice(0, 128) ?? null,
        items: {
          create: payload.cart.map((line) => ({
            productId: stillSold.has(line.id) ? line.id : null,
            productName: line.name,
            productSku: line.sku,
            productImage: line.image,
            price: money(line.price),
            quantity: line.quantity,
          })),
        },
      },
      include: orderInclude,
    });
    await tx.preparedOrder.update({ where: { id: claim.id }, data: { orderId: order.id } });
    await notifier.orderCreated(tx, order.id);
    return { status: "created", order: toAdminOrder(order) };
  }, TX_OPTIONS);
  if (result.status === "created") forgetBestSellers(prisma);
  return result;
}
