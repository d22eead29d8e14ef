import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateOrderResponse } from "@shop/shared/schemas/orders";
import type { OrderNotifier } from "@shop/core/orders";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT, line } from "./helpers/checkout";

let t: TestApp;
let f: Fixture;
const notified: { orderId: number; withLines: boolean }[] = [];
let failNotifications = false;
/** a message the outbox refuses (its dedupe key is longer than the column): the statement that writes the order fails */
let refusedMessage = false;
const MANAGER_CHAT = BigInt(-100123);

const notifier: OrderNotifier = {
  orderCreated(order) {
    if (failNotifications) throw new Error("outbox unavailable");
    notified.push({ orderId: order.id, withLines: order.lines.length > 0 });
    const dedupeKey = refusedMessage ? "x".repeat(201) : `order:${order.id}:created`;
    return [{ chatId: MANAGER_CHAT, dedupeKey, payload: { text: `Заказ №${order.number}`, parse_mode: "HTML" } }];
  },
  orderStatusChanged: () => [],
};

beforeAll(async () => {
  t = await createTestApp({ notifier });
  f = await createFixture(t.prisma);
});
afterAll(async () => t?.close());

function post(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url: "/api/orders", payload: payload as object, headers });
}

describe("POST /api/orders", () => {
  it("creates the order with server prices, a snapshot of each line and the phone normalised", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    const candle = f.byName("Свеча соевая «Ваниль»");
    const response = await post({ ...CONTACT, source: "website", cart_items: [line(vase, 1), line(candle, 2)] });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as CreateOrderResponse;
    // 1890 + 2 × 350 = 2590 → 13 % = 336.70; total 2590 − 336.70 + 250
    expect(body).toEqual({
      id: expect.any(Number),
      order_number: expect.stringMatching(/^\d+$/),
      status: "new",
      subtotal: 2590,
      discount_percent: 13,
      discount_amount: 336.7,
      delivery_cost: 250,
      total: 2503.3,
    });
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: body.id }, include: { items: { orderBy: { id: "asc" } } } });
    expect(order.orderNumber).toBe(body.order_number);
    expect(order.customerName).toBe("Анна Смирнова");
    expect(order.customerPhone).toBe("+79123456789");
    expect(order.deliveryAddress).toBe("Москва, ул. Ленина, 1");
    expect(order.comment).toBe("Позвонить заранее");
    expect(order.source).toBe("website");
    expect(order.telegramUserId).toBeNull();
    expect(order.items.map((i) => [i.productId, i.productName, i.productSku, i.productImage, Number(i.price), i.quantity])).toEqual([
      [vase.id, vase.name, vase.sku, "/uploads/fixture-0-0.webp", 1890, 1],
      [candle.id, candle.name, candle.sku, "/uploads/fixture-7-0.webp", 350, 2],
    ]);
    expect(notified.at(-1)).toEqual({ orderId: body.id, withLines: true });
    const queued = await t.prisma.outboxMessage.findMany({ where: { dedupeKey: `order:${body.id}:created` } });
    expect(queued.map((m) => [m.chatId, (m.payload as { text: string }).text])).toEqual([[MANAGER_CHAT, `Заказ №${body.order_number}`]]);
  });

  it("applies each discount tier and the delivery fee to the database prices", async () => {
    const cases: [string[], number, number, number][] = [
      // [products, subtotal, percent, total]
      [["Свеча соевая «Ваниль»"], 350, 0, 600],
      [["Тарелка «Ёлочка»", "Тарелка «Ёлочка»"], 841, 5, 1048.95],
      [["Подушка льняная", "Свеча соевая «Ваниль»"], 1340, 10, 1456],
      [["Набор свечей «Ёлка»"], 1490.9, 10, 1591.81],
      [["Ваза керамическая «Лён»"], 1890, 13, 1894.3],
    ];
    for (const [products, subtotal, percent, total] of cases) {
      const response = await post({ ...CONTACT, cart_items: products.map((name) => line(f.byName(name))) });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json() as CreateOrderResponse;
      expect([body.subtotal, body.discount_percent, body.total], products.join("+")).toEqual([subtotal, percent, total]);
    }
  });

  it("ignores prices, names and totals sent by the client", async () => {
    const plaid = f.byName("Плед вязаный из шерсти");
    const response = await post({
      ...CONTACT,
      cart_items: [line(plaid, 1, { price: 1, product_name: "Подарок", product_sku: "FREE", product_image: "/evil.png" })],
      subtotal: 1,
      total: 1,
      discount_amount: 5000,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as CreateOrderResponse;
    expect(body.subtotal).toBe(5400);
    expect(body.total).toBe(5400 - 702 + 250);
    const item = await t.prisma.orderItem.findFirstOrThrow({ where: { orderId: body.id } });
    expect([item.productName, item.productSku, Number(item.price), item.productImage]).toEqual([plaid.name, plaid.sku, 5400, "/uploads/fixture-4-0.webp"]);
  });

  it("merges repeated lines of the same product", async () => {
    const mug = f.byName("Кружка ручной лепки");
    const response = await post({ ...CONTACT, cart_items: [line(mug, 2), line(mug, 3)] });
    expect(response.statusCode).toBe(201);
    const items = await t.prisma.orderItem.findMany({ where: { orderId: response.json().id } });
    expect(items.map((i) => i.quantity)).toEqual([5]);
    expect(response.json().subtotal).toBe(3250);
  });

  it("stores a blank address and comment as nothing", async () => {
    const response = await post({ ...CONTACT, delivery_address: "   ", comment: null, cart_items: [line(f.products[0]!)] });
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: response.json().id } });
    expect([order.deliveryAddress, order.comment]).toEqual([null, null]);
  });

  it("accepts the phone in any of its usual spellings", async () => {
    for (const phone of ["89123456789", "+7 912 345 67 89", "7(912)3456789", "8-912-345-67-89"]) {
      const response = await post({ ...CONTACT, customer_phone: phone, cart_items: [line(f.products[0]!)] });
      expect(response.statusCode, phone).toBe(201);
      const order = await t.prisma.order.findUniqueOrThrow({ where: { id: response.json().id } });
      expect(order.customerPhone).toBe("+79123456789");
    }
  });
});

