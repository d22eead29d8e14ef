import type { Prisma, Sql } from "@shop/prisma/db";
import { fromDecimal } from "@shop/shared/money";
import type { OrderSourceValue, OrderStatusValue, PaymentStatusValue } from "@shop/shared/schemas/orders";
import type { CartLine, Order } from "./order";

/**
 * How an order is read from the database, by the ORM (the admin's and the shopper's lists) or by plain SQL
 * inside the shop's write transactions; both give the same Order.
 */

export const orderInclude = {
  items: { orderBy: { id: "asc" } },
} satisfies Prisma.OrderInclude;

export type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    number: row.orderNumber,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    status: row.status,
    // the column is text; only the shop's own order writes fill it, with these values
    source: row.source as OrderSourceValue,
    contact: {
      customerName: row.customerName,
      customerPhone: row.customerPhone,
      deliveryAddress: row.deliveryAddress,
      comment: row.comment,
    },
    lines: [...row.items]
      .sort((a, b) => a.id - b.id)
      .map((item) => ({
        id: item.id,
        productId: item.productId,
        name: item.productName,
        sku: item.productSku,
        image: item.productImage,
        price: fromDecimal(item.price),
        quantity: item.quantity,
        madeToOrderDays: item.madeToOrderDays,
        ...lineChoice(item.variantId, item.variantSku, item.variantTitle, item.personalization),
        ...(item.promoDiscount === null ? {} : { promoDiscount: fromDecimal(item.promoDiscount) }),
      })),
    totals: {
      subtotal: fromDecimal(row.subtotal),
      discountPercent: row.discountPercent,
      discount: fromDecimal(row.discountAmount),
      delivery: fromDecimal(row.deliveryCost),
      total: fromDecimal(row.total),
      ...(row.promoCode ? { promoCode: row.promoCode } : {}),
    },
    telegramUser:
      row.telegramUserId === null
        ? null
        : { id: row.telegramUserId, username: row.telegramUsername, firstName: row.telegramFirstName, lastName: row.telegramLastName },
    payment: { status: row.paymentStatus, paidAt: row.paidAt, invoiceNumber: row.invoiceNumber },
  };
}

/** An order row as ORDER_COLUMNS give it: money and the Telegram id as text, alike on both drivers. */
export interface OrderSqlRow {
  id: number;
  order_number: string;
  created_at: Date;
  updated_at: Date;
  status: string;
  source: string;
  customer_name: string;
  customer_phone: string;
  delivery_address: string | null;
  comment: string | null;
  subtotal: string;
  discount_percent: number;
  discount_amount: string;
  delivery_cost: string;
  total: string;
  telegram_user_id: string | null;
  telegram_username: string | null;
  telegram_first_name: string | null;
  telegram_last_name: string | null;
  payment_status: string;
  paid_at: Date | null;
  invoice_number: number;
  promo_code: string | null;
}

export const ORDER_COLUMNS = `id, order_number, created_at, updated_at, status::text AS status, source, customer_name, customer_phone,
  delivery_address, comment, subtotal::text AS subtotal, discount_percent, discount_amount::text AS discount_amount,
  delivery_cost::text AS delivery_cost, total::text AS total, telegram_user_id::text AS telegram_user_id,
  telegram_username, telegram_first_name, telegram_last_name, payment_status::text AS payment_status, paid_at, invoice_number,
  promo_code`;

export interface OrderLineSqlRow {
  id: number;
  product_id: number | null;
  product_name: string;
  product_sku: string;
  product_image: string | null;
  price: string;
  quantity: number;
  made_to_order_days: number | null;
  variant_id: number | null;
  variant_sku: string | null;
  variant_title: string | null;
  personalization: unknown;
  promo_discount: string | null;
}

/**
 * The line's variant and personalisation as stored (personalization: jsonb of { label, value, price in roubles }):
 * only what the line has, so that a line without them reads back exactly as it was written.
 */
function lineChoice(
  variantId: number | null,
  variantSku: string | null,
  variantTitle: string | null,
  stored: unknown,
): Pick<CartLine, "variantId" | "variantSku" | "variantTitle" | "personalization"> {
  const raw = typeof stored === "string" ? (JSON.parse(stored) as unknown) : stored;
  const items = Array.isArray(raw) ? (raw as { label: string; value: string; price: number | string }[]) : [];
  const choice: Pick<CartLine, "variantId" | "variantSku" | "variantTitle" | "personalization"> = {};
  if (variantId !== null) choice.variantId = variantId;
  if (variantSku !== null) choice.variantSku = variantSku;
  if (variantTitle !== null) choice.variantTitle = variantTitle;
  if (items.length > 0) choice.personalization = items.map((item) => ({ label: item.label, value: item.value, price: fromDecimal(item.price) }));
  return choice;
}

export function orderFromSql(row: OrderSqlRow, lines: readonly OrderLineSqlRow[]): Order {
  return {
    id: row.id,
    number: row.order_number,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    status: row.status as OrderStatusValue,
    source: row.source as OrderSourceValue,
    contact: {
      customerName: row.customer_name,
      customerPhone: row.customer_phone,
      deliveryAddress: row.delivery_address,
      comment: row.comment,
    },
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.product_id,
      name: line.product_name,
      sku: line.product_sku,
      image: line.product_image,
      price: fromDecimal(line.price),
      quantity: line.quantity,
      madeToOrderDays: line.made_to_order_days,
      ...lineChoice(line.variant_id, line.variant_sku, line.variant_title, line.personalization),
      ...(line.promo_discount === null || line.promo_discount === undefined ? {} : { promoDiscount: fromDecimal(line.promo_discount) }),
    })),
    totals: {
      subtotal: fromDecimal(row.subtotal),
      discountPercent: row.discount_percent,
      discount: fromDecimal(row.discount_amount),
      delivery: fromDecimal(row.delivery_cost),
      total: fromDecimal(row.total),
      ...(row.promo_code ? { promoCode: row.promo_code } : {}),
    },
    telegramUser:
      row.telegram_user_id === null
        ? null
        : { id: BigInt(row.telegram_user_id), username: row.telegram_username, firstName: row.telegram_first_name, lastName: row.telegram_last_name },
    payment: { status: row.payment_status as PaymentStatusValue, paidAt: row.paid_at, invoiceNumber: row.invoice_number },
  };
}

/** One order with its lines, or null. */
export async function readOrder(sql: Sql, id: number): Promise<Order | null> {
  const [row] = await sql.query<OrderSqlRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
  if (!row) return null;
  const lines = await sql.query<OrderLineSqlRow>(
    `SELECT id, product_id, product_name, product_sku, product_image, price::text AS price, quantity, made_to_order_days,
            variant_id, variant_sku, variant_title, personalization, promo_discount::text AS promo_discount
       FROM order_items WHERE order_id = $1 ORDER BY id`,
    [id],
  );
  return orderFromSql(row, lines);
}
