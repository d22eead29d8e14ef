import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProductsResponse } from "@shop/shared/schemas/admin";
import type { CatalogResponse, Category, Product } from "@shop/shared/schemas/catalog";
import type { AdminOrdersResponse } from "@shop/shared/schemas/orders";
import { gotoApp, hydrated, openPage, screenshot, type OpenedPage, type ViewportName } from "./helpers/browser";
import { lastTelegramEvent, openInTelegram } from "./helpers/mini-app";
import { haveChromium, shopForTests } from "./helpers/shop-for-tests";
import { emitTelegramEvent as emit, launchUrl, signedInitData, type TelegramUserData, type ThemeName } from "./helpers/telegram";

/**
 * Stock in the browser (docs/product.md#stock) against the real server: the availability lines, a sold-out
 * product that cannot be added, a made-to-order one that is ordered, the 'Только в наличии' filter, a checkout
 * that meets a line sold out meanwhile (the server's 409), the admin's stock fields and ±1 buttons, and the Mini
 * App's 'Сообщить о поступлении'. The server has a bot token (BOT_MODE=off): the website prepares its orders for
 * the bot, the Mini App creates them. Screenshots: test-results/screenshots/stock-*.png.
 */

const BOT_TOKEN = "7000000002:E2E_token_for_the_stock_browser_test";
const BOT_USERNAME = "handmade_stock_e2e_bot";
const RUN = Date.now().toString(36).slice(-5);
const NAMES = {
  fewLeft: `Ваза «Единственная» ${RUN}`,
  madeToOrder: `Кувшин под заказ ${RUN}`,
  soldOut: `Блюдо «Луна» ${RUN}`,
};
const USERS: Record<ThemeName, TelegramUserData> = {
  light: { id: 880000101, first_name: "Анна", last_name: "Петрова", username: "anna_stock", language_code: "ru" },
  dark: { id: 880000102, first_name: "Олег", last_name: "Смирнов", username: "oleg_stock", language_code: "ru" },
};

const shop = shopForTests({
  env: {
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: BOT_USERNAME,
    TELEGRAM_MINI_APP_URL: `https://t.me/${BOT_USERNAME}/shop`,
    BOT_MODE: "off",
    TELEGRAM_API_ROOT: "http://127.0.0.1:9",
  },
});
const ids = { fewLeft: 0, madeToOrder: 0, soldOut: 0 };
const api = <T>(path: string, init?: RequestInit) => shop.server.adminApi<T>(path, init);

const createProduct = async (name: string, stock: number | null, days: number | null, categoryId: number) =>
  (await api<Product>("/api/admin/products", {
    method: "POST",
    body: JSON.stringify({ name, price: 1500, categoryIds: [categoryId], stock, made_to_order_days: days }),
  })).id;

/** Brings a counted product to `target` pieces through the admin's stock endpoint. */
async function setStock(id: number, target: number) {
  const { stock } = await api<Product>(`/api/products/${id}`);
  if (stock !== null && stock !== target) {
    await api(`/api/admin/products/${id}/stock`, { method: "POST", body: JSON.stringify({ delta: target - stock }) });
  }
}

/** the text of Telegram's MainButton as the app last set it up (an empty string while hidden) */
const mainButtonText = async (page: Page) => {
  const setup = (await lastTelegramEvent(page, "web_app_setup_main_button"))?.data;
  return setup?.is_visible ? String(setup.text) : "";
};
const card = (page: Page, name: string) => page.locator('[aria-label="Товары"] article').filter({ hasText: name });
const spaces = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

async function catalogLoaded(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="product-skeleton"]') && document.querySelector('[aria-label="Товары"] article'),
  );
  await page.waitForFunction(() => !document.querySelector('[aria-label="Товары"][aria-busy="true"]'));
}

async function noHorizontalOverflow(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, "page is not wider than the screen").toBeLessThanOrEqual(inner);
}

