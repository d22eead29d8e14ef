import type { DeliveryMethod } from "@shop/shared/delivery";
import type { Kopecks } from "@shop/shared/money";
import type { Totals } from "@shop/shared/pricing";
import type { OrderSourceValue, OrderStatusValue, PaymentStatusValue } from "@shop/shared/schemas/orders";

/**
 * The shapes an order has inside the shop. Everything that reads or writes an order speaks them; the API's
 * wire formats (snake_case, roubles; documented in docs/api.md) are mapped from them at the edge, in one place.
 * Money is in kopecks (@shop/shared/money).
 */

/** The checkout form after validation: the phone normalised to +7XXXXXXXXXX, empty optional fields null. */
export interface OrderContact {
  customerName: string;
  customerPhone: string;
  deliveryAddress: string | null;
  comment: string | null;
}

/** A line's personalisation as ordered: the field's label, what the shopper wrote or chose, the extra per piece. */
export interface LinePersonalization {
  label: string;
  value: string;
  price: Kopecks;
}

/**
 * A cart line as it is sold: the product's name, article, first picture and price at that moment; for a variant
 * its article, photo and price, and its title; the piece's price includes the personalisation's extras.
 */
export interface CartLine {
  /** null once the product was deleted: the order keeps the line by its snapshot */
  productId: number | null;
  name: string;
  sku: string;
  image: string | null;
  price: Kopecks;
  quantity: number;
  /** made to order in this many days (the product had none left when it was ordered); null or absent: from stock */
  madeToOrderDays?: number | null;
  /** the variant ordered (null once deleted, or for a product without options) */
  variantId?: number | null;
  /** the variant's article (`sku` stays the product's); the one shown wherever the line is */
  variantSku?: string | null;
  /** "Размер: 17, Цвет: синий" */
  variantTitle?: string | null;
  /** as ordered; absent or empty: none */
  personalization?: LinePersonalization[];
  /** the line's share of the promo code's discount; absent: the order has no promo code */
  promoDiscount?: Kopecks;
}

/** The Telegram user an order belongs to, as the order recorded them. */
export interface OrderTelegramUser {
  id: bigint;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** Payment in Telegram (docs/payments.md): apart from the order's status. */
export interface OrderPayment {
  status: PaymentStatusValue;
  paidAt: Date | null;
  /** the latest invoice sent for the order (0: none yet); only it can be paid */
  invoiceNumber: number;
}

/** How the order travels (docs/delivery.md): absent for an order placed without a delivery method. */
export interface OrderDelivery {
  /** null: no method was chosen (a track number typed for an order of the shop's fixed fee) */
  method: DeliveryMethod | null;
  city: string | null;
  cityCode: number | null;
  pointCode: string | null;
  /** the pickup point's address, or the seller's for pickup */
  pointAddress: string | null;
  weightGrams: number;
  daysMin: number | null;
  daysMax: number | null;
  /** false: the manager fixes the price ("arrangement", or "carrier-unavailable" when the carrier did not answer) */
  priceKnown: boolean;
  priceNote: string | null;
  trackNumber?: string | null;
}

/** The delivery an order is placed with, as quoted: `quoted` null leaves the price to the manager. */
export interface QuotedDelivery {
  details: OrderDelivery;
  quoted: Kopecks | null;
  /** goods (after the discount) from which delivery is free */
  freeFrom: Kopecks | null;
}

/**
 * The delivery of a website checkout confirmed later in the bot (docs/delivery.md#a-checkout-confirmed-in-the-bot):
 * what the shopper chose, the delivery as quoted, and the quote kept — honoured at the confirmation until `until`,
 * quoted again after it.
 */
export interface PreparedDelivery extends QuotedDelivery {
  choice: { method: DeliveryMethod; city: string | null; cityCode: number | null; postalCode: string | null; pointCode: string | null };
  kept: {
    method: DeliveryMethod;
    cityCode: number | null;
    city: string;
    weightGrams: number;
    price: Kopecks | null;
    daysMin: number | null;
    daysMax: number | null;
    /** ms since the epoch */
    until: number;
  };
}

export interface Order {
  id: number;
  number: string;
  createdAt: Date;
  updatedAt: Date;
  status: OrderStatusValue;
  source: OrderSourceValue;
  contact: OrderContact;
  lines: (CartLine & { id: number })[];
  totals: Totals;
  telegramUser: OrderTelegramUser | null;
  payment: OrderPayment;
  /** present on an order as it is placed; read with the delivery module's readers elsewhere */
  delivery?: OrderDelivery | null;
}

/** The article a line shows: its variant's, else its product's. */
export const lineSku = (line: Pick<CartLine, "sku" | "variantSku">) => line.variantSku ?? line.sku;
