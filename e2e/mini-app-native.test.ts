import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Request } from "playwright-core";
import type { CatalogResponse, Category, Product } from "@shop/shared/schemas/catalog";
import { formatPrice } from "@shop/shared/format";
import { totalsInRoubles } from "@shop/shared/pricing";
import { holdScripts, launchBrowser, layoutShift, openPage, screenshot, type OpenedPage, type ViewportName } from "./helpers/browser";
import { catalogLoaded, lastTelegramEvent as lastEvent, miniAppLauncher, noToasts, openInTelegram, recordRequests, rgb } from "./helpers/mini-app";
import { startServer, type ShopServer } from "./helpers/server";
import { haveChromium } from "./helpers/shop-for-tests";
import { THEMES, changeTelegramTheme, emitTelegramEvent as emit, launchUrl, signedInitData, telegramEvents, type TelegramUserData, type ThemeName } from "./helpers/telegram";

/**
 * The Mini App as a native Telegram screen (docs/telegram.md, «Screen, buttons and feedback»), in Chromium at 390×844
 * with the Telegram client imitated (helpers/telegram.ts), light and dark: no shop title bar and no back links inside
 * Telegram (still there on the website), Telegram's bottom buttons on the product page, cart and checkout doing what
 * they say while the web's own buy buttons are hidden, toasts in Telegram's theme, my orders drawn with telegram-ui,
 * which the website never downloads. Screenshots: test-results/screenshots/native-<screen>-<theme|web>-<size>.png.
 */

const BOT_TOKEN = "7000000003:E2E_token_for_the_native_mini_app_test";
const BOT_USERNAME = "handmade_native_e2e_bot";
const RUN = Date.now().toString(36);
const SOLD_OUT_NAME = `Подсвечник «Тень» ${RUN}`;

let server: ShopServer;
let browser: Browser;
let soldOutId = 0;

const launch = miniAppLauncher(BOT_TOKEN);

const api = <T>(path: string, init?: RequestInit) => server.adminApi<T>(path, init);

beforeAll(async () => {
  if (!haveChromium) return;
  server = await startServer({
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: BOT_USERNAME,
      TELEGRAM_MINI_APP_URL: `https://t.me/${BOT_USERNAME}/shop`,
      BOT_MODE: "off",
      TELEGRAM_API_ROOT: "http://127.0.0.1:9",
    },
  });
  browser = await launchBrowser();
  const categories = await api<Category[]>("/api/categories");
  const main = categories.find((category) => category.type === "main")!;
  soldOutId = (
    await api<Product>("/api/admin/products", {
      method: "POST",
      body: JSON.stringify({ name: SOLD_OUT_NAME, price: 990, categoryIds: [main.id], stock: 0, made_to_order_days: null }),
    })
  ).id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ShopPage extends OpenedPage {
  requests: Request[];
}

async function open(viewport: ViewportName, theme?: ThemeName): Promise<ShopPage> {
  const opened = theme
    ? await openInTelegram(browser, server.url, theme, { viewport })
    : await openPage(browser, viewport, { baseURL: server.url });
  return { ...opened, requests: recordRequests(opened.page) };
}

const mainButton = async (page: Page) => (await lastEvent(page, "web_app_setup_main_button"))?.data;
const secondaryButton = async (page: Page) => (await lastEvent(page, "web_app_setup_secondary_button"))?.data;
/** what the cart's MainButton names: the goods after the discount, as the cart's total */
const payButtonText = (price: number) => `Оформить заказ · ${formatPrice(totalsInRoubles([{ price, quantity: 1 }], 0).total)}`;
/** the Mini App's own chunks: the website must never request them */
const telegramUiFiles = (requests: Request[]) =>
  requests.map((request) => new URL(request.url()).pathname).filter((file) => /telegram-ui|TelegramOrders/.test(file));

/** Where the page's headings and form labels are: the text and the top of each. */
const headingsAndFields = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("main h1, main h2, main label, main [role=tablist]")].map((element) => `${element.textContent?.slice(0, 30)} @ ${Math.round(element.getBoundingClientRect().y)}`),
  );

