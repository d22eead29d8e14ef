import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogResponse, Category, Product } from "@shop/shared/schemas/catalog";
import { gotoApp, openPage, screenshot, type OpenedPage, type ViewportName } from "./helpers/browser";
import { lastTelegramEvent, noToasts, openInTelegram } from "./helpers/mini-app";
import { haveChromium, shopForTests } from "./helpers/shop-for-tests";
import { emitTelegramEvent as emit, launchUrl, signedInitData, type TelegramUserData, type ThemeName } from "./helpers/telegram";

/**
 * Choosing a variant and personalising it in the browser (docs/product.md#choosing-a-variant), on the website at
 * phone and desktop size and in the imitated Telegram client, light and dark: 'Добавить в корзину' asks for the size,
 * a size and a colour change the price and the photo and the address, two engravings make two cart lines, and the
 * texts come back in the cart (drawn by the server too), the checkout and on the order's success page; the demo's scarf
 * opens each colour on its own photo; the Mini App waits for any colour of a sold-out product; the admin restocks a
 * colour from the products list and drags personalisation fields into order. The server has a bot token to check the
 * Mini App's launches but no bot username, so the website creates its orders itself. Screenshots:
 * test-results/screenshots/variants-*.png.
 */

const BOT_TOKEN = "7000000003:E2E_token_for_the_variants_browser_test";
const RUN = Date.now().toString(36).slice(-5);
const NAME = `Кольцо «Волна» ${RUN}`;
const USERS: Record<ThemeName, TelegramUserData> = {
  light: { id: 880000201, first_name: "Анна", last_name: "Петрова", username: "anna_variants", language_code: "ru" },
  dark: { id: 880000202, first_name: "Олег", last_name: "Смирнов", username: "oleg_variants", language_code: "ru" },
};

const shop = shopForTests({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, BOT_MODE: "off", TELEGRAM_API_ROOT: "http://127.0.0.1:9" } });
const api = <T>(path: string, init?: RequestInit) => shop.server.adminApi<T>(path, init);

let ring: Product;
/** a product none of whose colours is left: waited for as a whole in the Mini App, restocked per colour in the admin */
let scarf: Product;
const SCARF = `Шарф «Дымка» ${RUN}`;
/** the photos: the product's first (the blue ring's) and third (the red one's) */
let photos: { blue: string; red: string };

const spaces = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();
const price = (page: Page) => page.getByTestId("product-price").textContent().then(spaces);
const chip = (page: Page, name: RegExp) => page.getByRole("button", { name });

beforeAll(async () => {
  if (!haveChromium) return;
  const categories = await api<Category[]>("/api/categories");
  const main = categories.find((category) => category.type === "main")!;
  // three of the demo's photos, as the ring's
  const demo = await api<CatalogResponse>("/api/products?limit=12");
  const urls = [...new Set(demo.products.flatMap((product) => product.images.map((image) => image.image_url)))].slice(0, 3);
  const created = await api<Product>("/api/admin/products", {
    method: "POST",
    body: JSON.stringify({
      name: NAME,
      price: 1200,
      categoryIds: [main.id],
      imageUrls: urls,
      options: [
        { name: "Размер", kind: "text", values: [{ value: "16" }, { value: "17" }, { value: "18" }] },
        { name: "Цвет", kind: "color", values: [{ value: "синий", swatch: "#2f4f9f" }, { value: "красный", swatch: "#b03030" }] },
      ],
      variants: [
        { option_values: ["16", "синий"], price: 1200 },
        { option_values: ["17", "синий"], price: 1200 },
        { option_values: ["17", "красный"], price: 1500 },
        { option_values: ["18", "красный"], price: 1500 },
      ],
      personalization: [{ kind: "text", label: "Гравировка", hint: "Имя или дата", max_length: 20, required: false, price: 300 }],
    }),
  });
  const [blue, , red] = created.images;
  // the red variants show the third photo first
  ring = await api<Product>(`/api/admin/products/${created.id}`, {
    method: "PUT",
    body: JSON.stringify({
      name: NAME,
      price: 1200,
      categoryIds: [main.id],
      images: created.images.map((image) => ({ id: image.id, image_url: image.image_url })),
      variants: [
        { option_values: ["16", "синий"], price: 1200, image_ids: [blue!.id] },
        { option_values: ["17", "синий"], price: 1200, image_ids: [blue!.id] },
        { option_values: ["17", "красный"], price: 1500, image_ids: [red!.id, blue!.id] },
        { option_values: ["18", "красный"], price: 1500, image_ids: [red!.id] },
      ],
    }),
  });
  photos = { blue: blue!.image_url, red: red!.image_url };
  scarf = await api<Product>("/api/admin/products", {
    method: "POST",
    body: JSON.stringify({
      name: SCARF,
      price: 2400,
      categoryIds: [main.id],
      imageUrls: urls.slice(0, 2),
      options: [{ name: "Цвет", kind: "color", values: [{ value: "серый", swatch: "#8a8f96" }, { value: "бордовый", swatch: "#7a2733" }] }],
      variants: [
        { option_values: ["серый"], stock: 0 },
        // the bordeaux one opens on the second photo, given in the save that creates the product
        { option_values: ["бордовый"], stock: 0, image_urls: [urls[1], urls[0]] },
      ],
    }),
  });
});

