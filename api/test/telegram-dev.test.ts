import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT, line } from "./helpers/checkout";
import { initDataHeader } from "./helpers/telegram";

/** Without a bot token nothing can be validated: the bare X-Telegram-User-Id counts only in development mode. */
let dev: TestApp;
let plain: TestApp;
let f: Fixture;
beforeAll(async () => {
  [dev, plain] = await Promise.all([createTestApp({ env: { ALLOW_UNVERIFIED_TELEGRAM_ID: "1" } }), createTestApp()]);
  f = await createFixture(dev.prisma);
  await createFixture(plain.prisma);
});
afterAll(async () => {
  await dev?.close();
  await plain?.close();
});

describe("development fallback (ALLOW_UNVERIFIED_TELEGRAM_ID=1, no bot token)", () => {
  it("trusts the bare X-Telegram-User-Id for orders, my-orders and the user sync", async () => {
    const headers = { "x-telegram-user-id": "555001" };
    const created = await dev.app.inject({
      method: "POST",
      url: "/api/orders",
      headers,
      payload: { ...CONTACT, telegram_user_id: 555001, telegram_username: "dev_user", telegram_first_name: "Дев", cart_items: [line(f.products[0]!)] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const stored = await dev.prisma.order.findUniqueOrThrow({ where: { id: created.json().id } });
    // the fallback knows only the id: names come from the body
    expect([stored.source, stored.telegramUserId, stored.telegramUsername, stored.telegramFirstName]).toEqual([
      "telegram_mini_app",
      555001n,
      "dev_user",
      "Дев",
    ]);
    const mine = await dev.app.inject({ method: "GET", url: "/api/my-orders", headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().orders.map((o: { id: number }) => o.id)).toEqual([created.json().id]);
    const sync = await dev.app.inject({ method: "POST", url: "/api/telegram-user", headers, payload: { telegram_user_id: "555001" } });
    expect(sync.json()).toMatchObject({ telegram_user_id: "555001", telegram_username: "dev_user", order_count: 1 });
  });

  it("still refuses a body naming a different user", async () => {
    const response = await dev.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "x-telegram-user-id": "555001" },
      payload: { ...CONTACT, telegram_user_id: 555002, cart_items: [line(f.products[0]!)] },
    });
    expect(response.statusCode).toBe(403);
  });

  it("cannot validate initData without a bot token", async () => {
    const response = await dev.app.inject({ method: "GET", url: "/api/my-orders", headers: initDataHeader({ id: 555001 }) });
    expect(response.statusCode).toBe(401);
  });
});

describe("without the development flag", () => {
  it("ignores the bare X-Telegram-User-Id", async () => {
    const headers = { "x-telegram-user-id": "555001" };
    const mine = await plain.app.inject({ method: "GET", url: "/api/my-orders", headers });
    expect(mine.statusCode).toBe(401);
    expect(mine.json()).toEqual({ message: "Мои заказы доступны только пользователям Telegram" });
    const sync = await plain.app.inject({ method: "POST", url: "/api/telegram-user", headers, payload: { telegram_user_id: 555001 } });
    expect(sync.statusCode).toBe(401);
    const products = await plain.prisma.product.findMany({ take: 1 });
    const created = await plain.app.inject({
      method: "POST",
      url: "/api/orders",
      headers,
      payload: { ...CONTACT, cart_items: [{ product_id: products[0]!.id, quantity: 1 }] },
    });
    expect(created.statusCode).toBe(201);
    const stored = await plain.prisma.order.findUniqueOrThrow({ where: { id: created.json().id } });
    expect([stored.source, stored.telegramUserId]).toEqual(["website", null]);
  });
});
