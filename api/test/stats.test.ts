import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autoCommitSql, Prisma, type Database, type PrismaClient } from "@shop/prisma/db";
import { toRoubles } from "@shop/shared/money";
import {
  foldStatistics,
  kpi,
  ordersBySource,
  ordersByStatus,
  resolveRange,
  series,
  shopDate,
  topCustomers,
  topProducts,
  type StatsRange,
} from "@shop/core/statistics";
import { openTestDatabase } from "@shop/prisma/test-database";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { insertOrder } from "./helpers/order-rows";
import { createTestApp, type TestApp } from "./helpers/test-app";

let t: TestApp;
let f: Fixture;
let auth: { authorization: string };

const DAY = 86_400_000;
const today = shopDate(new Date());
/** noon in Moscow (09:00 UTC), `daysAgo` shop days before today */
const moscowNoon = (daysAgo: number) => new Date(Date.parse(`${today}T09:00:00Z`) - daysAgo * DAY);
const dayLabel = (daysAgo: number) => {
  const [, m, d] = shopDate(moscowNoon(daysAgo)).split("-");
  return `${d}.${m}`;
};
const dateOf = (daysAgo: number) => shopDate(moscowNoon(daysAgo));

const totals: Record<string, number> = {};

/** the statistics' running totals and their change tables, every row in a fixed order */
async function statisticsTables(prisma: PrismaClient) {
  return {
    orderDays: await prisma.orderDay.findMany({ orderBy: [{ day: "asc" }, { status: "asc" }, { source: "asc" }] }),
    orderDayChanges: await prisma.orderDayChange.findMany({ orderBy: { id: "asc" } }),
    customerSales: await prisma.customerSale.findMany({ orderBy: { customer: "asc" } }),
    customerSaleChanges: await prisma.customerSaleChange.findMany({ orderBy: { id: "asc" } }),
    productSales: await prisma.productSale.findMany({ orderBy: { productSku: "asc" } }),
    productSaleChanges: await prisma.productSaleChange.findMany({ orderBy: { id: "asc" } }),
  };
}

beforeAll(async () => {
  // folded by hand below, so the figures come from folded totals and from changes not folded yet at once
  t = await createTestApp({ statsFoldEveryMs: 0 });
  f = await createFixture(t.prisma);
  auth = { authorization: `Bearer ${await t.adminToken()}` };
  const vase = f.byName("Ваза керамическая «Лён»"); // 1890
  const mug = f.byName("Кружка ручной лепки"); // 650
  const candle = f.byName("Свеча соевая «Ваниль»"); // 350
  const line = (p: typeof vase, quantity: number, name = p.name) => ({ productId: p.id, name, sku: p.sku, price: p.price, quantity });
  const add = async (key: string, input: Parameters<typeof insertOrder>[1]) => {
    totals[key] = Number((await insertOrder(t.prisma, input)).total);
  };
  // in the order they happened, as a live shop writes them
  // G and H: either side of midnight in Moscow (21:00 UTC)
  await add("G", { createdAt: new Date("2024-05-10T20:30:00Z"), status: "completed", source: "website", customerPhone: "79990000003", items: [line(candle, 1)] });
  await add("H", { createdAt: new Date("2024-05-10T21:30:00Z"), status: "completed", source: "website", customerPhone: "79990000003", items: [line(candle, 1)] });
  await add("F", { createdAt: moscowNoon(200), status: "completed", source: "legacy_source", customerName: "Ольга", customerPhone: "79990000001", items: [line(candle, 3)] });
  await add("E", { createdAt: moscowNoon(45), status: "shipped", source: "mobile_web", customerName: "Пётр", customerPhone: "79990000002", items: [line(mug, 1, "Кружка (старое название)")] });
  await add("D", {
    createdAt: moscowNoon(10), status: "completed", source: "telegram_bot", customerName: "Иван", telegramUserId: 555n,
    items: [line(candle, 1), { productId: null, name: "Снятый с продажи товар", sku: "HM-999999", price: 100, quantity: 1 }],
  });
  await foldStatistics(t.db);
  await add("C", { createdAt: moscowNoon(3), status: "cancelled", source: "website", customerName: "Отмена", customerPhone: "79990000009", items: [line(vase, 5)] });
  await add("B", { createdAt: moscowNoon(3), status: "processing", source: "telegram_mini_app", customerName: "Иван Петров", telegramUserId: 555n, items: [line(mug, 2)] });
  await add("A", { createdAt: moscowNoon(0), status: "new", source: "website", customerName: "Ольга Смирнова", customerPhone: "79990000001", items: [line(vase, 1)] });
});
afterAll(async () => t?.close());