/** The gallery's main picture: the first of the choice's photos. */
async function shownPhoto(page: Page): Promise<string> {
  return (await page.getByAltText(`${NAME} — фото 1`).first().getAttribute("src")) ?? "";
}

/** 'Добавить в корзину' asks for the size; 17 and red change price, photo, article and address; two engravings go in. */
async function chooseAndAddTwoEngravings(page: Page, add: () => Promise<void>, shot: (name: string) => Promise<unknown>) {
  await page.getByRole("heading", { name: NAME }).waitFor();
  expect(await price(page)).toBe("от 1 200.00 руб.");
  expect(await shownPhoto(page)).toBe(photos.blue);
  await add();
  await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("Выберите размер");
  await shot("product-ask");

  await chip(page, /^Размер: 17$/).click();
  await expect.poll(() => chip(page, /^Размер: 17$/).getAttribute("aria-pressed")).toBe("true");
  await chip(page, /^Цвет: красный$/).click();
  await expect.poll(() => price(page)).toBe("1 500.00 руб.");
  await expect.poll(() => shownPhoto(page)).toBe(photos.red);
  await expect.poll(() => page.getByTestId("product-sku").textContent()).toMatch(/^Арт\. HM-\d+-/);
  const variant = ring.variants!.find((item) => item.price === 1500 && item.option_value_ids[0] === ring.options![0]!.values[1]!.id)!;
  await expect.poll(() => new URL(page.url()).searchParams.get("variant")).toBe(String(variant.id));
  // 16 makes no combination with red: struck and disabled, not hidden
  expect(await chip(page, /^Размер: 16/).isDisabled()).toBe(true);

  const engraving = page.getByLabel(/^Гравировка/);
  await engraving.fill("Анне");
  await expect.poll(() => price(page)).toBe("1 800.00 руб.");
  await expect.poll(() => page.getByTestId("personalization-counter").textContent()).toBe("4/20");
  await shot("product-chosen");
  await add();
  await engraving.fill("Петру, с любовью");
  // another text is another line: the button adds again
  await expect.poll(() => page.getByTestId("personalization-counter").textContent()).toBe("16/20");
  await add();
  return variant.id;
}

async function expectTwoLines(page: Page) {
  const lines = page.getByTestId("cart-line");
  await expect.poll(() => lines.count()).toBe(2);
  expect(await lines.getByTestId("line-variant").allTextContents()).toEqual(["Размер: 17, Цвет: красный", "Размер: 17, Цвет: красный"]);
  expect((await lines.getByTestId("line-personalization").allTextContents()).map(spaces)).toEqual([
    "Гравировка: Анне +300.00 руб.",
    "Гравировка: Петру, с любовью +300.00 руб.",
  ]);
}

async function expectTextsOnSuccess(page: Page) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15000 }).toMatch(/^\/order-success\//);
  const lines = page.getByTestId("order-summary-line");
  await expect.poll(() => lines.count()).toBe(2);
  expect(await lines.getByTestId("line-personalization").allTextContents()).toEqual(["Гравировка: Анне", "Гравировка: Петру, с любовью"]);
}

