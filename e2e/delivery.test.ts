import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { CatalogResponse } from "@shop/shared/schemas/catalog";
import type { DeliverySettingsWire } from "@shop/shared/schemas/delivery";
import type { AdminOrder } from "@shop/shared/schemas/orders";
import { gotoApp, launchBrowser, openPage, type OpenedPage, type ViewportName } from "./helpers/browser";
import { miniAppLauncher, openInTelegram } from "./helpers/mini-app";
import { startServer, type ShopServer } from "./helpers/server";
import { haveChromium } from "./helpers/shop-for-tests";
import type { TelegramUserData, ThemeName } from "./helpers/telegram";
import { startCdekStandin, startPochtaStandin, standinEnv, type CdekStandin, type PochtaStandin } from "../core/test/helpers/carrier-standins";

/**
 * Delivery at checkout in Chromium (docs/delivery.md#quotes): the website on a phone and a desktop, and the Mini App
 * in the imitated Telegram client, light and dark — a city from the suggestions, the methods with price and dates, a
 * pickup point found by street, the delivery line in the totals as quoted, the order with its point; then the
 * admin's track number and the point and track in «Мои заказы». The carriers are the loopback stand-ins.
 * Screenshots: $DELIVERY_SHOTS_DIR (default test-results/screenshots/delivery).
 */

const BOT_TOKEN = "7000000007:E2E_token_for_delivery_in_the_mini_app";
const SHOTS = process.env.DELIVERY_SHOTS_DIR ?? path.resolve(import.meta.dirname, "../test-results/screenshots/delivery");
const USERS: Record<ThemeName, TelegramUserData> = {
  light: { id: 880000071, first_name: "Вера", last_name: "Лапина", username: "vera_delivery_e2e", language_code: "ru" },
  dark: { id: 880000072, first_name: "Олег", last_name: "Кузин", username: "oleg_delivery_e2e", language_code: "ru" },
};

const SETTINGS: DeliverySettingsWire = {
  methods: {
    pickup: { enabled: true, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    courier: { enabled: true, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    cdek_point: { enabled: true, markup_percent: 10, markup_roubles: 20, round_up_to_10: true, free_from: null, by_arrangement: false },
    cdek_door: { enabled: true, markup_percent: 10, markup_roubles: 20, round_up_to_10: true, free_from: null, by_arrangement: false },
    pochta: { enabled: true, markup_percent: 0, markup_roubles: 0, round_up_to_10: true, free_from: null, by_arrangement: false },
  },
  pickup: { address: "Москва, ул. Гончарная, 5", hours: "Пн–Пт 10:00–19:00" },
  courier: { price: 300, cities: ["Москва"] },
  origin: { city: "Москва", cdek_city_code: 44, postal_code: "101000" },
  parcel: { weight_grams: 500, length_cm: 20, width_cm: 15, height_cm: 10 },
};

let cdek: CdekStandin;
let pochta: PochtaStandin;
let shop: ShopServer;
let browser: Browser;
let cart: string;

const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: "disabled" });
};
const spaces = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

beforeAll(async () => {
  if (!haveChromium) return;
  cdek = await startCdekStandin();
  pochta = await startPochtaStandin();
  // a bot token without a username and no polling: initData is checked, and the website places orders itself
  shop = await startServer({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, BOT_MODE: "off", ...standinEnv(cdek, pochta) } });
  browser = await launchBrowser();
  await shop.adminApi("/api/delivery/settings", { method: "PUT", body: JSON.stringify(SETTINGS) });
  const first = (await (await shop.fetch("/api/products?page=1&limit=12")).json()) as CatalogResponse;
  const product = first.products.find((item) => item.images.length > 0)!;
  cart = JSON.stringify([{ ...product, quantity: 1 }]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await cdek?.close();
  await pochta?.close();
});

/** Moscow from the suggestions, СДЭК's pickup point on Тверская from the list; the totals' delivery line is checked. */
async function chooseCdekPoint(page: Page, name: string): Promise<void> {
  const picker = page.getByTestId("delivery-picker");
  await picker.getByLabel("Город").fill("Моск");
  await page.getByTestId("city-suggestions").getByRole("button", { name: /Москва/ }).click();
  const cdekLine = page.getByTestId("delivery-method-cdek_point");
  await expect.poll(() => cdekLine.textContent(), { timeout: 20_000 }).toMatch(/^СДЭК, пункт выдачи — \d+ руб\., 3–5 дней$/);
  await shot(page, `${name}-methods`);
  await cdekLine.click();
  await page.getByLabel("Поиск пункта выдачи").fill("Тверская");
  const points = page.getByTestId("delivery-points");
  await expect.poll(() => points.locator("li").count(), { timeout: 20_000 }).toBe(1);
  await points.locator("li").first().click();
  const price = Number((await cdekLine.textContent())!.match(/— (\d+) руб/)![1]);
  await expect.poll(async () => spaces(await page.getByTestId("checkout-delivery").textContent())).toBe(`${price}.00 руб.`);
  await shot(page, `${name}-point`);
}

async function fillContact(page: Page): Promise<void> {
  await page.getByLabel("Имя *").fill("Вера Лапина");
  await page.getByLabel("Телефон *").fill("9123456789");
}

