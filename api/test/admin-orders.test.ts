import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderNotifier } from "@shop/core/orders";
import { changeOrderStatus } from "@shop/core/orders";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { insertOrder } from "./helpers/order-rows";
import { createTestApp, type TestApp } from "./helpers/test-app";

let t: TestApp;
let f: Fixture;
let auth: { authorization: string };
/** what the notifier saw, read inside the transaction it was given */
const notified: { orderId: number; previousStatus: string; statusInTransaction: string | undefined }[] = [];
let failNotifications = false;
const notifier: OrderNotifier = {
  orderCreated: () => [],
  orderStatusChanged(order, previousStatus) {
    // the order as the transaction sees it after its change
    notified.push({ orderId: order.id, previousStatus, statusInTransaction: order.status });
    if (failNotifications) throw new Error("outbox is down");
    return [];
  },
};

const day = (daysAgo: number) => new Date(Date.UTC(2026, 0, 31, 12) - daysAgo * 86_400_000);
const orders: { id: number; orderNumber: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ notifier });
  f = await createFixture(t.prisma);
  auth = { authorization: `Bearer ${await t.adminToken()}` };
  const vase = f.byName("Ваза керамическая «Лён»");
  const mug = f.byName("Кружка ручной лепки");
  const statuses = ["new", "processing", "new", "shipped", "completed", "cancelled", "new"] as const;
  for (const [i, status] of statuses.entries()) {
    orders.push(
      await insertOrder(t.prisma, {
        createdAt: day(10 - i),
        status,
        source: i % 2 ? "telegram_mini_app" : "website",
        customerName: `Покупатель ${i}`,
        telegramUserId: i % 2 ? BigInt(1000 + i) : null,
        telegramUsername: i % 2 ? `buyer${i}` : null,
        deliveryAddress: `Москва, ул. Льва Толстого, ${i}`,
        items: [
          { productId: vase.id, name: vase.name, sku: vase.sku, price: vase.price, quantity: 1, image: "/uploads/fixture-0-0.webp" },
          { productId: mug.id, name: mug.name, sku: mug.sku, price: mug.price, quantity: i + 1 },
        ],
      }),
    );
  }
});
afterAll(async () => t?.close());
beforeEach(() => {
  notified.length = 0;
  failNotifications = false;
});

const call = (method: "GET" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe("GET /api/orders", () => {
  it("lists orders newest first with their items and totals", async () => {
    const response = await call("GET", "/api/orders");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 7, totalPages: 1, page: 1 });
    expect(body.orders.map((o: { id: number }) => o.id)).toEqual(orders.map((o) => o.id).reverse());
    const first = body.orders[6];
    expect(first).toEqual({
      id: orders[0]!.id,
      order_number: orders[0]!.orderNumber,
      created_at: day(10).toISOString(),
      customer_name: "Покупатель 0",
      customer_phone: "79991234567",
      telegram_user_id: null,
      telegram_username: null,
      delivery_address: "Москва, ул. Льва Толстого, 0",
      comment: null,
      status: "new",
      source: "website",
      // 1890 + 650 = 2540 → 13 % = 330.20, + 250 delivery
      subtotal: 2540,
      discount_percent: 13,
      discount_amount: 330.2,
      delivery_cost: 250,
      total: 2459.8,
      payment_status: "unpaid",
      paid_at: null,
      items: [
        expect.objectContaining({ product_name: "Ваза керамическая «Лён»", price: 1890, quantity: 1, product_image: "/uploads/fixture-0-0.webp" }),
        expect.objectContaining({ product_name: "Кружка ручной лепки", price: 650, quantity: 1, product_image: null }),
      ],
    });
    expect(body.orders[5].telegram_user_id).toBe("1001");
    expect(body.orders[5].telegram_username).toBe("buyer1");
  });

  it("filters by status; 'all' is every order", async () => {
    const statusesOf = async (query: string) =>
      ((await call("GET", `/api/orders?${query}`)).json().orders as { status: string }[]).map((o) => o.status);
    expect(await statusesOf("status=new")).toEqual(["new", "new", "new"]);
    expect(await statusesOf("status=cancelled")).toEqual(["cancelled"]);
    expect(await statusesOf("status=all")).toHaveLength(7);
    const bad = await call("GET", "/api/orders?status=lost");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Статус: недопустимое значение");
  });

  it("pages through the list", async () => {
    const page2 = (await call("GET", "/api/orders?limit=3&page=2")).json();
    expect(page2).toMatchObject({ total: 7, totalPages: 3, page: 2 });
    expect(page2.orders.map((o: { id: number }) => o.id)).toEqual(orders.map((o) => o.id).reverse().slice(3, 6));
    const filtered = (await call("GET", "/api/orders?status=new&limit=2&page=2")).json();
    expect(filtered).toMatchObject({ total: 3, totalPages: 2, page: 2 });
    expect(filtered.orders.map((o: { id: number }) => o.id)).toEqual([orders[0]!.id]);
    expect((await call("GET", "/api/orders?page=99")).json().orders).toEqual([]);
  });
});

