import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import { changeOrderStatus, getOrder, placeOrder, type Order } from "@shop/core/orders";
import {
  checkPreCheckout,
  invoicePayload,
  issueInvoice,
  markRefunded,
  PAYMENT_TEXTS,
  payableOrder,
  recordPayment,
  type ReportedPayment,
} from "@shop/core/payments";
import { MANAGER, checkout, createShop, outbox, refusal, setStock, shopError, testNotifier, type ShopFixture } from "./helpers/shop";

/**
 * Payment in Telegram in the core (docs/payments.md): a manager fixes the delivery cost and the invoice goes to the
 * customer, Telegram asks before charging and is refused a stale, wrong or unpayable invoice, and a payment is
 * recorded once however often Telegram reports it.
 */

let db: Database;
let shop: ShopFixture;
const CUSTOMER = { id: 770001, first_name: "Анна" };
const notifier = testNotifier({ payments: true });

beforeAll(async () => {
  db = await openTestDatabase();
  shop = await createShop(db.prisma);
});
afterAll(async () => db?.close());

beforeEach(async () => {
  await db.prisma.product.updateMany({ data: { stock: null, madeToOrderDays: null } });
  await db.prisma.outboxMessage.deleteMany({});
});

const vase = () => shop.byName("Ваза керамическая «Лён»"); // 1890: 13 % off, 1644.30 before delivery

/** A Mini App order of one vase: subtotal 1890 ₽, discount 245.70 ₽, delivery 250 ₽, total 1894.30 ₽ (189 430 kopecks). */
async function miniAppOrder(): Promise<Order> {
  const { order } = await placeOrder(db, notifier, checkout([{ productId: vase().id, quantity: 1 }], { source: "telegram_mini_app", telegramUser: CUSTOMER }));
  await db.prisma.outboxMessage.deleteMany({});
  return order;
}

/** What Telegram reports for the order's invoice `invoiceNumber`, for `kopecks` (Telegram counts in kopecks too). */
const payment = (order: Order, invoiceNumber: number, kopecks: number, charge = `tg-charge-${order.id}-${invoiceNumber}`): ReportedPayment => ({
  payload: invoicePayload({ orderId: order.id, invoiceNumber }),
  currency: "RUB",
  totalAmount: kopecks,
  telegramChargeId: charge,
  providerChargeId: `provider-${charge}`,
});

describe("issuing an invoice", () => {
  it("fixes the delivery cost, makes total = subtotal − discount + delivery, and queues the invoice for the customer", async () => {
    const order = await miniAppOrder();
    const invoiced = await issueInvoice(db, notifier, order.id, "420,50", true);
    expect(invoiced.totals).toEqual({ subtotal: 1890_00, discountPercent: 13, discount: 245_70, delivery: 420_50, total: 2064_80 });
    expect(invoiced.payment).toEqual({ status: "invoiced", paidAt: null, invoiceNumber: 1 });
    expect(invoiced.status).toBe("new");
    expect(await getOrder(db.prisma, order.id)).toEqual(invoiced);
    expect(await outbox(db.prisma)).toEqual([[BigInt(CUSTOMER.id), "Счёт №1 на 206480"]]);

    // a new invoice: the next number, the older one can no longer be paid
    const second = await issueInvoice(db, notifier, order.id, 0, true);
    expect(second.payment.invoiceNumber).toBe(2);
    expect(second.totals.total).toBe(1644_30);
    expect((await outbox(db.prisma)).map(([, text]) => text)).toEqual(["Счёт №1 на 206480", "Счёт №2 на 164430"]);
  });

  it("takes a delivery cost from 0 to 100 000 roubles to the kopeck and refuses anything else", async () => {
    const order = await miniAppOrder();
    expect(PAYMENT_TEXTS.badDeliveryCost).toBe("Стоимость доставки — сумма в рублях от 0 до 100 000, с точностью до копейки");
    // text is a sum as a manager types it in the chat: digits, a comma or a dot, kopecks; blank text is no sum
    for (const cost of [-1, 100_000.01, 1.005, Number.NaN, Number.POSITIVE_INFINITY, "abc", "12,3,4", "", "   ", "1e3", "0x10", "-0", null, undefined, {}]) {
      const error = await refusal(issueInvoice(db, notifier, order.id, cost, true));
      expect(error, String(cost)).toMatchObject(shopError("invalid", PAYMENT_TEXTS.badDeliveryCost));
      expect(error.fields).toEqual({ delivery_cost: PAYMENT_TEXTS.badDeliveryCost });
    }
    expect((await getOrder(db.prisma, order.id)).payment.status).toBe("unpaid");
    expect((await issueInvoice(db, notifier, order.id, 100_000, true)).totals.delivery).toBe(100_000_00);
    expect((await issueInvoice(db, notifier, order.id, " 1 250.5 ", true)).totals.delivery).toBe(1250_50);
  });

  it("is refused when payments are off, without the customer's chat, for a cancelled order and for a paid one", async () => {
    const order = await miniAppOrder();
    expect(await refusal(issueInvoice(db, notifier, order.id, 250, false))).toMatchObject(shopError("conflict", "Оплата в Telegram не настроена"));
    // a shop whose bot sends no invoices has payments off too
    expect(await refusal(issueInvoice(db, testNotifier(), order.id, 250, true))).toMatchObject(shopError("conflict", "Оплата в Telegram не настроена"));

    const { order: website } = await placeOrder(db, notifier, checkout([{ productId: vase().id, quantity: 1 }]));
    expect(await refusal(issueInvoice(db, notifier, website.id, 250, true))).toMatchObject(shopError("conflict", PAYMENT_TEXTS.noChat));

    const cancelled = await miniAppOrder();
    await changeOrderStatus(db, notifier, cancelled.id, "cancelled");
    expect(await refusal(issueInvoice(db, notifier, cancelled.id, 250, true))).toMatchObject(shopError("conflict", "Заказ отменён: счёт не выставляется"));

    await issueInvoice(db, notifier, order.id, 250, true);
    await recordPayment(db, notifier, payment(order, 1, 189_430));
    expect(await refusal(issueInvoice(db, notifier, order.id, 300, true))).toMatchObject(shopError("conflict", "Заказ уже оплачен"));
    expect(await refusal(issueInvoice(db, notifier, 999_999, 250, true))).toMatchObject(shopError("not-found", "Заказ не найден"));
  });
});

