import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@shop/core/config";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT, line } from "./helpers/checkout";
import { BOT_ENV, initDataHeader } from "./helpers/telegram";

const TOO_MANY = /^Слишком много запросов\. Повторите через \d+ с\.$/;

describe("request limits per client address (docs/api.md#request-limits)", () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ORDERS: "3", RATE_LIMIT_RECOMMENDATIONS: "2" } });
    f = await createFixture(t.prisma);
  });
  afterAll(async () => t?.close());

  const order = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/orders", remoteAddress, headers, payload: { ...CONTACT, cart_items: [line(f.products[0]!)] } });

  it("answers the order past the limit with 429, a Russian message and Retry-After, and writes no order for it", async () => {
    const before = await t.prisma.order.count();
    const answers = await Promise.all(Array.from({ length: 6 }, () => order("198.51.100.1")));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: expect.stringMatching(TOO_MANY) });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await t.prisma.order.count()).toBe(before + 3);
    // another address is not affected
    expect((await order("198.51.100.2")).statusCode).toBe(201);
  });

  it("limits preparing website orders the same way", async () => {
    const prepare = () =>
      t.app.inject({
        method: "POST",
        url: "/api/orders/prepare",
        remoteAddress: "198.51.100.3",
        payload: { order: CONTACT, cart: [{ id: f.products[1]!.id, name: f.products[1]!.name, quantity: 1 }], source: "website" },
      });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await prepare()).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    expect(await t.prisma.preparedOrder.count()).toBe(3);
  });

  it("limits recommendations", async () => {
    const recommend = () =>
      t.app.inject({ method: "POST", url: "/api/cart/recommendations", remoteAddress: "198.51.100.4", payload: { cartProductIds: [f.products[0]!.id] } });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await recommend()).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });

  it("leaves routes without a limit alone", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: "GET", url: "/api/categories", remoteAddress: "198.51.100.5" })).statusCode).toBe(200);
    }
  });
});

describe("the Telegram user sync", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...BOT_ENV, RATE_LIMIT_TELEGRAM_USER: "2" } });
  });
  afterAll(async () => t?.close());

  it("answers 429 past its limit", async () => {
    const user = { id: 700000301, first_name: "Вера" };
    const sync = () =>
      t.app.inject({ method: "POST", url: "/api/telegram-user", headers: initDataHeader(user), payload: { telegram_user_id: user.id } });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await sync()).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });
});

describe("behind a reverse proxy (TRUST_PROXY=1)", () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1", RATE_LIMIT_ORDERS: "2" } });
    f = await createFixture(t.prisma);
  });
  afterAll(async () => t?.close());

  const order = (forwardedFor: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress: "10.0.0.2",
      headers: { "x-forwarded-for": forwardedFor },
      payload: { ...CONTACT, cart_items: [line(f.products[0]!)] },
    });

  it("counts the address the proxy saw, which a client cannot change by writing the header itself", async () => {
    // the proxy appends the address it saw; what the client wrote before it is not believed
    const codes = [];
    for (const claimed of ["1.1.1.1", "2.2.2.2", "3.3.3.3"]) codes.push((await order(`${claimed}, 203.0.113.7`)).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    expect((await order("203.0.113.8")).statusCode).toBe(201);
  });
});

describe("limit settings", () => {
  it("has defaults a real shopper never reaches, and 0 turns a limit off", () => {
    expect(loadConfig({}).rateLimits).toEqual({ orders: 20, recommendations: 120, telegramUser: 30 });
    expect(loadConfig({ RATE_LIMIT_ORDERS: "0" }).rateLimits.orders).toBe(0);
    expect(() => loadConfig({ RATE_LIMIT_ORDERS: "many" })).toThrow(/RATE_LIMIT_ORDERS must be a whole number/);
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: "nginx" })).toThrow(/TRUST_PROXY must be how many reverse proxies/);
  });

  it("takes every order with the limit off", async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_ORDERS: "0" } });
    try {
      const f = await createFixture(t.prisma);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => t.app.inject({ method: "POST", url: "/api/orders", payload: { ...CONTACT, cart_items: [line(f.products[0]!)] } })),
      );
      expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it("with the default limit, 40 orders at once from one address make 20", async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_ORDERS: "" } });
    try {
      const f = await createFixture(t.prisma);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => t.app.inject({ method: "POST", url: "/api/orders", payload: { ...CONTACT, cart_items: [line(f.products[0]!)] } })),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(20);
      expect(await t.prisma.order.count()).toBe(20);
    } finally {
      await t.close();
    }
  });
});
