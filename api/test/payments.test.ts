import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@shop/core/config";
import type { OrderNotifier } from "@shop/core/orders";
import { PAYMENT_TEXTS, recordPayment } from "@shop/core/payments";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { insertOrder } from "./helpers/order-rows";
import { BOT_ENV, initDataHeader } from "./helpers/telegram";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** The payment endpoints of the admin and the Mini App, and the payment fields of every order read (docs/api.md). */

const BUYER = 7001;
/** the invoice as an outbox row: the bot writes the real one (server/test/payments-flow.test.ts) */
const notifier: OrderNotifier = {
  orderCreated: () => [],
  orderStatusChanged: () => [],
  invoiceIssued: (order) => [
    { chatId: order.telegramUser!.id, dedupeKey: `order:${order.id}:invoice:${order.payment.invoiceNumber}`, payload: { total: order.totals.total } },
  ],
};

let t: TestApp;
let f: Fixture;
let auth: { authorization: string };

/** an order of a vase and a mug: subtotal 2540, 13% off, delivery 250 → 2459.80 */
async function newOrder(options: { telegram?: boolean; status?: "new" | "cancelled"; createdAt?: Date } = {}) {
  const vase = f.byName("Ваза керамическая «Лён»");
  const mug = f.byName("Кружка ручной лепки");
  return insertOrder(t.prisma, {
    status: options.status ?? "new",
    createdAt: options.createdAt,
    telegramUserId: options.telegram === false ? null : BigInt(BUYER),
    items: [
      { productId: vase.id, name: vase.name, sku: vase.sku, price: vase.price, quantity: 1 },
      { productId: mug.id, name: mug.name, sku: mug.sku, price: mug.price, quantity: 1 },
    ],
  });
}

const invoice = (id: number, payload: unknown, headers: Record<string, string> = auth) =>
  t.app.inject({ method: "POST", url: `/api/orders/${id}/invoice`, headers, payload: payload as object });

async function pay(orderId: number, invoiceNumber: number, totalKopecks: number, charge = `charge-${orderId}-${invoiceNumber}`) {
  return recordPayment(t.db, notifier, {
    payload: `order:${orderId}:invoice:${invoiceNumber}`,
    currency: "RUB",
    totalAmount: totalKopecks,
    telegramChargeId: `tg-${charge}`,
    providerChargeId: `pr-${charge}`,
  });
}

beforeAll(async () => {
  t = await createTestApp({ notifier, env: { ...BOT_ENV, PAYMENT_PROVIDER_TOKEN: "381764678:TEST:100037" } });
  f = await createFixture(t.prisma);
  auth = { authorization: `Bearer ${await t.adminToken()}` };
});
afterAll(async () => t?.close());

describe("settings", () => {
  it("turns payments on with a provider token and a bot, and checks the receipt settings", () => {
    const bot = { TELEGRAM_BOT_TOKEN: BOT_ENV.TELEGRAM_BOT_TOKEN };
    expect(loadConfig({ ...bot }).payments).toBeNull();
    expect(loadConfig({ PAYMENT_PROVIDER_TOKEN: "381764678:TEST:100037" }).payments).toBeNull();
    expect(loadConfig({ ...bot, PAYMENT_PROVIDER_TOKEN: "381764678:TEST:100037" }).payments).toEqual({
      providerToken: "381764678:TEST:100037",
      receipts: null,
      vatCode: 1,
    });
    expect(loadConfig({ ...bot, PAYMENT_PROVIDER_TOKEN: "381764678:LIVE:5", PAYMENT_RECEIPTS: "yookassa", PAYMENT_VAT_CODE: "4" }).payments).toEqual({
      providerToken: "381764678:LIVE:5",
      receipts: "yookassa",
      vatCode: 4,
    });
    expect(() => loadConfig({ PAYMENT_VAT_CODE: "7" })).toThrow(/PAYMENT_VAT_CODE must be a whole number from 1 to 6/);
    expect(() => loadConfig({ PAYMENT_RECEIPTS: "atol" })).toThrow(/PAYMENT_RECEIPTS must be yookassa or none/);
    expect(() => loadConfig({ ...bot, PAYMENT_PROVIDER_TOKEN: "not a token" })).toThrow(/PAYMENT_PROVIDER_TOKEN/);
  });

  it("says so in GET /api/config", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/config" })).json()).toMatchObject({ payments: true });
  });
});