const stat = async (path: string, query = "") => {
  const response = await t.app.inject({ method: "GET", url: `/api/admin/stats/${path}${query ? "?" + query : ""}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const sum = (...keys: string[]) => Math.round(keys.reduce((s, k) => s + totals[k]!, 0) * 100) / 100;

describe("statistics for the last 7 days", () => {
  it("KPI leaves out cancelled orders", async () => {
    expect(totals.A).toBe(1894.3); // 1890 − 13 % + 250
    expect(totals.B).toBe(1420); // 1300 − 10 % + 250
    expect(await stat("kpi", "period=7d")).toEqual({ totalOrders: 2, totalRevenue: 3314.3, averageOrderValue: 1657.15, paid_revenue: 0 });
  });

  it("orders and revenue per day, every day present", async () => {
    const labels = [6, 5, 4, 3, 2, 1, 0].map(dayLabel);
    expect(await stat("orders-over-time", "period=7d")).toEqual({ labels, data: [0, 0, 0, 1, 0, 0, 1] });
    expect(await stat("revenue-over-time", "period=7d")).toEqual({ labels, data: [0, 0, 0, 1420, 0, 0, 1894.3] });
  });

  it("orders by status and by source count every order, empty ones left out", async () => {
    expect(await stat("orders-by-status", "period=7d")).toEqual({ labels: ["Новые", "В работе", "Отменен"], data: [1, 1, 1] });
    expect(await stat("orders-by-source", "period=7d")).toEqual({ labels: ["Сайт (Десктоп)", "Telegram Mini App"], data: [2, 1] });
  });

  it("top products by pieces and top customers by money", async () => {
    expect(await stat("top-products", "period=7d")).toEqual([
      { productId: f.byName("Кружка ручной лепки").id, name: "Кружка ручной лепки", quantitySold: 2, totalValue: 1300 },
      { productId: f.byName("Ваза керамическая «Лён»").id, name: "Ваза керамическая «Лён»", quantitySold: 1, totalValue: 1890 },
    ]);
    expect(await stat("top-customers", "period=7d")).toEqual([
      { telegramUserId: null, customerName: "Ольга Смирнова", orderCount: 1, totalSpent: 1894.3 },
      { telegramUserId: "555", customerName: "Иван Петров", orderCount: 1, totalSpent: 1420 },
    ]);
  });
});

describe("statistics for 30 days (the default)", () => {
  it("is what no period gives", async () => {
    expect(await stat("kpi")).toEqual(await stat("kpi", "period=30d"));
    const series = await stat("orders-over-time");
    expect(series.labels).toHaveLength(30);
    expect(series.labels[0]).toBe(dayLabel(29));
    expect(series.labels[29]).toBe(dayLabel(0));
    expect(series.data.reduce((a: number, b: number) => a + b, 0)).toBe(3);
  });

  it("KPI, tops with a customer's orders together and a deleted product by its article", async () => {
    expect(await stat("kpi", "period=30d")).toEqual({
      totalOrders: 3,
      totalRevenue: sum("A", "B", "D"),
      averageOrderValue: Math.round((sum("A", "B", "D") / 3) * 100) / 100,
      paid_revenue: 0,
    });
    expect(await stat("top-customers", "period=30d")).toEqual([
      { telegramUserId: "555", customerName: "Иван Петров", orderCount: 2, totalSpent: sum("B", "D") },
      { telegramUserId: null, customerName: "Ольга Смирнова", orderCount: 1, totalSpent: 1894.3 },
    ]);
    const products = await stat("top-products", "period=30d");
    expect(products.map((p: { name: string; quantitySold: number }) => [p.name, p.quantitySold])).toEqual([
      ["Кружка ручной лепки", 2],
      ["Ваза керамическая «Лён»", 1],
      ["Свеча соевая «Ваниль»", 1],
      ["Снятый с продажи товар", 1],
    ]);
    expect(products[3]).toEqual({ productId: null, name: "Снятый с продажи товар", quantitySold: 1, totalValue: 100 });
    expect(await stat("top-products", "period=30d&limit=1")).toHaveLength(1);
    expect(await stat("top-customers", "period=30d&limit=1")).toHaveLength(1);
  });
});

describe("statistics for all time", () => {
  it("counts every order since the first one, month by month for a long history", async () => {
    expect(await stat("kpi", "period=all")).toEqual({
      totalOrders: 7,
      totalRevenue: sum("A", "B", "D", "E", "F", "G", "H"),
      averageOrderValue: Math.round((sum("A", "B", "D", "E", "F", "G", "H") / 7) * 100) / 100,
      paid_revenue: 0,
    });
    const orders = await stat("orders-over-time", "period=all");
    const [year, month] = today.split("-").map(Number) as [number, number];
    const months = (year - 2024) * 12 + (month - 5) + 1;
    expect(orders.labels).toHaveLength(months);
    expect(orders.labels[0]).toBe("05.2024");
    expect(orders.labels.at(-1)).toBe(`${String(month).padStart(2, "0")}.${year}`);
    expect(orders.data[0]).toBe(2);
    expect(orders.data.reduce((a: number, b: number) => a + b, 0)).toBe(7);
    const revenue = await stat("revenue-over-time", "period=all");
    expect(revenue.labels).toEqual(orders.labels);
    expect(revenue.data[0]).toBe(sum("G", "H"));
  });

  it("names unknown sources 'Неизвестно', last", async () => {
    expect(await stat("orders-by-source", "period=all")).toEqual({
      labels: ["Сайт (Десктоп)", "Сайт (Мобайл)", "Telegram Mini App", "Telegram Бот", "Неизвестно"],
      data: [4, 1, 1, 1, 1],
    });
    expect(await stat("orders-by-status", "period=all")).toEqual({
      labels: ["Новые", "В работе", "Отправлен", "Завершен", "Отменен"],
      data: [1, 1, 1, 4, 1],
    });
  });

  it("groups a phone customer's orders and names them by their latest order", async () => {
    const customers = await stat("top-customers", "period=all");
    expect(customers[0]).toEqual({ telegramUserId: null, customerName: "Ольга Смирнова", orderCount: 2, totalSpent: sum("A", "F") });
    expect(customers).toHaveLength(4);
  });

  it("takes a product's name from its latest order line", async () => {
    const products = await stat("top-products", "period=all");
    const mug = products.find((p: { productId: number }) => p.productId === f.byName("Кружка ручной лепки").id);
    expect(mug).toEqual({ productId: mug.productId, name: "Кружка ручной лепки", quantitySold: 3, totalValue: 1950 });
    const only = await stat("top-products", `start=${dateOf(45)}&end=${dateOf(45)}`);
    expect(only).toEqual([{ productId: mug.productId, name: "Кружка (старое название)", quantitySold: 1, totalValue: 650 }]);
    expect(products[0]).toMatchObject({ name: "Свеча соевая «Ваниль»", quantitySold: 6 });
  });
});

describe("a custom range", () => {
  it("counts whole days in Moscow time, both ends included", async () => {
    expect(await stat("orders-over-time", "start=2024-05-10&end=2024-05-11")).toEqual({ labels: ["10.05", "11.05"], data: [1, 1] });
    expect(await stat("kpi", "start=2024-05-11&end=2024-05-11")).toMatchObject({ totalOrders: 1 });
    expect(await stat("kpi", "start=2024-05-09&end=2024-05-09")).toEqual({ totalOrders: 0, totalRevenue: 0, averageOrderValue: 0, paid_revenue: 0 });
    expect(await stat("orders-by-status", "start=2024-05-09&end=2024-05-09")).toEqual({ labels: [], data: [] });
    expect(await stat("top-products", "start=2024-05-09&end=2024-05-09")).toEqual([]);
    expect(await stat("top-customers", "start=2024-05-09&end=2024-05-09")).toEqual([]);
  });

  it("wins over period", async () => {
    expect(await stat("kpi", `period=7d&start=${dateOf(45)}&end=${dateOf(45)}`)).toEqual({ totalOrders: 1, totalRevenue: totals.E, averageOrderValue: totals.E, paid_revenue: 0 });
  });

  it("has a point per day up to 92 days, then per week (labelled by its Monday)", async () => {
    const daily = await stat("orders-over-time", `start=${dateOf(91)}&end=${dateOf(0)}`);
    expect(daily.labels).toHaveLength(92);
    expect(daily.data.reduce((a: number, b: number) => a + b, 0)).toBe(4);
    const weekly = await stat("orders-over-time", `start=${dateOf(210)}&end=${dateOf(0)}`);
    expect(weekly.labels.length).toBeGreaterThanOrEqual(30);
    expect(weekly.labels.length).toBeLessThanOrEqual(32);
    for (const label of weekly.labels) {
      expect(label).toMatch(/^\d\d\.\d\d\.\d\d$/);
      const [d, m, y] = label.split(".");
      expect(new Date(`20${y}-${m}-${d}T00:00:00Z`).getUTCDay()).toBe(1);
    }
    expect(weekly.data.reduce((a: number, b: number) => a + b, 0)).toBe(5);
  });
});

describe("statistics reads write nothing", () => {
  const periods = ["period=7d", "period=30d", "period=all", `start=${dateOf(45)}&end=${dateOf(0)}`];
  const endpoints = ["kpi", "orders-over-time", "revenue-over-time", "orders-by-status", "orders-by-source", "top-products", "top-customers"];

  it("every endpoint leaves the running totals and the changes not folded yet as they were", async () => {
    const before = await statisticsTables(t.prisma);
    // orders C, B and A came after the fold: there are changes a read could have folded
    expect(before.orderDayChanges.length).toBeGreaterThan(0);
    expect(before.customerSaleChanges.length).toBeGreaterThan(0);
    expect(before.productSaleChanges.length).toBeGreaterThan(0);
    expect(before.orderDays.length).toBeGreaterThan(0);
    for (const period of periods) for (const endpoint of endpoints) await stat(endpoint, period);
    expect(await statisticsTables(t.prisma)).toEqual(before);
  });

  it("every read runs in a READ ONLY transaction", async () => {
    // the database refuses writes in such a transaction: the fold itself fails there
    await expect(
      t.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SET TRANSACTION READ ONLY`;
        await tx.$executeRaw`DELETE FROM order_day_changes`;
      }),
    ).rejects.toMatchObject({ meta: { driverAdapterError: { cause: { code: "25006", message: "cannot execute DELETE in a read-only transaction" } } } });
    const expected: unknown[] = [];
    for (const query of [{ period: "7d" as const }, { period: "30d" as const }, { period: "all" as const }, { start: dateOf(45), end: dateOf(0) }]) {
      const stats = autoCommitSql(t.db);
      const range = await resolveRange(stats, query);
      expected.push(await kpi(stats, range), await series(stats, range, "orders"), await series(stats, range, "revenue"));
      expected.push(await ordersByStatus(stats, range), await ordersBySource(stats, range));
      expected.push(await topProducts(stats, range), await topCustomers(stats, range));
    }
    const readOnly = await t.db.transaction(async (tx) => {
      await tx.query(`SET TRANSACTION READ ONLY`, []);
      const answers: unknown[] = [];
      for (const query of [{ period: "7d" as const }, { period: "30d" as const }, { period: "all" as const }, { start: dateOf(45), end: dateOf(0) }]) {
        const range = await resolveRange(tx, query);
        answers.push(await kpi(tx, range), await series(tx, range, "orders"), await series(tx, range, "revenue"));
        answers.push(await ordersByStatus(tx, range), await ordersBySource(tx, range));
        answers.push(await topProducts(tx, range), await topCustomers(tx, range));
      }
      return answers;
    });
    expect(readOnly).toEqual(expected);
  });

  it("the server folds the changes into the totals by itself, and the figures stay the same", async () => {
    const other = await createTestApp({ statsFoldEveryMs: 20 });
    try {
      const vase = f.byName("Ваза керамическая «Лён»");
      await insertOrder(other.prisma, {
        customerName: "Сложенный",
        items: [{ productId: null, name: vase.name, sku: vase.sku, price: vase.price, quantity: 3 }],
      });
      const stats = autoCommitSql(other.db);
      const range = await resolveRange(stats, { period: "all" });
      const figures = async () => [await kpi(stats, range), await topProducts(stats, range), await topCustomers(stats, range)];
      const early = await figures();
      expect(early[0]).toMatchObject({ totalOrders: 1 });
      const pending = async () => {
        const { orderDayChanges, customerSaleChanges, productSaleChanges } = await statisticsTables(other.prisma);
        return [orderDayChanges.length, customerSaleChanges.length, productSaleChanges.length];
      };
      await expect.poll(pending, { timeout: 10_000, interval: 20 }).toEqual([0, 0, 0]);
      const tables = await statisticsTables(other.prisma);
      expect(tables.productSales).toEqual([{ productSku: vase.sku, quantity: 3n, value: expect.anything() }]);
      expect(Number(tables.productSales[0]!.value)).toBe(vase.price * 3);
      expect(tables.customerSales.map((c) => [c.customer, c.orders])).toEqual([["p:79991234567", 1n]]);
      expect(tables.orderDays.map((d) => [d.status, d.source, d.orders])).toEqual([["new", "website", 1n]]);
      expect(await figures()).toEqual(early);
    } finally {
      await other.close();
    }
  });
});

