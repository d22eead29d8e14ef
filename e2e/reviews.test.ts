import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@shop/prisma/db";
import { createScratchDatabase, LOCAL_POSTGRESQL } from "@shop/prisma/test-database";
import { startFakeTelegram, type FakeTelegram } from "../bot/test/helpers/fake-telegram";
import { launchBrowser, openPage, type ViewportName } from "./helpers/browser";
import { miniAppLauncher, openInTelegram } from "./helpers/mini-app";
import { E2E_ADMIN, ROOT, chromiumPath, startServer, type ShopServer } from "./helpers/server";
import type { ThemeName } from "./helpers/telegram";

/**
 * Reviews from buyers in Chromium (docs/product.md#reviews): the bot asks a buyer of a completed order, the buyer
 * writes reviews from the message's link — on the website at both sizes and in the Mini App in both themes — the
 * admin publishes and answers them, and the product page shows them. The shop runs on a PostgreSQL database of its
 * own, with the bot in its own process (`bot/src/main.ts`) talking to the Bot API stand-in: the request is the
 * message the stand-in receives, its button the link the buyer follows.
 */
const BOT_TOKEN = "7000000043:E2E_token_that_signs_the_review_init_data";
const MINI_APP_URL = "https://t.me/shop_test_bot/shop";
const SHOTS = "/tmp/shots-reviews";
const BUYER = { id: 77_000_431, first_name: "Вера", last_name: "Клюева", username: "vera_k" };

const shot = async (page: Page, name: string, fullPage = false) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage, animations: "disabled" });
};