describe("POST /api/orders/:id/invoice", () => {
  it("fixes the delivery, recomputes the total and queues the invoice; a new invoice replaces the old one", async () => {
    const order = await newOrder();
    const response = await invoice(order.id, { delivery_cost: 350 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: order.id, delivery_cost: 350, total: 2559.8, payment_status: "invoiced" });
    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([Number(row.deliveryCost), Number(row.total), row.invoiceNumber, row.status]).toEqual([350, 2559.8, 1, "new"]);
    const queued = await t.prisma.outboxMessage.findFirstOrThrow({ where: { dedupeKey: `order:${order.id}:invoice:1` } });
    expect(queued.chatId).toBe(BigInt(BUYER));

    const again = await invoice(order.id, { delivery_cost: 0 });
    expect(again.json()).toEqual({ id: order.id, delivery_cost: 0, total: 2209.8, payment_status: "invoiced" });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).invoiceNumber).toBe(2);
    expect(await t.prisma.outboxMessage.count({ where: { dedupeKey: { startsWith: `order:${order.id}:invoice:` } } })).toBe(2);

    const kopecks = await invoice(order.id, { delivery_cost: 199.99 });
    expect(kopecks.json()).toMatchObject({ delivery_cost: 199.99, total: 2409.79 });
  });

  it("refuses a bad sum with a 400 in Russian", async () => {
    const order = await newOrder();
    for (const body of [{ delivery_cost: -1 }, { delivery_cost: "много" }, { delivery_cost: 100_001 }, {}]) {
      const response = await invoice(order.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/Стоимость доставки/);
    }
    // a fraction of a kopeck, and sums that would round to a delivery of 0 without being 0
    for (const delivery_cost of [10.005, 1e-10, 1e-7, 0.004]) {
      const fraction = await invoice(order.id, { delivery_cost });
      expect(fraction.statusCode, String(delivery_cost)).toBe(400);
      expect(fraction.json().message).toBe(PAYMENT_TEXTS.badDeliveryCost);
    }
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("unpaid");
  });

  it("answers 409 without a Telegram chat, for a cancelled or a paid order; 404 for an unknown one; 401 without a token", async () => {
    const website = await newOrder({ telegram: false });
    expect((await invoice(website.id, { delivery_cost: 250 })).json()).toEqual({ message: PAYMENT_TEXTS.noChat });
    const cancelled = await newOrder({ status: "cancelled" });
    const refused = await invoice(cancelled.id, { delivery_cost: 250 });
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: PAYMENT_TEXTS.cancelled }]);
    const paid = await newOrder();
    await invoice(paid.id, { delivery_cost: 250 });
    expect((await pay(paid.id, 1, 245980)).status).toBe("recorded");
    const twice = await invoice(paid.id, { delivery_cost: 250 });
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: PAYMENT_TEXTS.alreadyPaid }]);

    expect((await invoice(999_999, { delivery_cost: 250 })).statusCode).toBe(404);
    expect((await invoice(paid.id, { delivery_cost: 250 }, {})).statusCode).toBe(401);
  });
});

