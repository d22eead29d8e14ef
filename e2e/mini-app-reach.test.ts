import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { CatalogResponse, ProductCard } from "@shop/shared/schemas/catalog";
import { hydrated, launchBrowser, openPage, screenshot, type OpenedPage } from "./helpers/browser";
import { catalogLoaded, lastTelegramEvent, miniAppLauncher, noToasts, openInTelegram, telegramEventsOf as eventsOf } from "./helpers/mini-app";
import { startServer, type ShopServer } from "./helpers/server";
import { haveChromium } from "./helpers/shop-for-tests";
import { emitTelegramEvent as emit, TelegramCloudStorage, type ClientOptions, type TelegramUserData, type ThemeName } from "./helpers/telegram";

/**
 * How the Mini App reaches its customer (docs/product.md#inside-telegram), in Chromium at 390×844 with Telegram
 * imitated (helpers/telegram.ts): the phone from the Telegram contact, one cart on every device through
 * CloudStorage, write access and the home screen after an order, the full-screen lightbox; and on the website, my
 * orders links to the Mini App when the shop has a bot. Screenshots: test-results/screenshots/reach-*.png.
 */

const BOT_TOKEN = "7000000002:E2E_token_that_signs_the_reach_init_data";
const BOT_USERNAME = "handmade_reach_bot";
const MINI_APP_URL = `https://t.me/${BOT_USERNAME}/shop`;

let server: ShopServer;
let browser: Browser;
let products: ProductCard[];

beforeAll(async () => {
  if (!haveChromium) return;
  server = await startServer({
    env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_USERNAME: BOT_USERNAME, TELEGRAM_MINI_APP_URL: MINI_APP_URL, BOT_MODE: "off" },
  });
  browser = await launchBrowser();
  const catalog = (await (await server.fetch("/api/products?page=1&limit=12")).json()) as CatalogResponse;
  products = catalog.products;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let nextUserId = 881000000;
const newUser = (extra: Partial<TelegramUserData> = {}): TelegramUserData => ({
  id: ++nextUserId,
  first_name: "Мария",
  last_name: "Козлова",
  username: `reach_${nextUserId}`,
  language_code: "ru",
  ...extra,
});

const openMiniApp = (theme: ThemeName, user: TelegramUserData, options: ClientOptions = {}): Promise<OpenedPage> =>
  openInTelegram(browser, server.url, theme, { user, ...options });

const launch = miniAppLauncher(BOT_TOKEN);

/** The device's cart as [product id, quantity]. */
const deviceCart = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem("cart-items") ?? "[]") as { id: number; quantity: number }[]).map((item) => [item.id, item.quantity]),
  );

/** The user's cart as CloudStorage holds it (every part within Telegram's limits). */
function cloudCart(storage: TelegramCloudStorage): [number, number][] {
  const count = Number(storage.values.get("cart_n") ?? 0);
  let text = "";
  for (let index = 0; index < count; index++) text += storage.values.get(`cart_${index}`) ?? "";
  for (const [key, value] of storage.values) {
    expect(key.length).toBeLessThanOrEqual(128);
    expect(value.length).toBeLessThanOrEqual(4096);
  }
  return text ? (JSON.parse(text) as [number, number][]) : [];
}

async function addFirstProductToCart(page: Page): Promise<void> {
  await launch(page, "/", currentUser.get(page)!, currentTheme.get(page)!);
  await catalogLoaded(page);
  await page.locator('[aria-label="Товары"] article').first().getByRole("button", { name: "В корзину" }).click();
  await expect.poll(() => deviceCart(page)).toHaveLength(1);
}
const currentUser = new WeakMap<Page, TelegramUserData>();
const currentTheme = new WeakMap<Page, ThemeName>();

async function openWithCart(theme: ThemeName, user: TelegramUserData, options: ClientOptions = {}): Promise<OpenedPage> {
  const app = await openMiniApp(theme, user, options);
  currentUser.set(app.page, user);
  currentTheme.set(app.page, theme);
  await addFirstProductToCart(app.page);
  await app.page.getByTestId("bottom-cart").click();
  // inside Telegram the cart's MainButton leads to checkout (the page's own link is hidden meanwhile)
  const cartButton = async () => (await lastTelegramEvent(app.page, "web_app_setup_main_button"))?.data;
  await expect.poll(async () => (await cartButton())?.text).toMatch(/^Оформить заказ · /);
  await emit(app.page, "main_button_pressed");
  await expect.poll(() => new URL(app.page.url()).pathname).toBe("/checkout");
  return app;
}

/** Presses Telegram's MainButton on the checkout and waits for the order's success page. */
async function placeOrder(page: Page): Promise<void> {
  await emit(page, "main_button_pressed");
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15000 }).toMatch(/^\/order-success\//);
}

