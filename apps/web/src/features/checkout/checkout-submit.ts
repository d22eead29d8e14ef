import type { ConfigResponse } from "@shop/shared/schemas/telegram";
import type { CheckoutFields, CreateOrderBody, OutOfStockItem, PrepareOrderBody } from "@shop/shared/schemas/orders";
import type { DeliveryChoiceBody } from "@shop/shared/schemas/delivery";
import { ORDER_ERROR_MESSAGES } from "@shop/shared/checkout";
import { detectOrderSource, type OrderSource } from "@shop/shared/labels";
import { ApiError, api } from "../../lib/api";
import type { TelegramWebAppUser } from "../../lib/telegram";
import type { CartItem } from "../../stores/cart";
import type { OrderSummary } from "../../lib/order-summary";

export type CheckoutOutcome =
  | { kind: "created"; orderNumber: string; summary: OrderSummary }
  | { kind: "redirect"; url: string };

export class CheckoutError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    /** the lines the server could not give enough of (docs/product.md#stock) */
    readonly outOfStock: OutOfStockItem[] = [],
    /** the server's code: 'delivery_changed' when the delivery price moved since it was shown */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export interface CheckoutInput {
  form: CheckoutFields;
  items: readonly CartItem[];
  /** null when /api/config could not be read: the website then takes the bot route */
  config: ConfigResponse | null;
  telegramUser: TelegramWebAppUser | null;
  userAgent: string;
  idempotencyKey: string;
  /** the delivery method chosen (docs/delivery.md); null: none (the shop's fixed fee) */
  delivery?: DeliveryChoiceBody | null;
  /** the promo code applied in the cart; absent or null: none (the body as before) */
  promoCode?: string | null;
}

function trimmedForm(form: CheckoutFields): CheckoutFields {
  return {
    customer_name: form.customer_name.trim(),
    customer_phone: form.customer_phone.trim(),
    delivery_address: form.delivery_address?.trim() || null,
    comment: form.comment?.trim() || null,
  };
}

export function orderSourceFor(telegramUser: TelegramWebAppUser | null, userAgent: string): OrderSource {
  return detectOrderSource(telegramUser !== null, userAgent);
}

/** A line's variant and personalisation as an order sends them; nothing for a plain product (its bytes as before). */
function lineChoice(item: CartItem) {
  return {
    ...(item.variant_id !== undefined ? { variant_id: item.variant_id } : {}),
    ...(item.personalization?.length ? { personalization: item.personalization.map(({ field_id, value }) => ({ field_id, value })) } : {}),
  };
}

export function directOrderBody(input: CheckoutInput, source: OrderSource): CreateOrderBody {
  const user = input.telegramUser;
  return {
    ...trimmedForm(input.form),
    source,
    telegram_user_id: user ? user.id : null,
    telegram_username: user?.username ?? null,
    telegram_first_name: user?.first_name ?? null,
    telegram_last_name: user?.last_name ?? null,
    // only the product and the quantity count: the server prices the cart; the name lets it say which product
    // is no longer sold
    cart_items: input.items.map((item) => ({ product_id: item.id, product_name: item.name, quantity: item.quantity, ...lineChoice(item) })),
    ...(input.delivery ? { delivery: input.delivery } : {}),
    ...(input.promoCode ? { promo_code: input.promoCode } : {}),
  };
}

export function prepareOrderBody(input: CheckoutInput, source: OrderSource): PrepareOrderBody {
  return {
    order: trimmedForm(input.form),
    cart: input.items.map((item) => ({ id: item.id, name: item.name, quantity: item.quantity, ...lineChoice(item) })),
    source,
    // the bot quotes it again when the shopper confirms (docs/delivery.md#a-checkout-confirmed-in-the-bot)
    ...(input.delivery ? { delivery: input.delivery } : {}),
    ...(input.promoCode ? { promo_code: input.promoCode } : {}),
  };
}

/** The server or its proxy is busy or cut off from the database: the shopper tries again in a moment. */
function busyMessage(error: ApiError): CheckoutError | null {
  if (error.status === 503) return new CheckoutError(ORDER_ERROR_MESSAGES.unavailable);
  if (error.status === 429) return new CheckoutError(error.serverMessage ?? ORDER_ERROR_MESSAGES.tooManyRequests);
  return null;
}

function prepareErrorMessage(error: unknown): CheckoutError {
  if (error instanceof ApiError) {
    const busy = busyMessage(error);
    if (busy) return busy;
    if (error.serverMessage) return new CheckoutError(error.serverMessage, error.fieldErrors, error.outOfStock, error.code);
    if (!error.isJson) return new CheckoutError(ORDER_ERROR_MESSAGES.prepareFailedStatus(error.status));
  }
  return new CheckoutError(ORDER_ERROR_MESSAGES.prepareFailed);
}

function createErrorMessage(error: unknown): CheckoutError {
  if (error instanceof ApiError) {
    const busy = busyMessage(error);
    if (busy) return busy;
    if (error.serverMessage) return new CheckoutError(error.serverMessage, error.fieldErrors, error.outOfStock, error.code);
    if (error.isJson) return new CheckoutError(ORDER_ERROR_MESSAGES.createFailed);
  }
  return new CheckoutError(ORDER_ERROR_MESSAGES.createFailedServer);
}

/**
 * Places the order (docs/product.md#placing-the-order): inside the Mini App it is created directly; on the website
 * it is prepared and the shopper continues in the bot (deep link with the token) — or, when the shop has no bot
 * (checkoutMode 'direct'), it is created directly with the website source. Throws CheckoutError with the
 * message to show.
 */
export async function submitCheckout(input: CheckoutInput): Promise<CheckoutOutcome> {
  const source = orderSourceFor(input.telegramUser, input.userAgent);
  if (source === "telegram_mini_app" || input.config?.checkoutMode === "direct") {
    try {
      const created = await api.createOrder(directOrderBody(input, source), input.idempotencyKey);
      const { subtotal, discount_percent, discount_amount, delivery_cost, total, promo_code } = created;
      return {
        kind: "created",
        orderNumber: created.order_number,
        summary: {
          items: input.items.map(({ id, name, quantity, price, variant_title, personalization }) => ({
            id,
            name,
            quantity,
            price,
            ...(variant_title ? { variant_title } : {}),
            ...(personalization?.length
              ? { personalization: personalization.map(({ label, value, kind }) => ({ label, value, kind })) }
              : {}),
          })),
          totals: { subtotal, discount_percent, discount_amount, delivery_cost, total, ...(promo_code ? { promo_code } : {}) },
          delivery: created.delivery ?? null,
          paymentStatus: created.payment_status,
        },
      };
    } catch (error) {
      throw createErrorMessage(error);
    }
  }
  let prepared;
  try {
    prepared = await api.prepareOrder(prepareOrderBody(input, source), input.idempotencyKey);
  } catch (error) {
    throw prepareErrorMessage(error);
  }
  const url =
    prepared.bot_link ?? (input.config?.botLink ? `${input.config.botLink}?start=${encodeURIComponent(prepared.token)}` : null);
  if (!url) throw new CheckoutError(ORDER_ERROR_MESSAGES.prepareFailed);
  return { kind: "redirect", url };
}

/** A random key for one checkout attempt (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
