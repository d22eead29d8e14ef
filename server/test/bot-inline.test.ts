import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import Fastify from "fastify";
import type { Bot } from "grammy";
import type { Config } from "@shop/core/config";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { insertOrder } from "../../api/test/helpers/order-rows";
import { createBot } from "../../bot/src/bot";
import { HELP_TEXTS } from "../../bot/src/help";
import { silentLog } from "../../bot/src/log";
import { createOutboxNotifier } from "@shop/bot/notifier";
import { startBot, WEBHOOK_PATH } from "@shop/bot/runtime";
import { INLINE_CACHE_SECONDS } from "@shop/shared/constants";
import { startFakeTelegram, type FakeCall, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import { inlineQuery, textMessage, type Person } from "../../bot/test/helpers/updates";
import { shopCatalog } from "@shop/core/catalog";

const SHOPPER: Person = { id: 555002, first_name: "Марина", username: "marina_k" };
const PUBLIC_URL = "https://shop.example.ru";
const MINI_APP_URL = "https://t.me/shop_test_bot/shop";

let t: TestApp;
let fake: FakeTelegram;
let fixture: Fixture;
let bot: Bot;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Bot API JSON as the fake recorded it
type Json = any;

function lastCall(method: string): FakeCall {
  const calls = fake.succeeded(method);
  if (calls.length === 0) throw new Error(`no ${method} call`);
  return calls[calls.length - 1]!;
}

async function ask(query: string, on: Bot = bot): Promise<{ params: Json; results: Json[] }> {
  await on.handleUpdate(inlineQuery(SHOPPER, query));
  const call = lastCall("answerInlineQuery");
  return { params: call.params, results: call.params.results };
}

async function botWith(config: Config): Promise<Bot> {
  const other = createBot({ db: t.db, config, notifier: createOutboxNotifier({ managerChatIds: [] }), log: silentLog, catalog: shopCatalog(t.app.catalog, t.app.db) });
  await other.init();
  return other;
}

const idOf = (result: Json) => Number(String(result.id).replace("product_", ""));

beforeAll(async () => {
  fake = await startFakeTelegram(TEST_BOT_TOKEN);
  t = await createTestApp({
    env: { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_API_ROOT: fake.url, PUBLIC_URL, TELEGRAM_MINI_APP_URL: MINI_APP_URL, BOT_MODE: "off" },
  });
  fixture = await createFixture(t.prisma);
  // sales: the mug sells most, then the soy candle; the cancelled order of plates counts for nothing
  const mug = fixture.byName("Кружка ручной лепки");
  const candle = fixture.byName("Свеча соевая «Ваниль»");
  const plate = fixture.byName("Тарелка «Ёлочка»");
  const item = (product: typeof mug, quantity: number) => ({ productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity });
  await insertOrder(t.prisma, { items: [item(mug, 5), item(candle, 1)] });
  await insertOrder(t.prisma, { items: [item(candle, 2)] });
  await insertOrder(t.prisma, { status: "cancelled", items: [item(plate, 100)] });
  bot = await botWith(t.config);
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

beforeEach(() => {
  fake.calls.length = 0;
});

describe("inline mode", () => {
  it("lists what the shop's search finds, in its order, as product cards with a startapp button", async () => {
    const { params, results } = await ask("свеч");
    const shopSearch = await t.app.inject({ method: "GET", url: `/api/products/search?q=${encodeURIComponent("свеч")}&limit=20` });
    const expected = (shopSearch.json() as { products: { id: number }[] }).products.map((p) => p.id);
    expect(expected).toHaveLength(3);
    expect(results.map(idOf)).toEqual(expected);
    expect(results.map((r: Json) => r.title)).toEqual(["Свеча в бетонном стакане", "Свеча соевая «Ваниль»", "Набор свечей «Ёлка»"]);
    expect(params.cache_time).toBe(INLINE_CACHE_SECONDS);
    expect(params.inline_query_id).toBeTruthy();

    const candle = fixture.byName("Свеча в бетонном стакане");
    const index = fixture.products.findIndex((p) => p.id === candle.id);
    expect(results[0]).toEqual({
      type: "photo",
      id: `product_${candle.id}`,
      photo_url: `${PUBLIC_URL}/api/telegram/photo/fixture-${index}-0.jpg`,
      thumbnail_url: `${PUBLIC_URL}/api/telegram/photo/fixture-${index}-0-card.jpg`,
      title: "Свеча в бетонном стакане",
      description: "560.00\u00a0руб.",
      caption: "<b>Свеча в бетонном стакане</b>\n560.00\u00a0руб.\n\nОписание: Свеча в бетонном стакане.",
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: [[{ text: "🛍 Открыть в магазине", url: `${MINI_APP_URL}?startapp=product_${candle.id}` }]] },
    });
    for (const result of results) {
      expect(result.photo_url).toMatch(/^https:\/\/shop\.example\.ru\/api\/telegram\/photo\/fixture-\d+-0\.jpg$/);
      expect(result.reply_markup.inline_keyboard[0][0].url).toBe(`${MINI_APP_URL}?startapp=product_${idOf(result)}`);
    }
  });

  it("finds by any case and ё = е, and answers a query that matches nothing with no results", async () => {
    expect((await ask("  ЁЛК ")).results.map((r: Json) => r.title)).toEqual(["Набор свечей «Ёлка»", "Тарелка «Ёлочка»"]);
    expect((await ask("самовар")).results).toEqual([]);
  });

  it("posts a product without a picture as an article with the same text and button", async () => {
    const bowl = fixture.byName("Салатник глазурованный");
    const { results } = await ask("салатник");
    expect(results).toEqual([
      {
        type: "article",
        id: `product_${bowl.id}`,
        title: "Салатник глазурованный",
        description: "1\u00a0240.00\u00a0руб.",
        input_message_content: {
          message_text: "<b>Салатник глазурованный</b>\n1\u00a0240.00\u00a0руб.\n\nОписание: Салатник глазурованный.",
          parse_mode: "HTML",
          link_preview_options: { is_disabled: true },
        },
        reply_markup: { inline_keyboard: [[{ text: "🛍 Открыть в магазине", url: `${MINI_APP_URL}?startapp=product_${bowl.id}` }]] },
      },
    ]);
  });

  it("lists the best sellers for an empty query, then the newest products", async () => {
    const { results } = await ask("");
    const ids = results.map(idOf);
    expect(ids.slice(0, 2)).toEqual([fixture.byName("Кружка ручной лепки").id, fixture.byName("Свеча соевая «Ваниль»").id]);
    // every other product follows, newest first (the cancelled order's plates are no best seller)
    const rest = fixture.products.map((p) => p.id).filter((id) => !ids.slice(0, 2).includes(id)).sort((a, b) => b - a);
    expect(ids.slice(2)).toEqual(rest);
    expect(ids).toHaveLength(10);
  });

  it("shows at most 20 products", async () => {
    const category = fixture.categories.ceramics;
    for (let i = 0; i < 25; i++) {
      await t.prisma.product.create({
        data: {
          sku: `INLINE-${i}`,
          name: `Горшок цветочный №${i}`,
          searchName: `горшок цветочный №${i}`,
          price: 300 + i,
          categories: { create: [{ categoryId: category }] },
        },
      });
    }
    const { results } = await ask("горшок");
    expect(results).toHaveLength(20);
    expect(results.every((r: Json) => r.type === "article" && r.title.startsWith("Горшок цветочный"))).toBe(true);
    await t.prisma.product.deleteMany({ where: { sku: { startsWith: "INLINE-" } } });
  });

  it("links to the bot's main Mini App without TELEGRAM_MINI_APP_URL, and posts articles without a public https address", async () => {
    const vase = fixture.byName("Ваза керамическая «Лён»");
    const noMiniApp = await botWith({ ...t.config, telegram: { ...t.config.telegram, miniAppUrl: null } });
    const [linked] = (await ask("ваза", noMiniApp)).results;
    expect(linked.type).toBe("photo");
    expect(linked.reply_markup.inline_keyboard[0][0].url).toBe(`https://t.me/shop_test_bot?startapp=product_${vase.id}`);

    const local = await botWith({ ...t.config, publicUrl: "http://localhost:3000" });
    const [article] = (await ask("ваза", local)).results;
    expect(article.type).toBe("article");
    expect(article.photo_url).toBeUndefined();
  });

  it("asks Telegram for inline queries only when the bot has the catalogue", async () => {
    const server = Fastify();
    const config = { ...t.config, telegram: { ...t.config.telegram, botMode: "webhook" as const, webhookSecret: "secret_for_inline_tests" } };
    const runtime = startBot({ db: t.db, config, catalog: shopCatalog(t.app.catalog, t.app.db), mode: "webhook", server, worker: { pollIntervalMs: 60_000 } });
    await runtime.ready;
    expect(lastCall("setWebhook").params).toMatchObject({
      url: PUBLIC_URL + WEBHOOK_PATH,
      allowed_updates: ["message", "callback_query", "inline_query"],
    });
    const accepted = await server.inject({
      method: "POST",
      url: WEBHOOK_PATH,
      payload: inlineQuery(SHOPPER, "кружка"),
      headers: { "x-telegram-bot-api-secret-token": "secret_for_inline_tests" },
    });
    expect(accepted.statusCode).toBe(200);
    expect(lastCall("answerInlineQuery").params.results.map((r: Json) => r.title)).toEqual(["Кружка ручной лепки"]);
    await runtime.stop();
    await server.close();
  });
});

describe("commands", () => {
  it("/help says what the bot does and how to use inline mode", async () => {
    await bot.handleUpdate(textMessage(SHOPPER, "/help"));
    const reply = fake.delivered(SHOPPER.id).at(-1)!;
    expect(reply.params.text).toBe(HELP_TEXTS.help("shop_test_bot"));
    expect(reply.params.text).toContain("/catalog — каталог товаров");
    expect(reply.params.text).toContain("@shop_test_bot ваза");
  });

  it("/catalog opens the Mini App's catalogue", async () => {
    await bot.handleUpdate(textMessage(SHOPPER, "/catalog"));
    const reply = fake.delivered(SHOPPER.id).at(-1)!;
    expect(reply.params.text).toBe("Каталог магазина — по кнопке ниже.");
    expect(reply.params.reply_markup.inline_keyboard).toEqual([[{ text: "🛍 Открыть каталог", web_app: { url: `${PUBLIC_URL}/catalog` } }]]);
  });

  it("/catalog without an https address gives the address as text", async () => {
    const local = await botWith({ ...t.config, publicUrl: "http://localhost:3000", telegram: { ...t.config.telegram, miniAppUrl: null } });
    await local.handleUpdate(textMessage(SHOPPER, "/catalog"));
    expect(fake.delivered(SHOPPER.id).at(-1)!.params.text).toBe("Каталог магазина: http://localhost:3000/catalog");
  });
});
