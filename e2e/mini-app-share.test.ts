import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { CatalogResponse, ProductCard } from "@shop/shared/schemas/catalog";
import { formatPrice } from "@shop/shared/format";
import { launchBrowser, screenshot, type OpenedPage } from "./helpers/browser";
import { miniAppLauncher, openInTelegram, telegramEventsOf } from "./helpers/mini-app";
import { startServer, type ShopServer } from "./helpers/server";
import { haveChromium } from "./helpers/shop-for-tests";
import { emitTelegramEvent, type TelegramUserData } from "./helpers/telegram";
import { startFakeTelegram, type FakeTelegram } from "../bot/test/helpers/fake-telegram";

/**
 * Sharing a product from the Mini App (docs/telegram.md#sharing-a-product), in Chromium with Telegram's client
 * imitated (helpers/telegram.ts) and the Bot API played by the stand-in on loopback: the share menu's Telegram item
 * has the server prepare the product's card (savePreparedInlineMessage for this user) and opens Telegram's share
 * dialog with the id it returns (web_app_send_prepared_message); no share link is opened.
 */

const BOT_TOKEN = "7000000002:E2E_token_for_sharing_from_the_mini_app";
const BOT_USERNAME = "handmade_share_bot";
const MINI_APP_URL = `https://t.me/${BOT_USERNAME}/shop`;
const USER: TelegramUserData = { id: 880000011, first_name: "Вера", username: "vera_e2e", language_code: "ru" };
const launch = miniAppLauncher(BOT_TOKEN);

let fake: FakeTelegram;
let server: ShopServer;
let browser: Browser;
let opened: OpenedPage;
let page: Page;
let product: ProductCard;

beforeAll(async () => {
  if (!haveChromium) return;
  fake = await startFakeTelegram(BOT_TOKEN);
  server = await startServer({
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: BOT_USERNAME,
      TELEGRAM_MINI_APP_URL: MINI_APP_URL,
      PUBLIC_URL: "https://shop.example.ru",
      BOT_MODE: "off",
      TELEGRAM_API_ROOT: fake.url,
    },
  });
  browser = await launchBrowser();
  opened = await openInTelegram(browser, server.url, "light");
  page = opened.page;
});

afterAll(async () => {
  await opened?.close();
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

const eventsOf = (type: string) => telegramEventsOf(page, type);

describe.skipIf(!haveChromium)("sharing a product from the Mini App", () => {
  it("sends the product's card through Telegram's share dialog with the id the server prepared", async () => {
    const catalog = (await (await server.fetch("/api/products?page=1&limit=1")).json()) as CatalogResponse;
    product = catalog.products[0]!;
    await launch(page, `/product/${product.id}`, USER, "light");
    await expect.poll(() => page.locator("h1").textContent(), { timeout: 15_000 }).toBe(product.name);

    await page.getByRole("button", { name: "Поделиться" }).click();
    await page.getByRole("menuitem", { name: "Telegram" }).click();
    await expect.poll(() => eventsOf("web_app_send_prepared_message"), { timeout: 10_000 }).toHaveLength(1);

    const prepared = fake.succeeded("savePreparedInlineMessage");
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.params.user_id).toBe(USER.id);
    expect(prepared[0]!.params.result).toMatchObject({
      id: `product_${product.id}`,
      reply_markup: { inline_keyboard: [[{ url: `${MINI_APP_URL}?startapp=product_${product.id}` }]] },
    });
    expect((await eventsOf("web_app_send_prepared_message"))[0]!.data).toEqual({ id: prepared[0]!.result.id });
    // the card went through the dialog: no share link was opened, and the menu closed
    expect(await eventsOf("web_app_open_tg_link")).toEqual([]);
    await expect.poll(() => page.getByRole("menu", { name: "Поделиться" }).count()).toBe(0);

    // Telegram reports the message sent; the page stays as it was
    await emitTelegramEvent(page, "prepared_message_sent");
    await screenshot(page, "mini-app-share-light", "mobile");
    expect(await page.locator("h1").textContent()).toBe(product.name);
  });

  it("falls back to the share link when Telegram refuses to prepare the card", async () => {
    fake.outage("savePreparedInlineMessage", { status: 400, description: "Bad Request: USER_ID_INVALID" });
    await page.getByRole("button", { name: "Поделиться" }).click();
    await page.getByRole("menuitem", { name: "Telegram" }).click();
    await expect.poll(() => eventsOf("web_app_open_tg_link"), { timeout: 10_000 }).toHaveLength(1);
    // the Mini App link that opens this product, with 'name - price руб.', through Telegram's chat picker
    const link = new URL(`https://t.me${(await eventsOf("web_app_open_tg_link"))[0]!.data!.path_full as string}`);
    expect(link.pathname).toBe("/share/url");
    expect(link.searchParams.get("url")).toBe(`${MINI_APP_URL}?startapp=product_${product.id}`);
    expect(link.searchParams.get("text")).toBe(`${product.name} - ${formatPrice(product.price)}`);
    expect(await eventsOf("web_app_send_prepared_message")).toHaveLength(1);
    fake.outage("savePreparedInlineMessage", null);
  });
});
