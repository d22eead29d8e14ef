import type { Sql } from "@shop/prisma/db";
import type { Kopecks } from "@shop/shared/money";
import { validateCheckoutForm, type CheckoutForm } from "@shop/shared/checkout";
import { MAX_ITEM_QUANTITY } from "@shop/shared/constants";
import { isDbId } from "@shop/shared/ids";
import { normalizePhone } from "@shop/shared/phone";
import { looksEmpty } from "@shop/shared/text";
import type { PersonalizationField } from "@shop/shared/schemas/catalog";
import type { OutOfStockItem } from "@shop/shared/schemas/orders";
import { checkPersonalization, chooseOptionMessage, extrasOf, lineKey, PERSONALIZATION_MESSAGES, variantTitle } from "@shop/shared/variants";
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

/** A line of the cart as the client sends it: only the product, its variant, the texts and the quantity count. */
export interface RequestedLine {
  productId: number;
  quantity: number;
  /** the name the client showed, only to name a product that no longer exists */
  clientName?: string | null;
  /** required for a product with options */
  variantId?: number | null;
  personalization?: { field_id: number; value: string }[];
}

/**
 * An empty cart is refused; the same product (and variant, and personalisation) twice becomes one line with the
 * quantities added up. Lines that differ in a text stay apart: two engravings are two pieces.
 */