describe("POST /api/orders validation", () => {
  const cart = () => [line(f.products[0]!)];

  it.each([
    ["a blank name", { customer_name: "   " }, "Введите имя", { customer_name: "Введите имя" }],
    ["an empty name", { customer_name: "" }, "Введите имя", { customer_name: "Введите имя" }],
    ["a name of zero-width spaces", { customer_name: "\u200b\u2060" }, "Введите имя", { customer_name: "Введите имя" }],
    ["a name of Hangul fillers", { customer_name: "\u3164" }, "Введите имя", { customer_name: "Введите имя" }],
    ["an empty phone", { customer_phone: "" }, "Введите телефон", { customer_phone: "Введите телефон" }],
    ["a phone of just the country digit", { customer_phone: "+7 " }, "Введите телефон", { customer_phone: "Введите телефон" }],
    ["a short phone", { customer_phone: "+7 (912) 345-67" }, "Введите полный номер", { customer_phone: "Введите полный номер" }],
    ["a long phone", { customer_phone: "+7 (912) 345-67-890" }, "Введите полный номер", { customer_phone: "Введите полный номер" }],
    ["a non-Russian phone", { customer_phone: "+1 912 345 67 89" }, "Введите полный номер", { customer_phone: "Введите полный номер" }],
    ["letters for a phone", { customer_phone: "позвоните мне" }, "Введите телефон", { customer_phone: "Введите телефон" }],
    [
      "both missing",
      { customer_name: "", customer_phone: "" },
      "Введите имя",
      { customer_name: "Введите имя", customer_phone: "Введите телефон" },
    ],
  ])("refuses %s with the shop's message", async (_case, override, message, errors) => {
    const response = await post({ ...CONTACT, ...override, cart_items: cart() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors });
  });

  it("refuses an empty cart with 'Корзина пустая'", async () => {
    const response = await post({ ...CONTACT, cart_items: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Корзина пустая" });
  });

  it("refuses an unknown product and names it", async () => {
    const named = await post({ ...CONTACT, cart_items: [...cart(), { product_id: 999999, product_name: "Ваза-призрак", quantity: 1 }] });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toBe("Товар «Ваза-призрак» больше не продаётся. Удалите его из корзины.");
    const unnamed = await post({ ...CONTACT, cart_items: [{ product_id: 999999, quantity: 1 }] });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe("Товар с id 999999 больше не продаётся. Удалите его из корзины.");
    const impossible = await post({ ...CONTACT, cart_items: [{ product_id: 99999999999, quantity: 1 }] });
    expect(impossible.statusCode).toBe(400);
  });

  it("refuses a quantity below 1, fractional or absurd", async () => {
    for (const quantity of [0, -1, 1.5, 100, 1e9, "много"]) {
      const response = await post({ ...CONTACT, cart_items: [line(f.products[0]!, 1, { quantity })] });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(typeof response.json().message).toBe("string");
    }
    const merged = await post({ ...CONTACT, cart_items: [line(f.products[0]!, 60), line(f.products[0]!, 60)] });
    expect(merged.statusCode).toBe(400);
    expect(merged.json().message).toBe(`Слишком большое количество товара «${f.products[0]!.name}»: не больше 99 шт.`);
  });

  it("refuses malformed bodies with a JSON 400", async () => {
    const bodies: unknown[] = [
      { ...CONTACT },
      { customer_phone: CONTACT.customer_phone, cart_items: cart() },
      { ...CONTACT, cart_items: "all" },
      { ...CONTACT, cart_items: [{ quantity: 1 }] },
      { ...CONTACT, cart_items: [{ product_id: "abc", quantity: 1 }] },
      { ...CONTACT, source: "fax", cart_items: cart() },
      { ...CONTACT, customer_name: "x".repeat(201), cart_items: cart() },
      { ...CONTACT, cart_items: Array.from({ length: 101 }, () => line(f.products[0]!)) },
    ];
    for (const body of bodies) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof response.json().message).toBe("string");
    }
    const notJson = await t.app.inject({ method: "POST", url: "/api/orders", payload: "{oops", headers: { "content-type": "application/json" } });
    expect(notJson.statusCode).toBe(400);
  });

  it("refuses the bot's own source from a browser", async () => {
    const response = await post({ ...CONTACT, source: "telegram_bot", cart_items: cart() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Недопустимый источник заказа");
  });

  it("creates nothing when the notification cannot be queued (same transaction)", async () => {
    const before = await t.prisma.order.count();
    failNotifications = true;
    try {
      const response = await post({ ...CONTACT, cart_items: cart() });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: "Внутренняя ошибка сервера" });
    } finally {
      failNotifications = false;
    }
    expect(await t.prisma.order.count()).toBe(before);
  });

  it("creates nothing when the database refuses its notification (one statement)", async () => {
    const [orders, lines, queued] = await Promise.all([t.prisma.order.count(), t.prisma.orderItem.count(), t.prisma.outboxMessage.count()]);
    refusedMessage = true;
    try {
      const response = await post({ ...CONTACT, cart_items: cart() });
      expect(response.statusCode).toBe(500);
    } finally {
      refusedMessage = false;
    }
    expect([await t.prisma.order.count(), await t.prisma.orderItem.count(), await t.prisma.outboxMessage.count()]).toEqual([orders, lines, queued]);
  });
});

