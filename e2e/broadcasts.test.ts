import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, type OpenedPage, type ViewportName } from "./helpers/browser";
import { E2E_ADMIN, chromiumPath, startServer, type ShopServer } from "./helpers/server";
import { signedInitData } from "./helpers/telegram";
import { startFakeTelegram, type FakeTelegram } from "../bot/test/helpers/fake-telegram";

/**
 * Broadcasts in Chromium (docs/product.md#broadcasts): the owner writes a message in «Рассылки», sends it to their
 * own chat, then to every customer who allowed the bot's messages, and reads the report — on a desktop and on a
 * phone. The bot's messages go to the Bot API stand-in; a few customers have blocked the bot.
 */

const BOT_TOKEN = "424242:E2E_broadcasts_token";
const OWNER_CHAT = 42;
const CUSTOMERS = 25;
const FIRST_ID = 880_001;
const BLOCKING = [FIRST_ID + 4, FIRST_ID + 11, FIRST_ID + 20];

describe.skipIf(!chromiumPath())("broadcasts from the admin panel", () => {
  let fake: FakeTelegram;
  let server: ShopServer;
  let browser: Browser;

  async function signIn(page: Page) {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Войти" }).waitFor();
    await page.getByLabel("Логин").fill(E2E_ADMIN.login);
    await page.getByLabel("Пароль").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL("**/admin/dashboard**");
  }

  beforeAll(async () => {
    fake = await startFakeTelegram(BOT_TOKEN);
    server = await startServer({
      seed: false,
      env: {
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_BOT_USERNAME: "shop_test_bot",
        TELEGRAM_MINI_APP_URL: "https://t.me/shop_test_bot/shop",
        TELEGRAM_API_ROOT: fake.url,
        BOT_MODE: "off",
        MANAGER_CHAT_IDS: String(OWNER_CHAT),
        BROADCAST_RATE: "50",
      },
    });
    await server.adminApi("/api/admin/categories", { method: "POST", body: JSON.stringify({ name: "Керамика", type: "main" }) });
    // customers who opened the Mini App and allowed the bot to write to them
    for (let i = 0; i < CUSTOMERS; i++) {
      const user = { id: FIRST_ID + i, first_name: `Покупатель ${i + 1}` };
      const response = await server.fetch("/api/telegram-user", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Telegram-Init-Data": signedInitData(BOT_TOKEN, user) },
        body: JSON.stringify({ telegram_user_id: user.id, telegram_first_name: user.first_name }),
      });
      expect(response.status).toBe(200);
    }
    for (const id of BLOCKING) fake.chatFailure(id, { status: 403, description: "Forbidden: bot was blocked by the user" });
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it.each([
    ["desktop", CUSTOMERS, BLOCKING.length],
    // the second broadcast leaves out those the first found blocked
    ["mobile", CUSTOMERS - BLOCKING.length, 0],
  ] as [ViewportName, number, number][])("write, preview, send, see the report (%s)", async (viewport, recipients, blocked) => {
    const opened: OpenedPage = await openPage(browser, viewport, { baseURL: server.url });
    try {
      const page = opened.page;
      page.on("dialog", (dialog) => void dialog.accept());
      await signIn(page);
      await page.getByRole("tab", { name: "Рассылки" }).click();
      const form = page.getByTestId("broadcast-form");
      await expect.poll(() => page.getByTestId("broadcast-recipients").textContent()).toContain(`Получат: ${recipients}`);
      const text = viewport === "desktop" ? "Новая коллекция ваз уже в магазине! Успейте до выходных." : "Свечи ручной работы снова в наличии.";
      await form.getByLabel("Текст сообщения").fill(text);
      await form.getByLabel("Кнопка под сообщением").selectOption("catalog");
      await expect.poll(() => form.getByLabel("Ваш чат в Telegram для проверки").inputValue()).toBe(String(OWNER_CHAT));
      await screenshot(page, "broadcasts-form", viewport, true);

      await form.getByRole("button", { name: "Отправить себе" }).click();
      await expect.poll(() => fake.delivered(OWNER_CHAT).filter((call) => call.params.text === text).length).toBe(1);

      await form.getByRole("button", { name: "Разослать" }).click();
      const report = page.getByTestId("broadcast").filter({ hasText: text });
      await expect.poll(() => report.textContent(), { timeout: 20_000 }).toContain("Завершена");
      const shown = (await report.getByTestId("broadcast-report").textContent()) ?? "";
      expect(shown).toContain(`Получателей${recipients}`);
      expect(shown).toContain(`Доставлено${recipients - blocked}`);
      expect(shown).toContain(`Заблокировали бота${blocked}`);
      expect(shown).toContain("Ошибки0");
      expect(fake.delivered().filter((call) => call.params.text === text && call.params.chat_id !== OWNER_CHAT)).toHaveLength(recipients - blocked);
      // the toasts have gone: the report is what the page shows
      await expect.poll(() => page.getByRole("status").count(), { timeout: 10_000 }).toBe(0);
      await screenshot(page, "broadcasts-report", viewport, true);
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 120_000);
});