describe("GET /api/orders/:id", () => {
  it("returns one order with its items", async () => {
    const response = await call("GET", `/api/orders/${orders[3]!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: orders[3]!.id, status: "shipped", telegram_user_id: "1003", source: "telegram_mini_app" });
    expect(response.json().items).toHaveLength(2);
  });

  it("answers an unknown order with 404 and a bad id with 400", async () => {
    const missing = await call("GET", "/api/orders/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Заказ не найден" });
    expect((await call("GET", "/api/orders/abc")).statusCode).toBe(400);
  });
});

describe("PUT /api/orders/:id/status", () => {
  it("changes the status and notifies in the same transaction", async () => {
    const id = orders[0]!.id;
    const response = await call("PUT", `/api/orders/${id}/status`, { status: "processing" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, status: "processing" });
    expect(response.json().items).toHaveLength(2);
    expect(notified).toEqual([{ orderId: id, previousStatus: "new", statusInTransaction: "processing" }]);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id } })).status).toBe("processing");
  });

  it("accepts every status and any transition", async () => {
    const id = orders[1]!.id;
    for (const status of ["completed", "new", "cancelled", "shipped", "processing"]) {
      const response = await call("PUT", `/api/orders/${id}/status`, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
    }
    expect(notified.map((n) => n.previousStatus)).toEqual(["processing", "completed", "new", "cancelled", "shipped"]);
  });

  it("does nothing for the status the order already has", async () => {
    const id = orders[2]!.id;
    const before = await t.prisma.order.findUniqueOrThrow({ where: { id } });
    const response = await call("PUT", `/api/orders/${id}/status`, { status: "new" });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe("new");
    expect(notified).toEqual([]);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id } })).updatedAt).toEqual(before.updatedAt);
  });

  it("refuses an unknown status in Russian, and an unknown order", async () => {
    for (const status of ["done", "", "NEW", "Создан"]) {
      const response = await call("PUT", `/api/orders/${orders[2]!.id}/status`, { status });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Недопустимый статус заказа. Возможные: new, processing, shipped, completed, cancelled");
    }
    expect((await call("PUT", `/api/orders/${orders[2]!.id}/status`, {})).statusCode).toBe(400);
    const missing = await call("PUT", "/api/orders/999999/status", { status: "shipped" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Заказ не найден" });
    expect(notified).toEqual([]);
  });

  it("keeps the old status when the notification cannot be written", async () => {
    failNotifications = true;
    const id = orders[6]!.id;
    const response = await call("PUT", `/api/orders/${id}/status`, { status: "shipped" });
    expect(response.statusCode).toBe(500);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id } })).status).toBe("new");
  });
});

describe("changeOrderStatus (shared with the bot's manager buttons)", () => {
  it("reports whether anything changed and the previous status", async () => {
    const id = orders[4]!.id;
    const changed = await changeOrderStatus(t.db, notifier, id, "shipped");
    expect(changed).toMatchObject({ changed: true, previousStatus: "completed", order: { id, status: "shipped" } });
    const same = await changeOrderStatus(t.db, notifier, id, "shipped");
    expect(same).toMatchObject({ changed: false, previousStatus: "shipped", order: { id, status: "shipped" } });
    expect(notified).toHaveLength(1);
  });

  it("gives each of two simultaneous changes the status the other left", async () => {
    const id = orders[5]!.id;
    await Promise.all([
      changeOrderStatus(t.db, notifier, id, "processing"),
      changeOrderStatus(t.db, notifier, id, "completed"),
    ]);
    expect(notified).toHaveLength(2);
    const [first, second] = notified;
    expect(first!.previousStatus).toBe("cancelled");
    expect(second!.previousStatus).toBe(first!.statusInTransaction);
    const final = (await t.prisma.order.findUniqueOrThrow({ where: { id } })).status;
    expect(final).toBe(second!.statusInTransaction);
  });
});
