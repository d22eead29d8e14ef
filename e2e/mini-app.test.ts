import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Request } from "playwright-core";
import type { CatalogResponse, ProductCard } from "@shop/shared/schemas/catalog";
import type { AdminOrdersResponse, CreateOrderBody } from "@shop/shared/schemas/orders";
import { formatPrice } from "@shop/shared/format";
import { holdScripts, launchBrowser, openPage, screenshot, type OpenedPage } from "./helpers/browser";
import { catalogLoaded, lastTelegramEvent as lastEvent, miniAppLauncher, noToasts, openInTelegram, recordRequests, rgb } from "./helpers/mini-app";
import { startServer, type ShopServer } from "./helpers/server";
import { haveChromium } from "./helpers/shop-for-tests";
import {
  THEMES,
  changeTelegramTheme,
  emitTelegramEvent as emit,
  launchUrl,
  signedInitData as signWith,
  telegramEvents as events,
  type TelegramUserData,
  type ThemeName,
} from "./helpers/telegram";
import { startFakeTelegram, type FakeTelegram } from "../bot/test/helpers/fake-telegram";

/**
 * The shop as a Telegram Mini App in Chromium at 390×844, with Telegram imitated the way its mobile clients present
 * themselves to a web app (helpers/telegram.ts): signed launch parameters in the URL hash, the app's method calls
 * recorded through `TelegramWebviewProxy.postEvent`, Telegram's events delivered through
 * `Telegram.WebView.receiveEvent`. The server runs with a bot token and BOT_MODE=off: it validates initData, and
 * reaches the Bot API (a stand-in on loopback) only to prepare a shared product's card. Screenshots:
 * test-results/screenshots/mini-app-<screen>-<theme>-mobile.png.
 */

const BOT_TOKEN = "7000000001:E2E_token_that_signs_the_mini_app_init_data";
const BOT_USERNAME = "handmade_e2e_bot";
const MINI_APP_URL = `https://t.me/${BOT_USERNAME}/shop`;
const signedInitData = (user: TelegramUserData, startParam?: string) => signWith(BOT_TOKEN, user, startParam);
const launch = miniAppLauncher(BOT_TOKEN);

let server: ShopServer;
let browser: Browser;
let telegram: FakeTelegram;

