import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@shop/prisma/db";
import { createScratchDatabase } from "@shop/prisma/test-database";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { REPO_ROOT } from "../../api/test/helpers/api-process";
import { TEST_BOT_TOKEN } from "../../api/test/helpers/test-app";
import { startFakeTelegram, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import { inlineQuery, type Person } from "../../bot/test/helpers/updates";

/**
 * The bot as its own process (`bot/src/main.ts`, the production layout's bot beside API instances with BOT_MODE=off):
 * a real process on loopback, Telegram played by the fake Bot API server. It shares a PostgreSQL database with the
 * API; the embedded database belongs to one process, and the bot says so instead of starting.
 */

const serverUrl = process.env.DATABASE_URL;
const SECRET = "secret_of_the_bots_own_process";
const SHOPPER: Person = { id: 555003, first_name: "Ольга", username: "olga_m" };

interface BotProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function startBotProcess(env: Record<string, string>): BotProcess {
  const child = spawn(path.join(REPO_ROOT, "node_modules/.bin/tsx"), ["bot/src/main.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: "127.0.0.1", BOT_PORT: "0", LOG_LEVEL: "info", INIT_CWD: REPO_ROOT, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function webhookUrl(bot: BotProcess, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const url = /webhook: POST (http:\/\/[^\s"]+)/.exec(bot.output())?.[1];
    if (url) return url.replace("localhost", "127.0.0.1");
    if (bot.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the bot's process did not start its webhook\n--- output ---\n${bot.output()}`);
}

describe.runIf(serverUrl)("the bot in its own process, on a PostgreSQL database shared with the API", () => {
  let fake: FakeTelegram;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: Database;
  let fixture: Fixture;
  let bot: BotProcess;
  let url: string;

  beforeAll(async () => {
    fake = await startFakeTelegram(TEST_BOT_TOKEN);
    scratch = await createScratchDatabase(serverUrl!, "shop_bot_process");
    db = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    fixture = await createFixture(db.prisma);
    bot = startBotProcess({
      DATABASE_URL: scratch.url,
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: fake.url,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      BOT_MODE: "webhook",
      PUBLIC_URL: "https://shop.example.ru",
      TELEGRAM_MINI_APP_URL: "https://t.me/shop_test_bot/shop",
    });
    url = await webhookUrl(bot);
  }, 120_000);

  afterAll(async () => {
    bot?.child.kill("SIGTERM");
    await bot?.exited;
    await db?.close();
    await scratch?.drop();
    await fake?.close();
  });

  async function ask(query: string) {
    const before = fake.succeeded("answerInlineQuery").length;
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
      body: JSON.stringify(inlineQuery(SHOPPER, query)),
    });
    expect(response.status).toBe(200);
    await expect.poll(() => fake.succeeded("answerInlineQuery").length).toBeGreaterThan(before);
    return fake.succeeded("answerInlineQuery").at(-1)!.params.results as { id: string; title: string; reply_markup: { inline_keyboard: { url?: string }[][] } }[];
  }

  it("asks Telegram for inline queries and answers one with the shop's product cards from the shared database", async () => {
    await expect.poll(() => fake.succeeded("setWebhook").at(-1)?.params.allowed_updates).toContain("inline_query");
    const results = await ask("ваза");
    const vase = fixture.byName("Ваза керамическая «Лён»");
    expect(results.map((r) => r.title)).toEqual([vase.name]);
    expect(results[0]!.id).toBe(`product_${vase.id}`);
    expect(results[0]!.reply_markup.inline_keyboard[0]![0]!.url).toBe(`https://t.me/shop_test_bot/shop?startapp=product_${vase.id}`);
  });

  it("finds a product the API added after the bot started (the catalogue is loaded again when it changes)", async () => {
    const product = await db.prisma.product.create({
      data: { name: "Шкатулка резная", sku: "HM-BOT-1", searchName: "шкатулка резная", price: 2100 },
    });
    await expect
      .poll(async () => (await ask("шкатулка")).map((r) => r.id), { timeout: 15_000, interval: 500 })
      .toEqual([`product_${product.id}`]);
  });
});

describe.runIf(!serverUrl)("the bot in its own process, on the embedded database", () => {
  it("refuses to start and says why: the embedded database belongs to the API's process", async () => {
    const bot = startBotProcess({ DATABASE_URL: "", TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "polling" });
    expect(await bot.exited).toBe(1);
    expect(bot.output()).toContain("The bot process shares the shop's database: set DATABASE_URL (PostgreSQL).");
  }, 60_000);
});