describe("bad statistics queries", () => {
  it.each([
    ["period=90d", /^Период: недопустимое значение$/],
    ["start=2025-01-01", /^Укажите обе даты периода: start и end$/],
    ["end=2025-01-01", /^Укажите обе даты периода: start и end$/],
    ["start=2025-02-01&end=2025-01-31", /^Дата окончания периода раньше даты начала$/],
    ["start=2020-01-01&end=2024-01-01", /^Период не может быть длиннее 3 лет$/],
    ["start=2025-02-30&end=2025-03-01", /^Начало периода: неверный формат$/],
    ["start=yesterday&end=today", /^Начало периода: неверный формат$/],
    ["limit=0", /^Количество в списке: не меньше 1$/],
    ["limit=101", /^Количество в списке: не больше 100$/],
    ["limit=Infinity", /^Количество в списке: должно быть числом$/],
  ])("%s → 400", async (query, message) => {
    const response = await t.app.inject({ method: "GET", url: `/api/admin/stats/kpi?${query}`, headers: auth });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});

describe("top products over the whole history (the all-time sales table)", () => {
  /** period=all read from product_sales, next to the same range summed from every order line */
  const both = async () => {
    const stats = autoCommitSql(t.db);
    const range = await resolveRange(stats, { period: "all" });
    expect(range.allTime).toBe(true);
    const fromTable = await topProducts(stats, range, 100);
    const fromLines = await topProducts(stats, { ...range, allTime: false }, 100);
    expect(fromTable).toEqual(fromLines);
    return fromTable;
  };
  const setStatus = async (id: number, status: string) => {
    const response = await t.app.inject({ method: "PUT", url: `/api/orders/${id}/status`, headers: auth, payload: { status } });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("ranks exactly as summing the lines, through new orders, cancelling, taking back and deleting", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    const mug = f.byName("Кружка ручной лепки");
    const before = await both();
    expect(before.map((p) => [p.name, p.quantitySold])).toEqual([
      ["Свеча соевая «Ваниль»", 6],
      ["Кружка ручной лепки", 3],
      ["Ваза керамическая «Лён»", 1],
      ["Снятый с продажи товар", 1],
    ]);
    expect(before[3]!.productId).toBeNull();

    const extra = await insertOrder(t.prisma, {
      createdAt: moscowNoon(1),
      items: [
        { productId: vase.id, name: vase.name, sku: vase.sku, price: vase.price, quantity: 4 },
        { productId: mug.id, name: "Кружка (новое имя)", sku: mug.sku, price: mug.price, quantity: 1 },
      ],
    });
    let now = await both();
    expect(now.slice(0, 3).map((p) => [p.name, p.quantitySold])).toEqual([
      ["Свеча соевая «Ваниль»", 6],
      ["Ваза керамическая «Лён»", 5],
      ["Кружка (новое имя)", 4],
    ]);

    // cancelled: its lines stop counting, and the name comes from the latest line that still counts
    await setStatus(extra.id, "cancelled");
    now = await both();
    expect(now).toEqual(before);
    await setStatus(extra.id, "processing");
    expect((await both()).slice(0, 3).map((p) => p.quantitySold)).toEqual([6, 5, 4]);

    // an order cancelled from the start, taken back
    const cancelled = await t.prisma.order.findFirstOrThrow({ where: { status: "cancelled" } });
    await setStatus(cancelled.id, "new");
    expect((await both())[0]).toMatchObject({ name: "Ваза керамическая «Лён»", quantitySold: 10 });
    await setStatus(cancelled.id, "cancelled");

    await t.prisma.order.delete({ where: { id: extra.id } });
    expect(await both()).toEqual(before);
  });

  it("forgets every sale when the lines are emptied at once, as the seed's --reset does", async () => {
    const db = await openTestDatabase();
    try {
      const product = { productId: null, name: "Пробный товар", sku: "HM-777777", price: 100, quantity: 2 };
      await insertOrder(db.prisma, { items: [product] });
      const stats = autoCommitSql(db);
      const range = await resolveRange(stats, { period: "all" });
      expect(await topProducts(stats, range)).toEqual([{ productId: null, name: "Пробный товар", quantitySold: 2, totalValue: 200_00 }]);
      await insertOrder(db.prisma, { items: [product] });
      await db.prisma.$executeRawUnsafe("TRUNCATE order_items, orders RESTART IDENTITY CASCADE");
      expect(await topProducts(stats, range)).toEqual([]);
      await insertOrder(db.prisma, { items: [{ ...product, quantity: 1 }] });
      expect(await topProducts(stats, range)).toEqual([{ productId: null, name: "Пробный товар", quantitySold: 1, totalValue: 100_00 }]);
    } finally {
      await db.close();
    }
  });
});

describe("running totals per day and per customer (migration 0005_order_stats)", () => {
  /** The same figures counted from every order, as plainly as SQL can say it. */
  async function fromOrders(prisma: PrismaClient, range: StatsRange) {
    const days = Prisma.sql`(o.created_at AT TIME ZONE 'Europe/Moscow')::date BETWEEN ${range.from}::date AND ${range.to}::date`;
    const [money] = await prisma.$queryRaw<{ orders: number; revenue: number }[]>`
      SELECT count(*)::int AS orders, coalesce(sum(total), 0)::float8 AS revenue FROM orders o WHERE ${days} AND status <> 'cancelled'`;
    const perBucket = (value: Prisma.Sql) => prisma.$queryRaw<{ label: string; value: number }[]>`
      SELECT to_char(b.bucket, ${{ day: "DD.MM", week: "DD.MM.YY", month: "MM.YYYY" }[range.bucket]}::text) AS label,
             coalesce((SELECT ${value} FROM orders o
                        WHERE ${days} AND o.status <> 'cancelled'
                          AND date_trunc(${range.bucket}::text, o.created_at AT TIME ZONE 'Europe/Moscow') = b.bucket), 0)::float8 AS value
        FROM generate_series(date_trunc(${range.bucket}::text, ${range.from}::date::timestamp), ${range.to}::date::timestamp,
                             ('1 ' || ${range.bucket}::text)::interval) AS b(bucket)
       ORDER BY b.bucket`;
    const grouped = (column: Prisma.Sql) => prisma.$queryRaw<{ key: string; count: number }[]>`
      SELECT ${column}::text AS key, count(*)::int AS count FROM orders o WHERE ${days} GROUP BY 1`;
    return {
      kpi: { orders: Number(money!.orders), revenue: Math.round(Number(money!.revenue) * 100) / 100 },
      orders: (await perBucket(Prisma.sql`count(*)`)).map((row) => [row.label, Number(row.value)]),
      revenue: (await perBucket(Prisma.sql`sum(o.total)`)).map((row) => [row.label, Math.round(Number(row.value) * 100) / 100]),
      byStatus: Object.fromEntries((await grouped(Prisma.sql`o.status`)).map((row) => [row.key, Number(row.count)])),
      bySource: Object.fromEntries((await grouped(Prisma.sql`o.source`)).map((row) => [row.key, Number(row.count)])),
    };
  }

  /** every statistic from the running totals equals the same counted from the orders, for several periods */
  async function agree(db: Database) {
    const { prisma } = db;
    const stats = autoCommitSql(db);
    for (const query of [{ period: "all" as const }, { period: "30d" as const }, { start: dateOf(40), end: dateOf(2) }, { start: "2024-05-10", end: "2024-05-11" }]) {
      const range = await resolveRange(stats, query);
      const want = await fromOrders(prisma, range);
      const money = await kpi(stats, range);
      expect({ orders: money.totalOrders, revenue: toRoubles(money.totalRevenue) }, JSON.stringify(query)).toEqual(want.kpi);
      const zip = (s: { labels: string[]; data: number[] }, unit = 1) => s.labels.map((label, i) => [label, s.data[i]! / unit]);
      expect(zip(await series(stats, range, "orders"))).toEqual(want.orders);
      expect(zip(await series(stats, range, "revenue"), 100)).toEqual(want.revenue);
      const counts = (s: { data: number[] }) => s.data.reduce((a, b) => a + b, 0);
      const byStatus = await ordersByStatus(stats, range);
      expect(counts(byStatus)).toBe(Object.values(want.byStatus).reduce((a, b) => a + b, 0));
      expect(byStatus.data).toEqual(["new", "processing", "shipped", "completed", "cancelled"].filter((k) => want.byStatus[k]).map((k) => want.byStatus[k]));
      const bySource = await ordersBySource(stats, range);
      expect(counts(bySource)).toBe(Object.values(want.bySource).reduce((a, b) => a + b, 0));
      if (range.allTime) {
        // a short top too: an article or customer with changes not folded yet may enter it or leave it
        for (const limit of [1, 3, 100]) {
          expect(await topCustomers(stats, range, limit)).toEqual(await topCustomers(stats, { ...range, allTime: false }, limit));
          expect(await topProducts(stats, range, limit)).toEqual(await topProducts(stats, { ...range, allTime: false }, limit));
        }
      }
    }
  }

  /** no change row is left: every change is in the totals */
  async function foldedAll(prisma: PrismaClient) {
    const tables = await statisticsTables(prisma);
    expect([tables.orderDayChanges, tables.customerSaleChanges, tables.productSaleChanges]).toEqual([[], [], []]);
  }

  it("agree with counting the orders through new orders, status changes, deletions and a customer forgotten", async () => {
    const db = await openTestDatabase();
    try {
      const prisma = db.prisma;
      // Park–Miller: exact in doubles, so every draw is reproducible
      let seed = 7;
      const random = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
      const statuses = ["new", "processing", "shipped", "completed", "cancelled"] as const;
      const sources = ["website", "mobile_web", "telegram_bot", "telegram_mini_app", "legacy_source"];
      const item = (i: number) => ({ productId: null, name: `Товар ${i % 7}`, sku: `HM-90000${i % 7}`, price: 150 + 275 * (i % 5), quantity: 1 + (i % 3) });
      const order = (i: number) =>
        insertOrder(prisma, {
          // most in the last 60 days, some up to 400 days ago; at noon or a few minutes either side of midnight
          // in Moscow (21:00 UTC)
          createdAt: new Date(moscowNoon(random(4) ? random(60) : random(400)).getTime() + (random(2) ? 12 * 3_600_000 + 60_000 * (random(5) - 2) : 0)),
          status: statuses[random(5)],
          source: sources[random(5)],
          customerName: `Покупатель ${i}`,
          customerPhone: `7999000000${random(4)}`,
          telegramUserId: random(3) === 0 ? BigInt(700 + random(3)) : null,
          items: [item(i), ...(random(2) ? [item(i + 3)] : [])],
        });
      for (let i = 0; i < 40; i++) await order(i);
      await agree(db); // every change not folded yet
      await foldStatistics(db);
      await foldedAll(prisma);
      await agree(db); // every change folded

      const ids = (await prisma.order.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((o) => o.id);
      for (let k = 0; k < 12; k++) {
        await prisma.order.update({ where: { id: ids[random(ids.length)]! }, data: { status: statuses[random(5)] } });
      }
      await agree(db);
      // one statement changing many orders, and deleting many
      await prisma.order.updateMany({ where: { id: { in: ids.slice(0, 10) } }, data: { status: "cancelled" } });
      await prisma.order.updateMany({ where: { id: { in: ids.slice(5, 15) } }, data: { status: "completed" } });
      await prisma.order.deleteMany({ where: { id: { in: ids.slice(20, 26) } } });
      await foldStatistics(db);
      await prisma.order.delete({ where: { id: ids[30]! } });
      await agree(db); // some folded, some not
      // a Telegram customer forgotten: their orders stay, known by phone from now on
      await prisma.telegramCustomer.delete({ where: { telegramUserId: 700n } });
      for (let i = 40; i < 50; i++) await order(i);
      await agree(db);

      // orders written and changed while several folds run at once, as API instances on one database do
      const newOrders = Array.from({ length: 20 }, (_, k) => 50 + k);
      const changes = Array.from({ length: 20 }, () => ({ id: ids[random(ids.length)]!, status: statuses[random(5)] }));
      await Promise.all([
        // only this one draws from the generator (changes are drawn above): the same orders in every run
        (async () => {
          for (const i of newOrders) await order(i);
        })(),
        (async () => {
          for (const change of changes) await prisma.order.updateMany({ where: { id: change.id }, data: { status: change.status } });
        })(),
        ...Array.from({ length: 3 }, async () => {
          for (let r = 0; r < 6; r++) await foldStatistics(db);
        }),
      ]);
      await agree(db);
      await foldStatistics(db);
      await foldedAll(prisma);
      await agree(db);
    } finally {
      await db.close();
    }
  });

  it("count nothing once the orders are emptied at once, as the seed's --reset does", async () => {
    const db = await openTestDatabase();
    try {
      await insertOrder(db.prisma, { customerName: "Пробный", items: [{ productId: null, name: "Пробный товар", sku: "HM-777777", price: 100, quantity: 2 }] });
      const stats = autoCommitSql(db);
      const range = await resolveRange(stats, { period: "all" });
      expect((await kpi(stats, range)).totalOrders).toBe(1);
      expect((await topCustomers(stats, range)).map((c) => c.customerName)).toEqual(["Пробный"]);
      await db.prisma.$executeRawUnsafe("TRUNCATE order_items, orders RESTART IDENTITY CASCADE");
      expect(await kpi(stats, range)).toEqual({ totalOrders: 0, totalRevenue: 0, averageOrderValue: 0, paidRevenue: 0 });
      expect(await topCustomers(stats, range)).toEqual([]);
      expect((await ordersByStatus(stats, range)).data).toEqual([]);
      await insertOrder(db.prisma, { customerName: "Снова", items: [{ productId: null, name: "Пробный товар", sku: "HM-777777", price: 100, quantity: 1 }] });
      expect((await kpi(stats, range)).totalOrders).toBe(1);
      expect((await topCustomers(stats, range)).map((c) => c.customerName)).toEqual(["Снова"]);
    } finally {
      await db.close();
    }
  });
});
