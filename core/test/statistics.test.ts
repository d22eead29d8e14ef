import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autoCommitSql, type Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import type { StatsQuery } from "@shop/shared/schemas/admin";
import { changeOrderStatus, placeOrder, type Order } from "@shop/core/orders";
import { invoicePayload, issueInvoice, markRefunded, recordPayment } from "@shop/core/payments";
import {
  foldStatistics,
  kpi,
  MAX_RANGE_DAYS,
  ordersBySource,
  ordersByStatus,
  RANGE_BOTH_DATES,
  RANGE_REVERSED,
  RANGE_TOO_LONG,
  resolveRange,
  series,
  shopDate,
  topCustomers,
  topProducts,
} from "@shop/core/statistics";
import { CONTACT, checkout, createShop, insertOrder, refusal, shopError, testNotifier, type ShopFixture } from "./helpers/shop";

/**
 * Statistics in the core (docs/product.md#statistics): a range's KPIs, series, distributions and top lists over
 * orders placed, cancelled and paid through the core itself and orders of past days, the same whether the
 * triggers' change rows were folded into the totals or not; and the range's own rules.
 */

let db: Database;
let shop: ShopFixture;
const notifier = testNotifier({ payments: true });
const BUYER = { id: 555, first_name: "Иван" };

const DAY = 86_400_000;
const today = shopDate(new Date());
/** noon in Moscow (09:00 UTC), `daysAgo` shop days before today */
const moscowNoon = (daysAgo: number) => new Date(Date.parse(`${today}T09:00:00Z`) - daysAgo * DAY);
const dateOf = (daysAgo: number) => shopDate(moscowNoon(daysAgo));
const dayLabel = (daysAgo: number) => {
  const [, month, day] = dateOf(daysAgo).split("-");
  return `${day}.${month}`;
};

/** orders by letter: today A (website), B (Mini App, paid), C (cancelled); D 3 days ago; E 40 days ago; F 200 days ago */
const orders: Record<string, { id: number; total: number }> = {};
let paid: Order;

beforeAll(async () => {
  db = await openTestDatabase();
  shop = await createShop(db.prisma);
  const vase = shop.byName("Ваза керамическая «Лён»"); // 1890
  const mug = shop.byName("Кружка ручной лепки"); // 650
  const candle = shop.byName("Свеча соевая «Ваниль»"); // 350
  const plaid = shop.byName("Плед вязаный из шерсти"); // 5400

  orders.F = await insertOrder(db, { createdAt: moscowNoon(200), status: "completed", source: "legacy", customerName: "Ольга", customerPhone: "+79990000001", items: [{ product: candle, quantity: 1 }] });
  orders.E = await insertOrder(db, { createdAt: moscowNoon(40), status: "shipped", source: "mobile_web", customerName: "Пётр", customerPhone: "+79990000002", items: [{ product: mug, quantity: 1 }] });
  orders.D = await insertOrder(db, { createdAt: moscowNoon(3), status: "completed", source: "website", customerName: "Ольга Смирнова", customerPhone: "+79990000001", items: [{ product: candle, quantity: 3 }] });
  // part of the history folded into the totals, the rest still in the change rows
  await foldStatistics(db);

  const place = async (lines: { productId: number; quantity: number }[], overrides = {}) => (await placeOrder(db, notifier, checkout(lines, overrides))).order;
  const a = await place([{ productId: vase.id, quantity: 1 }], { contact: { ...CONTACT, customer_phone: "+7 999 000-00-01", customer_name: "Ольга С." } });
  const b = await place([{ productId: mug.id, quantity: 2 }], { source: "telegram_mini_app", telegramUser: BUYER });
  const c = await place([{ productId: plaid.id, quantity: 1 }], { contact: { ...CONTACT, customer_phone: "+79990000009", customer_name: "Отмена" } });
  await changeOrderStatus(db, notifier, c.id, "cancelled");
  await changeOrderStatus(db, notifier, b.id, "processing");
  const invoiced = await issueInvoice(db, notifier, b.id, 250, true);
  const recorded = await recordPayment(db, notifier, {
    payload: invoicePayload({ orderId: b.id, invoiceNumber: 1 }),
    currency: "RUB",
    totalAmount: invoiced.totals.total,
    telegramChargeId: "stats-charge-1",
    providerChargeId: "stats-provider-1",
  });
  if (recorded.status !== "recorded") throw new Error("the payment was not recorded");
  paid = recorded.order;
  for (const [key, order] of Object.entries({ A: a, B: b, C: c })) orders[key] = { id: order.id, total: order.totals.total };
});
afterAll(async () => db?.close());

/** the statistics read through the driver, each statement on its own */
const sql = () => autoCommitSql(db);
const range = (query: StatsQuery) => resolveRange(sql(), query);

/** Every figure of a range, as the admin's dashboard reads them. */
async function figures(query: StatsQuery) {
  const r = await range(query);
  return {
    kpi: await kpi(sql(), r),
    orders: await series(sql(), r, "orders"),
    revenue: await series(sql(), r, "revenue"),
    byStatus: await ordersByStatus(sql(), r),
    bySource: await ordersBySource(sql(), r),
    products: await topProducts(sql(), r),
    customers: await topCustomers(sql(), r),
  };
}