describe("Idempotency-Key", () => {
  it("returns the first order for a retried submission", async () => {
    const key = "checkout-7f9c2a1e-retry";
    const payload = { ...CONTACT, cart_items: [line(f.byName("Подушка льняная"))] };
    const first = await post(payload, { "idempotency-key": key });
    const second = await post(payload, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await t.prisma.order.count({ where: { idempotencyKey: key } })).toBe(1);
    const other = await post(payload, { "idempotency-key": key + "-2" });
    expect(other.statusCode).toBe(201);
    expect(other.json().order_number).not.toBe(first.json().order_number);
    const withoutKey = await post(payload);
    expect(withoutKey.statusCode).toBe(201);
  });

  it("creates one order for a double click (concurrent submissions)", async () => {
    const key = "double-click:2026.01";
    const before = await t.prisma.order.count();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => post({ ...CONTACT, cart_items: [line(f.byName("Свеча в бетонном стакане"))] }, { "idempotency-key": key })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(await t.prisma.order.count()).toBe(before + 1);
  });

  it("refuses a malformed key", async () => {
    for (const key of ["with space", "x".repeat(101), "кириллица"]) {
      const response = await post({ ...CONTACT, cart_items: [line(f.products[0]!)] }, { "idempotency-key": key });
      expect(response.statusCode, key).toBe(400);
    }
  });
});

describe("concurrency", () => {
  it("gives 200 concurrent orders 200 distinct numbers", async () => {
    const before = await t.prisma.order.count();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post({ ...CONTACT, cart_items: [line(f.products[i % f.products.length]!, 1 + (i % 3))] })),
    );
    expect(responses.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    const numbers = responses.map((r) => r.json().order_number as string);
    expect(new Set(numbers).size).toBe(200);
    expect(await t.prisma.order.count()).toBe(before + 200);
    const stored = await t.prisma.order.findMany({ where: { orderNumber: { in: numbers } }, select: { id: true } });
    expect(stored).toHaveLength(200);
  });
});