describe.skipIf(!haveChromium).each(["light", "dark"] as const)("the Mini App reaches its customer, %s theme", (theme) => {
  it("fills the phone from the Telegram contact in one tap; typing by hand still works", async () => {
    const user = newUser();
    const app = await openWithCart(theme, user, { phone: "79161234567" });
    try {
      const { page } = app;
      const phone = page.getByLabel("Телефон *");
      await phone.click();
      await phone.pressSequentially("999");
      expect(await phone.inputValue()).toBe("+7 (999)");
      const share = page.getByRole("button", { name: "Поделиться номером" });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => share.isVisible()).toBe(true);
      await noToasts(page);
      await screenshot(page, `reach-checkout-phone-${theme}`, "mobile");
      await share.click();
      await expect.poll(() => phone.inputValue()).toBe("+7 (916) 123-45-67");
      expect(await eventsOf(page, "web_app_request_phone")).toHaveLength(1);
      // by hand after that, through the same mask
      await phone.fill("");
      await phone.pressSequentially("9035551122");
      expect(await phone.inputValue()).toBe("+7 (903) 555-11-22");
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("leaves the phone as it was, with no error, when the user declines", async () => {
    const app = await openWithCart(theme, newUser(), { phone: null });
    try {
      const { page } = app;
      const phone = page.getByLabel("Телефон *");
      await phone.click();
      await phone.pressSequentially("912");
      await page.getByRole("button", { name: "Поделиться номером" }).click();
      await expect.poll(() => eventsOf(page, "web_app_request_phone")).toHaveLength(1);
      await expect.poll(() => page.getByRole("button", { name: "Поделиться номером" }).isEnabled()).toBe(true);
      expect(await phone.inputValue()).toBe("+7 (912)");
      expect(await page.getByRole("alert").count()).toBe(0);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("after an order from a user the bot cannot write to, asks for write access; offers the home screen once", async () => {
    const user = newUser({ allows_write_to_pm: false });
    const app = await openWithCart(theme, user, { homeScreen: "missed", writeAccess: "allowed" });
    try {
      const { page } = app;
      await page.getByRole("button", { name: "Поделиться номером" }).click();
      await expect.poll(() => page.getByLabel("Телефон *").inputValue()).toBe("+7 (916) 123-45-67");
      await placeOrder(page);

      await expect.poll(() => eventsOf(page, "web_app_request_write_access")).toHaveLength(1);
      const writeAccess = page.getByTestId("write-access-prompt");
      await expect.poll(() => writeAccess.textContent()).toContain("Готово: бот напишет, когда статус заказа изменится.");
      const homeScreen = page.getByTestId("home-screen-prompt");
      await expect.poll(() => homeScreen.isVisible()).toBe(true);
      // the window stays open while it asks
      expect(await page.getByText("Окно закроется через 5 секунд.").count()).toBe(0);
      await page.waitForLoadState("networkidle");
      await noToasts(page);
      await writeAccess.evaluate((element) => element.parentElement!.scrollIntoView({ block: "center" }));
      await screenshot(page, `reach-after-order-${theme}`, "mobile");

      await homeScreen.getByRole("button", { name: "Добавить", exact: true }).click();
      await expect.poll(() => homeScreen.textContent()).toContain("«Ремесло» добавлено на главный экран.");
      expect(await eventsOf(page, "web_app_add_to_home_screen")).toHaveLength(1);
      expect(await eventsOf(page, "web_app_check_home_screen")).toHaveLength(1);

      // the next order: write access is asked again (initData still says no), the home screen is not offered again
      await addFirstProductToCart(page);
      await launch(page, "/checkout", user, theme);
      await page.getByLabel("Телефон *").fill("+7 (916) 123-45-67");
      await placeOrder(page);
      await expect.poll(() => page.getByTestId("write-access-prompt").isVisible()).toBe(true);
      expect(await page.getByTestId("home-screen-prompt").count()).toBe(0);
      expect(await eventsOf(page, "web_app_check_home_screen")).toHaveLength(0);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("does not ask for write access when the user allows the bot to write; the window closes itself", async () => {
    const app = await openWithCart(theme, newUser({ allows_write_to_pm: true }), { homeScreen: "added" });
    try {
      const { page } = app;
      await page.getByRole("button", { name: "Поделиться номером" }).click();
      await expect.poll(() => page.getByLabel("Телефон *").inputValue()).toBe("+7 (916) 123-45-67");
      await placeOrder(page);
      await expect.poll(() => page.getByText("Окно закроется через 5 секунд.").count()).toBe(1);
      expect(await eventsOf(page, "web_app_request_write_access")).toHaveLength(0);
      expect(await page.getByTestId("write-access-prompt").count()).toBe(0);
      expect(await page.getByTestId("home-screen-prompt").count()).toBe(0);
      await expect.poll(() => eventsOf(page, "web_app_close"), { timeout: 8000 }).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it("asks for write access when Telegram does not say whether the bot may write", async () => {
    const app = await openWithCart(theme, newUser({ allows_write_to_pm: undefined }), { writeAccess: "cancelled" });
    try {
      const { page } = app;
      await page.getByLabel("Телефон *").fill("+7 (916) 123-45-67");
      await placeOrder(page);
      await expect.poll(() => eventsOf(page, "web_app_request_write_access")).toHaveLength(1);
      // refused: the explanation stays with a button to ask again
      const again = page.getByRole("button", { name: "Разрешить сообщения" });
      await expect.poll(() => again.isVisible()).toBe(true);
      await again.click();
      await expect.poll(() => eventsOf(page, "web_app_request_write_access")).toHaveLength(2);
    } finally {
      await app.close();
    }
  });

  it("opens the product gallery's lightbox full screen, its controls clear of Telegram's own", async () => {
    const product = products.find((item) => item.images.length > 1) ?? products[0]!;
    const user = newUser();
    // a slow client: the photo is tapped before Telegram has told the app its viewport
    const app = await openMiniApp(theme, user, { viewportDelayMs: 800 });
    try {
      const { page } = app;
      await launch(page, `/product/${product.id}`, user, theme);
      const photo = page.getByRole("button", { name: /^Открыть фото 1 из/ });
      await hydrated(photo);
      await photo.click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      // full screen follows once the viewport is known
      await expect.poll(() => eventsOf(page, "web_app_request_fullscreen"), { timeout: 5000 }).toHaveLength(1);
      // Telegram's full-screen insets reach CSS, and the close button sits below them (47 + 46 px)
      await expect
        .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue("--tg-viewport-content-safe-area-inset-top")))
        .toBe("46px");
      await expect.poll(async () => (await dialog.getByRole("button", { name: "Закрыть" }).boundingBox())!.y).toBeGreaterThanOrEqual(93);
      // the page under it starts below them too
      const mainPaddingTop = () => page.locator("main").evaluate((main) => getComputedStyle(main).paddingTop);
      await expect.poll(mainPaddingTop).toBe("93px");
      await page.waitForLoadState("networkidle");
      await screenshot(page, `reach-lightbox-fullscreen-${theme}`, "mobile");
      await dialog.getByRole("button", { name: "Закрыть" }).click();
      await expect.poll(() => eventsOf(page, "web_app_exit_fullscreen")).toHaveLength(1);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue("--tg-viewport-content-safe-area-inset-top")))
        .toBe("0px");
      await expect.poll(mainPaddingTop).toBe("0px");
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!haveChromium)("one cart on every device of a Telegram user", () => {
  it("a product added on one device is in the cart on another", async () => {
    const user = newUser();
    const cloud = new TelegramCloudStorage();
    const deviceA = await openMiniApp("light", user, { cloudStorage: cloud });
    const deviceB = await openMiniApp("dark", user, { cloudStorage: cloud });
    try {
      currentUser.set(deviceA.page, user);
      currentTheme.set(deviceA.page, "light");
      await addFirstProductToCart(deviceA.page);
      const productId = ((await deviceCart(deviceA.page)) as [number, number][])[0]![0];
      await expect.poll(() => cloudCart(cloud)).toEqual([[productId, 1]]);

      await launch(deviceB.page, "/cart", user, "dark");
      await expect.poll(() => deviceCart(deviceB.page)).toEqual([[productId, 1]]);
      const name = products.find((product) => product.id === productId)!.name;
      await expect.poll(() => deviceB.page.getByRole("link", { name }).count()).toBeGreaterThan(0);
      expect(deviceA.errors).toEqual([]);
      expect(deviceB.errors).toEqual([]);
    } finally {
      await deviceA.close();
      await deviceB.close();
    }
  });

  it("merges by product keeping the larger quantity, unites the wishlists, and writes the result back", async () => {
    const user = newUser();
    const cloud = new TelegramCloudStorage();
    const [first, second, third] = products.filter((product) => product.stock === null);
    // the cloud (another device) has 2 × first and 1 × second; this device 1 × first and 3 × second, and a wish
    cloud.values.set("cart_n", "1");
    cloud.values.set("cart_0", JSON.stringify([[first!.id, 2], [second!.id, 1]]));
    cloud.values.set("wishlist_n", "1");
    cloud.values.set("wishlist_0", JSON.stringify([first!.id]));
    const snapshot = (product: ProductCard, quantity?: number) => ({ ...product, price: Number(product.price), ...(quantity ? { quantity } : {}) });
    const device = await openMiniApp("light", user, { cloudStorage: cloud });
    try {
      await device.context.addInitScript(
        ([cart, wishlist]) => {
          if (sessionStorage.getItem("seeded")) return;
          sessionStorage.setItem("seeded", "1");
          localStorage.setItem("cart-items", cart as string);
          localStorage.setItem("wishlist-items", wishlist as string);
        },
        [JSON.stringify([snapshot(first!, 1), snapshot(second!, 3)]), JSON.stringify([snapshot(third!)])] as const,
      );
      await launch(device.page, "/cart", user, "light");
      await expect.poll(() => deviceCart(device.page)).toEqual([
        [first!.id, 2],
        [second!.id, 3],
      ]);
      await expect.poll(() => cloudCart(cloud)).toEqual([
        [first!.id, 2],
        [second!.id, 3],
      ]);
      await expect.poll(() => JSON.parse(cloud.values.get("wishlist_0") ?? "[]") as unknown).toEqual([third!.id, first!.id]);
      const wishlist = () => device.page.evaluate(() => (JSON.parse(localStorage.getItem("wishlist-items")!) as { id: number }[]).map((item) => item.id));
      await expect.poll(wishlist).toEqual([third!.id, first!.id]);
      expect(device.errors).toEqual([]);
    } finally {
      await device.close();
    }
  });

  it("a quantity from the cloud stops at the pieces left; an ordered cart does not come back from a device", async () => {
    const user = newUser();
    const cloud = new TelegramCloudStorage();
    const product = products.find((item) => item.stock === null)!;
    const headers = { "content-type": "application/json", authorization: `Bearer ${await server.adminToken()}` };
    const put = await server.fetch(`/api/admin/products/${product.id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ name: product.name, price: product.price, stock: 2, made_to_order_days: null }),
    });
    expect(put.status).toBe(200);
    cloud.values.set("cart_n", "1");
    cloud.values.set("cart_0", JSON.stringify([[product.id, 5]]));
    const deviceA = await openMiniApp("light", user, { cloudStorage: cloud });
    const deviceB = await openMiniApp("light", user, { cloudStorage: cloud });
    try {
      await launch(deviceA.page, "/cart", user, "light");
      await expect.poll(() => deviceCart(deviceA.page)).toEqual([[product.id, 2]]);
      await expect.poll(() => cloudCart(cloud)).toEqual([[product.id, 2]]);
      await launch(deviceB.page, "/cart", user, "light");
      await expect.poll(() => deviceCart(deviceB.page)).toEqual([[product.id, 2]]);

      // B empties its cart (as an order does); A, unchanged since it last synced, follows instead of bringing it back
      await deviceB.page.getByRole("button", { name: `Удалить: ${product.name}` }).first().click();
      await expect.poll(() => cloudCart(cloud)).toEqual([]);
      await launch(deviceA.page, "/", user, "light");
      await catalogLoaded(deviceA.page);
      await expect.poll(() => deviceCart(deviceA.page)).toEqual([]);
    } finally {
      await deviceA.close();
      await deviceB.close();
      await server.fetch(`/api/admin/products/${product.id}`, {
        method: "PUT",
        headers,
        body: JSON.stringify({ name: product.name, price: product.price, stock: null, made_to_order_days: null }),
      });
    }
  });
});

describe.skipIf(!haveChromium)("my orders on the website", () => {
  it("offers 'Открыть в Telegram' (the Mini App on my orders) when the shop has a bot", async () => {
    for (const viewport of ["mobile", "desktop"] as const) {
      const site = await openPage(browser, viewport, { baseURL: server.url });
      try {
        await site.page.goto("/my-orders");
        const link = site.page.getByRole("link", { name: "Открыть в Telegram" });
        await expect.poll(() => link.count()).toBe(1);
        expect(await link.getAttribute("href")).toBe(`${MINI_APP_URL}?startapp=my_orders`);
        await screenshot(site.page, "reach-my-orders-website", viewport);
        expect(site.errors).toEqual([]);
      } finally {
        await site.close();
      }
    }
    // the link's start parameter opens my orders in the Mini App
    const user = newUser();
    const app = await openMiniApp("light", user);
    try {
      await launch(app.page, "/", user, "light", "my_orders");
      await expect.poll(() => new URL(app.page.url()).pathname).toBe("/my-orders");
      await expect.poll(() => app.page.locator("h1").textContent()).toBe("Мои заказы");
    } finally {
      await app.close();
    }
  });

  it("has no such link without a bot", async () => {
    const plain = await startServer();
    const site = await openPage(browser, "mobile", { baseURL: plain.url });
    try {
      await site.page.goto("/my-orders");
      await expect.poll(() => site.page.getByText("Страница доступна только в Telegram").count()).toBe(1);
      await site.page.waitForLoadState("networkidle");
      expect(await site.page.getByRole("link", { name: "Открыть в Telegram" }).count()).toBe(0);
      expect(await site.page.getByRole("link", { name: "Перейти в каталог" }).count()).toBe(1);
    } finally {
      await site.close();
      await plain.stop();
    }
  });
});
