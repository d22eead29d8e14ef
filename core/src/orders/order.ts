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
}

/** The article a line shows: its variant's, else its product's. */
export const lineSku = (line: Pick<CartLine, "sku" | "variantSku">) => line.variantSku ?? line.sku;
