import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { CatalogResponse, Category, Product } from "@shop/shared/schemas/catalog";
import type { AdminOrdersResponse } from "@shop/shared/schemas/orders";
import { formatPrice } from "@shop/shared/format";
import { totalsInRoubles } from "@shop/shared/pricing";
import { gotoApp, holdScripts, openPage, screenshot, type OpenedPage } from "./helpers/browser";
import { haveChromium, shopForTests } from "./helpers/shop-for-tests";

/**
 * What makes the shop trustworthy on a phone and a desktop (docs/product.md): the buy button on the product page's
 * first screen and the buy bar, the share sheet or an on-screen menu, the catalogue saying what is filtered, the
 * footers' totals, one money format, touch targets, the privacy policy and consent, the order summary, the
 * headings' font and what search engines read. Screenshots under test-results/screenshots (shopper-trust-*).
 */

const shop = shopForTests();
const { api } = shop;

/** The element's box lies inside the viewport and the element drawn at its centre is it (or inside it). */
async function visibleAndOnTop(page: Page, locator: Locator): Promise<{ top: number; bottom: number }> {
  const result = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      top: box.top,
      bottom: box.bottom,
      left: box.left,
      right: box.right,
      width: window.innerWidth,
      height: window.innerHeight,
      onTop: atCentre !== null && (atCentre === element || element.contains(atCentre)),
    };
  });
  expect(result.top, "top inside the screen").toBeGreaterThanOrEqual(0);
  expect(result.left, "left inside the screen").toBeGreaterThanOrEqual(0);
  expect(result.bottom, "bottom inside the screen").toBeLessThanOrEqual(result.height);
  expect(result.right, "right inside the screen").toBeLessThanOrEqual(result.width);
  expect(result.onTop, "nothing covers it").toBe(true);
  return { top: result.top, bottom: result.bottom };
}

/** The product with the most photos, then the longest name: the tallest first screen of a product page. */
async function tallestProduct(): Promise<Product> {
  const catalog = await api<CatalogResponse>("/api/products?limit=100");
  const card = [...catalog.products].sort((a, b) => b.images.length - a.images.length || b.name.length - a.name.length)[0]!;
  return api<Product>(`/api/products/${card.id}`);
}

async function catalogLoaded(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="product-skeleton"]') && document.querySelector('[aria-label="Товары"] article, main p'),
  );
}