describe.skipIf(!haveChromium).each(["mobile", "desktop"] as const)("variants on the website at %s size", (viewport: ViewportName) => {
  let opened: OpenedPage;
  let page: Page;
  const shot = (name: string) => screenshot(page, `variants-${name}`, viewport);

  beforeAll(async () => {
    opened = await openPage(shop.browser, viewport, { baseURL: shop.server.url });
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("chooses a size and a colour, adds two engravings as two lines, orders and finds the texts on the success page", async () => {
    await gotoApp(page, `/product/${ring.id}`);
    await page.waitForLoadState("networkidle");
    const variantId = await chooseAndAddTwoEngravings(page, () => page.getByRole("button", { name: "Добавить в корзину" }).first().click(), shot);
    await noToasts(page);

    // a shared link opens the same choice
    await gotoApp(page, `/product/${ring.id}?variant=${variantId}`);
    await expect.poll(() => price(page)).toBe("1 500.00 руб.");
    expect(await chip(page, /^Цвет: красный$/).getAttribute("aria-pressed")).toBe("true");

    await gotoApp(page, "/cart");
    await expectTwoLines(page);
    await shot("cart");
    // the server draws the cart with its variant lines and texts (the cookie names them), not a placeholder
    const served = await (await opened.context.request.get(new URL("/cart", shop.server.url).href)).text();
    expect(served).not.toContain("cart-skeleton");
    expect([...served.matchAll(/data-testid="line-variant"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(["Размер: 17, Цвет: красный", "Размер: 17, Цвет: красный"]);
    expect(served).toContain("Петру, с любовью");

    await gotoApp(page, "/checkout");
    expect((await page.getByTestId("checkout-line").getByTestId("line-personalization").allTextContents()).map(spaces)).toEqual([
      "Гравировка: Анне",
      "Гравировка: Петру, с любовью",
    ]);
    await page.getByLabel("Имя *").fill("Анна Петрова");
    const phone = page.getByLabel("Телефон *");
    await phone.click();
    await phone.pressSequentially("9123456789");
    await shot("checkout");
    const order = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/orders");
    await page.getByRole("button", { name: "Оформить заказ" }).first().click();
    expect((await order).status()).toBe(201);
    await expectTextsOnSuccess(page);
    await shot("order-success");
    expect(opened.errors.filter((error) => !/favicon/.test(error))).toEqual([]);
  });

  it("shows the demo's scarf in colours with swatches, each colour opening on its own photo", async () => {
    const found = await api<CatalogResponse>(`/api/products/search?limit=5&q=${encodeURIComponent("Шарф вязаный")}`);
    const demo = found.products.find((product) => product.name === "Шарф вязаный «Вереск»")!;
    const full = await api<Product>(`/api/products/${demo.id}`);
    await gotoApp(page, `/product/${demo.id}`);
    await page.getByRole("heading", { name: "Шарф вязаный «Вереск»" }).waitFor();
    const photo = () => page.getByAltText("Шарф вязаный «Вереск» — фото 1").first().getAttribute("src");
    for (const [index, colour] of ["горчичный", "бордовый"].entries()) {
      await chip(page, new RegExp(`^Цвет: ${colour}`)).click();
      const value = full.options![0]!.values.find((v) => v.value === colour)!;
      const variant = full.variants!.find((v) => v.option_value_ids[0] === value.id)!;
      const own = full.images.find((image) => image.id === variant.image_ids[0])!.image_url;
      await expect.poll(photo).toBe(own);
      if (index === 0) await shot("demo-scarf");
    }
  });

  it("filters the catalogue by an option value kept in the address; a card with options says 'от …' and opens its page", async () => {
    await gotoApp(page, "/?option=16");
    const filtered = await api<CatalogResponse>("/api/products?limit=12&option=16");
    expect(filtered.products.some((product) => product.id === ring.id)).toBe(true);
    await page.waitForFunction(() => !document.querySelector('[data-testid="product-skeleton"]') && document.querySelector('[aria-label="Товары"] article'));
    await expect
      .poll(() => page.locator('[aria-label="Товары"] article h3 a').allTextContents())
      .toEqual(filtered.products.map((product) => product.name));
    expect(await page.getByRole("button", { name: "Убрать фильтр «16»" }).count()).toBe(1);
    if (viewport === "mobile") {
      await page.getByRole("button", { name: /^Фильтры/ }).click();
      await page.waitForTimeout(350);
    }
    const value = page.getByTestId("filter-panel").getByRole("button", { name: "Размер: 16" });
    await expect.poll(() => value.getAttribute("aria-pressed")).toBe("true");
    await value.scrollIntoViewIfNeeded();
    await shot(viewport === "mobile" ? "catalog-filter-panel" : "catalog-filter");
    if (viewport === "mobile") await page.getByRole("button", { name: /^Показать товары/ }).click();

    const card = page.locator('[aria-label="Товары"] article').filter({ hasText: NAME });
    await card.scrollIntoViewIfNeeded();
    expect(spaces(await card.locator("p").first().textContent())).toBe("от 1 200.00 руб.");
    if (viewport === "mobile") await shot("catalog-filter");
    await card.getByRole("link", { name: /^В корзину/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/product/${ring.id}`);
  });
});

describe.skipIf(!haveChromium).each(["light", "dark"] as const)("variants in the Mini App, %s theme", (theme: ThemeName) => {
  let opened: OpenedPage;
  let page: Page;
  const shot = (name: string) => screenshot(page, `variants-mini-app-${name}-${theme}`, "mobile");
  const mainButton = async () => (await lastTelegramEvent(page, "web_app_setup_main_button"))?.data;

  beforeAll(async () => {
    opened = await openInTelegram(shop.browser, shop.server.url, theme);
    page = opened.page;
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("the MainButton asks for the size, then adds; two engravings are two lines; the order shows the texts", async () => {
    await page.goto(launchUrl(`/product/${ring.id}`, signedInitData(BOT_TOKEN, USERS[theme]), theme));
    await page.getByRole("heading", { name: NAME }).waitFor();
    await expect.poll(async () => (await mainButton())?.text).toBe("Выберите размер");
    const press = async () => emit(page, "main_button_pressed");
    await chooseAndAddTwoEngravings(page, press, shot);
    await expect.poll(async () => (await mainButton())?.text).toBe("Перейти в корзину");
    await noToasts(page);

    await press();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/cart");
    await expectTwoLines(page);
    await shot("cart");

    await expect.poll(async () => String((await mainButton())?.text)).toMatch(/^Оформить заказ · /);
    await press();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/checkout");
    const phone = page.getByLabel("Телефон *");
    await phone.click();
    await phone.pressSequentially("9123456789");
    await expect.poll(async () => (await mainButton())?.text).toBe("Оформить заказ");
    await press();
    await expectTextsOnSuccess(page);
    await shot("order-success");

    // «Мои заказы»: the order's lines with their variant and texts
    await page.goto(launchUrl("/my-orders", signedInitData(BOT_TOKEN, USERS[theme]), theme));
    const order = page.getByTestId("my-order").first();
    await order.waitFor();
    await order.getByRole("button").first().click();
    await expect.poll(() => order.getByTestId("line-personalization").allTextContents()).toEqual([
      "Гравировка: Анне",
      "Гравировка: Петру, с любовью",
    ]);
    expect(await order.getByTestId("line-variant").allTextContents()).toEqual(["Размер: 17, Цвет: красный", "Размер: 17, Цвет: красный"]);
    await page.waitForLoadState("networkidle");
    await shot("my-orders");
  });

  it("waits for any colour of a product none of whose colours is left, without choosing one", async () => {
    await page.goto(launchUrl(`/product/${scarf.id}`, signedInitData(BOT_TOKEN, USERS[theme]), theme));
    await page.getByRole("heading", { name: SCARF }).waitFor();
    const wait = page.getByTestId("back-in-stock");
    await expect.poll(() => wait.textContent()).toBe("Сообщить о поступлении");
    const subscribed = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === `/api/products/${scarf.id}/back-in-stock`);
    await wait.click();
    const answer = await subscribed;
    expect([answer.status(), new URL(answer.url()).search]).toEqual([200, ""]);
    await expect.poll(() => wait.textContent()).toBe("Не сообщать о поступлении");
    await shot("back-in-stock");
    await noToasts(page);
  });
});

describe.skipIf(!haveChromium).each(["mobile", "desktop"] as const)("the admin's variants at %s size", (viewport: ViewportName) => {
  let opened: OpenedPage;
  let page: Page;
  const shot = (name: string, fullPage = false) => screenshot(page, `variants-admin-${name}`, viewport, fullPage);

  beforeAll(async () => {
    opened = await openPage(shop.browser, viewport, { baseURL: shop.server.url });
    page = opened.page;
    const token = await shop.server.adminToken();
    await opened.context.addInitScript((value) => {
      localStorage.setItem("authToken", value);
      localStorage.setItem("authLogin", "admin");
    }, token);
  });

  afterAll(async () => {
    await opened?.close();
  });

  it("edits options, variants and personalisation with the shopper's choice in the preview", async () => {
    await page.goto(`/admin/product/edit/${ring.id}`);
    await page.getByRole("heading", { name: "Опции и варианты" }).waitFor();
    await expect.poll(() => page.getByTestId("variant-row").count()).toBe(6);
    expect(await page.getByTestId("variants-summary").textContent()).toBe("Вариантов: 4 из 6 · остаток всего: не считается");
    await page.getByRole("button", { name: "Фото: Размер: 17, Цвет: красный" }).click();
    await expect.poll(() => page.getByTestId("variant-photo").count()).toBe(2);
    await shot("editor", true);

    const preview = page.getByRole("complementary", { name: "Предпросмотр" });
    await preview.getByRole("button", { name: "Страница" }).click();
    await preview.getByRole("button", { name: "Размер: 17" }).click();
    await preview.getByRole("button", { name: "Цвет: красный" }).click();
    await expect.poll(async () => spaces(await preview.getByTestId("preview-price").textContent())).toBe("1 500.00 руб.");
    await preview.getByLabel(/^Гравировка/).fill("Маме");
    await preview.scrollIntoViewIfNeeded();
    await shot("preview");

    await page.goto("/admin/dashboard");
    const row = page.locator("tr").filter({ hasText: NAME });
    await expect.poll(() => row.getByTestId("variant-count").textContent()).toBe("4 варианта");
    await shot("products");
    // a colour of the scarf restocked from the list: its count opens each colour's −1 / +1
    const scarfRow = page.locator("tr").filter({ hasText: SCARF });
    const total = scarfRow.getByTestId("stock-total");
    const before = Number((await total.textContent())!.split(" ")[0]);
    await scarfRow.getByRole("button", { name: `Остатки вариантов «${SCARF}»` }).click();
    await scarfRow.getByRole("button", { name: `Остаток «${SCARF} (Цвет: серый)» +1` }).click();
    await expect.poll(() => total.textContent()).toBe(`${before + 1} шт. всего`);
    await scarfRow.scrollIntoViewIfNeeded();
    await shot("products-variant-stock");
    const stored = await api<Product>(`/api/admin/products/${scarf.id}`);
    expect(stored.variants!.map((variant) => variant.stock)).toEqual([before + 1, 0]);

    // the admin's order view: each line's variant and texts
    await page.getByRole("tab", { name: "Заказы" }).click();
    const orderRow = page.locator("tr[data-order]").filter({ hasText: "Анна Петрова" }).first();
    await orderRow.getByRole("button").first().click();
    const details = page.getByTestId("order-details");
    await expect.poll(async () => (await details.getByTestId("line-personalization").allTextContents()).map(spaces)).toEqual([
      "Гравировка: Анне",
      "Гравировка: Петру, с любовью",
    ]);
    await details.scrollIntoViewIfNeeded();
    await shot("order");

    // personalisation fields dragged into order by their handles
    await page.goto(`/admin/product/edit/${ring.id}`);
    await page.getByRole("heading", { name: "Опции и варианты" }).waitFor();
    await page.getByRole("group", { name: "Добавить поле" }).getByRole("button", { name: /Подарочная упаковка/ }).click();
    const labels = () => page.getByTestId("personalization-editor-field").getByRole("textbox", { name: "Название для покупателя" }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await expect.poll(labels).toEqual(["Гравировка", "Подарочная упаковка"]);
    const handle = page.getByRole("button", { name: "Переместить «Гравировка»" });
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const to = (await page.getByTestId("personalization-editor-field").nth(1).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height - 10, { steps: 12 });
    await page.mouse.up();
    await expect.poll(labels).toEqual(["Подарочная упаковка", "Гравировка"]);
    await page.getByTestId("personalization-editor-field").first().scrollIntoViewIfNeeded();
    await shot("personalization-order");
  });
});
