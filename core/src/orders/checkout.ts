import type { Sql } from "@shop/prisma/db";
import type { Kopecks } from "@shop/shared/money";
import { validateCheckoutForm, type CheckoutForm } from "@shop/shared/checkout";
import { MAX_ITEM_QUANTITY } from "@shop/shared/constants";
import { isDbId } from "@shop/shared/ids";
import { normalizePhone } from "@shop/shared/phone";
import { looksEmpty } from "@shop/shared/text";
import type { OutOfStockItem } from "@shop/shared/schemas/orders";
import { invalid } from "../errors";
import { canOrder, outOfStock } from "../stock";
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
  pricesChanged: "Цены в магазине только что изменились. Проверьте корзину и оформите заказ ещё раз.",
} as const;

/** The checkout form with the shop's messages: invalid with the first error, and every field's error. */
export function checkContact(form: CheckoutForm): OrderContact {
  const errors = validateCheckoutForm(form);
  const messages = Object.values(errors);
  if (messages.length > 0) throw invalid(messages[0]!, errors as Record<string, string>);
  const optional = (value: string | null | undefined) => (looksEmpty(value) ? null : value!.trim());
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

/** A product as a cart line is priced from it. */
export interface ProductPriceRow {
  id: number;
  name: string;
  sku: string;
  price: Kopecks;
  image: string | null;
  stock: number | null;
  made_to_order_days: number | null;
}

/**
 * The products of a cart with their first pictures and the quantities asked for (`cart`), read in one go: $1
 * the product ids, $2 the quantities.
 */
const CART = `cart AS (
  SELECT p.id, p.name, p.sku, p.price, p.stock, p.made_to_order_days, line.quantity,
         (SELECT i.image_url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position, i.id LIMIT 1) AS image
    FROM products p JOIN unnest($1::int[], $2::int[]) AS line(id, quantity) ON p.id = line.id
)`;
const CART_PRODUCTS = `COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'sku', sku, 'price', round(price * 100), 'image', image,
  'stock', stock, 'made_to_order_days', made_to_order_days)) FROM cart), '[]')`;

/** A cart priced: its lines, and for each whether its product's stock is counted (its pieces are taken). */
export interface PricedCart {
  lines: CartLine[];
  counted: boolean[];
}

function priceLines(lines: readonly RequestedLine[], products: readonly ProductPriceRow[]): PricedCart {
  const byId = new Map(products.map((product) => [product.id, product]));
  const short: OutOfStockItem[] = [];
  const counted: boolean[] = [];
  const priced = lines.map((line): CartLine => {
    const product = byId.get(line.productId);
    if (!product) throw invalid(ORDER_MESSAGES.unknownProduct(line.clientName?.trim() || null, line.productId));
    if (line.quantity > MAX_ITEM_QUANTITY) throw invalid(ORDER_MESSAGES.tooMany(product.name));
    const { stock, made_to_order_days: days } = product;
    if (!canOrder(stock, days, line.quantity)) short.push({ product_id: product.id, name: product.name, available: stock ?? 0 });
    counted.push(stock !== null);
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      image: product.image,
      price: product.price,
      quantity: line.quantity,
      madeToOrderDays: stock === 0 ? days : null,
    };
  });
  if (short.length > 0) throw outOfStock(short);
  return { lines: priced, counted };
}

/**
 * What this process already knows of the products (the API's catalogue in memory): an order can be priced
 * from it without asking the database. The statement that writes the order checks every price and kind of
 * stock again and writes nothing when one moved (then the cart is priced from the database).
 */
export interface KnownProducts {
  product(id: number): ProductPriceRow | undefined;
}

/**
 * The cart priced from what the process knows, or null when that is not enough to go on: a product it does not
 * know, or a line it believes short of pieces (the database decides those, with its own message).
 */
export function priceKnownCart(known: KnownProducts, lines: readonly RequestedLine[]): PricedCart | null {
  const products: ProductPriceRow[] = [];
  for (const line of lines) {
    const product = known.product(line.productId);
    if (!product || !canOrder(product.stock, product.made_to_order_days, line.quantity)) return null;
    products.push(product);
  }
  return priceLines(lines, products);
}

/** Valid product ids and their quantities, as statement parameters. */
function cartParameters(lines: readonly RequestedLine[]): [number[], number[]] {
  const valid = lines.filter((line) => isDbId(line.productId));
  return [valid.map((line) => line.productId), valid.map((line) => line.quantity)];
}

/**
 * Prices the cart from the database in one statement: each line gets the product's name, article, first picture
 * and price at this moment. A product that is gone is refused by name; a line asking for more pieces than are
 * left is refused as out of stock (nothing is reserved).
 */
export async function priceCart(sql: Sql, lines: readonly RequestedLine[]): Promise<PricedCart> {
  const [row] = await sql.query<{ products: ProductPriceRow[] }>(`WITH ${CART} SELECT ${CART_PRODUCTS} AS products`, cartParameters(lines));
  return priceLines(lines, row!.products);
}

/** Where a new order will be written: its id, its lines' ids, its number (unique across instances) and time. */
export interface OrderSlot {
  id: number;
  lineIds: number[];
  number: string;
  createdAt: Date;
}

/** `lineCount`: the parameter that holds the number of lines */
const reserved = (lineCount: string) => `nextval('orders_id_seq')::int AS id,
  ARRAY(SELECT nextval('order_items_id_seq')::int FROM generate_series(1, ${lineCount}::int)) AS line_ids,
  nextval('order_number_seq')::text AS number, now() AS created_at`;

interface SlotRow {
  id: number;
  line_ids: number[];
  number: string;
  created_at: Date;
}

const toSlot = (row: SlotRow): OrderSlot => ({ id: row.id, lineIds: row.line_ids, number: row.number, createdAt: row.created_at });

/**
 * Reserves a slot for an order of `lineCount` lines. Sequences are outside transactions: a slot that is never
 * written leaves a gap in the numbers, nothing else.
 */
export async function reserveOrder(sql: Sql, lineCount: number): Promise<OrderSlot> {
  const [row] = await sql.query<SlotRow>(`SELECT ${reserved("$1")}`, [lineCount]);
  return toSlot(row!);
}

/**
 * priceCart and reserveOrder in one statement: the first of the two statements that place an order. When a
 * line asks for more pieces than are left, no slot is taken (no order number is used up).
 */
export async function priceCartInSlot(sql: Sql, lines: readonly RequestedLine[]): Promise<{ slot: OrderSlot } & PricedCart> {
  const [row] = await sql.query<Partial<SlotRow> & { products: ProductPriceRow[] }>(
    `WITH ${CART}, enough AS (
       SELECT NOT EXISTS (SELECT 1 FROM cart WHERE stock < quantity AND NOT (stock = 0 AND made_to_order_days IS NOT NULL)) AS ok
     )
     SELECT slot.*, ${CART_PRODUCTS} AS products
       FROM enough LEFT JOIN LATERAL (SELECT ${reserved("$3")} WHERE enough.ok) AS slot ON true`,
    [...cartParameters(lines), lines.length],
  );
  const priced = priceLines(lines, row!.products);
  if (row!.id == null) throw new Error("no order slot was reserved for a cart with enough stock");
  return { slot: toSlot(row as SlotRow), ...priced };
}
