import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MyOrderDetail, MyOrdersResponse } from "@shop/shared/schemas/orders";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT, line } from "./helpers/checkout";
import { BOT_ENV, TEST_BOT_USERNAME, initData, initDataHeader } from "./helpers/telegram";

const ANNA = { id: 700000001, first_name: "Анна", last_name: "Смирнова", username: "anna_s", language_code: "ru" };
const BORIS = { id: 700000002, first_name: "Борис" };

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createTestApp({ env: BOT_ENV });
  f = await createFixture(t.prisma);
});
afterAll(async () => t?.close());

const order = (payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: "POST", url: "/api/orders", payload, headers });
const myOrders = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/my-orders", headers });

describe("initData validation", () => {
  it("accepts a valid initData and attaches its user to the order", async () => {
    const response = await order({ ...CONTACT, cart_items: [line(f.products[0]!)] }, initDataHeader(ANNA));
    expect(response.statusCode, response.body).toBe(201);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: response.json().id } });
    expect(stored.source).toBe("telegram_mini_app");
    expect(stored.telegramUserId).toBe(BigInt(ANNA.id));
    expect([stored.telegramUsername, stored.telegramFirstName, stored.telegramLastName]).toEqual(["anna_s", "Анна", "Смирнова"]);
    const customer = await t.prisma.telegramCustomer.findUniqueOrThrow({ where: { telegramUserId: BigInt(ANNA.id) } });
    expect([customer.username, customer.firstName, customer.lastName, customer.languageCode]).toEqual(["anna_s", "Анна", "Смирнова", "ru"]);
  });

  it("refuses a tampered initData with 401", async () => {
    const signed = initData(ANNA);
    const forged = signed.replace(encodeURIComponent(String(ANNA.id)), encodeURIComponent(String(BORIS.id)));
    expect(forged).not.toBe(signed);
    const wrongKey = initData(ANNA, 10, "987654321:another_bot_token_entirely_xx");
    for (const header of [forged, wrongKey, "user=%7B%22id%22%3A1%7D&auth_date=1&hash=abc", "garbage"]) {
      const response = await myOrders({ "x-telegram-init-data": header });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("Данные Telegram не прошли проверку. Откройте магазин из Telegram заново.");
    }
  });

  it("refuses a stale initData and one from the future", async () => {
    const stale = await myOrders(initDataHeader(ANNA, 25 * 3600));
    expect(stale.statusCode).toBe(401);
    const future = await myOrders(initDataHeader(ANNA, -3600));
    expect(future.statusCode).toBe(401);
    const nearlyStale = await myOrders(initDataHeader(ANNA, 23 * 3600));
    expect(nearlyStale.statusCode).toBe(200);
  });

  it("ignores the bare X-Telegram-User-Id header when a bot token is configured", async () => {
    const response = await myOrders({ "x-telegram-user-id": String(ANNA.id) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Мои заказы доступны только пользователям Telegram" });
  });
});

describe("POST /api/orders with a Telegram user", () => {
  it("accepts a telegram_user_id equal to the validated user", async () => {
    const response = await order(
      { ...CONTACT, telegram_user_id: ANNA.id, telegram_username: "anna_s", source: "telegram_mini_app", cart_items: [line(f.products[1]!)] },
      initDataHeader(ANNA),
    );
    expect(response.statusCode, response.body).toBe(201);
    const asString = await order({ ...CONTACT, telegram_user_id: String(ANNA.id), cart_items: [line(f.products[1]!)] }, initDataHeader(ANNA));
    expect(asString.statusCode).toBe(201);
  });

  it("refuses a telegram_user_id that is not the validated user's with 403", async () => {
    const other = await order({ ...CONTACT, telegram_user_id: BORIS.id, cart_items: [line(f.products[1]!)] }, initDataHeader(ANNA));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe("Данные пользователя Telegram не подтверждены. Откройте магазин из Telegram заново.");
    const unproven = await order({ ...CONTACT, telegram_user_id: ANNA.id, cart_items: [line(f.products[1]!)] });
    expect(unproven.statusCode).toBe(403);
  });

  it("requires a validated user for the mini-app source", async () => {
    const response = await order({ ...CONTACT, source: "telegram_mini_app", cart_items: [line(f.products[1]!)] });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Заказ из Telegram Mini App требует подтверждённых данных Telegram. Откройте магазин из Telegram заново.");
  });

  it("refuses a website order while the bot is set up: the website's checkout finishes in the bot", async () => {
    const before = await t.prisma.order.count();
    for (const source of ["mobile_web", "website", undefined]) {
      const response = await order({ ...CONTACT, source, cart_items: [line(f.products[1]!)] });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({
        message: "Заказ с сайта подтверждается в Telegram-боте. Обновите страницу и оформите заказ ещё раз — мы откроем бота.",
      });
    }
    expect(await t.prisma.order.count()).toBe(before);
  });

  it("takes a website order without any Telegram user while the bot's username is unknown (checkoutMode direct)", async () => {
    const before = t.app.botInfo.username;
    t.app.botInfo.username = null;
    try {
      expect((await t.app.inject({ method: "GET", url: "/api/config" })).json().checkoutMode).toBe("direct");
      const response = await order({ ...CONTACT, source: "mobile_web", cart_items: [line(f.products[1]!)] });
      expect(response.statusCode).toBe(201);
      const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: response.json().id } });
      expect([stored.source, stored.telegramUserId]).toEqual(["mobile_web", null]);
    } finally {
      t.app.botInfo.username = before;
    }
  });
});

