import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { CatalogResponse, Category, Product, ProductCard } from "@shop/shared/schemas/catalog";
import type { AdminOrdersResponse } from "@shop/shared/schemas/orders";
import { formatPrice } from "@shop/shared/format";
import { toKopecks, toRoubles } from "@shop/shared/money";
import { nextDiscountTier, totalsInRoubles } from "@shop/shared/pricing";
import { VIEWPORTS, gotoApp, holdScripts, hydrated, layoutShift, openPage, screenshot, type OpenedPage, type ViewportName } from "./helpers/browser";
import { haveChromium, shopForTests } from "./helpers/shop-for-tests";

/**
 * The shopper's whole path on the real server (embedded database, demo catalogue, no bot: orders are created on
 * the site), at phone and desktop size; every screen is kept as a screenshot under test-results/screenshots.
 */

const shop = shopForTests();
const { api } = shop;

const grid = (page: Page) => page.locator('[aria-label="Товары"]');
/** The page's errors and warnings (a hydration mismatch is reported as one), collected from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(`${message.type()}: ${message.text()}`);
  });
  return errors;
}

const cardNames = (page: Page) => grid(page).locator("article h3 a");

/** The catalogue has finished loading: no skeletons, at least one card or the empty message. */
async function catalogLoaded(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="product-skeleton"]') && document.querySelector('[aria-label="Товары"] article, main p'),
  );
  await page.waitForFunction(() => !document.querySelector('[aria-label="Товары"][aria-busy="true"]'));
}

async function expectCardsToMatch(page: Page, expected: ProductCard[]) {
  await catalogLoaded(page);
  await expect.poll(() => cardNames(page).allTextContents()).toEqual(expected.map((product) => product.name));
}

async function noHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "page is not wider than the screen").toBeLessThanOrEqual(innerWidth);
}

function cartBadge(page: Page, viewport: ViewportName) {
  const link = viewport === "desktop" ? '[data-testid="header-cart"]' : '[data-testid="bottom-cart"]';
  return page.locator(`${link} [data-testid="count-badge"]`);
}

/** A one-finger horizontal swipe across the middle of `target` (touch events through CDP). */
async function swipe(page: Page, target: Locator, dx: number) {
  await target.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1 }] });
  await touch("touchStart", x0);
  for (let step = 1; step <= 5; step++) await touch("touchMove", x0 + (dx * step) / 5);
  await touch("touchEnd", x0 + dx);
  await cdp.detach();
}

function seriousErrors(opened: OpenedPage) {
  // a product that does not exist is logged on purpose by the 'Товар не найден' check
  return opened.errors.filter((error) => !/404|Not Found|не найден|product:999999/i.test(error));
}