describe("the orders the tests rely on", () => {
  it("have the totals the shop's pricing gives", () => {
    // in kopecks
    expect(orders.A!.total).toBe(1894_30); // 1890 − 13 % + 250
    expect(orders.B!.total).toBe(1420_00); // 1300 − 10 % + 250
    expect(orders.C!.total).toBe(4948_00); // 5400 − 13 % + 250
    expect(orders.D!.total).toBe(1195_00); // 1050 − 10 % + 250
    expect(orders.E!.total).toBe(867_50); // 650 − 5 % + 250
    expect(orders.F!.total).toBe(600_00); // 350 + 250
    expect(paid.payment.status).toBe("paid");
  });
});

describe("the last 7 days", () => {
  it("KPIs leave out the cancelled order; paid revenue is what was paid in Telegram", async () => {
    expect(await kpi(sql(), await range({ period: "7d" }))).toEqual({
      totalOrders: 3,
      totalRevenue: 4509_30, // A + B + D
      averageOrderValue: 1503_10,
      paidRevenue: 1420_00,
    });
  });

  it("orders and revenue per day, every day present, oldest first", async () => {
    const r = await range({ period: "7d" });
    expect(r).toEqual({ from: dateOf(6), to: today, bucket: "day" });
    const labels = [6, 5, 4, 3, 2, 1, 0].map(dayLabel);
    expect(await series(sql(), r, "orders")).toEqual({ labels, data: [0, 0, 0, 1, 0, 0, 2] });
    expect(await series(sql(), r, "revenue")).toEqual({ labels, data: [0, 0, 0, 1195_00, 0, 0, 3314_30] });
  });

  it("the status and source distributions count every order, the cancelled one too", async () => {
    const r = await range({ period: "7d" });
    expect(await ordersByStatus(sql(), r)).toEqual({ labels: ["Новые", "В работе", "Завершен", "Отменен"], data: [1, 1, 1, 1] });
    expect(await ordersBySource(sql(), r)).toEqual({ labels: ["Сайт (Десктоп)", "Telegram Mini App"], data: [3, 1] });
  });

  it("top products by pieces, top customers by money (a phone customer's orders together, named by the latest)", async () => {
    const r = await range({ period: "7d" });
    const candle = shop.byName("Свеча соевая «Ваниль»");
    const mug = shop.byName("Кружка ручной лепки");
    const vase = shop.byName("Ваза керамическая «Лён»");
    expect(await topProducts(sql(), r)).toEqual([
      { productId: candle.id, name: candle.name, quantitySold: 3, totalValue: 1050_00 },
      { productId: mug.id, name: mug.name, quantitySold: 2, totalValue: 1300_00 },
      { productId: vase.id, name: vase.name, quantitySold: 1, totalValue: 1890_00 },
    ]);
    expect(await topCustomers(sql(), r)).toEqual([
      { telegramUserId: null, customerName: "Ольга С.", orderCount: 2, totalSpent: 3089_30 }, // A + D, one phone
      { telegramUserId: "555", customerName: "Анна Смирнова", orderCount: 1, totalSpent: 1420_00 },
    ]);
    expect(await topProducts(sql(), r, 1)).toHaveLength(1);
  });
});

describe("folding the change rows", () => {
  it("changes no figure of any range, and empties the change tables", async () => {
    const queries: StatsQuery[] = [{ period: "7d" }, { period: "30d" }, { period: "all" }, { start: dateOf(40), end: dateOf(3) }];
    const before = await Promise.all(queries.map(figures));
    expect(await db.prisma.orderDayChange.count()).toBeGreaterThan(0);
    await foldStatistics(db);
    expect([await db.prisma.orderDayChange.count(), await db.prisma.customerSaleChange.count(), await db.prisma.productSaleChange.count()]).toEqual([0, 0, 0]);
    expect(await Promise.all(queries.map(figures))).toEqual(before);
  });

  it("counts an order taken back out of 'cancelled' again, before and after the fold", async () => {
    await changeOrderStatus(db, notifier, orders.C!.id, "new");
    const counted = await kpi(sql(), await range({ period: "7d" }));
    expect(counted).toMatchObject({ totalOrders: 4, totalRevenue: 9457_30 });
    await foldStatistics(db);
    expect(await kpi(sql(), await range({ period: "7d" }))).toEqual(counted);
    await changeOrderStatus(db, notifier, orders.C!.id, "cancelled");
    expect(await kpi(sql(), await range({ period: "7d" }))).toMatchObject({ totalOrders: 3, totalRevenue: 4509_30 });
  });
});

