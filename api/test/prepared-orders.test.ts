import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrepareOrderResponse } from "@shop/shared/schemas/orders";
import { PREPARED_ORDER_TTL_MS } from "@shop/shared/constants";
import type { OrderNotifier } from "@shop/core/orders";
import { confirmPreparedOrder, findPreparedOrder } from "@shop/core/orders";
import { toAdminOrder } from "../src/wire/orders";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT } from "./helpers/checkout";
import { BOT_ENV, TEST_BOT_USERNAME, initDataHeader } from "./helpers/telegram";

const created: number[] = [];
const notifier: OrderNotifier = {
  orderCreated(order) {
    created.push(order.id);
    return [];
  },
  orderStatusChanged: () => [],
};

let t: TestApp;
let f: Fixture;

/** Confirms in the bot's way and shows a created order as the admin API would. */
async function confirm(...args: Parameters<typeof confirmPreparedOrder>) {
  const result = await confirmPreparedOrder(...args);
  return result.status === "created" ? { status: "created" as const, order: toAdminOrder(result.order) } : result;
}
beforeAll(async () => {
  t = await createTestApp({ env: BOT_ENV, notifier });
  f = await createFixture(t.prisma);
});
afterAll(async () => t?.close());

const SHOPPER = { id: 800000001, username: "masha", first_name: "Мария", last_name: "Иванова" };

function prepare(payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url: "/api/orders/prepare", payload, headers });
}

function cartLine(name: string, quantity = 1, overrides: object = {}) {
  const product = f.byName(name);
  return { id: product.id, name: product.name, price: product.price, quantity, image: null, sku: product.sku, ...overrides };
}

async function prepared(cart = [cartLine("Ваза керамическая «Лён»"), cartLine("Свеча соевая «Ваниль»", 2)], source = "website") {
  const response = await prepare({ order: CONTACT, cart, totals: { subtotal: 1, discount: 0, delivery: 0, total: 1 }, source });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PrepareOrderResponse;
}