beforeAll(async () => {
  if (!haveChromium) return;
  telegram = await startFakeTelegram(BOT_TOKEN);
  server = await startServer({
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: BOT_USERNAME,
      TELEGRAM_MINI_APP_URL: MINI_APP_URL,
      BOT_MODE: "off",
      // only the share button's savePreparedInlineMessage reaches the Bot API
      TELEGRAM_API_ROOT: telegram.url,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await telegram?.close();
});

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await server.fetch(path, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface MiniAppPage extends OpenedPage {
  /** every request the page made */
  requests: Request[];
  scripts(): string[];
}

/**
 * A phone-sized page whose window plays the Telegram client (also for the plain-website check: nothing may call
 * it); `client: false` is a plain browser without one.
 */
async function openMiniApp(theme: ThemeName, options: { client?: boolean } = {}): Promise<MiniAppPage> {
  const opened =
    options.client === false ? await openPage(browser, "mobile", { baseURL: server.url }) : await openInTelegram(browser, server.url, theme);
  const requests = recordRequests(opened.page);
  return {
    ...opened,
    requests,
    scripts: () => requests.filter((request) => request.resourceType() === "script").map((request) => new URL(request.url()).pathname),
  };
}

const backButtonVisible = async (page: Page) => (await lastEvent(page, "web_app_setup_back_button"))?.data?.is_visible === true;
const mainButton = async (page: Page) => (await lastEvent(page, "web_app_setup_main_button"))?.data;
const closingConfirmation = async (page: Page) =>
  (await lastEvent(page, "web_app_setup_closing_behavior"))?.data?.need_confirmation === true;
const haptics = async (page: Page) =>
  (await events(page)).filter((event) => event.type === "web_app_trigger_haptic_feedback").map((event) => event.data);

const rootStyle = (page: Page, name: string) =>
  page.evaluate((variable) => document.documentElement.style.getPropertyValue(variable), name);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The page and Telegram's frame around it have taken the dark theme: its colours, text, and the frame's background. */
async function inDarkTheme(page: Page): Promise<void> {
  await expect.poll(() => rootStyle(page, "--tg-theme-bg-color")).toBe(THEMES.dark.bg_color);
  await expect.poll(() => bodyBackground(page)).toBe(rgb(THEMES.dark.secondary_bg_color));
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  await expect.poll(() => page.locator("h1").evaluate((element) => getComputedStyle(element).color)).toBe(rgb(THEMES.dark.text_color));
  // Telegram's own frame follows too: the background colour is sent again in the new theme
  await expect.poll(() => lastEvent(page, "web_app_set_background_color")).toMatchObject({ data: { color: THEMES.dark.secondary_bg_color } });
}

const USERS: Record<ThemeName, TelegramUserData> = {
  light: { id: 880000001, first_name: "Анна", last_name: "Петрова", username: "anna_e2e", language_code: "ru" },
  dark: { id: 880000002, first_name: "Олег", last_name: "Смирнов", username: "oleg_e2e", language_code: "ru" },
};

describe.skipIf(!haveChromium).each(["light", "dark"] as const)("Mini App in the %s theme", (theme) => {
  let app: MiniAppPage;
  let page: Page;
  const user = USERS[theme];
  const initData = signedInitData(user);
  /** test-results/screenshots/mini-app-<name>-<theme>-mobile.png, once the toasts (3 s) have gone */
  const shot = async (name: string, fullPage = false) => {
    await noToasts(page);
    return screenshot(page, `mini-app-${name}-${theme}`, "mobile", fullPage);
  };
  let product: ProductCard;

  beforeAll(async () => {
    app = await openMiniApp(theme);
    page = app.page;
  });

  afterAll(async () => {
    await app?.close();
  });

  it("starts inside Telegram: theme, full height, safe areas, the user synced, no BackButton on the catalogue", async () => {
    await page.goto(launchUrl("/", initData, theme));
    await catalogLoaded(page);

    // Telegram's theme: the SDK binds it to --tg-theme-*, which the shop's palette uses
    await expect.poll(() => rootStyle(page, "--tg-theme-bg-color")).toBe(THEMES[theme].bg_color);
    expect(await rootStyle(page, "--tg-theme-button-color")).toBe(THEMES[theme].button_color);
    expect(await bodyBackground(page)).toBe(rgb(THEMES[theme].secondary_bg_color));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    const firstCard = page.locator('[aria-label="Товары"] article').first();
    expect(await firstCard.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb(THEMES[theme].section_bg_color));

    // expanded, ready, and the header and background of Telegram's own frame follow the page
    await expect.poll(async () => (await events(page)).map((event) => event.type)).toEqual(
      expect.arrayContaining(["web_app_expand", "web_app_ready", "web_app_request_viewport", "web_app_set_background_color"]),
    );
    // safe areas and the stable height reach CSS; the bottom navigation clears the home indicator
    await expect.poll(() => rootStyle(page, "--tg-viewport-safe-area-inset-bottom")).toBe("34px");
    expect(await rootStyle(page, "--tg-viewport-stable-height")).toBe("844px");
    const nav = page.locator('nav[aria-label="Разделы"]');
    const navBox = (await nav.boundingBox())!;
    expect(navBox.y + navBox.height).toBe(844);
    expect(await nav.evaluate((element) => getComputedStyle(element).paddingBottom)).toBe("34px");

    // the user is sent to the server once, with the signed initData
    await expect
      .poll(() => app.requests.filter((request) => new URL(request.url()).pathname === "/api/telegram-user").length)
      .toBe(1);
    const sync = app.requests.find((request) => new URL(request.url()).pathname === "/api/telegram-user")!;
    expect(sync.headers()["x-telegram-init-data"]).toBe(initData);
    expect((await sync.response())?.status()).toBe(200);
    expect(sync.postDataJSON()).toMatchObject({ telegram_user_id: user.id, telegram_username: user.username, telegram_first_name: user.first_name });

    // the catalogue root has no BackButton; the my-orders link is there (only inside the messenger)
    expect(await backButtonVisible(page)).toBe(false);
    expect(await page.getByRole("link", { name: "Мои заказы" }).isVisible()).toBe(true);
    expect(app.scripts().some((file) => /telegram-sdk/.test(file))).toBe(true);
    await shot("catalog");
  });

  it("adds to the cart with a haptic tap and then asks before closing", async () => {
    expect(await closingConfirmation(page)).toBe(false);
    const firstCard = page.locator('[aria-label="Товары"] article').first();
    const name = (await firstCard.locator("h3").textContent())!;
    const catalog = await api<CatalogResponse>("/api/products?page=1&limit=12");
    product = catalog.products.find((item) => item.name === name)!;
    await firstCard.getByRole("button", { name: "В корзину" }).click();
    await expect.poll(() => haptics(page)).toContainEqual({ type: "impact", impact_style: "light" });
    await expect.poll(() => closingConfirmation(page)).toBe(true);
  });

  it("shows the BackButton on the product page, and pressing it goes back to the catalogue", async () => {
    await page.locator('[aria-label="Товары"] article h3 a').first().click();
    await expect.poll(() => page.locator("h1").textContent()).toBe(product.name);
    await expect.poll(() => backButtonVisible(page)).toBe(true);
    await page.waitForLoadState("networkidle");
    await shot("product");

    if (theme === "light") {
      // sharing to the messenger sends the product's card, prepared by the server, through Telegram's share dialog
      // (the link fallback: e2e/mini-app-share.test.ts)
      await page.getByRole("button", { name: "Поделиться" }).click();
      await page.getByRole("menuitem", { name: "Telegram" }).click();
      await expect.poll(() => lastEvent(page, "web_app_send_prepared_message")).toBeTruthy();
      const [prepared] = telegram.succeeded("savePreparedInlineMessage");
      expect(prepared!.params.user_id).toBe(user.id);
      expect(prepared!.params.result.reply_markup.inline_keyboard[0][0].url).toBe(`${MINI_APP_URL}?startapp=product_${product.id}`);
      expect((await lastEvent(page, "web_app_send_prepared_message"))!.data).toEqual({ id: prepared!.result.id });
      expect(await lastEvent(page, "web_app_open_tg_link")).toBeUndefined();
    }

    await emit(page, "back_button_pressed");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await expect.poll(() => backButtonVisible(page)).toBe(false);
    await catalogLoaded(page);
  });

  it("places the order with the MainButton and its progress state, then closes itself after 5 s", async () => {
    await page.locator('[data-testid="bottom-cart"]').click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Ваша корзина");
    await expect.poll(() => backButtonVisible(page)).toBe(true);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot("cart");

    // the cart's MainButton leads to checkout (e2e/mini-app-native.test.ts checks the cart's buttons)
    await expect.poll(async () => (await mainButton(page))?.text).toMatch(/^Оформить заказ · /);
    await emit(page, "main_button_pressed");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/checkout");
    // the MainButton replaces the page's own submit buttons
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, is_active: true, text: "Оформить заказ", is_progress_visible: false });
    expect(await page.getByTestId("mobile-submit").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Оформить заказ" }).count()).toBe(0);
    // the name comes from the Telegram user
    expect(await page.getByLabel("Имя *").inputValue()).toBe(`${user.first_name} ${user.last_name}`);

    // an incomplete form: the MainButton shows the errors with an error haptic
    await emit(page, "main_button_pressed");
    await expect.poll(() => page.getByText("Введите телефон").count()).toBe(1);
    await expect.poll(() => haptics(page)).toContainEqual({ type: "notification", notification_type: "error" });

    const phone = page.getByLabel("Телефон *");
    await phone.click();
    await phone.pressSequentially("9123456789");
    const address = `Казань, ул. Баумана, ${theme === "light" ? 7 : 9}`;
    await page.getByLabel("Адрес доставки").fill(address);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot("checkout", true);

    // the order request waits a moment, so the button's progress state can be seen
    let orderRequest: Request | null = null;
    await page.route("**/api/orders", async (route) => {
      orderRequest = route.request();
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const pressedAt = await page.evaluate(() => Date.now());
    await emit(page, "main_button_pressed");
    await expect.poll(async () => (await events(page)).some((event) => event.type === "web_app_setup_main_button" && event.data?.is_progress_visible === true)).toBe(true);

    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15000 }).toMatch(/^\/order-success\//);
    await expect.poll(() => page.getByText("Окно закроется через 5 секунд.").count()).toBe(1);
    const seenAt = await page.evaluate(() => Date.now());
    const orderNumber = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    await page.unroute("**/api/orders");

    // created directly, with the signed initData and the Telegram user
    const sent = orderRequest as Request | null;
    expect(sent).not.toBeNull();
    expect(sent!.method()).toBe("POST");
    expect(sent!.headers()["x-telegram-init-data"]).toBe(initData);
    const body = sent!.postDataJSON() as CreateOrderBody;
    expect(body).toMatchObject({
      source: "telegram_mini_app",
      telegram_user_id: user.id,
      telegram_username: user.username,
      telegram_first_name: user.first_name,
      telegram_last_name: user.last_name,
    });
    expect(body.cart_items.map((item) => item.product_id)).toEqual([product.id]);

    // success: a haptic, the cart is empty, nothing left to confirm, the MainButton is gone
    await expect.poll(() => haptics(page)).toContainEqual({ type: "notification", notification_type: "success" });
    expect(await page.evaluate(() => localStorage.getItem("cart-items"))).toBe("[]");
    await expect.poll(() => closingConfirmation(page)).toBe(false);
    await expect.poll(async () => (await mainButton(page))?.is_visible).toBe(false);
    await shot("order-success");

    // the window closes itself 5 s after the success page appeared
    expect((await events(page)).some((event) => event.type === "web_app_close")).toBe(false);
    await expect.poll(() => lastEvent(page, "web_app_close"), { timeout: 8000, interval: 100 }).toBeTruthy();
    const closedAt = (await lastEvent(page, "web_app_close"))!.at;
    expect(closedAt - pressedAt).toBeGreaterThanOrEqual(5000);
    expect(closedAt - seenAt).toBeLessThanOrEqual(5300);

    // the admin sees a Mini App order of this Telegram user
    const token = await server.adminToken();
    const list = await api<AdminOrdersResponse>("/api/orders?page=1", { headers: { Authorization: `Bearer ${token}` } });
    const order = list.orders.find((item) => item.order_number === orderNumber);
    expect(order).toMatchObject({
      source: "telegram_mini_app",
      telegram_username: user.username,
      customer_name: `${user.first_name} ${user.last_name}`,
      delivery_address: address,
    });
  });

  it("lists the order in my orders with its details", async () => {
    await page.getByRole("link", { name: "Продолжить покупки" }).click();
    await catalogLoaded(page);
    await page.getByRole("link", { name: "Мои заказы" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Мои заказы");
    await expect.poll(() => backButtonVisible(page)).toBe(true);
    const card = page.getByTestId("my-order").first();
    await card.waitFor();
    expect(await page.getByText("Ваш последний адрес доставки").count()).toBe(1);
    const summary = card.getByRole("button");
    expect(await summary.textContent()).toContain("Создан");
    await summary.click();
    expect(await summary.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => card.getByText(product.name).count()).toBe(1);
    expect(await card.textContent()).toContain(`1 × ${formatPrice(product.price)}`);
    await page.waitForLoadState("networkidle");
    await shot("my-orders");
    expect(app.errors).toEqual([]);
  });
});

describe.skipIf(!haveChromium)("Mini App launch details", () => {
  it("a startapp link opens that product; Back from there goes to the catalogue", async () => {
    const catalog = await api<CatalogResponse>("/api/products?page=1&limit=12");
    const product = catalog.products[3]!;
    const app = await openMiniApp("light");
    try {
      const startParam = `product_${product.id}`;
      await launch(app.page, "/", USERS.light, "light", startParam);
      await expect.poll(() => app.page.locator("h1").textContent()).toBe(product.name);
      expect(new URL(app.page.url()).pathname).toBe(`/product/${product.id}`);
      await expect.poll(() => backButtonVisible(app.page)).toBe(true);
      await emit(app.page, "back_button_pressed");
      await expect.poll(() => new URL(app.page.url()).pathname).toBe("/");
      await catalogLoaded(app.page);
      await expect.poll(() => backButtonVisible(app.page)).toBe(false);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("follows a theme change while open (Telegram's theme_changed)", async () => {
    const app = await openMiniApp("light");
    try {
      const { page } = app;
      await launch(page, "/", USERS.light, "light");
      await catalogLoaded(page);
      await expect.poll(() => bodyBackground(page)).toBe(rgb(THEMES.light.secondary_bg_color));
      await expect.poll(() => page.locator("h1").evaluate((element) => getComputedStyle(element).color)).toBe(rgb(THEMES.light.text_color));
      await changeTelegramTheme(page, "dark");
      await inDarkTheme(page);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("takes the theme the user switched to while the app was starting, before it could hear Telegram", async () => {
    const app = await openMiniApp("light");
    try {
      const { page } = app;
      const release = await holdScripts(page, /\/assets\/telegram-sdk-[^/]*\.js$/);
      await launch(page, "/", USERS.light, "light");
      await catalogLoaded(page);
      // the client's theme is dark now; its theme_changed found no one listening (the SDK has not arrived)
      await page.evaluate((colours) => {
        const tg = (window as unknown as { __tg: { theme: object } }).__tg;
        tg.theme = colours;
      }, THEMES.dark);
      release();
      await inDarkTheme(page);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("a link copied out of Telegram keeps the website's own buttons in a plain browser (no Telegram client)", async () => {
    const app = await openMiniApp("light", { client: false });
    try {
      const { page } = app;
      await launch(page, "/", USERS.light, "light");
      await catalogLoaded(page);
      await page.locator('[aria-label="Товары"] article').first().getByRole("button", { name: "В корзину" }).click();
      await page.goto("/checkout");
      // the shopper is still known from the launch data, but nothing draws a MainButton here
      expect(await page.getByLabel("Имя *").inputValue()).toBe("Анна Петрова");
      await expect.poll(() => page.getByTestId("mobile-submit").isVisible()).toBe(true);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("a plain browser gets the website: no Telegram calls, no SDK, the web checkout footer", async () => {
    const app = await openMiniApp("light");
    try {
      const { page } = app;
      await page.goto("/");
      await catalogLoaded(page);
      expect(await page.getByRole("link", { name: "Мои заказы" }).count()).toBe(0);
      await page.locator('[aria-label="Товары"] article').first().getByRole("button", { name: "В корзину" }).click();
      await page.goto("/checkout");
      await expect.poll(() => page.getByTestId("mobile-submit").isVisible()).toBe(true);
      expect(await page.getByLabel("Имя *").inputValue()).toBe("");
      await page.goto("/my-orders");
      await expect.poll(() => page.getByText("Страница доступна только в Telegram").count()).toBe(1);
      expect(await events(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.dataset.telegram)).toBeUndefined();
      expect(app.scripts().filter((file) => /telegram-sdk|MiniAppControls/.test(file))).toEqual([]);
      expect(app.requests.filter((request) => new URL(request.url()).pathname === "/api/telegram-user")).toEqual([]);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
