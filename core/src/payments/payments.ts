import type { Database, Sql } from "@shop/prisma/db";
import { kopecksOf, toDecimal, type Kopecks } from "@shop/shared/money";
import { outOfStockMessage } from "@shop/shared/stock";
import { conflict, invalid, notFound, ORDER_NOT_FOUND } from "../errors";

import { queueMessages } from "../outbox";
import type { OrderNotifier } from "../orders";
import type { Order } from "../orders";
import { readOrder } from "../orders";
import { canOrder } from "../stock";
import { parseInvoicePayload } from "./invoice-payload";

/**
 * Payment in Telegram (docs/payments.md): a manager fixes the delivery cost and the invoice goes to the
 * customer's chat; Telegram asks before charging (pre-checkout) and reports the payment, which is recorded once.
 * The payment status lives beside the order's status and never changes it.
 */

export const PAYMENT_TEXTS = {
  notConfigured: "Оплата в Telegram не настроена",
  noChat: "Заказ оформлен без Telegram: счёт отправить некуда. Свяжитесь с покупателем.",
  cancelled: "Заказ отменён: счёт не выставляется",
  alreadyPaid: "Заказ уже оплачен",
  badDeliveryCost: "Стоимость доставки — сумма в рублях от 0 до 100 000, с точностью до копейки",
  notPaid: "Возврат можно отметить только у оплаченного заказа",
  notInvoiced: "Счёт по этому заказу ещё не выставлен",
  // pre-checkout refusals: shown to the customer on Telegram's payment sheet
  unknownInvoice: "Счёт не найден. Попросите магазин выставить новый.",
  orderCancelled: "Заказ отменён, оплата не принимается.",
  orderPaid: "Этот заказ уже оплачен.",
  staleInvoice: "Этот счёт устарел: магазин выставил новый. Оплатите последний счёт в чате с ботом.",
  wrongAmount: "Сумма счёта не совпадает с суммой заказа. Оплатите последний счёт в чате с ботом.",
  // the shop's out-of-stock message may end with «шт.» already: one full stop, never two
  soldOut: (message: string) => `${message.replace(/\.$/, "")}. Оплата не принята, магазин свяжется с вами.`,
} as const;

/** The largest delivery cost a manager may fix, in roubles. */
export const MAX_DELIVERY_COST = 100_000;
export const CURRENCY = "RUB";

/**
 * A delivery cost typed in roubles with at most kopecks, 0…MAX_DELIVERY_COST, in kopecks; or a Russian 400. Text is
 * read as a manager types a sum in the chat ('420', '420,50', '1 250.5'): digits, a comma or a dot, kopecks; anything
 * else, blank text included, is no sum (JavaScript's Number() would read '' as 0 and '1e3' or '0x10' as numbers). A
 * number is 0 (free delivery) or at least a kopeck once rounded: 1e-10 is not a delivery cost of 0.
 */
export function checkDeliveryCost(value: unknown): Kopecks {
  const refused = () => invalid(PAYMENT_TEXTS.badDeliveryCost, { delivery_cost: PAYMENT_TEXTS.badDeliveryCost });
  let kopecks: Kopecks | null;
  if (typeof value === "string") {
    const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value.replace(/\s/g, ""));
    if (!match) throw refused();
    kopecks = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  } else {
    kopecks = typeof value === "number" ? kopecksOf(value) : null;
  }
  if (kopecks === null || kopecks < 0 || kopecks > MAX_DELIVERY_COST * 100) throw refused();
  return kopecks;
}

interface LockedPayment {
  status: string;
  payment_status: string;
  telegram_user_id: string | null;
}

