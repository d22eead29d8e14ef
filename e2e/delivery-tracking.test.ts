import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { CatalogResponse } from "@shop/shared/schemas/catalog";
import type { DeliverySettingsWire } from "@shop/shared/schemas/delivery";
import type { AdminOrder } from "@shop/shared/schemas/orders";
import { launchBrowser, type ViewportName } from "./helpers/browser";
import { miniAppLauncher, openInTelegram, telegramEventsOf } from "./helpers/mini-app";
import { startServer, type ShopServer } from "./helpers/server";
import { haveChromium } from "./helpers/shop-for-tests";
import { emitTelegramEvent, type TelegramUserData, type ThemeName } from "./helpers/telegram";
import { invoiceOf, payInvoice } from "./helpers/payments";
import { startFakeTelegram, type FakeTelegram } from "../bot/test/helpers/fake-telegram";
import { startCdekStandin, startPochtaStandin, standinEnv, type CdekStandin, type PochtaStandin } from "../core/test/helpers/carrier-standins";

/**
 * From the delivery step to the parcel's tracking, in Chromium with the Telegram client imitated (docs/delivery.md):
 * a city from the suggestions, a СДЭК pickup point from the list, its price in the totals, the order invoiced at once
 * and paid in Telegram's form (the shop's real bot against the Bot API stand-in), the track number typed for it, and
 * «Мои заказы» showing the method, the point and the track number with its tracking link — on a phone (390×844) in the
 * light and the dark theme, and in Telegram on a desktop (1280×800). Screenshots: $DELIVERY_SHOTS_DIR.
 */

const BOT_TOKEN = "7000000011:E2E_token_for_delivery_tracking";
const PROVIDER_TOKEN = "381764678:TEST:100037";
const SHOTS = process.env.DELIVERY_SHOTS_DIR ?? path.resolve(import.meta.dirname, "../test-results/screenshots/delivery");

const CASES: { theme: ThemeName; viewport: ViewportName; user: TelegramUserData }[] = [
  { theme: "light", viewport: "mobile", user: { id: 880000081, first_name: "Вера", last_name: "Лапина", username: "vera_track_e2e", language_code: "ru" } },
  { theme: "dark", viewport: "mobile", user: { id: 880000082, first_name: "Олег", last_name: "Кузин", username: "oleg_track_e2e", language_code: "ru" } },
  { theme: "light", viewport: "desktop", user: { id: 880000083, first_name: "Нина", last_name: "Ершова", username: "nina_track_e2e", language_code: "ru" } },
];