describe("POST /api/orders/prepare", () => {
  it("keeps the server-priced checkout for 24 hours under a start-parameter token", async () => {
    const started = Date.now();
    const body = await prepared();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.bot_link).toBe(`https://t.me/${TEST_BOT_USERNAME}?start=${body.token}`);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThanOrEqual(started + PREPARED_ORDER_TTL_MS - 1000);
    expect(new Date(body.expires_at).getTime()).toBeLessThanOrEqual(Date.now() + PREPARED_ORDER_TTL_MS + 1000);
    // 1890 + 700 = 2590, 13 %: the client's totals were ignored
    expect([body.subtotal, body.discount_percent, body.discount_amount, body.delivery_cost, body.total]).toEqual([2590, 13, 336.7, 250, 2503.3]);

    const row = await t.prisma.preparedOrder.findUniqueOrThrow({ where: { token: body.token } });
    const vase = f.byName("Ваза керамическая «Лён»");
    const candle = f.byName("Свеча соевая «Ваниль»");
    expect(row.payload).toEqual({
      version: 5,
      contact: { customerName: "Анна Смирнова", customerPhone: "+79123456789", deliveryAddress: "Москва, ул. Ленина, 1", comment: "Позвонить заранее" },
      lines: [
        { productId: vase.id, name: vase.name, sku: vase.sku, price: 1890_00, quantity: 1, image: "/uploads/fixture-0-0.webp", madeToOrderDays: null },
        { productId: candle.id, name: candle.name, sku: candle.sku, price: 350_00, quantity: 2, image: "/uploads/fixture-7-0.webp", madeToOrderDays: null },
      ],
      // the stored checkout keeps money in kopecks, as the shop does inside
      totals: { subtotal: 2590_00, discountPercent: 13, discount: 336_70, delivery: 250_00, total: 2503_30 },
      source: "website",
      // no delivery methods set up: the shop's fixed fee (docs/delivery.md#a-checkout-confirmed-in-the-bot)
      delivery: null,
    });
    expect(row.usedAt).toBeNull();
    expect(row.orderId).toBeNull();
  });

  it("ignores the client's prices and names", async () => {
    const body = await prepared([cartLine("Плед вязаный из шерсти", 1, { price: 1, name: "Бесплатно", sku: "X" })]);
    expect(body.subtotal).toBe(5400);
    const row = await t.prisma.preparedOrder.findUniqueOrThrow({ where: { token: body.token } });
    expect((row.payload as { lines: object[] }).lines[0]).toMatchObject({ name: "Плед вязаный из шерсти", price: 5400_00 });
  });

  it("validates like a direct order, with the shop's messages", async () => {
    const cart = [cartLine("Подушка льняная")];
    const noName = await prepare({ order: { ...CONTACT, customer_name: " " }, cart });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ message: "Введите имя", errors: { customer_name: "Введите имя" } });
    const noPhone = await prepare({ order: { ...CONTACT, customer_phone: "" }, cart });
    expect(noPhone.json()).toEqual({ message: "Введите телефон", errors: { customer_phone: "Введите телефон" } });
    const shortPhone = await prepare({ order: { ...CONTACT, customer_phone: "+7 (912) 34" }, cart });
    expect(shortPhone.json()).toEqual({ message: "Введите полный номер", errors: { customer_phone: "Введите полный номер" } });
    const empty = await prepare({ order: CONTACT, cart: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: "Корзина пустая" });
    const unknown = await prepare({ order: CONTACT, cart: [{ id: 999999, name: "Исчезнувший товар", quantity: 1 }] });
    expect(unknown.json().message).toBe("Товар «Исчезнувший товар» больше не продаётся. Удалите его из корзины.");
    const zero = await prepare({ order: CONTACT, cart: [cartLine("Подушка льняная", 0)] });
    expect(zero.statusCode).toBe(400);
    const mini = await prepare({ order: CONTACT, cart, source: "telegram_mini_app" });
    expect(mini.statusCode).toBe(400);
    const noOrder = await prepare({ cart });
    expect(noOrder.statusCode).toBe(400);
  });

  it("refuses a cart asking for more pieces than are left (409 out_of_stock, every short line) and keeps nothing", async () => {
    const plate = f.byName("Тарелка «Ёлочка»");
    const bowl = f.byName("Салатник глазурованный");
    const napkins = f.byName("Салфетки льняные, 4 шт.");
    const setStock = (id: number, stock: number | null) => t.prisma.product.update({ where: { id }, data: { stock } });
    await setStock(plate.id, 1);
    await setStock(bowl.id, 0);
    await setStock(napkins.id, 5);
    try {
      const kept = await t.prisma.preparedOrder.count();
      const cart = [cartLine("Салфетки льняные, 4 шт.", 2), cartLine("Тарелка «Ёлочка»", 2), cartLine("Салатник глазурованный")];
      const refused = await prepare({ order: CONTACT, cart }, { "idempotency-key": "prep-short" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: "Товара «Тарелка «Ёлочка»» осталось 1 шт.",
        code: "out_of_stock",
        items: [
          { product_id: plate.id, name: plate.name, available: 1 },
          { product_id: bowl.id, name: bowl.name, available: 0 },
        ],
      });
      expect(await t.prisma.preparedOrder.count()).toBe(kept);
      // nothing is reserved by preparing: the stock is as it was
      const stock = await t.prisma.product.findMany({ where: { id: { in: [plate.id, bowl.id, napkins.id] } }, orderBy: { id: "asc" } });
      expect(stock.map((product) => product.stock)).toEqual([1, 0, 5]);
    } finally {
      for (const product of [plate, bowl, napkins]) await setStock(product.id, null);
    }
  });

  it("returns the same token for a retried submission with the same Idempotency-Key", async () => {
    const payload = { order: CONTACT, cart: [cartLine("Кружка ручной лепки")], source: "mobile_web" };
    const first = await prepare(payload, { "idempotency-key": "prep-1" });
    const again = await prepare(payload, { "idempotency-key": "prep-1" });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const concurrent = await Promise.all(Array.from({ length: 6 }, () => prepare(payload, { "idempotency-key": "prep-2" })));
    expect(concurrent.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(concurrent.map((r) => r.json().token)).size).toBe(1);
    expect(await t.prisma.preparedOrder.count({ where: { idempotencyKey: "prep-2" } })).toBe(1);
  });

  it("refuses the same Idempotency-Key with another checkout (422), and keeps the first one", async () => {
    const payload = { order: CONTACT, cart: [cartLine("Кружка ручной лепки")], source: "website" };
    const first = await prepare(payload, { "idempotency-key": "prep-3" });
    expect(first.statusCode).toBe(201);
    for (const other of [
      { ...payload, cart: [cartLine("Кружка ручной лепки", 2)] },
      { ...payload, order: { ...CONTACT, comment: "Другой комментарий" } },
      { ...payload, source: "mobile_web" },
    ]) {
      const refused = await prepare(other, { "idempotency-key": "prep-3" });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: "Этот ключ повтора (Idempotency-Key) уже использован для другого заказа. Обновите страницу и оформите заказ ещё раз.",
      });
    }
    const again = await prepare(payload, { "idempotency-key": "prep-3" });
    expect(again.statusCode).toBe(200);
    expect(again.json().token).toBe(first.json().token);
    const row = await t.prisma.preparedOrder.findUniqueOrThrow({ where: { idempotencyKey: "prep-3" } });
    expect(row.idempotencyBodyHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("findPreparedOrder", () => {
  it("returns the payload of a fresh token", async () => {
    const { token } = await prepared();
    const found = await findPreparedOrder(t.db, token);
    expect(found.status).toBe("ok");
    if (found.status !== "ok") return;
    expect(found.order.totals.total).toBe(2503_30);
    expect(found.order.source).toBe("website");
    expect(found.expiresAt).toBeInstanceOf(Date);
  });

  it("tells an unknown or malformed token, an expired one and a used one apart", async () => {
    expect(await findPreparedOrder(t.db, "A".repeat(32))).toEqual({ status: "not-found" });
    expect(await findPreparedOrder(t.db, "not a token!")).toEqual({ status: "not-found" });
    expect(await findPreparedOrder(t.db, "x".repeat(65))).toEqual({ status: "not-found" });
    const expired = await prepared();
    await t.prisma.preparedOrder.update({ where: { token: expired.token }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await findPreparedOrder(t.db, expired.token)).toEqual({ status: "expired" });
    const used = await prepared();
    const confirmed = await confirm(t.db, notifier, used.token, SHOPPER);
    expect(confirmed.status).toBe("created");
    if (confirmed.status !== "created") return;
    expect(await findPreparedOrder(t.db, used.token)).toEqual({ status: "used", orderNumber: confirmed.order.order_number });
  });
});

describe("confirmPreparedOrder", () => {
  it("creates the order once, from the snapshot, linked to the Telegram user, keeping the website source", async () => {
    const { token } = await prepared([cartLine("Ваза керамическая «Лён»"), cartLine("Свеча соевая «Ваниль»", 2)], "mobile_web");
    const notifiedBefore = created.length;
    const result = await confirm(t.db, notifier, token, SHOPPER);
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    const order = result.order;
    expect(order).toMatchObject({
      customer_name: "Анна Смирнова",
      customer_phone: "+79123456789",
      delivery_address: "Москва, ул. Ленина, 1",
      comment: "Позвонить заранее",
      telegram_user_id: String(SHOPPER.id),
      telegram_username: "masha",
      status: "new",
      source: "mobile_web",
      subtotal: 2590,
      discount_percent: 13,
      discount_amount: 336.7,
      delivery_cost: 250,
      total: 2503.3,
    });
    expect(order.items.map((i) => [i.product_name, i.price, i.quantity])).toEqual([
      ["Ваза керамическая «Лён»", 1890, 1],
      ["Свеча соевая «Ваниль»", 350, 2],
    ]);
    expect(created.slice(notifiedBefore)).toEqual([order.id]);
    const row = await t.prisma.preparedOrder.findUniqueOrThrow({ where: { token } });
    expect(row.orderId).toBe(order.id);
    expect(row.usedAt).not.toBeNull();
    const customer = await t.prisma.telegramCustomer.findUniqueOrThrow({ where: { telegramUserId: BigInt(SHOPPER.id) } });
    expect([customer.username, customer.firstName, customer.lastName]).toEqual(["masha", "Мария", "Иванова"]);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([stored.telegramFirstName, stored.telegramLastName]).toEqual(["Мария", "Иванова"]);

    // the shopper sees it in "Мои заказы"
    const mine = await t.app.inject({ method: "GET", url: "/api/my-orders", headers: initDataHeader(SHOPPER) });
    expect(mine.json().orders.map((o: { id: number }) => o.id)).toContain(order.id);

    const replay = await confirm(t.db, notifier, token, SHOPPER);
    expect(replay).toEqual({ status: "used", orderNumber: order.order_number });
    expect(created.slice(notifiedBefore)).toEqual([order.id]);
    expect(await t.prisma.order.count({ where: { telegramUserId: BigInt(SHOPPER.id), id: order.id } })).toBe(1);
  });

  it("keeps the prices the shopper saw and the lines of products deleted meanwhile", async () => {
    const doomed = await t.prisma.product.create({
      data: { sku: "TMP-0001", name: "Временный товар", searchName: "временный товар", price: 100, images: { create: [{ imageUrl: "/uploads/tmp.webp" }] } },
    });
    const mug = f.byName("Кружка ручной лепки");
    const response = await prepare({ order: CONTACT, cart: [{ id: doomed.id, quantity: 2 }, { id: mug.id, quantity: 1 }] });
    const { token } = response.json() as PrepareOrderResponse;
    await t.prisma.product.update({ where: { id: mug.id }, data: { price: 9999 } });
    await t.prisma.product.delete({ where: { id: doomed.id } });
    try {
      const result = await confirm(t.db, notifier, token, { id: SHOPPER.id });
      expect(result.status).toBe("created");
      if (result.status !== "created") return;
      expect(result.order.items.map((i) => [i.product_id, i.product_name, i.product_sku, i.product_image, i.price, i.quantity])).toEqual([
        [null, "Временный товар", "TMP-0001", "/uploads/tmp.webp", 100, 2],
        [mug.id, mug.name, mug.sku, "/uploads/fixture-1-0.webp", 650, 1],
      ]);
      expect(result.order.subtotal).toBe(850);
      expect(result.order.total).toBe(850 - 42.5 + 250);
    } finally {
      await t.prisma.product.update({ where: { id: mug.id }, data: { price: 650 } });
    }
  });

  it("refuses an expired token and a token that does not exist", async () => {
    const { token } = await prepared();
    await t.prisma.preparedOrder.update({ where: { token }, data: { expiresAt: new Date(Date.now() - 1) } });
    const before = await t.prisma.order.count();
    expect(await confirm(t.db, notifier, token, SHOPPER)).toEqual({ status: "expired" });
    expect(await confirm(t.db, notifier, "B".repeat(32), SHOPPER)).toEqual({ status: "not-found" });
    expect(await confirm(t.db, notifier, "../../etc", SHOPPER)).toEqual({ status: "not-found" });
    expect(await t.prisma.order.count()).toBe(before);
    expect((await t.prisma.preparedOrder.findUniqueOrThrow({ where: { token } })).usedAt).toBeNull();
  });

  it("creates exactly one order when the same token is confirmed concurrently", async () => {
    const { token } = await prepared();
    const before = await t.prisma.order.count();
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(t.db, notifier, token, SHOPPER)));
    const winners = results.filter((r) => r.status === "created");
    expect(winners).toHaveLength(1);
    const number = winners[0]!.status === "created" ? winners[0]!.order.order_number : null;
    expect(results.filter((r) => r.status === "used")).toEqual(Array.from({ length: 9 }, () => ({ status: "used", orderNumber: number })));
    expect(await t.prisma.order.count()).toBe(before + 1);
  });

  it("does not burn the token when creating the order fails", async () => {
    const { token } = await prepared();
    const failing: OrderNotifier = { ...notifier, orderCreated: () => {
      throw new Error("outbox down");
    } };
    await expect(confirm(t.db, failing, token, SHOPPER)).rejects.toThrow("outbox down");
    expect((await findPreparedOrder(t.db, token)).status).toBe("ok");
    expect((await confirm(t.db, notifier, token, SHOPPER)).status).toBe("created");
  });
});

describe("without a bot", () => {
  it("prepares with bot_link null (the website then orders directly, see /api/config)", async () => {
    const noBot = await createTestApp();
    try {
      const fixture = await createFixture(noBot.prisma);
      const response = await noBot.app.inject({
        method: "POST",
        url: "/api/orders/prepare",
        payload: { order: CONTACT, cart: [{ id: fixture.products[0]!.id, quantity: 1 }] },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().bot_link).toBeNull();
      const config = (await noBot.app.inject({ method: "GET", url: "/api/config" })).json();
      expect(config.checkoutMode).toBe("direct");
    } finally {
      await noBot.close();
    }
  });
});
