import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogResponse, Category, Product } from "@shop/shared/schemas/catalog";
import { gotoApp, openPage, screenshot, type OpenedPage, type ViewportName } from "./helpers/browser";
import { catalogLoaded, noToasts, openInTelegram } from "./helpers/mini-app";
import { haveChromium, shopForTests } from "./helpers/shop-for-tests";
import { launchUrl, signedInitData, type TelegramUserData, type ThemeName } from "./helpers/telegram";

/**
 * What a walkthrough of the shop found missing (docs/product.md): the catalogue's sorts «Новинки» and
 * «Популярные» and four products on a phone's first screen; a search without results that suggests categories and
 * popular products; a sold-out product offering in-stock alternatives of its kind on the first screen, and on the
 * website 'Сообщить о поступлении' through the bot; the cart's phone footer without the summary's sums twice, and
 * toasts that never cover the cart's first line. On the website at phone and desktop size and in the imitated
 * Telegram client, light and dark. Screenshots: test-results/screenshots/touches-*.png.
 */

const BOT_TOKEN = "7000000043:E2E_token_for_the_shopper_touches_test";
const BOT_USERNAME = "remeslo_touches_bot";
const RUN = Date.now().toString(36).slice(-5);
const SOLD_OUT_NAME = `Ваза «Последняя» ${RUN}`;
const USERS: Record<ThemeName, TelegramUserData> = {
  light: { id: 880004301, first_name: "Вера", username: "vera_touches", language_code: "ru" },
  dark: { id: 880004302, first_name: "Глеб", username: "gleb_touches", language_code: "ru" },
};

const shop = shopForTests({
  env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_USERNAME: BOT_USERNAME, BOT_MODE: "off", TELEGRAM_API_ROOT: "http://127.0.0.1:9" },
});
const api = <T>(path: string, init?: RequestInit) => shop.server.adminApi<T>(path, init);

let soldOut: Product;
let mainCategory: Category;

beforeAll(async () => {
  if (!haveChromium) return;
  const categories = await api<Category[]>("/api/categories");
  mainCategory = categories.filter((category) => category.type === "main").sort((a, b) => b.product_count - a.product_count)[0]!;
  const kin = await api<CatalogResponse>(`/api/products?limit=3&mainCategory=${mainCategory.id}`);
  soldOut = await api<Product>("/api/admin/products", {
    method: "POST",
    body: JSON.stringify({
      name: SOLD_OUT_NAME,
      price: 1500,
      stock: 0,
      categoryIds: [mainCategory.id],
      imageUrls: kin.products[0]!.images.slice(0, 1).map((image) => image.image_url),
    }),
  });
  expect(soldOut.stock).toBe(0);
});

/** The boxes of the catalogue's cards that lie wholly on the first screen above the bottom navigation (if any). */
async function cardsOnFirstScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Разделы"]');
    const navTop = nav && getComputedStyle(nav).display !== "none" ? nav.getBoundingClientRect().top : window.innerHeight;
    return [...document.querySelectorAll('[aria-label="Товары"] article')].filter((card) => {
      const box = card.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= navTop + 1;
    }).length;
  });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function checkCatalogue(page: Page, phone: boolean, shot: (name: string) => Promise<unknown>) {
  await catalogLoaded(page);
  await page.waitForLoadState("networkidle");
  await shot("catalog");
  expect(await cardsOnFirstScreen(page)).toBeGreaterThanOrEqual(4);
  // the two new sorts, by their Russian names, each kept in the address
  const sort = page.getByLabel(/Сортировка/).first();
  if (!phone || (await sort.isVisible())) {
    expect(await sort.locator("option").allTextContents()).toEqual(["По умолчанию", "Цена: по возрастанию", "Цена: по убыванию", "Новинки", "Популярные"]);
    await sort.selectOption({ label: "Популярные" });
    await expect.poll(() => new URL(page.url()).searchParams.get("sortOrder")).toBe("popular");
    const popular = await api<CatalogResponse>("/api/products?limit=12&sortOrder=popular");
    await expect.poll(() => page.locator('[aria-label="Товары"] article h3 a').allTextContents()).toEqual(popular.products.map((product) => product.name));
    await sort.selectOption({ label: "Новинки" });
    await expect.poll(() => new URL(page.url()).searchParams.get("sortOrder")).toBe("new");
  }
}

async function checkEmptySearch(page: Page, shot: (name: string) => Promise<unknown>) {
  await expect.poll(() => page.getByText("По вашему запросу ничего не найдено").count()).toBe(1);
  const categories = page.getByTestId("suggested-categories");
  await categories.waitFor();
  expect(await categories.getByRole("link").count()).toBeGreaterThan(1);
  const products = page.getByTestId("suggested-products");
  await expect.poll(() => products.locator("article").count()).toBe(4);
  const popular = await api<CatalogResponse>("/api/products?limit=4&sortOrder=popular&inStock=true");
  expect(await products.locator("article h3 a").allTextContents()).toEqual(popular.products.map((product) => product.name));
  await shot("search-empty");
  await categories.getByRole("link").first().click();
  await expect.poll(() => new URL(page.url()).searchParams.get("mainCategory")).not.toBeNull();
}