export function mergeLines(lines: readonly RequestedLine[]): RequestedLine[] {
  if (lines.length === 0) throw invalid(ORDER_MESSAGES.emptyCart);
  const merged = new Map<string, RequestedLine>();
  for (const line of lines) {
    const key = line.variantId == null && !line.personalization?.length ? String(line.productId) : lineKey(line.productId, line.variantId, line.personalization);
    const seen = merged.get(key);
    if (seen) seen.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return [...merged.values()];
}

/** A variant as a cart line is priced from it. */
export interface VariantPriceRow {
  id: number;
  sku: string;
  /** its own, or the product's */
  price: Kopecks;
  stock: number | null;
  made_to_order_days: number | null;
  enabled: boolean;
  title: string;
  image: string | null;
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
  /** its options' names, for a product with options */
  optionNames?: string[];
  variants?: VariantPriceRow[];
  personalization?: PersonalizationField[];
}

/**
 * The products of a cart with their first pictures and the quantities asked for (`cart`), read in one go: $1
 * the product ids, $2 the quantities; with each product its options' names, variants and personalisation.
 */
const CART = `cart AS (
  SELECT p.id, p.name, p.sku, p.price, p.stock, p.made_to_order_days, line.quantity,
         (SELECT i.image_url FROM product_images i WHERE i.product_id = p.id ORDER BY i.position, i.id LIMIT 1) AS image
    FROM products p JOIN unnest($1::int[], $2::int[]) AS line(id, quantity) ON p.id = line.id
   WHERE NOT p.hidden
)`;
const CART_PRODUCTS = `COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'sku', sku, 'price', round(price * 100), 'image', image,
  'stock', stock, 'made_to_order_days', made_to_order_days,
  'options', (SELECT json_agg(json_build_object('name', o.name, 'values',
                 (SELECT json_agg(json_build_object('id', ov.id, 'value', ov.value)) FROM product_option_values ov WHERE ov.option_id = o.id))
               ORDER BY o.position, o.id) FROM product_options o WHERE o.product_id = cart.id),
  'variants', (SELECT json_agg(json_build_object('id', v.id, 'sku', v.sku, 'price', round(coalesce(v.price, cart.price) * 100),
                 'stock', v.stock, 'made_to_order_days', v.made_to_order_days, 'enabled', v.enabled,
                 'option_value_ids', v.option_value_ids,
                 'image', (SELECT i.image_url FROM product_images i WHERE i.id = v.image_ids[1] AND i.product_id = cart.id)))
               FROM product_variants v WHERE v.product_id = cart.id),
  'personalization', (SELECT json_agg(json_build_object('id', f.id, 'kind', f.kind, 'label', f.label, 'hint', f.hint,
                 'max_length', f.max_length, 'required', f.required, 'price', f.price::float8,
                 'choices', (SELECT coalesce(json_agg(json_build_object('value', c.value, 'price', c.price::float8) ORDER BY c.position, c.id), '[]')
                               FROM personalization_choices c WHERE c.field_id = f.id))
               ORDER BY f.position, f.id) FROM personalization_fields f WHERE f.product_id = cart.id)
  )) FROM cart), '[]')`;

interface CartProductJson extends Omit<ProductPriceRow, "variants" | "optionNames" | "personalization"> {
  options: { name: string; values: { id: number; value: string }[] | null }[] | null;
  variants: (Omit<VariantPriceRow, "title"> & { option_value_ids: number[] | null })[] | null;
  personalization: PersonalizationField[] | null;
}

/** A product as the cart statement gives it (CART_PRODUCTS) as a ProductPriceRow. */
function fromCartJson(row: CartProductJson): ProductPriceRow {
  const { options, variants, personalization, ...product } = row;
  const priced: ProductPriceRow = { ...product };
  if (options && options.length > 0) {
    const shaped = options.map((option, index) => ({ id: index, name: option.name, kind: "text" as const, values: (option.values ?? []).map((v) => ({ ...v, swatch: null })) }));
    priced.optionNames = options.map((option) => option.name);
    priced.variants = (variants ?? []).map(({ option_value_ids, ...variant }) => ({ ...variant, title: variantTitle(shaped, option_value_ids ?? []) }));
  }
  if (personalization && personalization.length > 0) {
    priced.personalization = personalization.map((field) => ({
      ...field,
      price: field.kind === "text" || field.kind === "gift_wrap" ? field.price : 0,
      choices: field.kind === "choice" ? field.choices : [],
    }));
  }
  return priced;
}

/** What the order's statement checks again of a line priced outside it: the variant's or product's price and the extras. */
export interface LineGuard {
  basePrice: Kopecks;
  extras: { fieldId: number; choice: string | null; price: Kopecks }[];
}

/** A cart priced: its lines, and for each whether its stock is counted (its pieces are taken) and what to check. */
export interface PricedCart {
  lines: CartLine[];
  counted: boolean[];
  guards: LineGuard[];
}

/** The line's variant, checked: required for a product with options, and switched on. */
function chosenVariant(product: ProductPriceRow, line: RequestedLine): VariantPriceRow | null {
  if (!product.optionNames) {
    if (line.variantId != null) throw invalid(PERSONALIZATION_MESSAGES.noVariants(product.name));
    return null;
  }
  if (line.variantId == null) throw invalid(chooseOptionMessage(product.optionNames[0]!));
  const variant = product.variants?.find((v) => v.id === line.variantId);
  if (!variant || !variant.enabled) throw invalid(PERSONALIZATION_MESSAGES.variantUnknown(product.name));
  return variant;
}

/** How a line is named where a product's name alone would be ambiguous (out of stock, stock messages). */
export const lineName = (name: string, variantTitle: string | null | undefined) => (variantTitle ? `${name} (${variantTitle})` : name);

function priceLines(lines: readonly RequestedLine[], products: readonly ProductPriceRow[]): PricedCart {
  const byId = new Map(products.map((product) => [product.id, product]));
  const counted: boolean[] = [];
  const guards: LineGuard[] = [];
  const priced = lines.map((line): CartLine => {
    const product = byId.get(line.productId);
    if (!product) throw invalid(ORDER_MESSAGES.unknownProduct(line.clientName?.trim() || null, line.productId));
    if (line.quantity > MAX_ITEM_QUANTITY) throw invalid(ORDER_MESSAGES.tooMany(product.name));
    const variant = chosenVariant(product, line);
    const check = checkPersonalization(product.personalization ?? [], line.personalization);
    if (!check.ok) throw invalid(check.message);
    const stockOf = variant ?? product;
    const base = variant ? variant.price : product.price;
    counted.push(stockOf.stock !== null);
    guards.push({ basePrice: base, extras: check.items.map(({ fieldId, choice, price }) => ({ fieldId, choice, price })) });
    const cartLine: CartLine = {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      image: variant?.image ?? product.image,
      price: base + extrasOf(check.items),
      quantity: line.quantity,
      madeToOrderDays: stockOf.stock === 0 ? stockOf.made_to_order_days : null,
    };
    if (variant) {
      cartLine.variantId = variant.id;
      cartLine.variantSku = variant.sku;
      cartLine.variantTitle = variant.title;
    }
    if (check.items.length > 0) cartLine.personalization = check.items.map(({ label, value, price }) => ({ label, value, price }));
    return cartLine;
  });
  // lines of one product or variant (different texts) take from the same stock: checked together
  const short: OutOfStockItem[] = [];
  for (const target of stockTargets(priced, counted)) {
    const stockOf = stockRowOf(byId.get(target.productId)!, target.variantId);
    if (!canOrder(stockOf.stock, stockOf.made_to_order_days, target.quantity)) {
      const item: OutOfStockItem = { product_id: target.productId, name: lineName(target.name, target.variantTitle), available: stockOf.stock ?? 0 };
      if (target.variantId !== null) item.variant_id = target.variantId;
      short.push(item);
    }
  }
  if (short.length > 0) throw outOfStock(short);
  return { lines: priced, counted, guards };
}

const stockRowOf = (product: ProductPriceRow, variantId: number | null) =>
  variantId === null ? product : (product.variants?.find((v) => v.id === variantId) ?? product);

/** The pieces a cart takes from one stock: a product's, or a variant's. */
export interface StockTarget {
  productId: number;
  variantId: number | null;
  name: string;
  variantTitle: string | null;
  sku: string;
  quantity: number;
  /** the lines' made-to-order days (the same for every line of one stock) */
  days: number | null;
  counted: boolean;
}

/** The cart's lines summed per stock they take from (a product, or a variant), in the order first met. */
export function stockTargets(lines: readonly CartLine[], counted: readonly boolean[]): StockTarget[] {
  const targets = new Map<string, StockTarget>();
  lines.forEach((line, index) => {
    if (line.productId === null) return;
    const variantId = line.variantId ?? null;
    const key = variantId === null ? `p${line.productId}` : `v${variantId}`;
    const seen = targets.get(key);
    if (seen) seen.quantity += line.quantity;
    else {
      targets.set(key, {
        productId: line.productId,
        variantId,
        name: line.name,
        variantTitle: line.variantTitle ?? null,
        sku: line.variantSku ?? line.sku,
        quantity: line.quantity,
        days: line.madeToOrderDays ?? null,
        counted: counted[index]!,
      });
    }
  });
  return [...targets.values()];
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
 * know, a variant it does not know as switched on, or a stock it believes short of pieces (the database decides
 * those, with its own message).
 */
export function priceKnownCart(known: KnownProducts, lines: readonly RequestedLine[]): PricedCart | null {
  const products: ProductPriceRow[] = [];
  const asked = new Map<string, { row: { stock: number | null; made_to_order_days: number | null }; quantity: number }>();
  for (const line of lines) {
    const product = known.product(line.productId);
    if (!product) return null;
    let row: { stock: number | null; made_to_order_days: number | null } = product;
    let key = `p${product.id}`;
    if (product.optionNames && line.variantId != null) {
      const variant = product.variants?.find((v) => v.id === line.variantId);
      if (!variant?.enabled) return null;
      row = variant;
      key = `v${variant.id}`;
    }
    const entry = asked.get(key);
    if (entry) entry.quantity += line.quantity;
    else asked.set(key, { row, quantity: line.quantity });
    products.push(product);
  }
  for (const { row, quantity } of asked.values()) if (!canOrder(row.stock, row.made_to_order_days, quantity)) return null;
  return priceLines(lines, products);
}

const validLines = (lines: readonly RequestedLine[]) => lines.filter((line) => isDbId(line.productId));

/** Valid product ids and their quantities, as statement parameters. */
function cartParameters(lines: readonly RequestedLine[]): [number[], number[]] {
  const valid = validLines(lines);
  return [valid.map((line) => line.productId), valid.map((line) => line.quantity)];
}

/** The variants the lines of cartParameters name (null where none, or not an id), in the same order. */
const variantParameter = (lines: readonly RequestedLine[]): (number | null)[] =>
  validLines(lines).map((line) => (line.variantId != null && isDbId(line.variantId) ? line.variantId : null));

/**
 * Prices the cart from the database in one statement: each line gets the product's name, article, first picture
 * and price at this moment. A product that is gone is refused by name; a line asking for more pieces than are
 * left is refused as out of stock (nothing is reserved).
 */
export async function priceCart(sql: Sql, lines: readonly RequestedLine[]): Promise<PricedCart> {
  const [row] = await sql.query<{ products: CartProductJson[] }>(`WITH ${CART} SELECT ${CART_PRODUCTS} AS products`, cartParameters(lines));
  return priceLines(lines, row!.products.map(fromCartJson));
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
 * Whether every stock the cart takes from has the pieces asked for (canOrder in SQL): the lines summed per
 * product, or per variant for a line that names one ($1 product ids, $2 quantities, $4 variant ids or nulls).
 * A variant that is not the product's counts as its product here; priceLines refuses it.
 */
const ENOUGH = `enough AS (
  SELECT NOT EXISTS (
    SELECT 1
      FROM (SELECT line.id, line.variant_id, sum(line.quantity) AS quantity
              FROM unnest($1::int[], $2::int[], $4::int[]) AS line(id, quantity, variant_id)
             GROUP BY line.id, line.variant_id) AS asked
      JOIN products p ON p.id = asked.id
      LEFT JOIN product_variants v ON v.id = asked.variant_id AND v.product_id = p.id
     CROSS JOIN LATERAL (SELECT CASE WHEN v.id IS NULL THEN p.stock ELSE v.stock END AS stock,
                                CASE WHEN v.id IS NULL THEN p.made_to_order_days ELSE v.made_to_order_days END AS days) AS left_of
     WHERE left_of.stock < asked.quantity AND NOT (left_of.stock = 0 AND left_of.days IS NOT NULL)
  ) AS ok
)`;

/**
 * priceCart and reserveOrder in one statement: the first of the two statements that place an order. When a
 * line asks for more pieces than its product or variant has left (lines of one stock summed, as priceLines
 * sums them), no slot is taken: a refused order uses up no order number.
 */
export async function priceCartInSlot(sql: Sql, lines: readonly RequestedLine[]): Promise<{ slot: OrderSlot } & PricedCart> {
  const [row] = await sql.query<Partial<SlotRow> & { products: CartProductJson[] }>(
    `WITH ${CART}, ${ENOUGH}
     SELECT slot.*, ${CART_PRODUCTS} AS products
       FROM enough LEFT JOIN LATERAL (SELECT ${reserved("$3")} WHERE enough.ok) AS slot ON true`,
    [...cartParameters(lines), lines.length, variantParameter(lines)],
  );
  const priced = priceLines(lines, row!.products.map(fromCartJson));
  if (row!.id == null) throw new Error("no order slot was reserved for a cart with enough stock");
  return { slot: toSlot(row as SlotRow), ...priced };
}

/** A cart as the shopper has it, priced from the database now (a preview: nothing is reserved). */
export async function priceRequestedCart(sql: Sql, lines: readonly RequestedLine[]): Promise<CartLine[]> {
  return (await priceCart(sql, mergeLines(lines))).lines;
}