const USERS: Record<ThemeName, TelegramUserData> = {
  light: { id: 880000301, first_name: "Анна", last_name: "Петрова", username: "anna_native", language_code: "ru" },
  dark: { id: 880000302, first_name: "Олег", last_name: "Смирнов", username: "oleg_native", language_code: "ru" },
};

describe.skipIf(!haveChromium).each(["light", "dark"] as const)("the Mini App as a Telegram screen, %s theme", (theme) => {
  let app: ShopPage;
  let page: Page;
  let product: CatalogResponse["products"][number];
  const user = USERS[theme];
  const shot = (name: string, fullPage = false) => screenshot(page, `native-${name}-${theme}`, "mobile", fullPage);

  beforeAll(async () => {
    app = await open("mobile", theme);
    page = app.page;
    const catalog = await api<CatalogResponse>("/api/products?page=1&limit=12");
    product = catalog.products.find((item) => item.name !== SOLD_OUT_NAME && item.images.length > 0)!;
  });

  afterAll(async () => {
    await app?.close();
  });

  it("the server's pages are painted as the Mini App before the app's code has run, in Telegram's colours; nothing of them moves when the app takes over", async () => {
    const catalog = await api<CatalogResponse>("/api/products?page=1&limit=12");
    const [one, two, other] = catalog.products.filter((item) => item.name !== SOLD_OUT_NAME && item.images.length > 0);
    const pages = [
      // the page, and what Telegram's own title bar and buttons stand in for there
      { path: "/", hidden: (page: Page) => [page.locator("header")] },
      {
        path: `/product/${other!.id}`,
        hidden: (page: Page) => [page.getByRole("link", { name: "← Назад в каталог" }), page.getByRole("button", { name: "Добавить в корзину" })],
      },
      { path: "/cart", hidden: (page: Page) => [page.getByTestId("cart-footer")] },
      { path: "/checkout", hidden: (page: Page) => [page.getByTestId("mobile-submit")] },
    ];
    for (const { path, hidden } of pages) {
      const fresh = await open("mobile", theme);
      try {
        const first = fresh.page;
        const blocked: string[] = [];
        first.on("console", (message) => {
          if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
        });
        // two products in the device's cart and in its cookie: the server renders the cart's and the checkout's lines
        await fresh.context.addCookies([{ name: "cart", value: `${one!.id}x1.${two!.id}x2`, url: server.url }]);
        await fresh.context.addInitScript((cart: string) => {
          if (!localStorage.getItem("cart-items")) localStorage.setItem("cart-items", cart);
        }, JSON.stringify([{ ...one!, quantity: 1 }, { ...two!, quantity: 2 }]));
        const release = await holdScripts(first, /\/assets\/shell-[^/]*\.js$/);
        await first.goto(launchUrl(path, signedInitData(BOT_TOKEN, user), theme), { waitUntil: "commit" });
        await first.locator("main > *").first().waitFor({ state: "visible" });
        await expect.poll(() => first.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(1);
        // the server's page, none of the app's code yet: already the Mini App's layout and Telegram's colours
        expect(await first.evaluate(() => document.documentElement.dataset.telegram), path).toBe("true");
        expect(await first.evaluate(() => document.documentElement.dataset.theme), path).toBe(theme);
        expect(await first.evaluate(() => getComputedStyle(document.body).backgroundColor), path).toBe(rgb(THEMES[theme].secondary_bg_color));
        for (const control of hidden(first)) expect(await control.isVisible(), `${path}: ${control}`).toBe(false);
        if (path === "/") expect(await first.getByRole("navigation", { name: "Разделы" }).getByRole("link", { name: "Мои заказы" }).isVisible()).toBe(true);
        await screenshot(first, `native-first-paint-${path === "/" ? "catalog" : path.split("/")[1]}-${theme}`, "mobile");
        const layout = await headingsAndFields(first);
        await first.locator("main > *").first().evaluate((element) => element.setAttribute("data-from-server", "yes"));
        release();
        // inside Telegram the app renders afresh over the server's page (docs/telegram.md, «How it starts»)
        await first.waitForFunction(() => !document.querySelector("[data-from-server]"));
        await first.waitForLoadState("networkidle");
        // the app's own rendering has the same headings and fields in the same places (a layout shift cannot tell:
        // the app's elements are new ones)
        await expect.poll(() => headingsAndFields(first), { message: path }).toEqual(layout);
        // what the layout shift still counts is the bottom navigation taking the home indicator's safe area once
        // Telegram reports it (≈ 0.005; the website's page painted first and replaced by the app's gave 0.086)
        const shift = await layoutShift(first);
        expect(shift.value, `${path}: ${shift.moved.join("; ")}`).toBeLessThan(0.01);
        expect(blocked, path).toEqual([]);
      } finally {
        await fresh.close();
      }
    }
  });

  it("the catalogue has no shop title bar; the bottom navigation leads to search, wishlist, my orders and the cart", async () => {
    await launch(page, "/", user, theme);
    await catalogLoaded(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    expect(await page.locator("header").isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "Ремесло — на главную" }).count()).toBe(0);
    const nav = page.getByRole("navigation", { name: "Разделы" });
    for (const name of ["Главная", "Поиск", "Избранное", "Мои заказы", "Корзина"]) {
      expect(await nav.getByRole("link", { name }).isVisible(), name).toBe(true);
    }
    // Telegram's own header takes the page's background, so its title bar flows into the page
    await expect
      .poll(async () => JSON.stringify((await lastEvent(page, "web_app_set_header_color"))?.data ?? null))
      .toMatch(new RegExp(`secondary_bg_color|${THEMES[theme].secondary_bg_color}`));
    // the first cards start right under Telegram's own header
    const firstCard = (await page.locator('[aria-label="Товары"] article').first().boundingBox())!;
    expect(firstCard.y).toBeLessThan(400);
    await page.waitForLoadState("networkidle");
    await shot("catalog");
  });

  it("the filter panel takes Telegram's colours; a typed price applies after a pause and shows as a chip", async () => {
    await launch(page, "/", user, theme);
    await catalogLoaded(page);
    await page.getByRole("button", { name: /^Фильтры/ }).click();
    const panel = page.getByTestId("filter-panel");
    expect(await panel.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb(THEMES[theme].section_bg_color));
    await panel.getByLabel("Цена до").fill("2000");
    const chips = page.getByRole("list", { name: "Выбранные фильтры" });
    await expect.poll(() => chips.getByRole("button").allTextContents(), { timeout: 5000 }).toEqual([`Цена: до ${formatPrice(2000)}`, "Сбросить"]);
    await shot("catalog-filters-price");
    await page.getByRole("button", { name: "Закрыть фильтры" }).click();
  });

  it("the product page adds to the cart with the MainButton, then leads to the cart; no back link, no web buy buttons", async () => {
    await launch(page, `/product/${product.id}`, user, theme);
    await expect.poll(() => page.locator("h1").textContent()).toBe(product.name);
    expect(await page.getByRole("link", { name: "← Назад в каталог" }).count()).toBe(0);
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, is_active: true, text: "Добавить в корзину" });
    await expect.poll(() => secondaryButton(page)).toMatchObject({ is_visible: true, text: "В избранное" });
    // the web's own add button and the phone's buy bar give way to Telegram's
    expect(await page.getByRole("button", { name: "Добавить в корзину" }).count()).toBe(0);
    expect(await page.getByTestId("buy-bar").count()).toBe(0);
    await page.waitForLoadState("networkidle");
    await shot("product");

    await emit(page, "main_button_pressed");
    const toast = page.getByTestId("toast").first();
    await toast.waitFor();
    expect(await toast.textContent()).toContain(`${product.name} добавлен в корзину!`);
    // toasts take Telegram's theme: its section surface and text
    const colours = await toast.evaluate((element) => ({ background: getComputedStyle(element).backgroundColor, text: getComputedStyle(element).color }));
    expect(colours).toEqual({ background: rgb(THEMES[theme].section_bg_color), text: rgb(THEMES[theme].text_color) });
    if (theme === "light") await screenshot(page, "native-toast-light", "mobile");
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: "Перейти в корзину" });
    expect(await page.getByRole("link", { name: "Перейти в корзину →" }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("cart-items"))).toContain(`"id":${product.id}`);

    // the SecondaryButton adds to the wishlist and then takes it out again
    await emit(page, "secondary_button_pressed");
    await expect.poll(() => secondaryButton(page)).toMatchObject({ is_visible: true, text: "Убрать из избранного" });
    expect(await page.getByRole("button", { name: `Убрать из избранного: ${product.name}` }).count()).toBe(1);

    await emit(page, "main_button_pressed");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/cart");
  });

  it("the cart's MainButton shows the total and goes to checkout; no '← В каталог', no web footer", async () => {
    await expect.poll(() => page.locator("h1").textContent()).toBe("Ваша корзина");
    await expect
      .poll(() => mainButton(page))
      .toMatchObject({ is_visible: true, is_active: true, text: payButtonText(product.price) });
    await expect.poll(() => secondaryButton(page)).toMatchObject({ is_visible: true, text: "Продолжить покупки" });
    expect(await page.getByRole("link", { name: "← В каталог" }).count()).toBe(0);
    expect(await page.getByTestId("cart-footer").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Перейти к оформлению" }).count()).toBe(0);
    await noToasts(page);
    await page.waitForLoadState("networkidle");
    await shot("cart");

    await emit(page, "main_button_pressed");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/checkout");
  });

  it("the checkout keeps its MainButton 'Оформить заказ' and places the order with it", async () => {
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: "Оформить заказ" });
    // the cart's SecondaryButton is gone
    await expect.poll(async () => (await secondaryButton(page))?.is_visible).toBe(false);
    expect(await page.getByTestId("mobile-submit").count()).toBe(0);
    const phone = page.getByLabel("Телефон *");
    await phone.click();
    await phone.pressSequentially("9123456789");
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot("checkout");
    await emit(page, "main_button_pressed");
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15000 }).toMatch(/^\/order-success\//);
    await expect.poll(async () => (await mainButton(page))?.is_visible).toBe(false);
  });

  it("my orders are drawn with telegram-ui inside Telegram", async () => {
    await launch(page, "/", user, theme);
    await catalogLoaded(page);
    await page.getByRole("navigation", { name: "Разделы" }).getByRole("link", { name: "Мои заказы" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Мои заказы");
    const root = page.getByTestId("telegram-ui");
    await root.waitFor();
    expect(await root.getAttribute("class")).toMatch(/tgui-/);
    const order = page.getByTestId("my-order").first();
    await order.waitFor();
    // its sections take Telegram's section colour (the first painted background behind an order's row)
    const rowBackground = await order.getByRole("button").evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour !== "rgba(0, 0, 0, 0)") return colour;
      }
      return "";
    });
    expect(rowBackground).toBe(rgb(THEMES[theme].section_bg_color));
    await order.getByRole("button").click();
    await expect.poll(() => order.getByText(product.name).count()).toBe(1);
    expect(await order.textContent()).toContain(`1 × ${formatPrice(product.price)}`);
    expect(telegramUiFiles(app.requests).some((file) => /telegram-ui-.*\.js$/.test(file))).toBe(true);
    await page.waitForLoadState("networkidle");
    await shot("my-orders");
  });

  it("a sold-out product has no MainButton: the page's disabled 'Нет в наличии' stays", async () => {
    await launch(page, `/product/${soldOutId}`, user, theme);
    await expect.poll(() => page.locator("h1").textContent()).toBe(SOLD_OUT_NAME);
    await expect.poll(() => secondaryButton(page)).toMatchObject({ is_visible: true });
    expect((await mainButton(page))?.is_visible ?? false).toBe(false);
    expect(await page.getByRole("button", { name: "Нет в наличии" }).first().isDisabled()).toBe(true);
    expect(app.errors).toEqual([]);
  });
});

