import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { CatalogResponse } from "@shop/shared/schemas/catalog";
import type { AdminOrder } from "@shop/shared/schemas/orders";
import { gotoApp, launchBrowser, openPage, type OpenedPage, type ViewportName } from "./helpers/browser";
import { miniAppLauncher, openInTelegram } from "./helpers/mini-app";
import { startServer, type ShopServer } from "./helpers/server";
import { haveChromium } from "./helpers/shop-for-tests";
import type { TelegramUserData, ThemeName } from "./helpers/telegram";

/**
 * Promo codes in Chromium (docs/product.md#promo-codes): on the website at 390×844 and 1280×800 a code typed in the
 * cart (and one brought by `/?promo=`), in the Mini App in the imitated Telegram client, light and dark, a code
 * brought by `startapp=promo_CODE`; the discount line and the rule in the totals, then the order with the code.
 * Screenshots: $PROMO_SHOTS_DIR (default test-results/screenshots/promo-codes).
 */

const BOT_TOKEN = "7000000007:E2E_token_for_promo_codes_in_the_mini_app";
const SHOTS = process.env.PROMO_SHOTS_DIR ?? path.resolve(import.meta.dirname, "../test-results/screenshots/promo-codes");
const USERS: Record<ThemeName, TelegramUserData> = {
  light: { id: 880000081, first_name: "Нина", last_name: "Орлова", username: "nina_promo_e2e", language_code: "ru" },
  dark: { id: 880000082, first_name: "Пётр", last_name: "Соколов", username: "petr_promo_e2e", language_code: "ru" },
};

let shop: ShopServer;
let browser: Browser;
let cart: string;

const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: "disabled" });
};
/** Scrolls the element to the middle of the screen, clear of the phone's sticky footer. */
const centre = (page: Page, testId: string) => page.getByTestId(testId).first().evaluate((element) => element.scrollIntoView({ block: "center" }));
const spaces = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