function lockOrder(sql: Sql, orderId: number): Promise<LockedPayment[]> {
  return sql.query<LockedPayment>(
    `SELECT status::text AS status, payment_status::text AS payment_status, telegram_user_id::text AS telegram_user_id
       FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  );
}

/**
 * Fixes the order's delivery cost and sends the customer a new invoice: total = subtotal − discount + delivery,
 * the next invoice number (the older invoices can no longer be paid), payment status 'invoiced', the invoice
 * queued in the outbox in the same transaction. Conflicts: payments off, no Telegram chat, cancelled, paid.
 */
export async function issueInvoice(db: Database, notifier: OrderNotifier, orderId: number, deliveryCost: unknown, paymentsOn: boolean): Promise<Order> {
  const delivery = checkDeliveryCost(deliveryCost);
  const order = await db.transaction(async (sql) => {
    const [locked] = await lockOrder(sql, orderId);
    if (!locked) throw notFound(ORDER_NOT_FOUND);
    if (!paymentsOn || !notifier.invoiceIssued) throw conflict(PAYMENT_TEXTS.notConfigured);
    if (locked.payment_status === "paid" || locked.payment_status === "refunded") throw conflict(PAYMENT_TEXTS.alreadyPaid);
    if (locked.status === "cancelled") throw conflict(PAYMENT_TEXTS.cancelled);
    if (locked.telegram_user_id === null) throw conflict(PAYMENT_TEXTS.noChat);
    await sql.query(
      `UPDATE orders SET delivery_cost = $2::numeric, total = subtotal - discount_amount + $2::numeric,
              payment_status = 'invoiced', invoice_number = invoice_number + 1, updated_at = now()
        WHERE id = $1`,
      [orderId, toDecimal(delivery)],
    );
    const updated = (await readOrder(sql, orderId))!;
    await queueMessages(sql, notifier.invoiceIssued!(updated));
    return updated;
  });
  notifier.queued?.();
  return order;
}

/** The order a customer may pay now, for the Mini App's payment link: invoiced, not paid, not cancelled. */
export async function payableOrder(db: Database, orderId: number, telegramUserId: bigint, paymentsOn: boolean): Promise<Order> {
  const order = await db.transaction((sql) => readOrder(sql, orderId));
  if (!order || order.telegramUser?.id !== telegramUserId) throw notFound(ORDER_NOT_FOUND);
  if (!paymentsOn) throw conflict(PAYMENT_TEXTS.notConfigured);
  if (order.payment.status === "paid" || order.payment.status === "refunded") throw conflict(PAYMENT_TEXTS.alreadyPaid);
  if (order.status === "cancelled") throw conflict(PAYMENT_TEXTS.cancelled);
  if (order.payment.status !== "invoiced") throw conflict(PAYMENT_TEXTS.notInvoiced);
  return order;
}

/** What Telegram asks before charging, and what it reports after. Amounts in kopecks. */
export interface PaymentQuery {
  payload: string;
  currency: string;
  totalAmount: number;
}

export type PreCheckoutAnswer = { ok: true } | { ok: false; message: string };

interface LineStockRow {
  product_name: string;
  quantity: number;
  stock_taken: boolean;
  made_to_order_days: number | null;
  stock: number | null;
  product_made_to_order_days: number | null;
}

/**
 * Whether Telegram may charge: the payload names the order's current invoice, the amount and currency are the
 * order's total, the order is neither cancelled nor paid, and its counted products still hold its pieces (a
 * line that took its pieces holds them; one that did not must still find them in stock). Reads only.
 */
export async function checkPreCheckout(db: Database, query: PaymentQuery): Promise<PreCheckoutAnswer> {
  const ref = parseInvoicePayload(query.payload);
  if (!ref) return { ok: false, message: PAYMENT_TEXTS.unknownInvoice };
  return db.transaction(async (sql) => {
    const order = await readOrder(sql, ref.orderId);
    if (!order || order.payment.invoiceNumber === 0) return { ok: false, message: PAYMENT_TEXTS.unknownInvoice };
    if (order.status === "cancelled") return { ok: false, message: PAYMENT_TEXTS.orderCancelled };
    if (order.payment.status === "paid" || order.payment.status === "refunded") return { ok: false, message: PAYMENT_TEXTS.orderPaid };
    if (ref.invoiceNumber !== order.payment.invoiceNumber) return { ok: false, message: PAYMENT_TEXTS.staleInvoice };
    if (query.currency !== CURRENCY || query.totalAmount !== order.totals.total) return { ok: false, message: PAYMENT_TEXTS.wrongAmount };
    const lines = await sql.query<LineStockRow>(
      // a variant's line against the variant's stock (a line whose variant was deleted has nothing to check)
      `SELECT CASE WHEN i.variant_title IS NULL THEN i.product_name ELSE i.product_name || ' (' || i.variant_title || ')' END AS product_name,
              i.quantity, i.stock_taken, i.made_to_order_days,
              CASE WHEN i.variant_title IS NULL THEN p.stock ELSE v.stock END AS stock,
              CASE WHEN i.variant_title IS NULL THEN p.made_to_order_days ELSE v.made_to_order_days END AS product_made_to_order_days
         FROM order_items i JOIN products p ON p.id = i.product_id LEFT JOIN product_variants v ON v.id = i.variant_id
        WHERE i.order_id = $1 AND (i.variant_title IS NULL OR v.id IS NOT NULL) ORDER BY i.id`,
      [order.id],
    );
    const short = lines.find(
      (line) => !line.stock_taken && line.made_to_order_days === null && !canOrder(line.stock, line.product_made_to_order_days, line.quantity),
    );
    if (short) return { ok: false, message: PAYMENT_TEXTS.soldOut(outOfStockMessage(short.product_name, short.stock ?? 0)) };
    return { ok: true };
  });
}

export interface ReportedPayment extends PaymentQuery {
  telegramChargeId: string;
  providerChargeId: string;
}

export type PaymentRecord = { status: "recorded"; order: Order } | { status: "duplicate" } | { status: "unknown-order" };

/**
 * Records a payment Telegram reported: once per charge id (a repeated update finds the row and changes nothing),
 * the order 'paid' with its time, the thank-you and the managers' 'Оплачен' queued in the same transaction.
 * The money was taken, so the payment is recorded even when the invoice was an older one.
 */
export async function recordPayment(db: Database, notifier: OrderNotifier, payment: ReportedPayment): Promise<PaymentRecord> {
  const ref = parseInvoicePayload(payment.payload);
  if (!ref) return { status: "unknown-order" };
  const record = await db.transaction(async (sql): Promise<PaymentRecord> => {
    const [locked] = await lockOrder(sql, ref.orderId);
    if (!locked) return { status: "unknown-order" };
    const inserted = await sql.query<{ id: number }>(
      `INSERT INTO payments (order_id, invoice_number, telegram_payment_charge_id, provider_payment_charge_id, amount, currency)
       VALUES ($1, $2, $3, $4, $5::numeric, $6)
       ON CONFLICT DO NOTHING RETURNING id`,
      [ref.orderId, ref.invoiceNumber, payment.telegramChargeId, payment.providerChargeId, toDecimal(payment.totalAmount), payment.currency],
    );
    if (inserted.length === 0) return { status: "duplicate" };
    await sql.query(`UPDATE orders SET payment_status = 'paid', paid_at = now(), updated_at = now() WHERE id = $1`, [ref.orderId]);
    const order = (await readOrder(sql, ref.orderId))!;
    await queueMessages(sql, notifier.orderPaid?.(order) ?? []);
    return { status: "recorded", order };
  });
  if (record.status === "recorded") notifier.queued?.();
  return record;
}

/** Records that a paid order's money was returned (the refund itself is made in the provider's dashboard). */
export async function markRefunded(db: Database, orderId: number): Promise<Order> {
  return db.transaction(async (sql) => {
    const [locked] = await lockOrder(sql, orderId);
    if (!locked) throw notFound(ORDER_NOT_FOUND);
    if (locked.payment_status !== "paid") throw conflict(PAYMENT_TEXTS.notPaid);
    await sql.query(`UPDATE orders SET payment_status = 'refunded', updated_at = now() WHERE id = $1`, [orderId]);
    return (await readOrder(sql, orderId))!;
  });
}