describe.skipIf(!haveChromium)("an older Telegram client", () => {
  it("without a SecondaryButton (before Bot API 7.10) the cart still has its MainButton", async () => {
    const app = await open("mobile", "light");
    try {
      const { page } = app;
      const catalog = await api<CatalogResponse>("/api/products?page=1&limit=12");
      const item = catalog.products.find((candidate) => candidate.name !== SOLD_OUT_NAME)!;
      await page.goto(launchUrl(`/product/${item.id}`, signedInitData(BOT_TOKEN, USERS.light), "light").replace("tgWebAppVersion=8.0", "tgWebAppVersion=7.0"));
      await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: "Добавить в корзину" });
      await emit(page, "main_button_pressed");
      await expect.poll(() => mainButton(page)).toMatchObject({ text: "Перейти в корзину" });
      await emit(page, "main_button_pressed");
      await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: payButtonText(item.price) });
      expect(await lastEvent(page, "web_app_setup_secondary_button")).toBeUndefined();
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("follows a theme change without calling what the client lacks (the bottom bar's colour, Bot API 7.10)", async () => {
    const app = await open("mobile", "light");
    try {
      const { page } = app;
      await page.goto(launchUrl("/", signedInitData(BOT_TOKEN, USERS.light), "light").replace("tgWebAppVersion=8.0", "tgWebAppVersion=7.0"));
      await catalogLoaded(page);
      await changeTelegramTheme(page, "dark");
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
      await expect.poll(() => lastEvent(page, "web_app_set_background_color")).toMatchObject({ data: { color: THEMES.dark.secondary_bg_color } });
      const called = new Set((await telegramEvents(page)).map((event) => event.type));
      expect(called.has("web_app_set_bottom_bar_color")).toBe(false);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!haveChromium).each(["mobile", "desktop"] as const)("the website at %s size", (viewport) => {
  it("keeps its title bar and back links, its own buy buttons, and never downloads telegram-ui", async () => {
    const app = await open(viewport);
    try {
      const { page } = app;
      const shot = (name: string) => screenshot(page, `native-${name}-web`, viewport);
      await page.goto("/");
      await catalogLoaded(page);
      expect(await page.getByRole("link", { name: "Ремесло — на главную" }).isVisible()).toBe(true);
      await page.waitForLoadState("networkidle");
      await shot("catalog");

      const catalog = await api<CatalogResponse>("/api/products?page=1&limit=12");
      const item = catalog.products.find((candidate) => candidate.name !== SOLD_OUT_NAME && candidate.images.length > 0)!;
      await page.goto(`/product/${item.id}`);
      await page.getByRole("heading", { name: item.name }).waitFor();
      expect(await page.getByRole("link", { name: "← Назад в каталог" }).isVisible()).toBe(true);
      const add = page.getByRole("button", { name: "Добавить в корзину" }).first();
      expect(await add.isVisible()).toBe(true);
      await page.waitForLoadState("networkidle");
      await shot("product");
      await add.click();
      await noToasts(page);

      await page.goto("/cart");
      await expect.poll(() => page.locator("h1").textContent()).toBe("Ваша корзина");
      if (viewport === "mobile") {
        expect(await page.getByRole("link", { name: "← В каталог" }).isVisible()).toBe(true);
        expect(await page.getByTestId("cart-footer").isVisible()).toBe(true);
      } else {
        expect(await page.getByRole("link", { name: "Перейти к оформлению" }).isVisible()).toBe(true);
      }
      await page.waitForLoadState("networkidle");
      await shot("cart");

      await page.goto("/checkout");
      await page.getByLabel("Телефон *").waitFor();
      await page.waitForLoadState("networkidle");
      await shot("checkout");

      await page.goto("/my-orders");
      await expect.poll(() => page.getByText("Страница доступна только в Telegram").count()).toBe(1);
      await shot("my-orders");

      expect(telegramUiFiles(app.requests)).toEqual([]);
      expect(app.requests.map((request) => request.url()).filter((url) => /telegram-sdk/.test(url))).toEqual([]);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
