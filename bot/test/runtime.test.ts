import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@shop/prisma/db";
import { loadConfig } from "@shop/core/config";
import type { BotInfo } from "@shop/core/telegram";
import { openTestDatabase } from "@shop/prisma/test-database";
import { learnBotUsername, startBot, WEBHOOK_PATH, type BotRuntime } from "../src/runtime";
import { startFakeTelegram, type FakeTelegram } from "./helpers/fake-telegram";
import { textMessage } from "./helpers/updates";
import { BOT_DESCRIPTION, BOT_SHORT_DESCRIPTION } from "../src/profile";

const TOKEN = "424242:TEST_token_for_the_bot_runtime";
const SECRET = "webhook_secret_for_tests";
let db: Database;
let fake: FakeTelegram;
const runtimes: BotRuntime[] = [];

function config(env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bot-runtime-")),
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: fake.url,
    MANAGER_CHAT_IDS: "42",
    PUBLIC_URL: "https://shop.example.ru",
    LOG_LEVEL: "silent",
    ...env,
  });
}

beforeAll(async () => {
  db = await openTestDatabase();
  fake = await startFakeTelegram(TOKEN);
});
afterAll(async () => {
  await fake.close();
  await db.close();
});
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.stop();
  fake.calls.length = 0;
});

describe("bot runtime", () => {
  it("long-polls in this process: learns its username, introduces itself, sets the menu button, answers updates", async () => {
    const botInfo: BotInfo = { username: null };
    const runtime = startBot({ db, config: config(), mode: "polling", botInfo });
    runtimes.push(runtime);
    await runtime.ready;
    expect(botInfo.username).toBe("shop_test_bot");
    expect(fake.succeeded("setMyCommands").map((c) => c.params.commands)).toEqual([
      [
        { command: "start", description: "Открыть магазин" },
        { command: "catalog", description: "Каталог товаров" },
        { command: "orders", description: "Мои заказы" },
        { command: "help", description: "Что умеет бот" },
      ],
    ]);
    expect(fake.succeeded("setMyDescription").map((c) => c.params.description)).toEqual([BOT_DESCRIPTION]);
    expect(BOT_DESCRIPTION).toMatch(/^Ремесло — магазин вещей ручной работы/);
    expect(BOT_DESCRIPTION.length).toBeLessThanOrEqual(512);
    expect(fake.succeeded("setMyShortDescription").map((c) => c.params.short_description)).toEqual([BOT_SHORT_DESCRIPTION]);
    expect(BOT_SHORT_DESCRIPTION).toMatch(/^Ремесло — /);
    expect(BOT_SHORT_DESCRIPTION.length).toBeLessThanOrEqual(120);
    expect(fake.succeeded("setChatMenuButton")[0]!.params.menu_button).toEqual({
      type: "web_app",
      text: "Магазин",
      web_app: { url: "https://shop.example.ru/" },
    });
    expect(fake.succeeded("deleteWebhook")).toHaveLength(1);

    fake.pushUpdate(textMessage({ id: 9001, first_name: "Вера" }, "/start"));
    await expect.poll(() => fake.delivered(9001).length, { timeout: 5000 }).toBe(1);
    expect(fake.delivered(9001)[0]!.params.text).toContain("Здравствуйте, Вера!");
    expect(fake.delivered(9001)[0]!.params.text).toContain("/orders — мои заказы\n/help — что я умею");

    await runtime.stop();
    expect(runtime.bot.isRunning()).toBe(false);
  });

  it("logs a refused introduction at start-up and works on", async () => {
    const refused = { status: 400, description: "Bad Request: description is too long" };
    fake.failNext("setMyCommands", refused);
    fake.failNext("setMyDescription", refused);
    fake.failNext("setMyShortDescription", refused);
    const warnings: string[] = [];
    const log = { info() {}, error() {}, warn: (_: object, msg?: string) => void warnings.push(msg ?? "") };
    const runtime = startBot({ db, config: config(), mode: "polling", log });
    runtimes.push(runtime);
    await runtime.ready;
    expect(warnings).toEqual(["setMyCommands failed", "setMyDescription failed", "setMyShortDescription failed"]);
    expect(fake.succeeded("setChatMenuButton")).toHaveLength(1);
    expect(runtime.bot.isRunning()).toBe(true);

    fake.pushUpdate(textMessage({ id: 9003, first_name: "Лев" }, "/help"));
    await expect.poll(() => fake.delivered(9003).length, { timeout: 5000 }).toBe(1);
    expect(fake.delivered(9003)[0]!.params.text).toContain("/catalog — каталог товаров");
  });

  it("takes updates on the webhook route with the secret and registers the webhook", async () => {
    const server = Fastify();
    const runtime = startBot({
      db,
      config: config({ BOT_MODE: "webhook", TELEGRAM_WEBHOOK_SECRET: SECRET }),
      mode: "webhook",
      server,
    });
    runtimes.push(runtime);
    await runtime.ready;
    expect(fake.succeeded("setWebhook")[0]!.params).toMatchObject({
      url: "https://shop.example.ru" + WEBHOOK_PATH,
      secret_token: SECRET,
      allowed_updates: ["message", "callback_query"],
    });

    const update = textMessage({ id: 9002, first_name: "Глеб" }, "/orders");
    const refused = await server.inject({ method: "POST", url: WEBHOOK_PATH, payload: update, headers: { "x-telegram-bot-api-secret-token": "wrong" } });
    expect(refused.statusCode).toBe(401);
    expect(fake.delivered(9002)).toHaveLength(0);

    const accepted = await server.inject({ method: "POST", url: WEBHOOK_PATH, payload: update, headers: { "x-telegram-bot-api-secret-token": SECRET } });
    expect(accepted.statusCode).toBe(200);
    expect(fake.delivered(9002).map((c) => c.params.text)).toEqual(["У вас пока нет заказов."]);
    await server.close();
  });

  it("keeps trying when Telegram does not answer at start, and sends queued messages meanwhile", async () => {
    fake.failNext("getMe", { status: 401, description: "Unauthorized" }, { status: 401, description: "Unauthorized" });
    await db.prisma.outboxMessage.create({ data: { chatId: BigInt(42), dedupeKey: "queued-before-start", payload: { text: "Заказ", parse_mode: "HTML" } } });
    const botInfo: BotInfo = { username: null };
    const runtime = startBot({ db, config: config(), mode: "polling", botInfo, retryInitMs: 50 });
    runtimes.push(runtime);
    await expect.poll(() => fake.delivered(42).length, { timeout: 5000 }).toBe(1);
    await runtime.ready;
    expect(fake.calls.filter((c) => c.method === "getMe").map((c) => c.ok)).toEqual([false, false, true]);
    expect(botInfo.username).toBe("shop_test_bot");
  });

  it("lets an API instance that leaves the bot to its own process still learn the username", async () => {
    const botInfo: BotInfo = { username: null };
    await learnBotUsername(config({ BOT_MODE: "off" }), botInfo);
    expect(botInfo.username).toBe("shop_test_bot");
  });

  it("stops promptly even when Telegram has gone away", async () => {
    const gone = await startFakeTelegram(TOKEN);
    const runtime = startBot({ db, config: { ...config(), telegram: { ...config().telegram, apiRoot: gone.url } }, mode: "polling" });
    await runtime.ready;
    expect(runtime.bot.isRunning()).toBe(true);
    await gone.close();
    const started = Date.now();
    await runtime.stop();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(runtime.bot.isRunning()).toBe(false);
  });
});