beforeAll(async () => {
  if (!haveChromium) return;
  // a bot token without a username and no polling: initData is checked, and the website places orders itself
  shop = await startServer({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, BOT_MODE: "off" } });
  browser = await launchBrowser();
  // 15 % beats every volume tier (at most 13 %): the code's discount is the one shown
  for (const code of ["ПРОБА15", "SPRING15"]) {
    await shop.adminApi("/api/admin/promo-codes", { method: "POST", body: JSON.stringify({ code, kind: "percent", value: 15 }) });
  }
  const first = (await (await shop.fetch("/api/products?page=1&limit=12")).json()) as CatalogResponse;
  const product = first.products.find((item) => item.images.length > 0 && item.price < 3000)!;
  cart = JSON.stringify([{ ...product, quantity: 1 }]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** The cart's summary with the code applied: its chip, the message, the rule and the discount line. */
async function expectCodeApplied(page: Page, code: string, prefix: "cart" | "checkout"): Promise<void> {
  await expect.poll(() => page.getByTestId("promo-code").first().textContent(), { timeout: 20_000 }).toBe(code);
  await expect.poll(async () => spaces(await page.getByTestId("promo-message").first().textContent()), { timeout: 20_000 }).toMatch(
    new RegExp(`^Промокод «${code}» применён: −[\\d ]+\\.\\d\\d руб\\.$`),
  );
  expect(await page.getByTestId("promo-rule").first().textContent()).toContain("не суммируются: действует бо́льшая");
  expect(await page.getByText(`Скидка по промокоду ${code}`).first().isVisible()).toBe(true);
  expect(spaces(await page.getByTestId(`${prefix}-discount`).first().textContent())).toMatch(/^−[\d ]+\.\d\d руб\.$/);
}

async function lastOrder(): Promise<AdminOrder> {
  const orders = await shop.adminApi<{ orders: AdminOrder[] }>("/api/orders?limit=1");
  return orders.orders[0]!;
}

describe.skipIf(!haveChromium)("promo codes", () => {
  for (const viewport of ["mobile", "desktop"] as ViewportName[]) {
    it(`on the website (${viewport}): the code in the cart, its discount, the order with it`, async () => {
      const opened: OpenedPage = await openPage(browser, viewport, { baseURL: shop.url });
      try {
        opened.page.setDefaultTimeout(60_000);
        await opened.context.addInitScript((stored: string) => localStorage.setItem("cart-items", stored), cart);
        if (viewport === "mobile") {
          // the link applies the code: the cart shows it
          await gotoApp(opened.page, `/?promo=${encodeURIComponent("проба15")}`);
          await gotoApp(opened.page, "/cart");
        } else {
          await gotoApp(opened.page, "/cart");
          await opened.page.getByTestId("promo-input").fill("проба15");
          await shot(opened.page, `website-${viewport}-typed`);
          await opened.page.getByTestId("promo-apply").click();
        }
        await expectCodeApplied(opened.page, "ПРОБА15", "cart");
        await centre(opened.page, "promo-applied");
        await shot(opened.page, `website-${viewport}-cart`);

        await gotoApp(opened.page, "/checkout");
        await expectCodeApplied(opened.page, "ПРОБА15", "checkout");
        await opened.page.getByLabel("Имя *").fill("Нина Орлова");
        await opened.page.getByLabel("Телефон *").fill("9123456789");
        await centre(opened.page, "promo-applied");
        await shot(opened.page, `website-${viewport}-checkout`);
        const total = spaces(await opened.page.getByTestId("checkout-total").textContent());
        await opened.page.getByRole("button", { name: "Оформить заказ" }).last().click();
        await expect.poll(() => opened.page.url(), { timeout: 30_000 }).toContain("/order-success/");
        await shot(opened.page, `website-${viewport}-success`);
        const order = await lastOrder();
        expect(order.promo_code).toBe("ПРОБА15");
        expect(`${order.total.toFixed(2)} руб.`).toBe(total.replace(/ (?=\d{3}\.)/g, ""));
        expect(opened.errors).toEqual([]);
      } finally {
        await opened.close();
      }
    });
  }

  it("says why a code does not apply (website, phone)", async () => {
    const opened: OpenedPage = await openPage(browser, "mobile", { baseURL: shop.url });
    try {
      opened.page.setDefaultTimeout(60_000);
      await opened.context.addInitScript((stored: string) => localStorage.setItem("cart-items", stored), cart);
      await gotoApp(opened.page, "/cart");
      await opened.page.getByTestId("promo-input").fill("НЕТТАКОГО");
      await opened.page.getByTestId("promo-apply").click();
      await expect.poll(() => opened.page.getByTestId("promo-message").textContent(), { timeout: 20_000 }).toBe(
        "Промокод «НЕТТАКОГО» не найден. Проверьте, нет ли в нём опечатки.",
      );
      await centre(opened.page, "promo-applied");
      await shot(opened.page, "website-mobile-unknown");
      await opened.page.getByTestId("promo-remove").click();
      expect(await opened.page.getByTestId("promo-input").isVisible()).toBe(true);
    } finally {
      await opened.close();
    }
  });

  for (const viewport of ["desktop", "mobile"] as ViewportName[]) {
    it(`in the admin's «Промокоды» tab (${viewport}): a new code, the list with uses, orders and revenue`, async () => {
      const opened: OpenedPage = await openPage(browser, viewport, { baseURL: shop.url });
      try {
        opened.page.setDefaultTimeout(60_000);
        const token = await shop.adminToken();
        await opened.context.addInitScript((stored: string) => {
          localStorage.setItem("authToken", stored);
          localStorage.setItem("authLogin", "admin");
        }, token);
        await gotoApp(opened.page, "/admin/dashboard?tab=promo");
        const form = opened.page.getByRole("form", { name: "Новый промокод" });
        const code = viewport === "desktop" ? "ЗИМА300" : "ЗИМА200";
        await form.getByLabel("Код", { exact: true }).fill(code);
        await form.getByLabel("Размер скидки").fill("300");
        await form.getByLabel("Вид скидки").selectOption("fixed");
        await form.getByLabel("Заказ от, ₽").fill("1500");
        await form.getByLabel("Действует с").fill("2026-12-01");
        await form.getByLabel("по", { exact: true }).fill("2027-01-10");
        await form.getByRole("button", { name: "Создать промокод" }).click();
        const row = opened.page.locator(`tr[data-promo="${code}"]`);
        await expect.poll(async () => spaces(await row.textContent()), { timeout: 20_000 }).toContain("01.12.2026 – 10.01.2027");
        expect(spaces(await row.textContent())).toContain("300.00 ₽");
        const used = opened.page.locator('tr[data-promo="ПРОБА15"]');
        expect(Number(spaces(await used.locator("td").nth(4).textContent()))).toBeGreaterThan(0);
        await shot(opened.page, `admin-${viewport}`);
        await row.getByRole("button", { name: "Отключить" }).click();
        await expect.poll(async () => spaces(await row.textContent())).toContain("Отключён");
        expect(opened.errors).toEqual([]);
      } finally {
        await opened.close();
      }
    });
  }

  for (const theme of ["light", "dark"] as ThemeName[]) {
    it(`in the Mini App (${theme}): the code from startapp=promo_…, its discount, the order with it`, async () => {
      const opened = await openInTelegram(browser, shop.url, theme);
      try {
        opened.page.setDefaultTimeout(60_000);
        await opened.context.addInitScript((stored: string) => localStorage.setItem("cart-items", stored), cart);
        await miniAppLauncher(BOT_TOKEN)(opened.page, "/cart", USERS[theme], theme, "promo_SPRING15");
        await opened.page.locator("#root[data-app]").waitFor();
        await expectCodeApplied(opened.page, "SPRING15", "cart");
        await centre(opened.page, "promo-applied");
        await shot(opened.page, `mini-app-${theme}-cart`);
        await miniAppLauncher(BOT_TOKEN)(opened.page, "/checkout", USERS[theme], theme);
        await opened.page.locator("#root[data-app]").waitFor();
        await expectCodeApplied(opened.page, "SPRING15", "checkout");
        await opened.page.getByLabel("Телефон *").fill("9123456789");
        await centre(opened.page, "promo-applied");
        await shot(opened.page, `mini-app-${theme}-checkout`);
        // inside Telegram the submit is Telegram's main button: the form is submitted as the button would
        await opened.page.evaluate(() => (document.querySelector('form[aria-labelledby="checkout-contacts"]') as HTMLFormElement).requestSubmit());
        await expect.poll(() => opened.page.url(), { timeout: 30_000 }).toContain("/order-success/");
        await shot(opened.page, `mini-app-${theme}-success`);
        const order = await lastOrder();
        expect(order).toMatchObject({ promo_code: "SPRING15", discount_percent: 0, source: "telegram_mini_app" });
        expect(order.discount_amount).toBeGreaterThan(0);
      } finally {
        await opened.close();
      }
    });
  }
});