describe.skipIf(!haveChromium)("phone (390×844)", () => {
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    opened = await openPage(shop.browser, "mobile", { baseURL: shop.server.url });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("shows 'Добавить в корзину' on the product page's first screen and a buy bar above the navigation once it scrolls away", async () => {
    const product = await tallestProduct();
    expect(product.images.length, "a product with several photos (thumbnails under the picture)").toBeGreaterThan(1);
    await gotoApp(page, `/product/${product.id}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(product.name);
    await page.waitForLoadState("networkidle");

    const add = page.getByRole("button", { name: "Добавить в корзину" });
    expect(await add.count(), "only the page's own button while the bar is hidden").toBe(1);
    const button = await visibleAndOnTop(page, add);
    const navTop = await page.locator('nav[aria-label="Разделы"]').evaluate((nav) => nav.getBoundingClientRect().top);
    expect(button.bottom, "the button ends above the bottom navigation").toBeLessThanOrEqual(navTop);
    const bar = page.getByTestId("buy-bar");
    expect(await bar.evaluate((element) => getComputedStyle(element).visibility)).toBe("hidden");
    await screenshot(page, "shopper-trust-product", "mobile");

    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => bar.evaluate((element) => getComputedStyle(element).visibility)).toBe("visible");
    await page.waitForTimeout(300); // its slide-in
    expect(await bar.textContent()).toContain(formatPrice(product.price));
    const barButton = bar.getByRole("button", { name: "Добавить в корзину" });
    const barBox = await visibleAndOnTop(page, barButton);
    expect(barBox.bottom, "the bar's button is above the navigation").toBeLessThanOrEqual(navTop);
    const barBottom = await bar.evaluate((element) => element.getBoundingClientRect().bottom);
    expect(barBottom).toBeLessThanOrEqual(navTop + 0.5);
    await screenshot(page, "shopper-trust-product-buy-bar", "mobile");

    await barButton.click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("cart-items"))).toContain(`"id":${product.id}`);
    const quantity = bar.getByRole("group", { name: `Количество: ${product.name}` });
    await quantity.getByRole("button", { name: "Увеличить количество" }).click();
    await expect.poll(() => quantity.textContent()).toContain("2");
    expect(await bar.getByRole("link", { name: "В корзине" }).getAttribute("href")).toBe("/cart");

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => bar.evaluate((element) => getComputedStyle(element).visibility)).toBe("hidden");
    await page.evaluate(() => localStorage.removeItem("cart-items"));
  });

  it("opens the system share sheet where the browser has one, with the page's address and 'name - price руб.'", async () => {
    const product = await tallestProduct();
    const sharing = await openPage(shop.browser, "mobile", { baseURL: shop.server.url });
    try {
      await sharing.context.addInitScript(() => {
        const calls: ShareData[] = [];
        (window as unknown as { shareCalls: ShareData[] }).shareCalls = calls;
        Object.defineProperty(navigator, "share", { value: async (data: ShareData) => void calls.push(data), configurable: true });
      });
      await gotoApp(sharing.page, `/product/${product.id}`);
      await sharing.page.getByRole("button", { name: "Поделиться" }).click();
      await expect
        .poll(() => sharing.page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls))
        .toEqual([{ title: product.name, text: `${product.name} - ${formatPrice(product.price)}`, url: `${shop.server.url}/product/${product.id}` }]);
      expect(await sharing.page.getByRole("menu").count(), "no menu of its own").toBe(0);
    } finally {
      await sharing.close();
    }
  });

  it("without a share sheet opens a menu whose every item is on screen, whatever the scroll", async () => {
    const product = await tallestProduct();
    await gotoApp(page, `/product/${product.id}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(product.name);
    expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
    for (const scroll of [0, 150]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      await page.getByRole("button", { name: "Поделиться" }).click();
      const menu = page.getByRole("menu", { name: "Поделиться" });
      await expect.poll(() => menu.getByRole("menuitem").count()).toBe(3);
      for (const name of ["Telegram", "ВКонтакте", "Копировать ссылку"]) {
        const item = menu.getByRole("menuitem", { name, exact: true });
        await visibleAndOnTop(page, item);
        expect((await item.boundingBox())!.height, `${name}: a 44 px touch target`).toBeGreaterThanOrEqual(44);
      }
      if (scroll === 0) await screenshot(page, "shopper-trust-share-menu", "mobile");
      await page.keyboard.press("Escape");
      await expect.poll(() => menu.count()).toBe(0);
    }
  });

  it("shows the sort order's longest label whole", async () => {
    await page.goto("/?sortOrder=price-desc");
    await catalogLoaded(page);
    const select = page.getByRole("combobox", { name: "Сортировка" });
    expect(await select.inputValue()).toBe("price-desc");
    const fit = await select.evaluate((element) => {
      const select = element as HTMLSelectElement;
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = style.font;
      const text = context.measureText(select.selectedOptions[0]!.text).width;
      // the text box left of the drop-down arrow (≈ 20 px)
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return { text, room };
    });
    expect(fit.text, "'Цена: по убыванию' fits").toBeLessThanOrEqual(fit.room);
    await screenshot(page, "shopper-trust-sort", "mobile");

  });

  it("gives hearts and the minus/plus buttons 44×44 touch targets and never wraps a price", async () => {
    await gotoApp(page, "/");
    await catalogLoaded(page);
    const card = page.locator('[aria-label="Товары"] article').first();
    await card.getByRole("button", { name: "В корзину" }).click();
    const targets = [
      card.getByRole("button", { name: /^В избранное: / }),
      card.getByRole("button", { name: "Уменьшить количество" }),
      card.getByRole("button", { name: "Увеличить количество" }),
    ];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      const label = (await target.getAttribute("aria-label")) ?? "";
      expect(box.width, label).toBeGreaterThanOrEqual(44);
      expect(box.height, label).toBeGreaterThanOrEqual(44);
    }
    // every card's price sits on one line, spaces and all
    const prices = await page.locator('[aria-label="Товары"] article').evaluateAll((cards) =>
      cards.map((article) => {
        const price = [...article.querySelectorAll("p")].find((p) => p.textContent?.includes("руб."))!;
        const range = document.createRange();
        range.selectNodeContents(price);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return { text: price.textContent!, lines: lines.size };
      }),
    );
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      expect(price.lines, price.text).toBe(1);
      expect(price.text, "no breaking space inside a sum").not.toMatch(/ /);
    }
    await page.evaluate(() => localStorage.removeItem("cart-items"));
  });
});