describe.skipIf(!haveChromium)("delivery at checkout", () => {
  for (const viewport of ["mobile", "desktop"] as ViewportName[]) {
    it(`on the website (${viewport}): city, method, point, price, order with its point`, async () => {
      const opened: OpenedPage = await openPage(browser, viewport, { baseURL: shop.url });
      try {
        opened.page.setDefaultTimeout(60_000);
        await opened.context.addInitScript((stored: string) => localStorage.setItem("cart-items", stored), cart);
        await gotoApp(opened.page, "/checkout");
        await chooseCdekPoint(opened.page, `website-${viewport}`);
        await fillContact(opened.page);
        await opened.page.getByRole("button", { name: "Оформить заказ" }).last().click();
        await expect.poll(() => opened.page.url(), { timeout: 30_000 }).toContain("/order-success/");
        await shot(opened.page, `website-${viewport}-success`);
        const orders = await shop.adminApi<{ orders: AdminOrder[] }>("/api/orders?limit=1");
        expect(orders.orders[0]!.delivery).toMatchObject({ method: "cdek_point", point_code: "MSK1", point_address: "Тверская ул., 12" });
        expect(opened.errors).toEqual([]);
      } finally {
        await opened.close();
      }
    });
  }

  for (const viewport of ["desktop", "mobile"] as ViewportName[]) {
    it(`the admin's delivery settings (${viewport}) show what the seller saved`, async () => {
      const opened: OpenedPage = await openPage(browser, viewport, { baseURL: shop.url });
      try {
        opened.page.setDefaultTimeout(60_000);
        const token = await shop.adminToken();
        await opened.context.addInitScript((stored: string) => {
          localStorage.setItem("authToken", stored);
          localStorage.setItem("authLogin", "admin");
        }, token);
        await gotoApp(opened.page, "/admin/dashboard?tab=delivery");
        const form = opened.page.getByTestId("delivery-settings");
        await expect.poll(() => form.getByLabel("Адрес самовывоза").inputValue()).toBe("Москва, ул. Гончарная, 5");
        expect(await form.getByLabel("Код города отправки СДЭК").inputValue()).toBe("44");
        await shot(opened.page, `admin-settings-${viewport}`);
        await opened.page.getByTestId("delivery-settings").getByRole("button", { name: "Сохранить" }).click();
        await expect.poll(() => opened.page.getByText("Настройки доставки сохранены").count()).toBe(1);
        expect(opened.errors).toEqual([]);
      } finally {
        await opened.close();
      }
    });

    it(`in the admin's order view (${viewport}): the point, then the СДЭК shipment with its track number`, async () => {
      const orders = await shop.adminApi<{ orders: AdminOrder[] }>("/api/orders?limit=20");
      const order = orders.orders.find((candidate) => candidate.delivery?.method === "cdek_point" && !candidate.delivery.carrier_registered)!;
      const opened: OpenedPage = await openPage(browser, viewport, { baseURL: shop.url });
      try {
        opened.page.setDefaultTimeout(60_000);
        const token = await shop.adminToken();
        await opened.context.addInitScript((stored: string) => {
          localStorage.setItem("authToken", stored);
          localStorage.setItem("authLogin", "admin");
        }, token);
        await gotoApp(opened.page, "/admin/dashboard?tab=orders");
        const row = opened.page.locator(`tr[data-order="${order.order_number}"]`);
        await row.getByRole("button", { name: `Показать заказ #${order.order_number}` }).click();
        const panel = opened.page.getByTestId("order-delivery");
        await expect.poll(async () => spaces(await panel.textContent())).toContain("MSK1, Тверская ул., 12");
        await panel.getByRole("button", { name: "Зарегистрировать в СДЭК" }).click();
        await expect.poll(async () => spaces(await panel.textContent())).toContain("Отследить");
        const registered = await shop.adminApi<AdminOrder>(`/api/orders/${order.id}`);
        expect(registered.delivery).toMatchObject({ carrier_registered: true, track_number: cdek.orders.at(-1)!.cdekNumber });
        await panel.scrollIntoViewIfNeeded();
        await shot(opened.page, `admin-order-${viewport}`);
      } finally {
        await opened.close();
      }
    });
  }

  for (const theme of ["light", "dark"] as ThemeName[]) {
    it(`in the Mini App (${theme}): the point and the price, then the track number in «Мои заказы»`, async () => {
      const opened = await openInTelegram(browser, shop.url, theme);
      try {
        opened.page.setDefaultTimeout(60_000);
        await opened.context.addInitScript((stored: string) => localStorage.setItem("cart-items", stored), cart);
        await miniAppLauncher(BOT_TOKEN)(opened.page, "/checkout", USERS[theme], theme);
        await opened.page.locator("#root[data-app]").waitFor();
        await chooseCdekPoint(opened.page, `mini-app-${theme}`);
        await opened.page.getByLabel("Телефон *").fill("9123456789");
        // inside Telegram the submit is Telegram's main button: the form is submitted as the button would
        await opened.page.evaluate(() => (document.querySelector('form[aria-labelledby="checkout-contacts"]') as HTMLFormElement).requestSubmit());
        await expect.poll(() => opened.page.url(), { timeout: 30_000 }).toContain("/order-success/");
        const orders = await shop.adminApi<{ orders: AdminOrder[] }>("/api/orders?limit=1");
        const order = orders.orders[0]!;
        await shop.adminApi(`/api/orders/${order.id}/track-number`, {
          method: "PUT",
          body: JSON.stringify({ track_number: `100000${theme === "light" ? 1 : 2}234` }),
        });
        await miniAppLauncher(BOT_TOKEN)(opened.page, "/my-orders", USERS[theme], theme);
        const delivery = opened.page.getByTestId("my-order-delivery").first();
        await expect.poll(async () => spaces(await delivery.textContent()), { timeout: 30_000 }).toContain("СДЭК, пункт выдачи");
        expect(spaces(await delivery.textContent())).toContain("Трек 100000");
        await shot(opened.page, `mini-app-${theme}-my-orders`);
      } finally {
        await opened.close();
      }
    });
  }
});