describe("longer ranges", () => {
  it("30 days: a point a day, the order of 40 days ago left out", async () => {
    const r = await range({ period: "30d" });
    expect(r).toEqual({ from: dateOf(29), to: today, bucket: "day" });
    const orderSeries = await series(sql(), r, "orders");
    expect(orderSeries.labels).toHaveLength(30);
    expect(orderSeries.data.reduce((sum, n) => sum + n, 0)).toBe(3);
  });

  it("all time: from the first order's day, with the all-time top lists", async () => {
    const r = await range({ period: "all" });
    expect(r).toMatchObject({ from: dateOf(200), to: today, allTime: true, bucket: "week" });
    expect(await kpi(sql(), r)).toEqual({ totalOrders: 5, totalRevenue: 5976_80, averageOrderValue: 1195_36, paidRevenue: 1420_00 });
    const products = await topProducts(sql(), r);
    expect(products.map((product) => [product.name, product.quantitySold, product.totalValue])).toEqual([
      ["Свеча соевая «Ваниль»", 4, 1400_00],
      ["Кружка ручной лепки", 3, 1950_00],
      ["Ваза керамическая «Лён»", 1, 1890_00],
    ]);
    const customers = await topCustomers(sql(), r);
    expect(customers[0]).toEqual({ telegramUserId: null, customerName: "Ольга С.", orderCount: 3, totalSpent: 3689_30 });
    expect(await ordersBySource(sql(), r)).toEqual({ labels: ["Сайт (Десктоп)", "Сайт (Мобайл)", "Telegram Mini App", "Неизвестно"], data: [3, 1, 1, 1] });
  });

  it("a custom range counts whole Moscow days, both ends included", async () => {
    const r = await range({ start: dateOf(40), end: dateOf(40) });
    expect(r).toEqual({ from: dateOf(40), to: dateOf(40), bucket: "day" });
    expect(await kpi(sql(), r)).toEqual({ totalOrders: 1, totalRevenue: 867_50, averageOrderValue: 867_50, paidRevenue: 0 });
    expect(await series(sql(), r, "orders")).toEqual({ labels: [dayLabel(40)], data: [1] });
    expect(await kpi(sql(), await range({ start: dateOf(39), end: dateOf(4) }))).toMatchObject({ totalOrders: 0, totalRevenue: 0, averageOrderValue: 0 });
  });

  it("a point a day up to 92 days, a week up to 366, then a month", async () => {
    expect((await range({ start: "2024-01-01", end: "2024-04-01" })).bucket).toBe("day"); // 92 days
    expect((await range({ start: "2024-01-01", end: "2024-04-02" })).bucket).toBe("week");
    expect((await range({ start: "2024-01-01", end: "2024-12-31" })).bucket).toBe("week"); // 366 days
    expect((await range({ start: "2024-01-01", end: "2025-01-01" })).bucket).toBe("month");
    const weekly = await series(sql(), await range({ start: "2024-01-01", end: "2024-04-02" }), "orders");
    expect(weekly.labels[0]).toBe("01.01.24"); // a Monday
    expect(weekly.labels).toHaveLength(14);
    const monthly = await series(sql(), await range({ start: "2024-01-15", end: "2025-02-01" }), "revenue");
    expect(monthly.labels).toEqual(["01.2024", "02.2024", "03.2024", "04.2024", "05.2024", "06.2024", "07.2024", "08.2024", "09.2024", "10.2024", "11.2024", "12.2024", "01.2025", "02.2025"]);
  });

  it("paid revenue follows the day of payment and leaves a refunded order out", async () => {
    await markRefunded(db, paid.id);
    expect((await kpi(sql(), await range({ period: "7d" }))).paidRevenue).toBe(0);
  });
});

describe("a range that cannot be", () => {
  it("needs both dates", async () => {
    const noEnd = await refusal(range({ start: "2024-05-01" }));
    expect(noEnd).toMatchObject(shopError("invalid", "Укажите обе даты периода: start и end"));
    expect(noEnd.fields).toEqual({ end: RANGE_BOTH_DATES });
    expect((await refusal(range({ end: "2024-05-01", period: "7d" }))).fields).toEqual({ start: RANGE_BOTH_DATES });
  });

  it("ends no earlier than it starts", async () => {
    const reversed = await refusal(range({ start: "2024-05-02", end: "2024-05-01" }));
    expect(reversed).toMatchObject(shopError("invalid", "Дата окончания периода раньше даты начала"));
    expect(reversed.fields).toEqual({ end: RANGE_REVERSED });
    expect(await range({ start: "2024-05-01", end: "2024-05-01" })).toEqual({ from: "2024-05-01", to: "2024-05-01", bucket: "day" });
  });

  it("is at most 3 years", async () => {
    expect(MAX_RANGE_DAYS).toBe(1098);
    // 2024-01-01 … 2027-01-02: 1098 days
    expect((await range({ start: "2024-01-01", end: "2027-01-02" })).bucket).toBe("month");
    const tooLong = await refusal(range({ start: "2024-01-01", end: "2027-01-03" }));
    expect(tooLong).toMatchObject(shopError("invalid", "Период не может быть длиннее 3 лет"));
    expect(tooLong.fields).toEqual({ start: RANGE_TOO_LONG });
  });
});