const SETTINGS: DeliverySettingsWire = {
  methods: {
    pickup: { enabled: true, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    courier: { enabled: false, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    cdek_point: { enabled: true, markup_percent: 10, markup_roubles: 20, round_up_to_10: true, free_from: null, by_arrangement: false },
    cdek_door: { enabled: false, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    pochta: { enabled: false, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
  },
  pickup: { address: "Москва, ул. Гончарная, 5", hours: "Пн–Пт 10:00–19:00" },
  courier: { price: 300, cities: [] },
  origin: { city: "Москва", cdek_city_code: 44, postal_code: "101000" },
  parcel: { weight_grams: 500, length_cm: 20, width_cm: 15, height_cm: 10 },
};

let telegram: FakeTelegram;
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
  telegram = await startFakeTelegram(BOT_TOKEN);
  cdek = await startCdekStandin();
  pochta = await startPochtaStandin();
  shop = await startServer({
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: "handmade_track_bot",
      TELEGRAM_API_ROOT: telegram.url,
      BOT_MODE: "polling",
      PAYMENT_PROVIDER_TOKEN: PROVIDER_TOKEN,
      ...standinEnv(cdek, pochta),
    },
  });
  browser = await launchBrowser();
  await shop.adminApi("/api/delivery/settings", { method: "PUT", body: JSON.stringify(SETTINGS) });
  const first = (await (await shop.fetch("/api/products?page=1&limit=12")).json()) as CatalogResponse;
  const product = first.products.find((item) => item.images.length > 0 && !item.has_options)!;
  cart = JSON.stringify([{ ...product, quantity: 1 }]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await telegram?.close();
  await cdek?.close();
  await pochta?.close();
});

describe.skipIf(!haveChromium)("delivery tracked in «Мои заказы»", () => {
  for (const { theme, viewport, user } of CASES) {
    const name = `track-${viewport}-${theme}`;
    it(`${viewport} ${theme}: city, point, price, pay, then the track number and its link in «Мои заказы»`, async () => {
      const opened = await openInTelegram(browser, shop.url, theme, { viewport });
      const { page } = opened;
      try {
        page.setDefaultTimeout(60_000);
        await opened.context.addInitScript((stored: string) => localStorage.setItem("cart-items", stored), cart);
        await miniAppLauncher(BOT_TOKEN)(page, "/checkout", user, theme);
        await page.locator("#root[data-app]").waitFor();

        // the city from the suggestions, СДЭК's point on Тверская from the list, its price in the totals
        const picker = page.getByTestId("delivery-picker");
        await picker.getByLabel("Город").fill("Моск");
        await page.getByTestId("city-suggestions").getByRole("button", { name: /Москва/ }).click();
        const cdekLine = page.getByTestId("delivery-method-cdek_point");
        await expect.poll(() => cdekLine.textContent(), { timeout: 20_000 }).toMatch(/^СДЭК, пункт выдачи — \d+ руб\., 3–5 дней$/);
        await cdekLine.click();
        await page.getByLabel("Поиск пункта выдачи").fill("Тверская");
        const points = page.getByTestId("delivery-points");
        await expect.poll(() => points.locator("li").count(), { timeout: 20_000 }).toBe(1);
        await points.locator("li").first().click();
        const price = Number((await cdekLine.textContent())!.match(/— (\d+) руб/)![1]);
        await expect.poll(async () => spaces(await page.getByTestId("checkout-delivery").textContent())).toBe(`${price}.00 руб.`);
        await shot(page, `${name}-checkout`);
        await page.getByLabel("Телефон *").fill("9123456789");
        // inside Telegram the submit is Telegram's main button: the form is submitted as the button would
        await page.evaluate(() => (document.querySelector('form[aria-labelledby="checkout-contacts"]') as HTMLFormElement).requestSubmit());
        await expect.poll(() => page.url(), { timeout: 30_000 }).toContain("/order-success/");
        const number = spaces(await page.getByTestId("order-number").textContent());
        const order = (await shop.adminApi<{ orders: AdminOrder[] }>(`/api/orders?limit=5`)).orders.find((candidate) => candidate.order_number === number)!;
        expect(order).toMatchObject({ payment_status: "invoiced", delivery_cost: price, delivery: { method: "cdek_point", point_code: "MSK1" } });
        await shot(page, `${name}-success`);

        // pay: «Оплатить заказ» leads to «Мои заказы», whose «Оплатить» opens Telegram's payment form
        await page.getByTestId("order-pay").click();
        const card = page.getByTestId("my-order").filter({ hasText: `Заказ №${number}` });
        await card.getByRole("button", { name: "Оплатить" }).click();
        await expect.poll(() => telegramEventsOf(page, "web_app_open_invoice"), { timeout: 30_000 }).toHaveLength(1);
        const link = telegram.succeeded("createInvoiceLink").filter((call) => String(call.params.payload).startsWith(`order:${order.id}:`)).at(-1)!;
        const invoice = invoiceOf(link);
        expect(invoice.totalAmount).toBe(Math.round(order.total * 100));
        expect(await payInvoice(telegram, user, invoice)).toEqual({ ok: true });
        await expect.poll(async () => (await shop.adminApi<AdminOrder>(`/api/orders/${order.id}`)).payment_status, { timeout: 30_000 }).toBe("paid");
        const slug = (await telegramEventsOf(page, "web_app_open_invoice"))[0]!.data!.slug as string;
        await emitTelegramEvent(page, "invoice_closed", { slug, status: "paid" });
        await expect.poll(() => card.getByText("Оплачен", { exact: true }).count(), { timeout: 30_000 }).toBe(1);

        // the seller ships it and types the track number; «Мои заказы» shows it with СДЭК's tracking link
        const track = `${user.id}`.slice(-6) + "4321";
        await shop.adminApi(`/api/orders/${order.id}/track-number`, { method: "PUT", body: JSON.stringify({ track_number: track }) });
        // opened again: the same path with a new launch fragment would only change the hash, so the page reloads
        await miniAppLauncher(BOT_TOKEN)(page, "/my-orders", user, theme);
        await page.reload();
        const delivery = page.getByTestId("my-order").filter({ hasText: `Заказ №${number}` }).getByTestId("my-order-delivery");
        await expect.poll(async () => spaces(await delivery.textContent()), { timeout: 30_000 }).toContain(`Трек ${track}`);
        expect(spaces(await delivery.textContent())).toContain("СДЭК, пункт выдачи");
        expect(spaces(await delivery.textContent())).toContain("MSK1, Тверская ул., 12");
        expect(await delivery.getByRole("link", { name: track }).getAttribute("href")).toBe(`https://www.cdek.ru/ru/tracking/?order_id=${track}`);
        // the method's label stays on one line
        const label = delivery.getByText("СДЭК, пункт выдачи", { exact: true });
        const box = (await label.boundingBox())!;
        const lineHeight = await label.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 20);
        expect(box.height).toBeLessThan(lineHeight * 1.5);
        await delivery.scrollIntoViewIfNeeded();
        await shot(page, `${name}-my-orders`);
        expect(opened.errors).toEqual([]);
      } finally {
        await opened.close();
      }
    });
  }
});