describe.skipIf(!chromiumPath())("reviews from the bot's link to the product page", () => {
  let database: { url: string; drop(): Promise<void> };
  let db: Database;
  let server: ShopServer;
  let browser: Browser;
  let fake: FakeTelegram;
  let bot: ChildProcess | undefined;
  let link = "";
  let token = "";
  const lines: { id: number; productId: number; name: string }[] = [];

  beforeAll(async () => {
    fake = await startFakeTelegram(BOT_TOKEN);
    database = await createScratchDatabase(process.env.E2E_DATABASE_URL ?? LOCAL_POSTGRESQL, "shop_e2e_reviews");
    const telegramEnv = { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_ROOT: fake.url, TELEGRAM_MINI_APP_URL: MINI_APP_URL, PUBLIC_URL: "https://shop.example.ru" };
    server = await startServer({ env: { DATABASE_URL: database.url, TELEGRAM_BOT_USERNAME: "shop_test_bot", BOT_MODE: "off", ...telegramEnv } });
    db = await openDatabase({ databaseUrl: database.url, migrate: false });
    browser = await launchBrowser();

    // a buyer's order of four demo products without variants, 'Завершен' four days ago
    const products = await db.read<{ id: number; name: string; sku: string; price: string; image: string | null }>(
      `SELECT p.id, p.name, p.sku, p.price::text AS price, (SELECT image_url FROM product_images WHERE product_id = p.id ORDER BY position LIMIT 1) AS image
         FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
        ORDER BY (SELECT count(*) FROM reviews r WHERE r.product_id = p.id AND r.status = 'published') DESC, p.id LIMIT 4`,
      [],
    );
    await db.read(`INSERT INTO telegram_customers (telegram_user_id, username, first_name, last_name, updated_at) VALUES ($1, $2, $3, $4, now())`, [
      BUYER.id,
      BUYER.username,
      BUYER.first_name,
      BUYER.last_name,
    ]);
    const [order] = await db.read<{ id: number }>(
      `INSERT INTO orders (order_number, status, source, customer_name, customer_phone, subtotal, discount_amount, delivery_cost, total, telegram_user_id,
                           telegram_first_name, telegram_last_name, completed_at, updated_at)
       VALUES (nextval('order_number_seq')::text, 'completed', 'telegram', 'Вера Клюева', '79035551234', 0, 0, 0, 0, $1, 'Вера', 'Клюева', now() - interval '4 days', now())
       RETURNING id`,
      [BUYER.id],
    );
    for (const product of products) {
      const [line] = await db.read<{ id: number }>(
        `INSERT INTO order_items (order_id, product_id, product_name, product_sku, product_image, price, quantity) VALUES ($1, $2, $3, $4, $5, $6::numeric, 1) RETURNING id`,
        [order!.id, product.id, product.name, product.sku, product.image, product.price],
      );
      lines.push({ id: line!.id, productId: product.id, name: product.name });
    }

    // the bot's own process: its first round of review requests runs a few seconds after it starts
    bot = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["bot/src/main.ts"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: database.url, BOT_MODE: "polling", BOT_PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...telegramEnv },
      stdio: "ignore",
    });
    for (let waited = 0; fake.delivered(BUYER.id).length === 0 && waited < 90_000; waited += 500) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.delivered(BUYER.id)).toHaveLength(1);
    const message = fake.delivered(BUYER.id)[0]!;
    expect(message.params.text).toContain("Здравствуйте, Вера!");
    const buttons = (message.params.reply_markup.inline_keyboard as { text: string; url?: string }[][]).flat();
    expect(buttons.filter((button) => button.text === "1 ☆")).toHaveLength(4);
    link = buttons.find((button) => button.url)!.url!;
    token = /startapp=review_([A-Za-z0-9_-]+)$/.exec(link)![1]!;
  });

  afterAll(async () => {
    if (bot && bot.exitCode === null) {
      const exited = new Promise((resolve) => bot!.once("exit", resolve));
      bot.kill("SIGTERM");
      await exited;
    }
    await browser?.close();
    await server?.stop();
    await db?.close();
    await database?.drop();
    await fake?.close();
  });

  async function writeReview(page: Page, line: { name: string }, stars: number, words: string) {
    const card = page.getByTestId("review-line").filter({ hasText: line.name });
    await card.getByRole("radio", { name: `${stars} из 5` }).click();
    await card.getByRole("textbox").fill(words);
    await card.getByRole("button", { name: "Отправить отзыв" }).click();
    await card.getByText("Спасибо! Отзыв появится в магазине после проверки.").waitFor();
  }

  it.each([
    ["mobile", 0, 5, "Чашка тонкая, лёгкая, глазурь переливается. Пьём из неё каждое утро."],
    ["desktop", 1, 4, "Красиво, но упаковка могла бы быть надёжнее."],
  ] as [ViewportName, number, number, string][])("the buyer reviews from the link on the website (%s)", async (viewport, index, stars, words) => {
    const opened = await openPage(browser, viewport, { baseURL: server.url });
    try {
      const page = opened.page;
      await page.goto(`/review/${token}`);
      await page.getByRole("heading", { name: "Как вам покупки?" }).waitFor();
      expect(await page.getByTestId("review-line").count()).toBe(4);
      await shot(page, `review-screen-${viewport}`);
      await writeReview(page, lines[index]!, stars, words);
      await shot(page, `review-written-${viewport}`);
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it.each(["light", "dark"] as ThemeName[])("the buyer reviews in the Mini App the bot's button opens (%s)", async (theme) => {
    const opened = await openInTelegram(browser, server.url, theme, { user: BUYER });
    try {
      const page = opened.page;
      await miniAppLauncher(BOT_TOKEN)(page, "/", BUYER, theme, `review_${token}`);
      await page.waitForURL(`**/review/${token}**`);
      await page.getByRole("heading", { name: "Как вам покупки?" }).waitFor();
      if (theme === "light") await writeReview(page, lines[2]!, 5, "Очень аккуратная работа, подарила сестре — она в восторге.");
      else await page.getByTestId("review-line").filter({ hasText: lines[3]!.name }).getByRole("radio", { name: "3 из 5" }).click();
      await shot(page, `review-mini-app-${theme}`);
    } finally {
      await opened.close();
    }
  });

  it.each(["desktop", "mobile"] as ViewportName[])("the admin publishes the reviews and answers one (%s)", async (viewport) => {
    const opened = await openPage(browser, viewport, { baseURL: server.url });
    try {
      const page = opened.page;
      await page.goto("/admin/login");
      await page.getByLabel("Логин").fill(E2E_ADMIN.login);
      await page.getByLabel("Пароль").fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Войти" }).click();
      await page.waitForURL("**/admin/dashboard**");
      await page.getByRole("tab", { name: "Отзывы" }).click();
      const queue = page.getByTestId("admin-review");
      await queue.first().waitFor();
      await shot(page, `admin-reviews-${viewport}`);
      const ours = viewport === "desktop" ? [lines[0]!, lines[2]!] : [lines[1]!];
      for (const line of ours) {
        const review = queue.filter({ hasText: line.name }).filter({ hasText: "Вера К." });
        await review.getByRole("button", { name: "Опубликовать" }).click();
        await expect.poll(() => review.textContent()).toContain("Опубликован");
      }
      if (viewport === "desktop") {
        // the published ones leave the queue once it is read again: the answer is written under «Опубликованы»
        await page.getByRole("button", { name: "Опубликованы" }).click();
        const review = queue.filter({ hasText: lines[0]!.name }).filter({ hasText: "Вера К." });
        await review.getByRole("button", { name: "Ответить" }).click();
        await review.getByRole("textbox").fill("Спасибо, Вера! Рады, что чашка прижилась.");
        await review.getByRole("button", { name: "Сохранить ответ" }).click();
        await expect.poll(() => review.textContent()).toContain("Ответ магазина: Спасибо, Вера!");
        await shot(page, `admin-reviews-replied-${viewport}`);
      }
    } finally {
      await opened.close();
    }
  });

  it.each(["mobile", "desktop"] as ViewportName[])("the product page shows the review with the answer, its rating and its JSON-LD (%s)", async (viewport) => {
    const opened = await openPage(browser, viewport, { baseURL: server.url });
    try {
      const page = opened.page;
      const response = await page.goto(`/product/${lines[0]!.productId}`);
      const html = (await response!.text()) ?? "";
      const data = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
      const product = data.find((item) => item["@type"] === "Product")!;
      expect(product.aggregateRating).toMatchObject({ "@type": "AggregateRating" });
      expect((product.review as { reviewBody?: string }[]).some((review) => review.reviewBody?.startsWith("Чашка тонкая"))).toBe(true);
      const section = page.getByTestId("product-reviews");
      await section.scrollIntoViewIfNeeded();
      const ours = section.getByTestId("product-review").filter({ hasText: "Чашка тонкая" });
      await expect.poll(() => ours.textContent()).toContain("Спасибо, Вера! Рады, что чашка прижилась.");
      expect(await ours.textContent()).toContain("Вера К.");
      await shot(page, `product-reviews-${viewport}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `product-top-${viewport}`);
      expect(await page.getByTestId("product-rating").count()).toBe(1);
      // the catalogue's cards carry the rating
      await page.goto("/");
      await page.locator('[aria-label^="Рейтинг"]').first().waitFor();
      await shot(page, `catalog-ratings-${viewport}`);
    } finally {
      await opened.close();
    }
  });

  it.each(["light", "dark"] as ThemeName[])("the Mini App's product page shows the reviews (%s)", async (theme) => {
    const opened = await openInTelegram(browser, server.url, theme, { user: BUYER });
    try {
      const page = opened.page;
      await miniAppLauncher(BOT_TOKEN)(page, `/product/${lines[2]!.productId}`, BUYER, theme);
      const section = page.getByTestId("product-reviews");
      await section.waitFor();
      await section.getByText("Очень аккуратная работа, подарила сестре").waitFor();
      // the Mini App draws the page again once Telegram's surfaces are ready: scroll whichever section is there then
      await page.evaluate(() => document.querySelector('[data-testid="product-reviews"]')?.scrollIntoView());
      await shot(page, `product-reviews-mini-app-${theme}`);
    } finally {
      await opened.close();
    }
  });
});