describe("GET /api/my-orders", () => {
  it("lists only the user's orders, newest first, with the last delivery address", async () => {
    const place = async (user: typeof ANNA | typeof BORIS, address: string | null) => {
      const response = await order({ ...CONTACT, delivery_address: address, cart_items: [line(f.products[2]!)] }, initDataHeader(user));
      expect(response.statusCode).toBe(201);
      return response.json().id as number;
    };
    const borisOrder = await place(BORIS, "Казань, ул. Баумана, 5");
    const withAddress = await place(ANNA, "Тверь, ул. Советская, 10");
    const last = await place(ANNA, "");

    const response = await myOrders(initDataHeader(ANNA));
    expect(response.statusCode).toBe(200);
    const body = response.json() as MyOrdersResponse;
    const annaOrders = await t.prisma.order.findMany({ where: { telegramUserId: BigInt(ANNA.id) }, orderBy: { id: "desc" } });
    expect(body.orders.map((o) => o.id)).toEqual(annaOrders.map((o) => o.id));
    expect(body.orders[0]!.id).toBe(last);
    expect(body.orders.map((o) => o.id)).toContain(withAddress);
    expect(body.orders.map((o) => o.id)).not.toContain(borisOrder);
    expect(body.lastAddress).toBe("Тверь, ул. Советская, 10");
    expect(body.orders[0]).toEqual({
      id: last,
      order_number: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      total: expect.any(Number),
      status: "new",
      payment_status: "unpaid",
      paid_at: null,
    });
  });

  it("is empty, with no address, for a user without orders", async () => {
    const response = await myOrders(initDataHeader({ id: 700000099, first_name: "Новый" }));
    expect(response.json()).toEqual({ orders: [], lastAddress: null });
  });

  it("keeps at most 50 orders", async () => {
    const many = { id: 700000050, first_name: "Оптовик" };
    await Promise.all(Array.from({ length: 52 }, () => order({ ...CONTACT, cart_items: [line(f.products[3]!)] }, initDataHeader(many))));
    const body = (await myOrders(initDataHeader(many))).json() as MyOrdersResponse;
    expect(body.orders).toHaveLength(50);
  });

  it("refuses a request without a Telegram user with 401", async () => {
    const response = await myOrders({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Мои заказы доступны только пользователям Telegram" });
  });
});

describe("GET /api/my-orders/:id", () => {
  it("returns the user's own order with its items", async () => {
    const created = await order({ ...CONTACT, cart_items: [line(f.byName("Кружка ручной лепки"), 2)] }, initDataHeader(ANNA));
    const id = created.json().id as number;
    const response = await t.app.inject({ method: "GET", url: `/api/my-orders/${id}`, headers: initDataHeader(ANNA) });
    expect(response.statusCode).toBe(200);
    const mug = f.byName("Кружка ручной лепки");
    expect(response.json() as MyOrderDetail).toEqual({
      id,
      order_number: created.json().order_number,
      created_at: expect.any(String),
      status: "new",
      payment_status: "unpaid",
      paid_at: null,
      subtotal: 1300,
      discount_percent: 10,
      discount_amount: 130,
      delivery_cost: 250,
      total: 1420,
      delivery_address: CONTACT.delivery_address,
      comment: CONTACT.comment,
      items: [
        { id: expect.any(Number), product_id: mug.id, product_name: mug.name, product_sku: mug.sku, product_image: "/uploads/fixture-1-0.webp", price: 650, quantity: 2 },
      ],
    });
  });

  it("hides another user's order and a missing one behind the same 404", async () => {
    const created = await order({ ...CONTACT, cart_items: [line(f.products[0]!)] }, initDataHeader(ANNA));
    const foreign = await t.app.inject({ method: "GET", url: `/api/my-orders/${created.json().id}`, headers: initDataHeader(BORIS) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: "Заказ не найден" });
    const missing = await t.app.inject({ method: "GET", url: "/api/my-orders/999999", headers: initDataHeader(ANNA) });
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: "GET", url: `/api/my-orders/${created.json().id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /api/telegram-user", () => {
  const sync = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/telegram-user", payload, headers });

  it("records the validated user and returns them with their order count", async () => {
    const newcomer = { id: 700000077, first_name: "Вера", username: "vera" };
    const response = await sync(
      { telegram_user_id: newcomer.id, telegram_username: "someone_else", telegram_first_name: "Вера", telegram_last_name: null },
      initDataHeader(newcomer),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      telegram_user_id: String(newcomer.id),
      telegram_username: "vera",
      telegram_first_name: "Вера",
      telegram_last_name: null,
      order_count: 0,
    });
    const again = await sync({ telegram_user_id: String(ANNA.id) }, initDataHeader(ANNA));
    expect(again.statusCode).toBe(200);
    expect(again.json().order_count).toBe(await t.prisma.order.count({ where: { telegramUserId: BigInt(ANNA.id) } }));
    expect(again.json().telegram_username).toBe("anna_s");
  });

  it("refuses a body speaking for another user (403) and a request without identity (401)", async () => {
    const other = await sync({ telegram_user_id: BORIS.id }, initDataHeader(ANNA));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe("Данные пользователя Telegram не подтверждены. Откройте магазин из Telegram заново.");
    const none = await sync({ telegram_user_id: ANNA.id });
    expect(none.statusCode).toBe(401);
    const bad = await sync({ telegram_user_id: "not-a-number" }, initDataHeader(ANNA));
    expect(bad.statusCode).toBe(400);
  });

  it("upserts safely when the same user syncs concurrently", async () => {
    const user = { id: 700000088, first_name: "Гость" };
    const responses = await Promise.all(Array.from({ length: 5 }, () => sync({ telegram_user_id: user.id }, initDataHeader(user))));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.prisma.telegramCustomer.count({ where: { telegramUserId: BigInt(user.id) } })).toBe(1);
  });
});

describe("GET /api/config with a bot", () => {
  it("offers the bot deep link and the bot checkout", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(response.json()).toMatchObject({
      botUsername: TEST_BOT_USERNAME,
      botLink: `https://t.me/${TEST_BOT_USERNAME}`,
      checkoutMode: "bot",
      deliveryFee: 250,
    });
  });

  it("gives the Mini App link when one is registered (TELEGRAM_MINI_APP_URL), else null", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/config" })).json().miniAppUrl).toBeNull();
    const before = t.app.config.telegram.miniAppUrl;
    try {
      t.app.config.telegram.miniAppUrl = "https://t.me/handmade_test_bot/shop";
      const config = (await t.app.inject({ method: "GET", url: "/api/config" })).json();
      expect(config).toMatchObject({ miniAppUrl: "https://t.me/handmade_test_bot/shop", checkoutMode: "bot" });
    } finally {
      t.app.config.telegram.miniAppUrl = before;
    }
  });

  it("follows a username learnt at runtime (getMe)", async () => {
    const before = t.app.botInfo.username;
    try {
      t.app.botInfo.username = "renamed_shop_bot";
      expect((await t.app.inject({ method: "GET", url: "/api/config" })).json().botLink).toBe("https://t.me/renamed_shop_bot");
      t.app.botInfo.username = null;
      expect((await t.app.inject({ method: "GET", url: "/api/config" })).json()).toMatchObject({ botLink: null, checkoutMode: "direct" });
    } finally {
      t.app.botInfo.username = before;
    }
  });
});
