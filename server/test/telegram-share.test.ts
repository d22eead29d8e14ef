import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { initData, initDataHeader } from "../../api/test/helpers/telegram";
import { createProductSharer } from "@shop/bot/product-share";
import { createBot } from "../../bot/src/bot";
import { silentLog } from "../../bot/src/log";
import { createOutboxNotifier } from "@shop/bot/notifier";
import { startFakeTelegram, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import { inlineQuery } from "../../bot/test/helpers/updates";
import { shopCatalog } from "@shop/core/catalog";

const SHOPPER = { id: 555003, first_name: "Олег", username: "oleg_p" };
const PUBLIC_URL = "https://shop.example.ru";
const MINI_APP_URL = "https://t.me/shop_test_bot/shop";

let t: TestApp;
let fake: FakeTelegram;
let fixture: Fixture;

/** requests made to the share route so far, all from inject's one address */
let requests = 0;
const share = (productId: number | string, headers: Record<string, string> = initDataHeader(SHOPPER)) => {
  requests++;
  return t.app.inject({ method: "POST", url: `/api/telegram/share/${productId}`, headers });
};

beforeAll(async () => {
  fake = await startFakeTelegram(TEST_BOT_TOKEN);
  t = await createTestApp({
    env: { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_API_ROOT: fake.url, PUBLIC_URL, TELEGRAM_MINI_APP_URL: MINI_APP_URL, BOT_MODE: "off" },
    productSharer: (config) => createProductSharer({ config, botUsername: () => "shop_test_bot" }),
  });
  fixture = await createFixture(t.prisma);
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

beforeEach(() => {
  fake.calls.length = 0;
  fake.outage("savePreparedInlineMessage", null);
});

describe("POST /api/telegram/share/{productId}", () => {
  it("prepares the product's card for the proven user and returns the prepared message's id", async () => {
    const vase = fixture.byName("Ваза керамическая «Лён»");
    const response = await share(vase.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");

    const calls = fake.succeeded("savePreparedInlineMessage");
    expect(calls).toHaveLength(1);
    expect(response.json()).toEqual({ id: calls[0]!.result.id });
    expect(calls[0]!.params).toMatchObject({
      user_id: SHOPPER.id,
      allow_user_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
    });
    expect(calls[0]!.params.result).toMatchObject({
      type: "photo",
      id: `product_${vase.id}`,
      photo_url: `${PUBLIC_URL}/api/telegram/photo/fixture-0-0.jpg`,
      caption: "<b>Ваза керамическая «Лён»</b>\n1\u00a0890.00\u00a0руб.\n\nОписание: Ваза керамическая «Лён».",
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: [[{ text: "🛍 Открыть в магазине", url: `${MINI_APP_URL}?startapp=product_${vase.id}` }]] },
    });

    // the very card inline mode posts for the same product
    const bot = createBot({ db: t.db, config: t.config, notifier: createOutboxNotifier({ managerChatIds: [] }), log: silentLog, catalog: shopCatalog(t.app.catalog, t.app.db) });
    await bot.init();
    await bot.handleUpdate(inlineQuery(SHOPPER, "ваза"));
    expect(fake.succeeded("answerInlineQuery")[0]!.params.results).toEqual([calls[0]!.params.result]);
  });

  it("refuses a request without a proven Telegram user (401), and calls Telegram for none", async () => {
    const vase = fixture.byName("Ваза керамическая «Лён»");
    const none = await share(vase.id, {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: "Поделиться товаром в Telegram можно только из магазина в Telegram." });

    const bareId = await share(vase.id, { "x-telegram-user-id": String(SHOPPER.id) });
    expect(bareId.statusCode).toBe(401);

    const forged = await share(vase.id, { "x-telegram-init-data": initData(SHOPPER, 10, "987654321:ANOTHER_bots_token_entirely_x") });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: "Данные Telegram не прошли проверку. Откройте магазин из Telegram заново." });

    const stale = await share(vase.id, initDataHeader(SHOPPER, 3 * 86400));
    expect(stale.statusCode).toBe(401);
    expect(fake.calls.filter((call) => call.method === "savePreparedInlineMessage")).toEqual([]);
  });

  it("answers 404 for an unknown product and 400 for an id that is no id", async () => {
    const unknown = await share(999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Товар не найден" });
    expect((await share("abc")).statusCode).toBe(400);
    expect(fake.calls.filter((call) => call.method === "savePreparedInlineMessage")).toEqual([]);
  });

  it("answers 502 with a message when Telegram refuses", async () => {
    fake.outage("savePreparedInlineMessage", { status: 400, description: "Bad Request: USER_ID_INVALID" });
    const response = await share(fixture.byName("Кружка ручной лепки").id);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: "Telegram не ответил. Попробуйте поделиться ещё раз." });
  });
});

describe("POST /api/telegram/share, many times", () => {
  it("holds back more than 30 requests a minute from one address with 429 and a Russian message", async () => {
    const id = fixture.byName("Кружка ручной лепки").id;
    // the requests above came from the same address and count too
    let refused = await share(id);
    while (refused.statusCode !== 429 && requests <= 40) refused = await share(id);
    expect(requests).toBe(31);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Слишком много попыток поделиться\. Повторите через \d+ с\.$/);
    expect(fake.succeeded("savePreparedInlineMessage").length).toBeLessThanOrEqual(30);
  });
});

describe("POST /api/telegram/share without a bot", () => {
  it("answers 503 to a user known in development, and 401 to initData nobody can check", async () => {
    const dev = await createTestApp({ env: { ALLOW_UNVERIFIED_TELEGRAM_ID: "1" } });
    try {
      const f = await createFixture(dev.prisma);
      const id = f.byName("Кружка ручной лепки").id;
      const known = await dev.app.inject({ method: "POST", url: `/api/telegram/share/${id}`, headers: { "x-telegram-user-id": "42" } });
      expect(known.statusCode).toBe(503);
      expect(known.json()).toEqual({ message: "Бот магазина не настроен: поделиться товаром в Telegram нельзя." });
      const signed = await dev.app.inject({ method: "POST", url: `/api/telegram/share/${id}`, headers: initDataHeader(SHOPPER) });
      expect(signed.statusCode).toBe(401);
    } finally {
      await dev.close();
    }
  });
});
