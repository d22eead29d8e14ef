import type { Sql } from "@shop/prisma/db";
import { validateCheckoutForm, type CheckoutForm } from "@shop/shared/checkout";
import { MAX_ITEM_QUANTITY } from "@shop/shared/constants";
import { isDbId } from "@shop/shared/ids";
import { normalizePhone } from "@shop/shared/phone";
import { invalid } from "../errors";
import type { CartLine, OrderContact } from "./order";

/** What a checkout is checked against before any order is written: the form, the cart, the prices. */

export const ORDER_MESSAGES = {
  emptyCart: "Корзина пустая",
  unknownProduct: (name: string | null, id: number) =>
    name ? `Товар «${name}» больше не продаётся. Удалите его из корзины.` : `Товар с id ${id} больше не продаётся. Удалите его из корзины.`,
  tooMany: (name: string) => `Слишком большое количество товара «${name}»: не больше ${MAX_ITEM_QUANTITY} шт.`,
  telegramMismatch: "Данные пользователя Telegram не подтверждены. Откройте магазин из Telegram заново.",
  miniAppNeedsTelegram: "Заказ из Telegram Mini App требует подтверждённых данных Telegram. Откройте магазин из Telegram заново.",
  badSource: "Недопустимый источник заказа",
} as const;

/** The checkout form with the shop's messages: invalid with the first error, and every field's error. */
export function checkContact(form: CheckoutForm): OrderContact {
  const errors = validateCheckoutForm(form);
  const messages = Object.values(errors);
  if (messages.length > 0) throw invalid(messages[0]!, errors as Record<string, string>);
  const optional = (value: string | null | undefined) => value?.trim() || null;
  return {
    customerName: form.customer_name.trim(),
    customerPhone: normalizePhone(form.customer_phone)!,
    deliveryAddress: optional(form.delivery_address),
    comment: optional(form.comment),
  };
}

/** A line of the cart as the client sends it: only the product and the quantity count. */
export interface RequestedLine {
  productId: number;
  quantity: number;
  /** the name the client showed, only to name a product that no longer exists */
  clientName?: string | null;
}

/** An empty cart is refused; the same product twice becomes one line with the quantities added up. */
export function mergeLines(lines: readonly RequestedLine[]): RequestedLine[] {
  if (lines.length === 0) throw invalid(ORDER_MESSAGES.emptyCart);
  const merged = new Map<number, RequestedLine>();
  for (const line of lines) {
    const seen = merged.get(line.productId);
    if (seen) seen.quantity += line.quantity;
    else merged.set(line.productId, { ...line });
  }
  return [...merged.values()];
}

interface ProductPriceRow {
  id: number;
  name: string;
  sku: string;
  price: number;
  image: string | null;
}

/**
 * Prices the cart from the database in one statement: each line gets the product's name, article, first picture
 * and price at this moment. A product that is gone is refused by name.
 */
export async function priceCart(sql: Sql, lines: readonly RequestedLine[]): Promise<CartLine[]> {
  const products = await sql.query<ProductPriceRow>(
    `SELECT p.id, p.name, p.sku, p.price::float8 AS price,
            (SELECT i.image_url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position, i.id LIMIT 1) AS image
       FROM products p WHERE p.id = ANY($1::int[])`,
    [lines.map((line) => line.productId).filter(isDbId)],
  );
  const byId = new Map(products.map((product) => [product.id, product]));
  return lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product) throw invalid(ORDER_MESSAGES.unknownProduct(line.clientName?.trim() || null, line.productId));
    if (line.quantity > MAX_ITEM_QUANTITY) throw invalid(ORDER_MESSAGES.tooMany(product.name));
    return { productId: product.id, name: product.name, sku: product.sku, image: product.image, price: product.price, quantity: line.quantity };
  });
}