describe.skipIf(!haveChromium).each(["mobile", "desktop"] as const)("shop at %s size", (viewport) => {
  let opened: OpenedPage;
  let page: Page;
  let categories: Category[];

  const scripts: string[] = [];

  beforeAll(async () => {
    opened = await openPage(shop.browser, viewport, { baseURL: shop.server.url });
    page = opened.page;
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    categories = await api<Category[]>("/api/categories");
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("browses, filters by category and tag, sorts and pages through the catalogue", async () => {
    const mains = categories.filter((category) => category.type === "main");
    const all = await api<CatalogResponse>("/api/products?limit=12");
    expect(all.total, "the demo catalogue fills more than one page").toBeGreaterThan(12);

    await gotoApp(page, "/");
    await expectCardsToMatch(page, all.products);
    await expect.poll(() => page.title()).toMatch(/Ремесло/);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    await noHorizontalOverflow(page);
    await screenshot(page, "catalog", viewport);

    if (viewport === "mobile") {
      await page.getByRole("button", { name: /^Фильтры/ }).click();
      await page.waitForTimeout(350);
      await screenshot(page, "catalog-filters", viewport);
    }
    const panel = page.getByTestId("filter-panel");
    const total = mains.reduce((sum, category) => sum + category.product_count, 0);
    await expect.poll(() => panel.getByRole("button", { name: /^Все товары/ }).textContent()).toBe(`Все товары${total}`);

    // category
    const category = [...mains].sort((a, b) => b.product_count - a.product_count)[0]!;
    await panel.getByRole("button", { name: new RegExp(`^${category.name}`) }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("mainCategory")).toBe(String(category.id));
    const inCategory = await api<CatalogResponse>(`/api/products?limit=12&mainCategory=${category.id}`);
    expect(inCategory.total).toBe(category.product_count);
    await expectCardsToMatch(page, inCategory.products);

    // a tag that has products in this category
    const tags = categories.filter((item) => item.type === "sub" && item.product_count > 0);
    let tagged: CatalogResponse | null = null;
    let tag: Category | null = null;
    for (const candidate of tags) {
      const result = await api<CatalogResponse>(`/api/products?limit=12&mainCategory=${category.id}&subCategories=${candidate.id}`);
      if (result.total > 0) {
        tagged = result;
        tag = candidate;
        break;
      }
    }
    expect(tag, "some tag has products in the biggest category").not.toBeNull();
    const tagBox = panel.getByRole("checkbox", { name: new RegExp(`^${tag!.name}`) });
    await tagBox.click();
    await expect.poll(() => tagBox.isChecked()).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get("subCategories")).toBe(String(tag!.id));
    await expectCardsToMatch(page, tagged!.products);
    if (viewport === "mobile") {
      await panel.getByRole("button", { name: /^Показать товары/ }).click();
    }
    await screenshot(page, "catalog-filtered", viewport);

    // the filtered page survives a reload
    await page.reload();
    await expectCardsToMatch(page, tagged!.products);

    // reset, then sort by price
    if (viewport === "mobile") await page.getByRole("button", { name: /^Фильтры/ }).click();
    await panel.getByRole("button", { name: "Сбросить" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    if (viewport === "mobile") {
      // reset also closes the mobile panel
      await expect.poll(() => panel.evaluate((element) => element.getBoundingClientRect().right <= 0)).toBe(true);
    }
    await page.getByRole("combobox", { name: "Сортировка" }).selectOption("price-asc");
    await expect.poll(() => new URL(page.url()).searchParams.get("sortOrder")).toBe("price-asc");
    const ascending = await api<CatalogResponse>("/api/products?limit=12&sortOrder=price-asc");
    await expectCardsToMatch(page, ascending.products);
    const prices = ascending.products.map((product) => product.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expect(grid(page).locator("article").first().textContent()).resolves.toContain(formatPrice(prices[0]!));

    // page 2, scrolled back to the top
    await page.mouse.wheel(0, 4000);
    await page.getByRole("button", { name: "Вперёд" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    const page2 = await api<CatalogResponse>("/api/products?limit=12&sortOrder=price-asc&page=2");
    await expectCardsToMatch(page, page2.products);
    await expect.poll(() => page.getByRole("navigation", { name: "Страницы каталога" }).getByText(`Страница 2 из ${page2.totalPages}`).count()).toBe(1);
    expect(await page.getByTestId("catalog-page-top").textContent()).toContain(`Страница 2 из ${page2.totalPages}`);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    await screenshot(page, "catalog-page2", viewport);

    // any filter change starts from page 1 again
    await page.getByRole("combobox", { name: "Сортировка" }).selectOption("price-desc");
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBeNull();
    await page.getByRole("combobox", { name: "Сортировка" }).selectOption("price-asc");
    await page.getByRole("button", { name: "Вперёд" }).click();
    await expectCardsToMatch(page, page2.products);

    // open a product from page 2
    const first = page2.products[0]!;
    await cardNames(page).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/product/${first.id}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(first.name);
  });

  it("shows the product page with tabs, share menu and the full lightbox", async () => {
    const catalog = await api<CatalogResponse>("/api/products?limit=100");
    const withImages = [...catalog.products].sort((a, b) => b.images.length - a.images.length)[0]!;
    expect(withImages.images.length, "some demo product has several photos").toBeGreaterThan(1);
    const product = await api<Product>(`/api/products/${withImages.id}`);
    const count = product.images.length;

    await gotoApp(page, `/product/${product.id}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(product.name);
    await expect.poll(() => page.title()).toBe(`${product.name} — Ремесло`);
    expect(await page.locator("main").textContent()).toContain(formatPrice(product.price));
    // the server already put the product's Open Graph tags into the HTML
    const html = await (await shop.server.fetch(`/product/${product.id}`)).text();
    expect(html).toContain(`<meta property="og:type" content="product" />`);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/uploads\//);

    await page.getByRole("tab", { name: "Характеристики" }).click();
    const panel = page.getByRole("tabpanel");
    await expect.poll(() => panel.textContent()).toContain(`Артикул${product.sku}`);
    if (product.material) expect(await panel.textContent()).toContain(`Материал${product.material}`);
    await page.getByRole("tab", { name: "Описание" }).click();
    await expect.poll(() => page.getByRole("tabpanel").textContent()).toBe(product.description?.trim() || "Описание отсутствует");
    await noHorizontalOverflow(page);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "product", viewport);

    // share menu: opens, closes on an outside click
    await page.getByRole("button", { name: "Поделиться" }).click();
    const menu = page.getByRole("menu", { name: "Поделиться" });
    await expect.poll(() => menu.getByRole("menuitem").count()).toBe(3);
    for (const name of ["Telegram", "ВКонтакте", "Копировать ссылку"]) {
      expect(await menu.getByRole("menuitem", { name, exact: true }).count(), name).toBe(1);
    }
    await screenshot(page, "product-share", viewport);
    await page.locator("h1").click();
    await expect.poll(() => menu.count()).toBe(0);

    if (viewport === "mobile") {
      // a horizontal swipe over 50 px on the main image shows the next photo; a short one does nothing
      const main = page.getByRole("button", { name: new RegExp(`^Открыть фото 1 из ${count}`) });
      await swipe(page, main, -30);
      expect(await main.count()).toBe(1);
      await swipe(page, main, -120);
      await expect.poll(() => page.getByRole("button", { name: new RegExp(`^Открыть фото 2 из ${count}`) }).count()).toBe(1);
      await swipe(page, page.getByRole("button", { name: new RegExp(`^Открыть фото 2 из ${count}`) }), 120);
      await expect.poll(() => main.count()).toBe(1);
      await page.waitForTimeout(400); // a tap right after a swipe is the swipe's own click and is ignored
    }

    // lightbox
    await page.getByRole("button", { name: new RegExp(`^Открыть фото 1 из ${count}`) }).click();
    const dialog = page.getByRole("dialog");
    const counter = page.getByTestId("lightbox-counter");
    await expect.poll(() => counter.textContent()).toBe(`1 / ${count}`);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter.textContent()).toBe(`2 / ${count}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter.textContent()).toBe(`${count} / ${count}`);
    await dialog.getByRole("button", { name: "Следующее фото" }).click();
    await expect.poll(() => counter.textContent()).toBe(`1 / ${count}`);
    const stage = page.getByTestId("lightbox-stage");
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -100);
    await expect.poll(() => stage.getAttribute("data-zoom")).toBe("1.2");
    for (let i = 0; i < 15; i++) await page.mouse.wheel(0, -100);
    await expect.poll(() => stage.getAttribute("data-zoom")).toBe("3");
    await stage.dblclick();
    await expect.poll(() => stage.getAttribute("data-zoom")).toBe("1");
    if (viewport === "mobile") {
      // not zoomed: a swipe moves through the photos
      await swipe(page, stage, -150);
      await expect.poll(() => counter.textContent()).toBe(`2 / ${count}`);
      await swipe(page, stage, 150);
      await expect.poll(() => counter.textContent()).toBe(`1 / ${count}`);
    }
    await stage.dblclick();
    await expect.poll(() => stage.getAttribute("data-zoom")).toBe("2");
    // zoomed: dragging pans the photo instead
    const frame = stage.locator("> div");
    const before = await frame.evaluate((element) => getComputedStyle(element).transform);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => frame.evaluate((element) => getComputedStyle(element).transform)).not.toBe(before);
    await expect.poll(() => counter.textContent()).toBe(`1 / ${count}`);
    await screenshot(page, "lightbox", viewport);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");

    // similar products
    const similar = await api<ProductCard[]>(`/api/products/${product.id}/similar`);
    if (similar.length > 0) {
      await expect
        .poll(() => page.locator('[aria-label="Похожие товары"] article h3 a').allTextContents())
        .toEqual(similar.slice(0, 8).map((item) => item.name));
    }

    await page.goto("/product/999999");
    await expect.poll(() => page.getByText("Товар не найден").count()).toBe(1);
    await screenshot(page, "product-not-found", viewport);
  });

  it("adds to the cart, changes quantities and places the order, which the admin sees with server totals", async () => {
    const catalog = await api<CatalogResponse>("/api/products?limit=100&sortOrder=price-asc");
    // a cheap product, so that the discount hint has something to say
    const cheap = catalog.products.find((product) => product.price < 400 && product.images.length > 0) ?? catalog.products[0]!;

    await page.goto("/cart");
    await expect.poll(() => page.getByText("Корзина пустая").count()).toBe(1);
    await screenshot(page, "cart-empty", viewport);

    await gotoApp(page, `/product/${cheap.id}`);
    await page.getByRole("button", { name: "Добавить в корзину" }).click();
    await expect.poll(() => page.getByTestId("toast").first().textContent()).toBe(`${cheap.name} добавлен в корзину!`);
    await expect.poll(() => cartBadge(page, viewport).textContent()).toBe("1");
    const inCart = page.getByRole("button", { name: "В корзине" });
    expect(await inCart.isDisabled()).toBe(true);
    const quantity = page.getByRole("group", { name: `Количество: ${cheap.name}` });
    expect(await quantity.getByRole("button", { name: "Уменьшить количество" }).isDisabled()).toBe(true);
    await quantity.getByRole("button", { name: "Увеличить количество" }).click();
    await expect.poll(() => cartBadge(page, viewport).textContent()).toBe("2");
    await screenshot(page, "product-in-cart", viewport);

    // the toast goes away after 3 s
    await expect.poll(() => page.getByTestId("toast").count(), { timeout: 6000 }).toBe(0);

    if (viewport === "desktop") await page.locator('[data-testid="header-cart"]').click();
    else await page.locator('[data-testid="bottom-cart"]').click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Ваша корзина");
    expect(await page.locator('nav[aria-label="Разделы"]').count(), "no bottom navigation on /cart").toBe(0);
    const line = page.getByTestId("cart-line");
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.textContent()).toContain(`Арт. ${cheap.sku}`);
    await line.getByRole("button", { name: "Увеличить количество" }).click();
    await expect.poll(() => line.getByTestId("line-price").textContent()).toBe(formatPrice(totalsInRoubles([{ price: cheap.price, quantity: 3 }], 0).subtotal));

    const subtotal = totalsInRoubles([{ price: cheap.price, quantity: 3 }], 0).subtotal;
    const next = nextDiscountTier(toKopecks(subtotal));
    const hint = next ? `До скидки ${next.percent}%: ещё ${formatPrice(toRoubles(next.missing))}` : "У вас максимальная скидка!";
    await expect.poll(() => page.getByText(hint).count()).toBeGreaterThan(0);

    // a recommendation goes into the cart too
    const recommendation = page.locator('[aria-label="Вам может понравиться"] article').first();
    await recommendation.waitFor();
    const recommendedName = (await recommendation.locator("h3").textContent())!;
    await recommendation.getByRole("button", { name: "В корзину" }).click();
    await expect.poll(() => line.count()).toBe(2);
    // phones: the bottom navigation (and its badge) is hidden on /cart
    if (viewport === "mobile") expect(await cartBadge(page, viewport).count()).toBe(0);
    else await expect.poll(() => cartBadge(page, viewport).textContent()).toBe("4");
    await page.waitForLoadState("networkidle");
    await noHorizontalOverflow(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "cart", viewport);

    if (viewport === "desktop") await page.getByRole("link", { name: "Перейти к оформлению" }).click();
    else await page.getByRole("link", { name: "К оформлению" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/checkout");

    const submit = viewport === "desktop"
      ? page.getByRole("button", { name: "Оформить заказ" }).first()
      : page.getByTestId("mobile-submit");
    await submit.click();
    await expect.poll(() => page.getByText("Введите имя").count()).toBe(1);
    expect(await page.getByText("Введите телефон").count()).toBe(1);
    await screenshot(page, "checkout-errors", viewport);
    await page.getByLabel("Имя *").fill("Мария Иванова");
    await expect.poll(() => page.getByText("Введите имя").count()).toBe(0);
    const phone = page.getByLabel("Телефон *");
    await phone.click();
    await phone.pressSequentially("912");
    await submit.click();
    await expect.poll(() => page.getByText("Введите полный номер").count()).toBe(1);
    await phone.pressSequentially("3456789");
    expect(await phone.inputValue()).toBe("+7 (912) 345-67-89");
    await expect.poll(() => page.getByText("Введите полный номер").count()).toBe(0);
    await page.getByLabel("Адрес доставки").fill("Казань, ул. Баумана, 12");
    await page.getByLabel("Комментарий к заказу").fill(`e2e ${viewport}`);
    await expect.poll(() => page.getByTestId("checkout-delivery").textContent()).toBe(formatPrice(250));
    expect(await page.getByText("* Точная стоимость доставки будет уточнена менеджером").count()).toBe(1);
    await screenshot(page, "checkout", viewport);
    await submit.click();

    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15000 }).toMatch(/^\/order-success\//);
    const orderNumber = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    await expect.poll(() => page.getByText("Спасибо за заказ!").count()).toBe(1);
    expect(await page.getByTestId("order-number").textContent()).toBe(orderNumber);
    expect(await page.evaluate(() => localStorage.getItem("cart-items"))).toBe("[]");
    await expect.poll(() => cartBadge(page, viewport).count()).toBe(0);
    await screenshot(page, "order-success", viewport);

    // the admin sees the order, priced by the server
    const token = await shop.server.adminToken();
    const list = await api<AdminOrdersResponse>("/api/orders?page=1", { headers: { Authorization: `Bearer ${token}` } });
    const order = list.orders.find((item) => item.order_number === orderNumber);
    expect(order, `order ${orderNumber} in the admin list`).toBeDefined();
    expect(order!.source).toBe(viewport === "mobile" ? "mobile_web" : "website");
    expect(order!.customer_name).toBe("Мария Иванова");
    expect(order!.customer_phone.replace(/\D/g, "")).toBe("79123456789");
    expect(order!.delivery_address).toBe("Казань, ул. Баумана, 12");
    expect(order!.comment).toBe(`e2e ${viewport}`);
    const names = order!.items.map((item) => item.product_name).sort();
    expect(names).toEqual([cheap.name, recommendedName].sort());
    const lines = await Promise.all(
      order!.items.map(async (item) => ({ price: (await api<Product>(`/api/products/${item.product_id}`)).price, quantity: item.quantity })),
    );
    expect(order!.items.find((item) => item.product_name === cheap.name)!.quantity).toBe(3);
    const totals = totalsInRoubles(lines);
    expect({
      subtotal: order!.subtotal,
      discount_percent: order!.discount_percent,
      discount_amount: order!.discount_amount,
      delivery_cost: order!.delivery_cost,
      total: order!.total,
    }).toEqual({
      subtotal: totals.subtotal,
      discount_percent: totals.discountPercent,
      discount_amount: totals.discount,
      delivery_cost: 250,
      total: totals.total,
    });
  });

  it("searches from the header dropdown or the search page and shows the results", async () => {
    const query = "ва";
    const expected = await api<{ products: ProductCard[] }>(`/api/products/search?q=${encodeURIComponent(query)}&limit=50`);
    expect(expected.products.length, `the demo catalogue has matches for '${query}'`).toBeGreaterThan(0);

    if (viewport === "desktop") {
      await gotoApp(page, "/");
      const box = page.getByRole("combobox", { name: "Поиск товаров" });
      // one letter asks for another; a query without matches says so
      await box.fill("в");
      await expect.poll(() => page.getByTestId("search-dropdown").textContent()).toContain("Введите ещё хотя бы одну букву");
      await box.fill("жжжжжж");
      await page.waitForTimeout(500);
      await expect.poll(() => page.getByTestId("search-dropdown").textContent()).toContain("Товары не найдены");
      await box.fill(query);
      const options = page.getByTestId("search-dropdown").getByRole("option");
      await expect.poll(() => options.count()).toBe(Math.min(5, expected.products.length));
      expect(await options.first().textContent()).toContain(formatPrice(expected.products[0]!.price));
      await screenshot(page, "search-dropdown", viewport);
      // closes on an outside click
      await page.mouse.click(8, 500);
      await expect.poll(() => page.getByTestId("search-dropdown").count()).toBe(0);
      await box.click();
      await page.getByRole("button", { name: "Показать все результаты" }).click();
    } else {
      await gotoApp(page, "/");
      await page.locator('nav[aria-label="Разделы"]').getByRole("link", { name: "Поиск" }).click();
      await expect.poll(() => page.locator("h1").textContent()).toBe("Поиск товаров");
      await page.getByRole("button", { name: "Найти" }).click();
      expect(new URL(page.url()).pathname, "a blank query is not submitted").toBe("/search");
      await page.getByLabel("Название или артикул").fill(query);
      await screenshot(page, "search", viewport);
      await page.getByRole("button", { name: "Найти" }).click();
    }
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/search-results?q=${encodeURIComponent(query)}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(`Результаты поиска по запросу «${query}»`);
    await expect
      .poll(() => page.locator('[aria-label="Результаты поиска"] article h3 a').allTextContents())
      .toEqual(expected.products.map((product) => product.name));
    await noHorizontalOverflow(page);
    await page.waitForLoadState("networkidle");
    await screenshot(page, "search-results", viewport);

    await page.goto("/search-results?q=" + encodeURIComponent("несуществующийтовар"));
    await expect.poll(() => page.getByText("По вашему запросу ничего не найдено. Попробуйте изменить запрос.").count()).toBe(1);
    await screenshot(page, "search-empty", viewport);
  });

  it("keeps a wishlist across reloads and moves its items to the cart", async () => {
    const catalog = await api<CatalogResponse>("/api/products?limit=12");
    const product = catalog.products[1]!;
    await gotoApp(page, "/");
    await catalogLoaded(page);
    await page.getByRole("button", { name: `В избранное: ${product.name}` }).click();
    await expect.poll(() => page.getByText(`${product.name} добавлен в избранное!`).count()).toBe(1);
    await page.reload();
    await catalogLoaded(page);
    expect(await page.getByRole("button", { name: `Убрать из избранного: ${product.name}` }).getAttribute("aria-pressed")).toBe("true");

    if (viewport === "desktop") await page.locator("header").getByRole("link", { name: /Избранное/ }).click();
    else await page.locator('nav[aria-label="Разделы"]').getByRole("link", { name: /Избранное/ }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Избранное");
    const item = page.getByTestId("wishlist-item");
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain(`Арт. ${product.sku}`);
    expect(await item.textContent()).toContain(formatPrice(product.price));
    await item.getByRole("button", { name: "В корзину" }).click();
    await expect.poll(() => item.getByRole("button", { name: "В корзине" }).isDisabled()).toBe(true);
    await expect.poll(() => cartBadge(page, viewport).textContent()).toBe("1");
    await screenshot(page, "wishlist", viewport);
    await item.getByRole("button", { name: `Удалить из избранного: ${product.name}` }).click();
    await expect.poll(() => page.getByText("Ваш список избранного пуст").count()).toBe(1);
    expect(await page.getByText("Товар удален из избранного").count()).toBe(1);
    await screenshot(page, "wishlist-empty", viewport);
  });

  it("explains that my orders are for Telegram users and shows 404 pages inside the layout", async () => {
    await page.goto("/my-orders");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Мои заказы");
    expect(await page.getByText("Страница доступна только в Telegram").count()).toBe(1);
    await screenshot(page, "my-orders", viewport);
    const missing = await page.goto("/no-such-page");
    // a 404 for search engines, the app's own page for the shopper
    expect(missing?.status()).toBe(404);
    await expect.poll(() => page.getByText("Страница не найдена").count()).toBe(1);
    await screenshot(page, "not-found", viewport);
    expect(seriousErrors(opened)).toEqual([]);
    // shoppers never download the admin panel, its charts or drag-and-drop, nor the Telegram SDK outside Telegram
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((file) => /AdminApp|StatsTab|ProductEditor|recharts|dnd|telegram-sdk/i.test(file))).toEqual([]);
  });
});

/**
 * The catalogue and product pages come rendered from the server (apps/web/src/entry-server.tsx): without JavaScript
 * the first screen is complete, and with it React hydrates that markup (the same elements stay, no mismatch is
 * reported) and only then shows what the device knows that the server did not (the wishlist; the cart, 'В корзине'
 * and its count, when the browser has not sent the cart cookie yet).
 */
describe.skipIf(!haveChromium).each(["mobile", "desktop"] as const)("server-rendered pages at %s size", (viewport) => {
  const mobile = viewport === "mobile";
  const newContext = (javaScriptEnabled: boolean) =>
    shop.browser.newContext({ viewport: VIEWPORTS[viewport], isMobile: mobile, hasTouch: mobile, locale: "ru-RU", baseURL: shop.server.url, javaScriptEnabled });

  it("shows the catalogue and a product page from the HTML alone", async () => {
    const context = await newContext(false);
    try {
      const page = await context.newPage();
      const first = await api<CatalogResponse>("/api/products?page=1&limit=12");
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      expect(await cardNames(page).allTextContents()).toEqual(first.products.map((product) => product.name));
      expect(await page.locator("h1").textContent()).toBe("Все товары");
      expect(await page.getByText(formatPrice(first.products[0]!.price)).count()).toBeGreaterThan(0);
      const firstImage = grid(page).locator("article img").first();
      await expect.poll(() => firstImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await screenshot(page, "ssr-catalogue-no-js", viewport);

      const product = first.products.find((item) => item.images.length > 0)!;
      const full = await api<Product>(`/api/products/${product.id}`);
      await page.goto(`/product/${product.id}`);
      expect(await page.locator("h1").textContent()).toBe(full.name);
      // once: the phone's buy bar holds it too, hidden until the page's own buttons scroll away
      expect(await page.getByText(formatPrice(full.price), { exact: true }).filter({ visible: true }).count()).toBe(1);
      const main = page.locator("main img").first();
      await expect.poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await screenshot(page, "ssr-product-no-js", viewport);

      const missing = await page.goto("/product/999999");
      expect(missing?.status()).toBe(404);
      expect(await page.getByText("Товар не найден").count()).toBe(1);
      const nowhere = await page.goto("/nope-page");
      expect(nowhere?.status()).toBe(404);
      expect(await page.getByText("Страница не найдена").count()).toBe(1);
      expect(await page.getByRole("link", { name: "Перейти в каталог" }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("paints the server's page before asking for the app's code, then fetches the page's modules in one wave", async () => {
    const first = await api<CatalogResponse>("/api/products?page=1&limit=12");
    const product = first.products.find((item) => item.images.length > 0)!;
    const context = await newContext(true);
    try {
      const page = await context.newPage();
      // the app's module answers slowly: the product page's own module must not wait for it to be asked for
      await page.route(/\/assets\/shell-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      for (const url of ["/", `/product/${product.id}`]) {
        await page.goto(url);
        await hydrated(page.locator("main h1"));
        const timing = await page.evaluate(() => ({
          paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
          code: performance
            .getEntriesByType("resource")
            .filter((entry) => /\/assets\/(shell|ProductPage|pages)-[^/]*\.js$/.test(entry.name))
            .map((entry) => ({ file: new URL(entry.name).pathname.replace(/-[\w-]{8}\.js$/, ""), start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
        }));
        expect(timing.paint, url).not.toBeNull();
        expect(timing.code.map((entry) => entry.file).sort(), url).toEqual(
          url === "/" ? ["/assets/shell"] : ["/assets/ProductPage", "/assets/pages", "/assets/shell"],
        );
        for (const entry of timing.code) expect(entry.start, `${url}: ${entry.file} asked for after the first paint`).toBeGreaterThanOrEqual(timing.paint!);
        const shell = timing.code.find((entry) => entry.file === "/assets/shell")!;
        for (const entry of timing.code) expect(entry.start, `${url}: ${entry.file} asked for with the app`).toBeLessThan(shell.end);
      }
    } finally {
      await context.close();
    }
  });

  it("hydrates the server's markup without a mismatch, then shows the device's cart and wishlist", async () => {
    const first = await api<CatalogResponse>("/api/products?page=1&limit=12");
    const product = first.products.find((item) => item.images.length > 0)!;
    const context = await newContext(true);
    try {
      await context.addInitScript((stored: { cart: string; wishlist: string }) => {
        localStorage.setItem("cart-items", stored.cart);
        localStorage.setItem("wishlist-items", stored.wishlist);
      }, { cart: JSON.stringify([{ ...product, quantity: 2 }]), wishlist: JSON.stringify([product]) });
      const page = await context.newPage();
      const errors = pageErrors(page);

      for (const [name, url] of [["catalogue", "/"], ["product", `/product/${product.id}`]] as const) {
        // a browser that has not sent the cart cookie yet (the app writes it at start): the server knows nothing of
        // the device (with the cookie, see the next test)
        await context.clearCookies();
        // hold the app's code back until the server's image element has been marked
        const release = await holdScripts(page, /\/assets\/index-[^/]*\.js$/);
        await page.goto(url, { waitUntil: "commit" });
        const image = page.locator("main img").first();
        await image.waitFor({ state: "attached" });
        expect(await page.locator('[data-testid="count-badge"]').count(), `${name}: no device counts in the server's HTML`).toBe(0);
        await image.evaluate((element) => element.setAttribute("data-from-server", "yes"));
        release();
        await expect.poll(() => cartBadge(page, viewport).textContent()).toBe("2");
        await page.waitForLoadState("networkidle");
        // the same element: hydrated, not thrown away and drawn again
        expect(await page.locator("main img").first().getAttribute("data-from-server"), name).toBe("yes");
        if (name === "product") {
          await expect.poll(() => page.getByRole("button", { name: "В корзине" }).count()).toBe(1);
        } else {
          const card = grid(page).locator("article").filter({ hasText: product.name });
          await expect.poll(() => card.getByRole("button", { name: "В корзину" }).count()).toBe(0);
        }
        await screenshot(page, `ssr-${name}-hydrated`, viewport);
        await page.unroute(/\/assets\/index-[^/]*\.js$/);
      }
      expect(errors).toEqual([]);

      // and the hydrated page is the live app: client-side navigation to the cart shows it at once, no placeholder
      await page.locator(mobile ? '[data-testid="bottom-cart"]' : '[data-testid="header-cart"]').click();
      await expect.poll(() => page.locator("h1").textContent()).toBe("Ваша корзина");
      expect(await page.getByTestId("cart-skeleton").count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("paints the cart and the checkout from the server: the cookie's lines, or a placeholder without it, never an empty cart", async () => {
    const first = await api<CatalogResponse>("/api/products?page=1&limit=12");
    const [one, two] = first.products.filter((item) => item.images.length > 0);
    const context = await newContext(true);
    try {
      await context.addInitScript((cart: string) => {
        if (!sessionStorage.getItem("cart-set")) localStorage.setItem("cart-items", cart);
        sessionStorage.setItem("cart-set", "yes");
      }, JSON.stringify([{ ...one!, quantity: 1 }, { ...two!, quantity: 2 }]));
      const page = await context.newPage();
      const errors = pageErrors(page);
      const pages = [
        ["/cart", "Ваша корзина", "cart-line"],
        ["/checkout", "Оформление заказа", "checkout-line"],
      ] as const;
      const stylesheets: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
      });
      /** opens `url` with the app's code held back; `painted` looks at the server's page; then the app takes over */
      const open = async (url: string, painted: () => Promise<void>) => {
        stylesheets.length = 0;
        const release = await holdScripts(page, /\/assets\/shell-[^/]*\.js$/);
        await page.goto(url, { waitUntil: "commit" });
        await page.locator("main > *").first().waitFor({ state: "visible" });
        await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(1);
        await painted();
        release();
        await hydrated(page.locator("main h1"));
        await page.waitForLoadState("networkidle");
        await page.unroute(/\/assets\/shell-[^/]*\.js$/);
        // the page's styles came inline: the app's chunks neither fetch them nor apply them a second time
        expect(stylesheets, url).toEqual([]);
        expect(await page.locator("link[rel=stylesheet]:not([disabled])").count(), url).toBe(0);
      };

      // a browser that has not sent the cart cookie yet: the frame with a placeholder, then the device's lines
      for (const [url, heading, lines] of pages) {
        await context.clearCookies();
        await open(url, async () => {
          expect(await page.getByTestId("cart-skeleton").isVisible(), url).toBe(true);
          expect(await page.getByText("Корзина пустая").count(), url).toBe(0);
          expect(await page.locator('[data-testid="count-badge"]').count(), url).toBe(0);
          const box = await page.getByTestId("cart-skeleton").boundingBox();
          expect(box!.height, `${url}: the placeholder is no taller than the screen`).toBeLessThanOrEqual(VIEWPORTS[viewport].height);
          await screenshot(page, `ssr-${url.slice(1)}-placeholder`, viewport);
        });
        await expect.poll(() => page.locator("main h1").textContent()).toBe(heading);
        expect(await page.getByTestId(lines).count(), url).toBe(2);
        expect(await page.getByTestId("cart-skeleton").count(), url).toBe(0);
        const shift = await layoutShift(page);
        // (a few pixels' worth of a tiny element at most: the footer coming into view alone would be ≈ 0.06)
        expect(shift.value, `${url}: nothing moved when the lines came: ${shift.moved.join("; ")}`).toBeLessThan(0.001);
      }

      // the app wrote the cart cookie: now the server paints the shopper's lines before any code
      expect((await context.cookies()).find((cookie) => cookie.name === "cart")?.value).toBe(`${one!.id}x1.${two!.id}x2`);
      for (const [url, heading, lines] of pages) {
        await open(url, async () => {
          expect(await page.locator("main h1").textContent(), url).toBe(heading);
          expect(await page.getByTestId(lines).count(), url).toBe(2);
          expect(await page.getByText(one!.name).first().isVisible(), url).toBe(true);
          expect(await page.getByTestId("cart-skeleton").count(), url).toBe(0);
          if (!mobile) expect(await page.getByTestId("count-badge").first().textContent(), url).toBe("3");
          await screenshot(page, `ssr-${url.slice(1)}-lines`, viewport);
          await page.getByTestId(lines).first().evaluate((element) => element.setAttribute("data-from-server", "yes"));
          // what is typed before the app takes over would be reset by hydration: the form waits for it
          if (url === "/checkout") expect(await page.getByLabel("Имя *").isDisabled()).toBe(true);
        });
        if (url === "/checkout") {
          await page.getByLabel("Имя *").fill("Анна");
          expect(await page.getByLabel("Имя *").inputValue()).toBe("Анна");
        }
        // hydrated, not thrown away and drawn again
        expect(await page.getByTestId(lines).first().getAttribute("data-from-server"), url).toBe("yes");
        expect(await page.getByTestId(lines).count(), url).toBe(2);
        const shift = await layoutShift(page);
        expect(shift.value, `${url}: ${shift.moved.join("; ")}`).toBeLessThan(0.001);
      }
      // a product page of a product in the cart: drawn in the cart by the server, nothing moves when the app takes over
      await open(`/product/${two!.id}`, async () => {
        expect(await page.getByRole("button", { name: "В корзине" }).isVisible()).toBe(true);
        expect(await page.getByText("Добавить в корзину").count()).toBe(0);
        expect(await page.locator('[role="group"] [aria-live]').first().textContent()).toBe("2");
        await screenshot(page, "ssr-product-in-cart", viewport);
      });
      expect(await page.getByRole("button", { name: "В корзине" }).isVisible()).toBe(true);
      const productShift = await layoutShift(page);
      expect(productShift.value, productShift.moved.join("; ")).toBeLessThan(0.001);
      // the catalogue: the cards of the products in the cart are drawn with their quantities by the server
      const quantity = (name: string) => page.getByRole("group", { name: `Количество: ${name}` }).locator("[aria-live]");
      await open("/", async () => {
        expect(await quantity(one!.name).textContent()).toBe("1");
        expect(await quantity(two!.name).textContent()).toBe("2");
        if (!mobile) expect(await page.getByTestId("count-badge").first().textContent()).toBe("3");
        await screenshot(page, "ssr-catalogue-in-cart", viewport);
      });
      expect(await quantity(two!.name).textContent()).toBe("2");
      const catalogueShift = await layoutShift(page);
      expect(catalogueShift.value, catalogueShift.moved.join("; ")).toBeLessThan(0.001);
      await page.goto("/cart");

      // a change in the app reaches the cookie: one line less
      await (await hydrated(page.getByRole("button", { name: `Удалить: ${one!.name}` }))).click();
      await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "cart")?.value).toBe(`${two!.id}x2`);

      // an empty cart: the server knows it too
      await page.getByRole("button", { name: `Удалить: ${two!.name}` }).click();
      await page.goto("/cart");
      await expect.poll(() => page.getByText("Корзина пустая").count()).toBe(1);
      await page.waitForLoadState("networkidle");
      const shift = await layoutShift(page);
      expect(shift.value, shift.moved.join("; ")).toBeLessThan(0.001);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("does what the buttons tapped before the app's code arrived say, once it has", async () => {
    const first = await api<CatalogResponse>("/api/products?page=1&limit=12");
    const [one, two] = first.products.filter((item) => item.images.length > 0 && item.stock !== 0 && item.made_to_order_days === null);
    const context = await newContext(true);
    try {
      const page = await context.newPage();
      const errors = pageErrors(page);
      const cartCookie = async () => (await context.cookies()).find((cookie) => cookie.name === "cart")?.value;
      /** opens `url` with the app's code held back, taps on the server's page, then lets the app start */
      const tapBeforeTheApp = async (url: string, taps: () => Promise<void>) => {
        const release = await holdScripts(page, /\/assets\/index-[^/]*\.js$/);
        await page.goto(url, { waitUntil: "commit" });
        await page.locator("main > *").first().waitFor({ state: "visible" });
        await taps();
        // the server's page alone does nothing with them
        expect(await page.evaluate(() => Object.keys(document.querySelector("main")!).some((key) => key.startsWith("__reactFiber$"))), url).toBe(false);
        release();
        await hydrated(page.locator("main h1"));
        await page.unroute(/\/assets\/index-[^/]*\.js$/);
      };

      // the catalogue: two products into the cart (the second tap on the same card meets its quantity control and
      // is dropped, as a second tap on a button that is gone would be), one heart
      const card = (product: ProductCard) => grid(page).locator("article").filter({ hasText: product.name });
      await tapBeforeTheApp("/", async () => {
        await card(one!).getByRole("button", { name: "В корзину" }).click();
        await card(one!).getByRole("button", { name: "В корзину" }).click();
        await card(two!).getByRole("button", { name: "В корзину" }).click();
        await card(two!).getByRole("button", { name: `В избранное: ${two!.name}` }).click();
        await screenshot(page, "early-taps-catalogue-before", viewport);
      });
      await expect.poll(() => cartBadge(page, viewport).textContent()).toBe("2");
      expect(await card(one!).getByRole("group", { name: `Количество: ${one!.name}` }).locator("[aria-live]").textContent()).toBe("1");
      expect(await card(two!).getByRole("button", { name: `Убрать из избранного: ${two!.name}` }).getAttribute("aria-pressed")).toBe("true");
      await expect.poll(cartCookie).toBe(`${one!.id}x1.${two!.id}x1`);
      expect(page.url(), "the page stayed where the taps were").toBe(new URL("/", shop.server.url).href);
      await screenshot(page, "early-taps-catalogue-after", viewport);

      // the cart: plus twice on one line, the other removed
      await tapBeforeTheApp("/cart", async () => {
        const line = page.getByTestId("cart-line").filter({ hasText: two!.name });
        await line.getByRole("button", { name: "Увеличить количество" }).click();
        await line.getByRole("button", { name: "Увеличить количество" }).click();
        await page.getByRole("button", { name: `Удалить: ${one!.name}` }).click();
      });
      await expect.poll(cartCookie).toBe(`${two!.id}x3`);
      expect(await page.getByTestId("cart-line").count()).toBe(1);
      expect(await page.getByRole("group", { name: `Количество: ${two!.name}` }).locator("[aria-live]").textContent()).toBe("3");
      await screenshot(page, "early-taps-cart-after", viewport);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.skipIf(!haveChromium)("server-rendered pages while their HTML arrives", () => {
  it("paints a server-rendered page only once all of it has arrived, wherever the network pauses, and nothing on it moves", async () => {
    const first = await api<CatalogResponse>("/api/products?page=1&limit=12");
    const [one, two] = first.products.filter((item) => item.images.length > 0 && item.stock !== 0);
    /** the page's HTML and where the network pauses in it */
    let served = { html: "", cut: 0 };
    // the HTML in two parts, the second PAUSE_MS after the first (a slow network, or a busy phone parsing in slices)
    const PAUSE_MS = 500;
    const slow = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.write(served.html.slice(0, served.cut));
      setTimeout(() => response.end(served.html.slice(served.cut)), PAUSE_MS);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const context = await shop.browser.newContext({ viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true, locale: "ru-RU" });
    try {
      const page = await context.newPage();
      // the page alone: its code and pictures are the shop's, not this server's
      await page.route(/\/(assets|uploads)\//, (route) => route.abort());
      const pages = [
        ["the catalogue", "/", ""],
        ["a product page", `/product/${one!.id}`, ""],
        // without the cart cookie: the placeholder of the lines
        ["the cart's placeholder", "/cart", ""],
        ["the cart", "/cart", `cart=${one!.id}x1.${two!.id}x2`],
        ["the checkout", "/checkout", `cart=${one!.id}x1.${two!.id}x2`],
      ] as const;
      for (const [name, url, cookie] of pages) {
        const html = await (await shop.server.fetch(url, cookie ? { headers: { cookie } } : {})).text();
        const main = [html.indexOf("<main"), html.indexOf("</main>")] as const;
        const cuts = {
          "inside the header": html.indexOf('aria-label="Личное"'),
          // a tag in the middle of the page's content (in the cart's placeholder, inside its first line)
          "inside the content": html.indexOf("<", Math.round((main[0] + main[1]) / 2)),
          "inside the footer": html.lastIndexOf("<", html.indexOf("</footer>") - 1),
        };
        for (const [where, cut] of Object.entries(cuts)) {
          expect(cut, `${name}, ${where}`).toBeGreaterThan(html.indexOf('<div id="root">'));
          served = { html, cut };
          await page.goto(`http://127.0.0.1:${(slow.address() as AddressInfo).port}${url}`);
          await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(1);
          const { paint, start } = await page.evaluate(() => ({
            paint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
            start: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart,
          }));
          expect(paint - start, `${name}, cut ${where}: the first paint waited for the rest`).toBeGreaterThan(PAUSE_MS - 100);
          const shift = await layoutShift(page);
          expect(shift.value, `${name}, cut ${where}: ${shift.moved.join("; ")}`).toBe(0);
        }
      }
    } finally {
      await context.close();
      slow.close();
    }
  });

  it("show only once their last part has arrived: a page painted half-parsed never shows a footer that then grows", async () => {
    const first = await api<CatalogResponse>("/api/products?page=1&limit=12");
    const [one, two] = first.products.filter((item) => item.images.length > 0 && item.stock !== 0);
    const context = await shop.browser.newContext({ viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true, locale: "ru-RU", baseURL: shop.server.url });
    try {
      // two lines worth a discount: the cart's footer has its discount line and bar
      await context.addCookies([{ name: "cart", value: `${one!.id}x3.${two!.id}x3`, url: shop.server.url }]);
      const page = await context.newPage();
      // the server's page alone: the app would render it again
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      for (const [url, footer, lastPart] of [
        ["/cart", '[data-testid="cart-footer"]', "footerButtons"],
        ["/checkout", '[data-testid="mobile-submit"]', 'data-testid="mobile-submit"'],
      ] as const) {
        const html = await (await context.request.get(url)).text();
        // the page as the browser has it when its last bytes are still on the way: cut before the footer's last part
        const cut = html.lastIndexOf("<", html.lastIndexOf(lastPart));
        expect(cut, url).toBeGreaterThan(0);
        await page.route(url, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html.slice(0, cut) }));
        await page.goto(url);
        const fixedFooter = url === "/cart" ? page.locator(footer) : page.locator(`div:has(> p [data-testid="checkout-footer-total"])`);
        expect(await fixedFooter.count(), url).toBe(1);
        expect(await fixedFooter.isVisible(), `${url}: a footer still arriving is not shown`).toBe(false);
        await page.unroute(url);
        await page.goto(url);
        expect(await fixedFooter.isVisible(), `${url}: the whole footer is shown`).toBe(true);
        await screenshot(page, `footer-arrived-${url.slice(1)}`, "mobile");
      }
    } finally {
      await context.close();
    }
  });
});