async function checkSoldOut(page: Page, shot: (name: string) => Promise<unknown>) {
  await page.getByRole("heading", { name: SOLD_OUT_NAME }).waitFor();
  const alternatives = page.getByTestId("in-stock-alternatives");
  await alternatives.waitFor();
  const similar = await api<{ id: number; name: string }[]>(`/api/products/${soldOut.id}/similar`);
  expect(await alternatives.getByRole("link").count()).toBe(Math.min(3, similar.length));
  expect(await alternatives.getByRole("link").first().textContent()).toContain(similar[0]!.name);
  // of its kind: the same main category
  const first = await api<Product>(`/api/products/${similar[0]!.id}`);
  expect(first.categories.map((category) => category.id)).toContain(mainCategory.id);
  await page.waitForLoadState("networkidle");
  await shot("sold-out");
  // on the first screen
  const box = (await alternatives.boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

describe.skipIf(!haveChromium).each(["mobile", "desktop"] as const)("shopper touches on the website at %s size", (viewport: ViewportName) => {
  let opened: OpenedPage;
  let page: Page;
  const shot = (name: string) => screenshot(page, `touches-${name}`, viewport);
  const phone = viewport === "mobile";

  beforeAll(async () => {
    opened = await openPage(shop.browser, viewport, { baseURL: shop.server.url });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("shows at least four products on the catalogue's first screen and sorts by «Новинки» and «Популярные»", async () => {
    await gotoApp(page, "/");
    await checkCatalogue(page, phone, shot);
  });

  it("suggests categories and popular products when a search finds nothing", async () => {
    await gotoApp(page, `/search-results?q=${encodeURIComponent("жирафы из титана")}`);
    await checkEmptySearch(page, shot);
  });

  it("offers in-stock alternatives of the same kind on a sold-out product's first screen, and 'Сообщить о поступлении' through the bot", async () => {
    await gotoApp(page, `/product/${soldOut.id}`);
    await checkSoldOut(page, shot);
    const link = page.getByTestId("back-in-stock-link");
    expect(await link.textContent()).toBe("Сообщить о поступлении");
    expect(await link.getAttribute("href")).toBe(`https://t.me/${BOT_USERNAME}?start=notify_${soldOut.id}`);
  });

  it("keeps the cart's first line clear of toasts, and the phone footer without the summary's sums twice", async () => {
    await gotoApp(page, "/");
    await catalogLoaded(page);
    const cards = page.locator('[aria-label="Товары"] article').filter({ has: page.getByRole("button", { name: /^В корзину/ }) });
    await cards.nth(0).getByRole("button", { name: /^В корзину/ }).click();
    await cards.nth(1).getByRole("button", { name: /^В корзину/ }).click();
    await noToasts(page);
    await gotoApp(page, "/cart");
    const firstLine = page.getByTestId("cart-line").first();
    await firstLine.waitFor();
    await page.waitForLoadState("networkidle");
    // a burst of toasts: adding three recommendations
    const recommended = page.locator('[aria-label="Вам может понравиться"]').getByRole("button", { name: /^В корзину/ });
    await recommended.first().waitFor();
    for (let i = 0; i < 3; i++) await recommended.first().click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.getByTestId("toast").count()).toBeGreaterThan(0);
    const lineBox = (await firstLine.boundingBox())!;
    for (const toast of await page.getByTestId("toast").all()) {
      if (!(await toast.isVisible())) continue;
      expect(overlaps((await toast.boundingBox())!, lineBox)).toBe(false);
    }
    await shot("cart-toasts");
    await noToasts(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    if (phone) {
      const footer = page.getByTestId("cart-footer");
      await footer.waitFor();
      // the summary's sums are on screen: the footer carries the bar and the buttons only
      const summaryTotal = page.getByTestId("cart-total");
      await summaryTotal.scrollIntoViewIfNeeded();
      await expect.poll(() => footer.getByTestId("cart-footer-total").isVisible()).toBe(false);
      expect(await footer.getByRole("link", { name: "К оформлению" }).isVisible()).toBe(true);
      await shot("cart-summary");
      // scrolled past the summary: the footer says the total again
      await page.getByText("Вам может понравиться").scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => footer.getByTestId("cart-footer-total").isVisible()).toBe(true);
      await shot("cart-footer");
    } else {
      expect(await page.getByTestId("cart-footer").isVisible()).toBe(false);
      await shot("cart");
    }
    expect(opened.errors.filter((error) => !/favicon/.test(error))).toEqual([]);
  });
});

describe.skipIf(!haveChromium).each(["light", "dark"] as const)("shopper touches in the Mini App, %s theme", (theme: ThemeName) => {
  let opened: OpenedPage;
  let page: Page;
  const shot = (name: string) => screenshot(page, `touches-mini-app-${name}-${theme}`, "mobile");
  const launch = (path: string) => page.goto(launchUrl(path, signedInitData(BOT_TOKEN, USERS[theme]), theme));

  beforeAll(async () => {
    opened = await openInTelegram(shop.browser, shop.server.url, theme);
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("shows at least four products on the first screen, suggests on an empty search, offers alternatives and the bot's button on a sold-out product", async () => {
    await launch("/");
    await checkCatalogue(page, true, shot);
    await launch(`/search-results?q=${encodeURIComponent("жирафы из титана")}`);
    await checkEmptySearch(page, shot);
    await launch(`/product/${soldOut.id}`);
    await checkSoldOut(page, shot);
    // inside Telegram the shop knows the shopper: the button subscribes at once
    expect(await page.getByTestId("back-in-stock").textContent()).toContain("Сообщить о поступлении");
    expect(await page.getByTestId("back-in-stock-link").count()).toBe(0);
  });
});