beforeAll(async () => {
  if (!haveChromium) return;
  const categories = await api<Category[]>("/api/categories");
  const main = categories.find((category) => category.type === "main")!;
  // newest first in the catalogue: the sold-out one leads the first page
  ids.fewLeft = await createProduct(NAMES.fewLeft, 1, null, main.id);
  ids.madeToOrder = await createProduct(NAMES.madeToOrder, 0, 14, main.id);
  ids.soldOut = await createProduct(NAMES.soldOut, 0, null, main.id);
});

describe.skipIf(!haveChromium).each(["mobile", "desktop"] as const)("stock in the shop at %s size", (viewport: ViewportName) => {
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    // every viewport starts from the same stock
    await setStock(ids.fewLeft, 1);
    opened = await openPage(shop.browser, viewport, { baseURL: shop.server.url });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("shows the availability lines; a sold-out product stays visible but cannot be added", async () => {
    await gotoApp(page, "/");
    await catalogLoaded(page);
    await expect.poll(() => card(page, NAMES.soldOut).count()).toBe(1);
    const soldOut = card(page, NAMES.soldOut);
    expect(await soldOut.getByTestId("availability").textContent()).toBe("Нет в наличии");
    const soldOutButton = soldOut.getByRole("button", { name: "Нет в наличии" });
    expect(await soldOutButton.isDisabled()).toBe(true);
    expect(await soldOut.getByRole("button", { name: "В корзину" }).count()).toBe(0);
    expect(await card(page, NAMES.madeToOrder).getByTestId("availability").textContent()).toBe("Под заказ: 14 дн.");
    expect(await card(page, NAMES.fewLeft).getByTestId("availability").textContent()).toBe("Осталось 1 шт.");
    await noHorizontalOverflow(page);
    await screenshot(page, "stock-catalog", viewport);

    await gotoApp(page, `/product/${ids.soldOut}`);
    await page.getByRole("heading", { name: NAMES.soldOut }).waitFor();
    expect(await page.getByTestId("availability").first().textContent()).toBe("Нет в наличии");
    expect(await page.getByRole("button", { name: "Нет в наличии" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Добавить в корзину" }).count()).toBe(0);
    // outside Telegram no toggle: a link to the shop's bot, which subscribes the shopper there (none without a bot)
    expect(await page.getByRole("button", { name: "Сообщить о поступлении" }).count()).toBe(0);
    const { botLink } = (await (await shop.server.fetch("/api/config")).json()) as { botLink: string | null };
    const notify = page.getByTestId("back-in-stock-link");
    if (botLink) await expect.poll(() => notify.getAttribute("href")).toBe(`${botLink}?start=notify_${ids.soldOut}`);
    else expect(await notify.count()).toBe(0);
    await noHorizontalOverflow(page);
    await screenshot(page, "stock-product-sold-out", viewport);

    // the wishlist keeps it, with the same line and no way into the cart
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: `В избранное: ${NAMES.soldOut}` }).first().click();
    await page.goto("/wishlist");
    const item = page.getByTestId("wishlist-item").filter({ hasText: NAMES.soldOut });
    await expect.poll(() => item.getByTestId("availability").textContent()).toBe("Нет в наличии");
    expect(await item.getByRole("button", { name: "Нет в наличии" }).isDisabled()).toBe(true);
    await noHorizontalOverflow(page);
    await screenshot(page, "stock-wishlist", viewport);
    await page.evaluate(() => localStorage.clear());
  });

  it("'Только в наличии' hides sold-out products and stays in the URL", async () => {
    await gotoApp(page, "/");
    await catalogLoaded(page);
    // the server-rendered page takes clicks once React has hydrated it
    if (viewport === "mobile") await (await hydrated(page.getByRole("button", { name: /^Фильтры/ }))).click();
    const onlyInStock = await hydrated(page.getByRole("checkbox", { name: "Только в наличии" }));
    // a click, not check(): the box shows the URL's state, which the navigation it starts commits a moment later
    await onlyInStock.click();
    await expect.poll(() => new URL(page.url()).searchParams.get("inStock")).toBe("true");
    await expect.poll(() => onlyInStock.isChecked()).toBe(true);
    if (viewport === "mobile") {
      await screenshot(page, "stock-filter-panel", viewport);
      await page.getByRole("button", { name: /^Показать товары/ }).click();
    }
    const expected = await api<CatalogResponse>("/api/products?limit=12&inStock=true");
    expect(expected.products.some((product) => product.id === ids.soldOut)).toBe(false);
    await catalogLoaded(page);
    await expect
      .poll(() => page.locator('[aria-label="Товары"] article h3 a').allTextContents())
      .toEqual(expected.products.map((product) => product.name));
    // in stock only: a piece left counts, made to order (none left) does not
    expect(await card(page, NAMES.fewLeft).count()).toBe(1);
    expect(await card(page, NAMES.madeToOrder).count()).toBe(0);
    await screenshot(page, "stock-filter", viewport);

    await page.reload();
    await catalogLoaded(page);
    expect(await card(page, NAMES.soldOut).count()).toBe(0);
  });

  it("caps the cart at the pieces left and shows a line sold out meanwhile when the order meets it (409)", async () => {
    await gotoApp(page, `/product/${ids.fewLeft}`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Добавить в корзину" }).click();
    // one piece left: plus stops at once (the product's own control comes before the similar products' cards)
    expect(await page.getByRole("button", { name: "Увеличить количество" }).first().isDisabled()).toBe(true);
    await gotoApp(page, `/product/${ids.madeToOrder}`);
    // the first line is the product's own; the similar products below have theirs
    expect(await page.getByTestId("availability").first().textContent()).toBe("Под заказ: 14 дн.");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Добавить в корзину" }).click();
    await page.getByRole("button", { name: "Увеличить количество" }).first().click();

    await gotoApp(page, "/cart");
    const lines = page.getByTestId("cart-line");
    await expect.poll(() => lines.count()).toBe(2);
    const fewLine = lines.filter({ hasText: NAMES.fewLeft });
    await expect.poll(() => fewLine.getByTestId("line-stock-cap").textContent()).toBe("В наличии всего 1 шт.");
    expect(await fewLine.getByRole("button", { name: "Увеличить количество" }).isDisabled()).toBe(true);
    expect(await lines.filter({ hasText: NAMES.madeToOrder }).getByTestId("availability").textContent()).toBe("Под заказ: 14 дн.");
    await screenshot(page, "stock-cart", viewport, true);

    await gotoApp(page, "/checkout");
    await page.getByLabel("Имя *").fill("Анна Петрова");
    const phone = page.getByLabel("Телефон *");
    await phone.click();
    await phone.pressSequentially("9123456789");
    // the last piece goes elsewhere while the shopper fills the form
    await api(`/api/admin/products/${ids.fewLeft}/stock`, { method: "POST", body: JSON.stringify({ delta: -1 }) });

    const prepare = page.waitForResponse((response) => response.url().endsWith("/api/orders/prepare"));
    await page.getByRole("button", { name: "Оформить заказ" }).first().click();
    const answer = await prepare;
    expect(answer.status()).toBe(409);
    expect(await answer.json()).toMatchObject({ code: "out_of_stock", items: [{ product_id: ids.fewLeft, available: 0 }] });

    const checkoutLines = page.getByTestId("checkout-line");
    const shortLine = checkoutLines.filter({ hasText: NAMES.fewLeft });
    await expect.poll(() => shortLine.getAttribute("data-stock-problem")).toBe("true");
    expect(await shortLine.getByTestId("line-stock-problem").textContent()).toBe("Нет в наличии — удалите товар из заказа");
    expect(await checkoutLines.filter({ hasText: NAMES.madeToOrder }).getAttribute("data-stock-problem")).toBeNull();
    expect(spaces(await page.getByRole("alert").first().textContent())).toBe(`Товар «${NAMES.fewLeft}» закончился`);
    await noHorizontalOverflow(page);
    await screenshot(page, "stock-checkout-sold-out-line", viewport, true);

    // the cart is kept; the cart page shows the line too
    await gotoApp(page, "/cart");
    await expect
      .poll(() => page.getByTestId("cart-line").filter({ hasText: NAMES.fewLeft }).getByTestId("line-stock-problem").textContent())
      .toBe("Нет в наличии — удалите товар из заказа");
    await screenshot(page, "stock-cart-sold-out-line", viewport, true);
    await page.evaluate(() => localStorage.clear());
  });
});

describe.skipIf(!haveChromium)("stock in the admin panel", () => {
  it.each(["desktop", "mobile"] as const)("edits stock in the editor with the preview, and ±1 in the table (%s)", async (viewport) => {
    const opened = await openPage(shop.browser, viewport, { baseURL: shop.server.url });
    const page = opened.page;
    try {
      page.on("dialog", (dialog) => void dialog.accept());
      await page.goto("/admin/login");
      await page.evaluate((value) => {
        localStorage.setItem("authToken", value);
        localStorage.setItem("authLogin", "admin");
      }, await shop.server.adminToken());
      await setStock(ids.fewLeft, 3);

      await page.goto(`/admin/product/edit/${ids.fewLeft}`);
      const stock = page.locator('#product-form [name="stock"]');
      await expect.poll(() => stock.inputValue()).toBe("3");
      expect(await page.getByTestId("preview-availability").textContent()).toBe("Осталось 3 шт.");
      await page.locator('#product-form [name="madeToOrderDays"]').fill("");
      await stock.fill("0");
      expect(await page.getByTestId("preview-availability").textContent()).toBe("Нет в наличии");
      await page.locator('#product-form [name="madeToOrderDays"]').fill("21");
      expect(await page.getByTestId("preview-availability").textContent()).toBe("Под заказ: 21 дн.");
      await noHorizontalOverflow(page);
      await screenshot(page, "stock-admin-editor", viewport, true);
      await page.getByRole("button", { name: "Сохранить" }).click();
      await page.waitForURL("**/admin/dashboard");
      const saved = await api<Product>(`/api/products/${ids.fewLeft}`);
      expect([saved.stock, saved.made_to_order_days]).toEqual([0, 21]);

      const row = page.locator("tr").filter({ hasText: NAMES.fewLeft });
      await page.getByRole("checkbox", { name: "Только распроданные" }).check();
      const soldOutList = await api<AdminProductsResponse>("/api/admin/products?soldOut=true&limit=200");
      expect(soldOutList.products.every((product) => product.stock === 0)).toBe(true);
      await expect.poll(() => page.getByTestId("products-table").locator("tbody tr").count()).toBe(soldOutList.products.length);
      await expect.poll(() => row.getByTestId("stock-value").textContent()).toBe("0 шт.");
      expect(await row.getByRole("button", { name: `Остаток «${NAMES.fewLeft}» −1` }).isDisabled()).toBe(true);
      await screenshot(page, "stock-admin-table-sold-out", viewport, true);

      await row.getByRole("button", { name: `Остаток «${NAMES.fewLeft}» +1` }).click();
      await expect.poll(() => row.getByTestId("stock-value").textContent()).toBe("1 шт.");
      await row.getByRole("button", { name: `Остаток «${NAMES.fewLeft}» +1` }).click();
      await expect.poll(() => row.getByTestId("stock-value").textContent()).toBe("2 шт.");
      await row.getByRole("button", { name: `Остаток «${NAMES.fewLeft}» −1` }).click();
      await expect.poll(() => row.getByTestId("stock-value").textContent()).toBe("1 шт.");
      expect((await api<Product>(`/api/products/${ids.fewLeft}`)).stock).toBe(1);

      // a product whose stock is not counted: no buttons to press
      await page.getByRole("checkbox", { name: "Только распроданные" }).uncheck();
      const uncounted = page.getByTestId("products-table").locator("tbody tr").filter({ has: page.getByText("не считается") }).first();
      await uncounted.waitFor();
      expect(await uncounted.getByRole("button", { name: /\+1$/ }).isDisabled()).toBe(true);
      expect(await uncounted.getByRole("button", { name: /−1$/ }).isDisabled()).toBe(true);
      await noHorizontalOverflow(page);
      await screenshot(page, "stock-admin-table", viewport);
    } finally {
      await opened.close();
    }
  });
});

describe.skipIf(!haveChromium).each(["light", "dark"] as const)("stock in the Mini App (%s theme)", (theme) => {
  let opened: OpenedPage;
  let page: Page;
  const user = USERS[theme];
  const initData = signedInitData(BOT_TOKEN, user);
  const subscribed = async () =>
    (
      await (await shop.server.fetch(`/api/products/${ids.soldOut}/back-in-stock`, { headers: { "X-Telegram-Init-Data": initData } })).json()
    ) as { subscribed: boolean };

  beforeAll(async () => {
    opened = await openInTelegram(shop.browser, shop.server.url, theme);
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("offers 'Сообщить о поступлении' on a sold-out product: subscribe, then unsubscribe", async () => {
    await page.goto(launchUrl(`/product/${ids.soldOut}`, initData, theme));
    const toggle = page.getByTestId("back-in-stock");
    await expect.poll(() => toggle.textContent()).toBe("Сообщить о поступлении");
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Нет в наличии" }).isDisabled()).toBe(true);
    await screenshot(page, `stock-mini-app-sold-out-${theme}`, "mobile");

    await toggle.click();
    await expect.poll(() => page.getByText("Сообщим в Telegram, когда товар появится").count()).toBe(1);
    await expect.poll(() => toggle.textContent()).toBe("Не сообщать о поступлении");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await subscribed()).toEqual({ subscribed: true });
    await screenshot(page, `stock-mini-app-subscribed-${theme}`, "mobile");

    // the subscription is the user's: a reload asks the server again
    await page.reload();
    await expect.poll(() => page.getByTestId("back-in-stock").textContent()).toBe("Не сообщать о поступлении");
    await page.getByTestId("back-in-stock").click();
    await expect.poll(() => page.getByText("Уведомление о поступлении отключено").count()).toBe(1);
    await expect.poll(() => page.getByTestId("back-in-stock").textContent()).toBe("Сообщить о поступлении");
    expect(await subscribed()).toEqual({ subscribed: false });

    // an orderable product has no such button: Telegram's MainButton adds it to the cart
    await page.goto(launchUrl(`/product/${ids.madeToOrder}`, initData, theme));
    await expect.poll(() => mainButtonText(page)).toBe("Добавить в корзину");
    expect(await page.getByTestId("back-in-stock").count()).toBe(0);
  });

  it("orders a made-to-order product", async () => {
    await emit(page, "main_button_pressed");
    await expect.poll(() => mainButtonText(page)).toBe("Перейти в корзину");
    await page.goto(launchUrl("/checkout", initData, theme));
    const line = page.getByTestId("checkout-line").filter({ hasText: NAMES.madeToOrder });
    await expect.poll(() => line.getByTestId("availability").textContent()).toBe("Под заказ: 14 дн.");
    const phone = page.getByLabel("Телефон *");
    await phone.click();
    await phone.pressSequentially("9123456789");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `stock-mini-app-checkout-${theme}`, "mobile", true);
    await emit(page, "main_button_pressed");
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15000 }).toMatch(/^\/order-success\//);
    const orderNumber = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    const orders = await api<AdminOrdersResponse>("/api/orders?page=1");
    const order = orders.orders.find((candidate) => candidate.order_number === orderNumber);
    expect(order?.items.map((item) => [item.product_id, item.quantity])).toEqual([[ids.madeToOrder, 1]]);
    // made to order: the stock stays 0 and it can still be ordered
    expect((await api<Product>(`/api/products/${ids.madeToOrder}`)).stock).toBe(0);
  });
});