describe("the pre-checkout check", () => {
  it("lets Telegram charge the latest invoice for the order's total and refuses an older invoice", async () => {
    const order = await miniAppOrder();
    await issueInvoice(db, notifier, order.id, 250, true);
    await issueInvoice(db, notifier, order.id, 350, true); // total 1994.30
    expect(await checkPreCheckout(db, { payload: invoicePayload({ orderId: order.id, invoiceNumber: 2 }), currency: "RUB", totalAmount: 199_430 })).toEqual({ ok: true });
    expect(await checkPreCheckout(db, { payload: invoicePayload({ orderId: order.id, invoiceNumber: 1 }), currency: "RUB", totalAmount: 189_430 })).toEqual({
      ok: false,
      message: "Этот счёт устарел: магазин выставил новый. Оплатите последний счёт в чате с ботом.",
    });
  });

  it("refuses a wrong amount or currency, an unknown invoice, a cancelled order and a paid one", async () => {
    const order = await miniAppOrder();
    const ask = (payload: string, totalAmount = 189_430, currency = "RUB") => checkPreCheckout(db, { payload, currency, totalAmount });
    const current = invoicePayload({ orderId: order.id, invoiceNumber: 1 });
    expect(await ask(current)).toEqual({ ok: false, message: PAYMENT_TEXTS.unknownInvoice });
    await issueInvoice(db, notifier, order.id, 250, true);
    expect(await ask(current)).toEqual({ ok: true });
    expect(await ask(current, 189_429)).toEqual({ ok: false, message: PAYMENT_TEXTS.wrongAmount });
    expect(await ask(current, 189_430, "USD")).toEqual({ ok: false, message: PAYMENT_TEXTS.wrongAmount });
    expect(await ask("order:abc")).toEqual({ ok: false, message: "Счёт не найден. Попросите магазин выставить новый." });
    expect(await ask(invoicePayload({ orderId: 999_999, invoiceNumber: 1 }))).toEqual({ ok: false, message: PAYMENT_TEXTS.unknownInvoice });

    await recordPayment(db, notifier, payment(order, 1, 189_430));
    expect(await ask(current)).toEqual({ ok: false, message: "Этот заказ уже оплачен." });

    const cancelled = await miniAppOrder();
    await issueInvoice(db, notifier, cancelled.id, 250, true);
    await changeOrderStatus(db, notifier, cancelled.id, "cancelled");
    expect(await ask(invoicePayload({ orderId: cancelled.id, invoiceNumber: 1 }))).toEqual({ ok: false, message: "Заказ отменён, оплата не принимается." });
  });

  it("refuses when a line that took no pieces finds none left, but not a line that holds its pieces", async () => {
    const candle = shop.byName("Свеча соевая «Ваниль»");
    await setStock(db.prisma, vase().id, 1);
    // the vase's piece is taken by the order; the candle's stock is not counted, so nothing is taken for it
    const { order } = await placeOrder(
      db,
      notifier,
      checkout([{ productId: vase().id, quantity: 1 }, { productId: candle.id, quantity: 2 }], { source: "telegram_mini_app", telegramUser: CUSTOMER }),
    );
    const invoiced = await issueInvoice(db, notifier, order.id, 250, true);
    const ask = () => checkPreCheckout(db, { payload: invoicePayload({ orderId: order.id, invoiceNumber: 1 }), currency: "RUB", totalAmount: invoiced.totals.total });
    expect(await ask()).toEqual({ ok: true });
    // the admin starts counting the candles and has one
    await setStock(db.prisma, candle.id, 1);
    expect(await ask()).toEqual({ ok: false, message: "Товара «Свеча соевая «Ваниль»» осталось 1 шт. Оплата не принята, магазин свяжется с вами." });
    await setStock(db.prisma, candle.id, 0);
    expect(await ask()).toEqual({ ok: false, message: "Товар «Свеча соевая «Ваниль»» закончился. Оплата не принята, магазин свяжется с вами." });
  });
});