describe("payment status on the orders", () => {
  it("shows payment_status and paid_at to the admin and the customer, and filters the admin list", async () => {
    await t.prisma.order.deleteMany();
    const unpaid = await newOrder();
    const invoiced = await newOrder();
    const paid = await newOrder();
    const refunded = await newOrder();
    for (const order of [invoiced, paid, refunded]) await invoice(order.id, { delivery_cost: 250 });
    await pay(paid.id, 1, 245980);
    await pay(refunded.id, 1, 245980);
    // a repeated report of the same charge changes nothing
    expect((await pay(paid.id, 1, 245980)).status).toBe("duplicate");
    const refund = await t.app.inject({ method: "POST", url: `/api/orders/${refunded.id}/refunded`, headers: auth });
    expect([refund.statusCode, refund.json()]).toEqual([200, { id: refunded.id, payment_status: "refunded" }]);

    const one = (await t.app.inject({ method: "GET", url: `/api/orders/${paid.id}`, headers: auth })).json();
    expect(one.payment_status).toBe("paid");
    expect(Date.parse(one.paid_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.app.inject({ method: "GET", url: `/api/orders/${unpaid.id}`, headers: auth })).json()).toMatchObject({ payment_status: "unpaid", paid_at: null });

    const list = async (query: string) =>
      ((await t.app.inject({ method: "GET", url: `/api/orders?${query}`, headers: auth })).json() as { orders: { id: number; payment_status: string }[] }).orders;
    expect((await list("")).map((o) => [o.id, o.payment_status])).toEqual([
      [refunded.id, "refunded"],
      [paid.id, "paid"],
      [invoiced.id, "invoiced"],
      [unpaid.id, "unpaid"],
    ]);
    for (const [status, order] of [["unpaid", unpaid], ["invoiced", invoiced], ["paid", paid], ["refunded", refunded]] as const) {
      expect((await list(`payment_status=${status}`)).map((o) => o.id)).toEqual([order.id]);
    }
    expect((await list("payment_status=paid&status=cancelled")).map((o) => o.id)).toEqual([]);
    const bad = await t.app.inject({ method: "GET", url: "/api/orders?payment_status=free", headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Статус оплаты/);

    const mine = await t.app.inject({ method: "GET", url: "/api/my-orders", headers: initDataHeader({ id: BUYER, first_name: "Анна" }) });
    const byId = new Map((mine.json().orders as { id: number; payment_status: string; paid_at: string | null }[]).map((o) => [o.id, o]));
    expect(byId.get(paid.id)).toMatchObject({ payment_status: "paid", paid_at: one.paid_at });
    expect(byId.get(invoiced.id)).toMatchObject({ payment_status: "invoiced", paid_at: null });
    const detail = await t.app.inject({ method: "GET", url: `/api/my-orders/${refunded.id}`, headers: initDataHeader({ id: BUYER, first_name: "Анна" }) });
    expect(detail.json()).toMatchObject({ payment_status: "refunded", total: 2459.8 });
    expect(detail.json().paid_at).toEqual(expect.any(String));
  });

  it("records a refund only for a paid order", async () => {
    const order = await newOrder();
    const refunded = (id: number, headers: Record<string, string> = auth) => t.app.inject({ method: "POST", url: `/api/orders/${id}/refunded`, headers });
    const unpaid = await refunded(order.id);
    expect([unpaid.statusCode, unpaid.json()]).toEqual([409, { message: PAYMENT_TEXTS.notPaid }]);
    await invoice(order.id, { delivery_cost: 250 });
    expect((await refunded(order.id)).statusCode).toBe(409);
    await pay(order.id, 1, 245980);
    expect((await refunded(order.id, {})).statusCode).toBe(401);
    expect((await refunded(order.id)).statusCode).toBe(200);
    expect((await refunded(order.id)).statusCode).toBe(409);
    expect((await refunded(999_999)).statusCode).toBe(404);
  });

  it("counts paid_revenue by the day of payment, refunds left out", async () => {
    await t.prisma.order.deleteMany();
    const kpi = async () => (await t.app.inject({ method: "GET", url: "/api/admin/stats/kpi?period=7d", headers: auth })).json();
    expect((await kpi()).paid_revenue).toBe(0);
    // ordered long ago, paid today: today's money
    const old = await newOrder({ createdAt: new Date(Date.now() - 60 * 86_400_000) });
    const fresh = await newOrder();
    const refunded = await newOrder();
    for (const [order, cost] of [[old, 0], [fresh, 350], [refunded, 250]] as const) await invoice(order.id, { delivery_cost: cost });
    await pay(old.id, 1, 220980);
    await pay(fresh.id, 1, 255980);
    await pay(refunded.id, 1, 245980);
    await t.app.inject({ method: "POST", url: `/api/orders/${refunded.id}/refunded`, headers: auth });
    const today = await kpi();
    expect(today.paid_revenue).toBe(2209.8 + 2559.8);
    expect(today.totalOrders).toBe(2);
    // paid before the period: not in it
    await t.prisma.order.update({ where: { id: fresh.id }, data: { paidAt: new Date(Date.now() - 30 * 86_400_000) } });
    expect((await kpi()).paid_revenue).toBe(2209.8);
  });
});

describe("POST /api/my-orders/:id/invoice-link without the bot's link maker", () => {
  it("asks for Telegram, hides other users' orders, and refuses an order that is not invoiced", async () => {
    const order = await newOrder();
    const url = `/api/my-orders/${order.id}/invoice-link`;
    expect((await t.app.inject({ method: "POST", url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url, headers: initDataHeader({ id: 99, first_name: "Чужой" }) })).statusCode).toBe(404);
    const notInvoiced = await t.app.inject({ method: "POST", url, headers: initDataHeader({ id: BUYER, first_name: "Анна" }) });
    expect([notInvoiced.statusCode, notInvoiced.json()]).toEqual([409, { message: PAYMENT_TEXTS.notInvoiced }]);
  });
});