describe.skipIf(!haveChromium).each(["mobile", "desktop"] as const)("catalogue at %s size", (viewport) => {
  let opened: OpenedPage;
  let page: Page;
  let categories: Category[];

  beforeAll(async () => {
    opened = await openPage(shop.browser, viewport, { baseURL: shop.server.url });
    page = opened.page;
    categories = await api<Category[]>("/api/categories");
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("names the category, shows the tags and price as chips that remove their filter, and 'Сбросить' removes all", async () => {
    const main = categories.filter((category) => category.type === "main").sort((a, b) => b.product_count - a.product_count)[0]!;
    const tags = categories.filter((category) => category.type === "sub").sort((a, b) => b.product_count - a.product_count).slice(0, 2);
    expect(tags).toHaveLength(2);
    await page.goto(`/?mainCategory=${main.id}&subCategories=${tags.map((tag) => tag.id).join(",")}&priceFrom=100&priceTo=5000`);
    await catalogLoaded(page);
    await expect.poll(() => page.locator("h1").textContent()).toBe(main.name);
    const chips = page.getByRole("list", { name: "Выбранные фильтры" });
    const price = `Цена: ${formatPrice(100)} – ${formatPrice(5000)}`;
    await expect.poll(() => chips.getByRole("button").allTextContents()).toEqual([tags[0]!.name, tags[1]!.name, price, "Сбросить"]);
    await screenshot(page, "shopper-trust-catalog-chips", viewport);

    await chips.getByRole("button", { name: `Убрать фильтр «${tags[0]!.name}»` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("subCategories")).toBe(String(tags[1]!.id));
    await expect.poll(() => chips.getByRole("button").allTextContents()).toEqual([tags[1]!.name, price, "Сбросить"]);
    const filtered = await api<CatalogResponse>(`/api/products?limit=12&mainCategory=${main.id}&subCategories=${tags[1]!.id}&priceFrom=100&priceTo=5000`);
    await expect.poll(() => page.locator('[aria-label="Товары"] article h3').allTextContents()).toEqual(filtered.products.map((p) => p.name));

    await chips.getByRole("button", { name: `Убрать фильтр «${price}»` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has("priceFrom")).toBe(false);
    expect(new URL(page.url()).searchParams.has("priceTo")).toBe(false);
    await expect.poll(() => chips.getByRole("button").allTextContents()).toEqual([tags[1]!.name, "Сбросить"]);

    await chips.getByRole("button", { name: "Сбросить" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expect.poll(() => chips.count()).toBe(0);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Все товары");
  });

  it("applies a typed price to the filters of that moment: a tag unticked before the pause ends stays unticked", async () => {
    const tags = categories.filter((category) => category.type === "sub").sort((a, b) => b.product_count - a.product_count).slice(0, 2);
    await page.goto(`/?subCategories=${tags.map((tag) => tag.id).join(",")}`);
    await catalogLoaded(page);
    if (viewport === "mobile") await page.getByRole("button", { name: /^Фильтры/ }).click();
    const panel = page.getByTestId("filter-panel");
    const firstTag = panel.getByRole("checkbox", { name: new RegExp(`^${tags[0]!.name}`) });
    await expect.poll(() => firstTag.isChecked()).toBe(true);

    await panel.getByLabel("Цена от").fill("500");
    await firstTag.click();
    await expect.poll(() => firstTag.isChecked()).toBe(false);
    await expect.poll(() => new URL(page.url()).searchParams.get("priceFrom"), { timeout: 5000 }).toBe("500");
    expect(new URL(page.url()).searchParams.get("subCategories")).toBe(String(tags[1]!.id));
    expect(await firstTag.isChecked()).toBe(false);
    expect(await panel.getByLabel("Цена от").inputValue()).toBe("500");
    const chips = page.getByRole("list", { name: "Выбранные фильтры" });
    await expect.poll(() => chips.getByRole("button").allTextContents()).toEqual([tags[1]!.name, `Цена: от ${formatPrice(500)}`, "Сбросить"]);
    await screenshot(page, "shopper-trust-catalog-price-typed", viewport);
    if (viewport === "mobile") await page.getByRole("button", { name: "Закрыть фильтры" }).click();
  });

  it("says which page is shown at the top, and on a desktop shows the price fields without scrolling the sidebar", async () => {
    const first = await api<CatalogResponse>("/api/products?limit=12");
    expect(first.totalPages).toBeGreaterThan(1);
    await page.goto("/?page=2");
    await catalogLoaded(page);
    await expect.poll(() => page.getByTestId("catalog-page-top").textContent()).toContain(`Страница 2 из ${first.totalPages}`);
    await visibleAndOnTop(page, page.getByTestId("catalog-page-top"));
    await gotoApp(page, "/");
    await catalogLoaded(page);
    if (viewport === "desktop") {
      for (const label of ["Цена от", "Цена до"]) await visibleAndOnTop(page, page.getByLabel(label));
      await screenshot(page, "shopper-trust-catalog-sidebar", viewport);
    }
  });
});

describe.skipIf(!haveChromium).each(["mobile", "desktop"] as const)("cart, checkout and order at %s size", (viewport) => {
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    opened = await openPage(shop.browser, viewport, { baseURL: shop.server.url });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("shows the total after the discount in the footers, consent and the privacy policy, and the order's summary", async () => {
    const catalog = await api<CatalogResponse>("/api/products?limit=100&sortOrder=price-asc");
    const product = catalog.products.find((item) => item.price >= 300 && item.price < 600)!;
    const quantity = 3;
    const totals = totalsInRoubles([{ price: product.price, quantity }], 0);
    expect(totals.discountPercent, "the cart earns a discount").toBeGreaterThan(0);

    await gotoApp(page, `/product/${product.id}`);
    await page.getByRole("button", { name: "Добавить в корзину" }).click();
    await gotoApp(page, "/cart");
    const line = page.getByTestId("cart-line");
    await expect.poll(() => line.count()).toBe(1);
    for (let i = 1; i < quantity; i++) await line.getByRole("button", { name: "Увеличить количество" }).click();
    await expect.poll(() => line.getByTestId("line-price").textContent()).toBe(formatPrice(totals.subtotal));

    const footer = page.getByTestId("cart-footer");
    if (viewport === "mobile") {
      await expect.poll(() => footer.getByTestId("cart-footer-total").textContent()).toBe(formatPrice(totals.total));
      const discount = await footer.getByTestId("cart-footer-discount").textContent();
      expect(discount).toContain(formatPrice(totals.subtotal));
      expect(discount).toContain(`Скидка ${totals.discountPercent}%: −${formatPrice(totals.discount)}`);
      // the marks 0/500/1000/1500 ₽ in the footer: each on screen, none over another
      const marks = footer.getByTestId("discount-marks").locator(":scope > span");
      expect(await marks.count()).toBe(4);
      const boxes = [];
      for (let i = 0; i < 4; i++) {
        await visibleAndOnTop(page, marks.nth(i));
        boxes.push((await marks.nth(i).boundingBox())!);
      }
      for (let i = 1; i < 4; i++) expect(boxes[i]!.x, "marks do not overlap").toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
      expect(await footer.getByTestId("discount-marks").textContent()).toContain("1\u00a0500\u00a0₽−13%");
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, "shopper-trust-cart", viewport);
    } else {
      expect(await footer.isVisible()).toBe(false);
      expect(await page.getByTestId("cart-total").textContent()).toBe(formatPrice(totals.total));
    }

    await gotoApp(page, "/checkout");
    await expect.poll(() => page.getByTestId("checkout-total").textContent()).toBe(formatPrice(totals.total + 250));
    if (viewport === "mobile") {
      const footerTotal = page.getByTestId("checkout-footer-total");
      expect(await footerTotal.textContent()).toBe(formatPrice(totals.total + 250));
      await visibleAndOnTop(page, footerTotal);
      await visibleAndOnTop(page, page.getByTestId("mobile-submit"));
    }
    const consent = page.getByTestId("checkout-consent");
    expect(await consent.textContent()).toBe(
      "Нажимая «Оформить заказ», вы соглашаетесь на обработку персональных данных в соответствии с политикой конфиденциальности.",
    );
    await consent.scrollIntoViewIfNeeded();
    await screenshot(page, "shopper-trust-checkout", viewport);
    await consent.getByRole("link", { name: "политикой конфиденциальности" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/privacy");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Политика обработки персональных данных");
    expect(await page.locator("main").textContent()).toContain("152-ФЗ");
    await screenshot(page, "shopper-trust-privacy", viewport);
    await page.goBack();

    await page.getByLabel("Имя *").fill("Ольга Петрова");
    await page.getByLabel("Телефон *").click();
    await page.getByLabel("Телефон *").pressSequentially("9031234567");
    await page.getByLabel("Адрес доставки").fill("Тверь, ул. Советская, 5");
    const submit = viewport === "desktop" ? page.getByRole("button", { name: "Оформить заказ" }).first() : page.getByTestId("mobile-submit");
    await submit.click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15000 }).toMatch(/^\/order-success\//);
    const orderNumber = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);

    const summary = page.getByTestId("order-summary");
    await summary.waitFor();
    const token = await shop.server.adminToken();
    const list = await api<AdminOrdersResponse>("/api/orders?page=1", { headers: { Authorization: `Bearer ${token}` } });
    const order = list.orders.find((item) => item.order_number === orderNumber)!;
    expect(await summary.getByTestId("order-summary-total").textContent()).toBe(formatPrice(order.total));
    const text = (await summary.textContent())!;
    expect(text).toContain(product.name);
    expect(text).toContain(`× ${quantity}`);
    expect(text).toContain(`Скидка ${order.discount_percent}%`);
    expect(text).toContain(formatPrice(order.discount_amount));
    await screenshot(page, "shopper-trust-order-success", viewport, true);

    // a reload in the same tab still shows it; another browser never does
    await page.reload();
    await expect.poll(() => page.getByTestId("order-summary-total").textContent()).toBe(formatPrice(order.total));
    const stranger = await openPage(shop.browser, viewport, { baseURL: shop.server.url });
    try {
      await stranger.page.goto(`/order-success/${encodeURIComponent(orderNumber)}`);
      await expect.poll(() => stranger.page.getByText("Спасибо за заказ!").count()).toBe(1);
      await stranger.page.waitForLoadState("networkidle");
      expect(await stranger.page.getByTestId("order-summary").count()).toBe(0);
    } finally {
      await stranger.close();
    }
  });
});

describe.skipIf(!haveChromium)("admin and what every page carries (1280×800)", () => {
  it("prints grouped prices, keeps category names whole and shows the doughnuts' shares without hovering", async () => {
    const opened = await openPage(shop.browser, "desktop", { baseURL: shop.server.url });
    const { page } = opened;
    try {
      const token = await shop.server.adminToken();
      await page.goto("/admin/login");
      await page.evaluate((value) => localStorage.setItem("authToken", value), token);
      await page.goto("/admin/dashboard");
      const cell = page.getByTestId("products-table").locator('td[data-label="Цена"]').first();
      await cell.waitFor();
      expect(await cell.textContent()).toMatch(/^\d{1,3}(\u00a0\d{3})*\.\d{2}\u00a0₽$/);
      const names = await page.getByTestId("category-name").evaluateAll((elements) =>
        elements.map((element) => {
          // each word on one line: a word drawn in two pieces was broken in the middle
          const text = element.firstChild!;
          const broken: string[] = [];
          for (const match of (text.textContent ?? "").matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) broken.push(match[0]);
          }
          return broken;
        }),
      );
      expect(names.length).toBeGreaterThan(0);
      expect(names.flat(), "words broken inside").toEqual([]);
      await screenshot(page, "shopper-trust-admin-categories", "desktop");

      await page.goto("/admin/dashboard?tab=stats");
      const legend = page.getByTestId("status-chart").locator(".recharts-legend-item-text");
      await expect.poll(() => legend.count(), { timeout: 15000 }).toBeGreaterThan(0);
      for (const item of await legend.allTextContents()) expect(item).toMatch(/: \d+ \(\d+\.\d%\)$/);
      await screenshot(page, "shopper-trust-admin-stats", "desktop", true);
    } finally {
      await opened.close();
    }
  });

  it("asks for a second letter in the header search instead of saying nothing was found", async () => {
    const opened = await openPage(shop.browser, "desktop", { baseURL: shop.server.url });
    const { page } = opened;
    try {
      await gotoApp(page, "/");
      const box = page.getByRole("combobox", { name: "Поиск товаров" });
      await box.click();
      await box.fill("в");
      const dropdown = page.getByTestId("search-dropdown");
      await expect.poll(() => dropdown.textContent()).toContain("Введите ещё хотя бы одну букву");
      expect(await dropdown.textContent()).not.toContain("Товары не найдены");
      await screenshot(page, "shopper-trust-search-one-letter", "desktop");
      await box.fill("ва");
      await expect.poll(() => dropdown.textContent()).not.toContain("Введите ещё");
    } finally {
      await opened.close();
    }
  });

  it("keeps what was typed into the header search before the app took over, and searches for it", async () => {
    const opened = await openPage(shop.browser, "desktop", { baseURL: shop.server.url });
    const { page } = opened;
    try {
      const release = await holdScripts(page, /\/assets\/shell-[^/]*\.js$/);
      await page.goto("/", { waitUntil: "commit" });
      const box = page.getByRole("combobox", { name: "Поиск товаров" });
      await box.click();
      await box.pressSequentially("ваза");
      release();
      const dropdown = page.getByTestId("search-dropdown");
      await expect.poll(() => dropdown.getByRole("option").count()).toBeGreaterThan(0);
      expect(await box.inputValue()).toBe("ваза");
      for (const option of await dropdown.getByRole("option").allTextContents()) expect(option.toLowerCase()).toContain("ваз");
    } finally {
      await opened.close();
    }
  });

  it("loads the headings' font from the shop itself when a heading needs it, not preloaded, each half fetched once", async () => {
    const opened = await openPage(shop.browser, "desktop", { baseURL: shop.server.url });
    const { page } = opened;
    try {
      const fonts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "font") fonts.push(request.url());
      });
      // a preloaded 'optional' font would hold the first paint and take the line from the main image
      const html = await (await shop.server.fetch("/")).text();
      expect(html).not.toContain('as="font"');
      await gotoApp(page, "/");
      await catalogLoaded(page);
      // a Russian heading uses both halves (its spaces are Latin)
      const halves = () => fonts.map((url) => (url.startsWith(shop.server.url) ? /pt-serif-(cyrillic|latin)-700/.exec(url)?.[1] : url)).sort();
      await expect.poll(halves).toEqual(["cyrillic", "latin"]);
      await page.waitForLoadState("networkidle");
      expect(halves()).toEqual(["cyrillic", "latin"]);
      expect(await page.locator("h1").evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^"PT Serif"/);
      await page.reload();
      await catalogLoaded(page);
      await expect.poll(() => page.evaluate(() => document.fonts.check('700 32px "PT Serif"', "Все товары"))).toBe(true);
    } finally {
      await opened.close();
    }
  });

  it("answers /robots.txt with text, /sitemap.xml with every product, and puts structured data into a product page", async () => {
    const robots = await shop.server.fetch("/robots.txt");
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /api");
    expect(text).toContain(`Sitemap: ${shop.server.url}/sitemap.xml`);
    const sitemap = await (await shop.server.fetch("/sitemap.xml")).text();
    const catalog = await api<CatalogResponse>("/api/products?limit=100");
    for (const product of catalog.products) expect(sitemap).toContain(`<loc>${shop.server.url}/product/${product.id}</loc><lastmod>`);
    const product = catalog.products[0]!;
    const opened = await openPage(shop.browser, "mobile", { baseURL: shop.server.url });
    try {
      await gotoApp(opened.page, `/product/${product.id}`);
      const blocks = await opened.page.locator('script[type="application/ld+json"]').allTextContents();
      const data = blocks.map((block) => JSON.parse(block) as { "@type": string; offers?: { price: string; priceCurrency: string } });
      expect(data.map((block) => block["@type"])).toEqual(["Product", "BreadcrumbList"]);
      expect(data[0]!.offers).toMatchObject({ price: product.price.toFixed(2), priceCurrency: "RUB" });
      expect(await opened.page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${shop.server.url}/product/${product.id}`);
      expect(opened.errors, "no CSP or script errors").toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it("keeps one canonical link and the title on the page the shopper moves to without a reload", async () => {
    const product = (await api<Product>(`/api/products/${(await api<CatalogResponse>("/api/products?limit=1")).products[0]!.id}`));
    const main = product.categories.find((category) => category.type === "main")!;
    const opened = await openPage(shop.browser, "desktop", { baseURL: shop.server.url });
    const { page } = opened;
    const canonical = async () => {
      const links = await page.locator('link[rel="canonical"]').evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
      return links.length === 1 ? links[0] : links;
    };
    try {
      await gotoApp(page, "/");
      await catalogLoaded(page);
      expect(await canonical()).toBe(`${shop.server.url}/`);
      // a full page load would lose this mark: every step below is a client-side navigation
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      await page.locator('[aria-label="Товары"] article h3 a').first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/product/${product.id}`);
      await expect.poll(canonical).toBe(`${shop.server.url}/product/${product.id}`);
      await expect.poll(() => page.title()).toBe(`${product.name} — Ремесло`);

      await page.getByRole("link", { name: main.name, exact: true }).first().click();
      await expect.poll(() => new URL(page.url()).search).toBe(`?mainCategory=${main.id}`);
      await expect.poll(canonical).toBe(`${shop.server.url}/?mainCategory=${main.id}`);
      await expect.poll(() => page.title()).toBe(`${main.name} ручной работы — Ремесло`);

      await page.getByTestId("header-cart").click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/cart");
      await expect.poll(canonical).toBe(`${shop.server.url}/cart`);
      await expect.poll(() => page.title()).toBe("Корзина — Ремесло");
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
      expect(opened.errors, "no CSP or script errors").toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