describe("recording a payment", () => {
  it("marks the order paid once, keeps its status, and queues the thank-you and the managers' card once", async () => {
    const order = await miniAppOrder();
    await issueInvoice(db, notifier, order.id, 250, true);
    await db.prisma.outboxMessage.deleteMany({});
    const reported = payment(order, 1, 189_430);

    const recorded = await recordPayment(db, notifier, reported);
    expect(recorded.status).toBe("recorded");
    if (recorded.status !== "recorded") return;
    expect(recorded.order.payment.status).toBe("paid");
    expect(recorded.order.payment.paidAt).toBeInstanceOf(Date);
    expect(recorded.order.status).toBe("new");

    expect(await recordPayment(db, notifier, reported)).toEqual({ status: "duplicate" });
    expect(await db.prisma.payment.count({ where: { orderId: order.id } })).toBe(1);
    expect(await getOrder(db.prisma, order.id)).toEqual(recorded.order);
    expect(await outbox(db.prisma)).toEqual([
      [MANAGER, `Заказ №${order.number} оплачен`],
      [BigInt(CUSTOMER.id), `Спасибо за оплату заказа №${order.number}`],
    ]);
  });

  it("records a payment reported several times at once exactly once", async () => {
    const order = await miniAppOrder();
    await issueInvoice(db, notifier, order.id, 250, true);
    const results = await Promise.all(Array.from({ length: 6 }, () => recordPayment(db, notifier, payment(order, 1, 189_430, "tg-charge-burst"))));
    expect(results.map((result) => result.status).sort()).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "duplicate", "recorded"]);
    expect(await db.prisma.payment.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("records the money taken even for an older invoice, and knows no order it cannot find", async () => {
    const order = await miniAppOrder();
    await issueInvoice(db, notifier, order.id, 250, true);
    await issueInvoice(db, notifier, order.id, 500, true);
    const recorded = await recordPayment(db, notifier, payment(order, 1, 189_430));
    expect(recorded.status).toBe("recorded");
    const stored = await db.prisma.payment.findFirstOrThrow({ where: { orderId: order.id } });
    expect([stored.invoiceNumber, Number(stored.amount), stored.currency]).toEqual([1, 1894.3, "RUB"]);
    expect(await recordPayment(db, notifier, { ...payment(order, 1, 100), payload: "nonsense" })).toEqual({ status: "unknown-order" });
    expect(await recordPayment(db, notifier, { ...payment(order, 1, 100), payload: invoicePayload({ orderId: 999_999, invoiceNumber: 1 }) })).toEqual({
      status: "unknown-order",
    });
  });
});

describe("refunds and payable orders", () => {
  it("a refund is recorded only for a paid order", async () => {
    const order = await miniAppOrder();
    expect(await refusal(markRefunded(db, order.id))).toMatchObject(shopError("conflict", "Возврат можно отметить только у оплаченного заказа"));
    await issueInvoice(db, notifier, order.id, 250, true);
    await recordPayment(db, notifier, payment(order, 1, 189_430));
    expect((await markRefunded(db, order.id)).payment.status).toBe("refunded");
    expect(await refusal(markRefunded(db, order.id))).toMatchObject(shopError("conflict", PAYMENT_TEXTS.notPaid));
    expect(await refusal(issueInvoice(db, notifier, order.id, 250, true))).toMatchObject(shopError("conflict", PAYMENT_TEXTS.alreadyPaid));
    expect(await refusal(markRefunded(db, 999_999))).toMatchObject(shopError("not-found", "Заказ не найден"));
  });

  it("only the customer's own invoiced order can be paid from the Mini App", async () => {
    const order = await miniAppOrder();
    const customer = BigInt(CUSTOMER.id);
    expect(await refusal(payableOrder(db, order.id, customer, true))).toMatchObject(shopError("conflict", "Счёт по этому заказу ещё не выставлен"));
    await issueInvoice(db, notifier, order.id, 250, true);
    expect((await payableOrder(db, order.id, customer, true)).id).toBe(order.id);
    expect(await refusal(payableOrder(db, order.id, BigInt(770002), true))).toMatchObject(shopError("not-found", "Заказ не найден"));
    expect(await refusal(payableOrder(db, order.id, customer, false))).toMatchObject(shopError("conflict", PAYMENT_TEXTS.notConfigured));
  });
});
