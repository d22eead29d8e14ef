import { createHmac } from "node:crypto";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAdminPrice, formatRub } from "@shop/shared/format";
import { cardImageUrl } from "@shop/shared/images";
import type { AdminProductsResponse, KpiResponse } from "@shop/shared/schemas/admin";
import type { Category, CatalogResponse, Product } from "@shop/shared/schemas/catalog";
import type { AdminOrder, CreateOrderResponse } from "@shop/shared/schemas/orders";
import { gotoApp, launchBrowser, openPage, screenshot, type OpenedPage, type ViewportName } from "./helpers/browser";
import { E2E_ADMIN, chromiumPath, startServer, type ShopServer } from "./helpers/server";

/**
 * The admin panel in Chromium against the real server: sign-in, categories, a product with two uploaded and
 * reordered images, orders, statistics, the expired session, and screenshots of every admin screen at both sizes.
 */

// a known secret lets the test sign a token that has already expired
const JWT_SECRET = "e2e-admin-secret-0123456789abcdef-0123456789";
const RUN = Date.now().toString(36).slice(-5);
const CATEGORY = `Керамика ${RUN}`;
const TAG = `Подарок ${RUN}`;
const PRODUCT = `Ваза e2e ${RUN}`;

const spaces = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

function signToken(payload: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${part({ alg: "HS256", typ: "JWT" })}.${part(payload)}`;
  return `${body}.${createHmac("sha256", JWT_SECRET).update(body).digest("base64url")}`;
}

function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
}

async function solidPng(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 320, channels: 3, background: { r, g, b } } }).png().toBuffer();
}

/** Which of red and blue an image mostly is. */
async function dominantColour(buffer: Buffer): Promise<"red" | "blue" | "other"> {
  const { channels } = await sharp(buffer).stats();
  const [red, , blue] = channels.map((channel) => channel.mean);
  if (red! > 150 && blue! < 100) return "red";
  if (blue! > 150 && red! < 100) return "blue";
  return "other";
}

/** An input of the product editor (the page also has a `meta[name=description]`). */
const field = (page: Page, name: string) => page.locator(`#product-form [name="${name}"]`);

async function noHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; inner: number }>(
    "({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth })",
  );
  expect(widths.scroll, "page is wider than the viewport").toBeLessThanOrEqual(widths.inner);
}

describe.skipIf(!chromiumPath())("admin panel in the browser", () => {
  let server: ShopServer;
  let browser: Browser;
  let desktop: OpenedPage;
  let page: Page;
  let token: string;
  const dialogs: string[] = [];

  const api = async <T>(pathname: string, init: RequestInit = {}): Promise<T> => {
    const response = await server.fetch(pathname, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...(init.headers ?? {}) },
    });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const waitForDialog = async (text: string) => {
    await expect.poll(() => dialogs, { timeout: 15_000 }).toContain(text);
  };

  beforeAll(async () => {
    // with E2E_DATABASE_URL the harness gives this server its own fresh PostgreSQL database
    server = await startServer({ env: { JWT_SECRET } });
    browser = await launchBrowser();
    desktop = await openPage(browser, "desktop", { baseURL: server.url });
    page = desktop.page;
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    token = await server.adminToken();
  });

  afterAll(async () => {
    await desktop?.close();
    await browser?.close();
    await server?.stop();
  });

  it("shop pages never download the admin panel, its charts or its drag-and-drop", async () => {
    const shopper = await openPage(browser, "mobile", { baseURL: server.url });
    const scripts: string[] = [];
    shopper.page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await gotoApp(shopper.page, "/");
    await shopper.page.waitForLoadState("networkidle");
    const firstProduct = shopper.page.locator('a[href^="/product/"]:not([aria-hidden="true"])').first();
    await firstProduct.click();
    await shopper.page.waitForURL("**/product/*");
    await shopper.page.goto("/cart");
    await shopper.page.waitForLoadState("networkidle");
    await shopper.close();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => /\/(AdminApp|StatsTab|ProductEditorPage)-/.test(script))).toEqual([]);
  });

  it("sends a visitor without a token to the login; a wrong password shows the server's message", async () => {
    await page.goto("/admin");
    await page.waitForURL("**/admin/login");
    await expect.poll(() => page.getByRole("button", { name: "Войти" }).isVisible()).toBe(true);
    await screenshot(page, "admin-login", "desktop");

    const wrong = await server.fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login: E2E_ADMIN.login, password: "not-the-password" }),
    });
    expect(wrong.status).toBe(401);
    const { message } = (await wrong.json()) as { message: string };

    await page.getByLabel("Логин").fill(E2E_ADMIN.login);
    await page.getByLabel("Пароль").fill("still-not-the-password");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(message);
    expect(page.url()).toContain("/admin/login");
    await screenshot(page, "admin-login-error", "desktop");

    await page.getByLabel("Пароль").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL("**/admin/dashboard");
    await expect.poll(() => page.getByRole("heading", { name: "Панель Управления" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("admin-login").textContent()).toBe(E2E_ADMIN.login);
    expect(await page.evaluate<string | null>("localStorage.getItem('authToken')")).toMatch(/^ey/);
    await expect.poll(() => page.getByRole("tab", { name: "Товары и Категории" }).getAttribute("aria-selected")).toBe("true");
  });

  it("creates a category and a tag inline", async () => {
    const before = await api<Category[]>("/api/admin/categories");
    const mains = before.filter((c) => c.type === "main").length;
    const tags = before.filter((c) => c.type === "sub").length;
    await expect.poll(() => page.getByRole("tab", { name: `Основные (${mains})` }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "Добавить категорию" }).click();
    await page.getByPlaceholder("Название категории").fill(CATEGORY);
    await page.getByPlaceholder("Название категории").press("Enter");
    await expect.poll(() => page.getByRole("tab", { name: `Основные (${mains + 1})` }).isVisible()).toBe(true);
    const card = page.getByRole("listitem").filter({ hasText: CATEGORY });
    await expect.poll(() => card.textContent()).toContain("0 шт.");

    await page.getByRole("tab", { name: `Теги (${tags})` }).click();
    await page.getByRole("button", { name: "Добавить тег" }).click();
    await page.getByPlaceholder("Название тега").fill(TAG);
    await page.getByPlaceholder("Название тега").press("Enter");
    await expect.poll(() => page.getByRole("tab", { name: `Теги (${tags + 1})` }).isVisible()).toBe(true);

    const after = await api<Category[]>("/api/admin/categories");
    expect(after.find((c) => c.name === CATEGORY)?.type).toBe("main");
    expect(after.find((c) => c.name === TAG)?.type).toBe("sub");
    await page.getByRole("tab", { name: /^Основные/ }).click();
    await screenshot(page, "admin-products", "desktop");
  });

  it("creates a product with two uploaded images reordered by dragging, shows it in the shop, edits and deletes it", async () => {
    const categories = await api<Category[]>("/api/admin/categories");
    const category = categories.find((c) => c.name === CATEGORY)!;
    const tag = categories.find((c) => c.name === TAG)!;

    await page.getByRole("link", { name: "Добавить товар" }).click();
    await page.waitForURL("**/admin/product/new");
    await expect.poll(() => page.getByRole("heading", { name: "Новый товар" }).isVisible()).toBe(true);

    await field(page, "name").fill(PRODUCT);
    await field(page, "price").fill("1234.5");
    await field(page, "material").fill("глина");
    await field(page, "description").fill("Ваза ручной работы.\nОбжиг в печи.");
    await field(page, "width").fill("120");
    await field(page, "height").fill("240");
    await field(page, "mainCategory").selectOption({ label: CATEGORY });
    await page.getByRole("button", { name: `Добавить тег «${TAG}»` }).click();
    await expect.poll(() => page.getByTestId("selected-tags").textContent()).toContain(TAG);

    await page.getByTestId("image-input").setInputFiles([
      { name: "red.png", mimeType: "image/png", buffer: await solidPng(220, 30, 30) },
      { name: "blue.png", mimeType: "image/png", buffer: await solidPng(30, 30, 220) },
    ]);
    const tiles = page.locator("[data-image-key]");
    await expect.poll(() => tiles.count()).toBe(2);
    const keysBefore = await tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-image-key")));

    // drag the second (blue) image onto the first place (the mouse only reaches what is on screen)
    await tiles.nth(1).scrollIntoViewIfNeeded();
    const from = (await tiles.nth(1).boundingBox())!;
    const to = (await tiles.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect
      .poll(() => tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-image-key"))))
      .toEqual([keysBefore[1], keysBefore[0]]);
    // dnd-kit swallows a click that comes within moments of a drop, as a person's never would: click until it lands
    await expect
      .poll(async () => {
        await page.getByRole("button", { name: "Страница" }).click();
        return page.getByTestId("preview-page").count();
      })
      .toBe(1);
    expect(await page.getByTestId("preview-page").textContent()).toContain("120×240×? мм");
    await screenshot(page, "admin-editor-new", "desktop", true);
    await page.getByRole("button", { name: "Карточка" }).click();

    await page.getByRole("button", { name: "Сохранить" }).click();
    await waitForDialog("Товар успешно создан!");
    await page.waitForURL("**/admin/dashboard");

    const found = await api<AdminProductsResponse>(`/api/admin/products?q=${encodeURIComponent(PRODUCT)}`);
    expect(found.total).toBe(1);
    const product = found.products[0]!;
    expect(Number(product.price)).toBe(1234.5);
    expect(product.width).toBe(120);
    expect(product.depth).toBeNull();
    expect(product.categories.map((c) => c.id).sort()).toEqual([category.id, tag.id].sort());
    expect(product.images).toHaveLength(2);
    const colours = await Promise.all(
      product.images.map(async (image) => dominantColour(Buffer.from(await (await server.fetch(image.image_url)).arrayBuffer()))),
    );
    expect(colours).toEqual(["blue", "red"]);

    // the shop's catalogue shows it with the blue image as its main one
    await page.goto(`/catalog?mainCategory=${category.id}`);
    const cardImage = page.locator(`a[href="/product/${product.id}"] img`).first();
    await expect.poll(() => cardImage.getAttribute("src"), { timeout: 15_000 }).toBe(cardImageUrl(product.images[0]!.image_url));

    // edit the price from the table, found with the name filter
    await page.goto("/admin/dashboard");
    await page.getByPlaceholder("Поиск по названию или артикулу").fill(PRODUCT);
    const row = page.getByTestId("products-table").locator("tbody tr", { hasText: PRODUCT });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.locator('td[data-label="Цена"]').textContent()).toBe(formatAdminPrice(1234.5));
    expect(await row.textContent()).toContain(CATEGORY);
    await row.getByRole("link", { name: `Редактировать «${PRODUCT}»` }).click();
    await page.waitForURL(`**/admin/product/edit/${product.id}`);
    await expect.poll(() => field(page, "sku").inputValue()).toBe(product.sku);
    expect(await field(page, "sku").getAttribute("readonly")).not.toBeNull();
    await field(page, "price").fill("2000");
    await screenshot(page, "admin-editor-edit", "desktop", true);
    await page.getByRole("button", { name: "Сохранить" }).click();
    await waitForDialog("Товар успешно обновлен!");
    await page.waitForURL("**/admin/dashboard");
    const edited = await api<Product>(`/api/products/${product.id}`);
    expect(Number(edited.price)).toBe(2000);
    expect(edited.images.map((image) => image.id)).toEqual(product.images.map((image) => image.id));

    await page.getByPlaceholder("Поиск по названию или артикулу").fill(PRODUCT);
    await expect.poll(() => row.locator('td[data-label="Цена"]').textContent()).toBe("2\u00a0000.00\u00a0₽");
    await row.getByRole("button", { name: `Удалить «${PRODUCT}»` }).click();
    await waitForDialog("Вы уверены?");
    await expect.poll(() => page.getByText("Товар удален!").isVisible()).toBe(true);
    await expect.poll(() => row.count()).toBe(0);
    expect((await server.fetch(`/api/products/${product.id}`)).status).toBe(404);
  });

  it("changes an order's status from the orders tab", async () => {
    const catalog = (await (await server.fetch("/api/products?limit=2")).json()) as CatalogResponse;
    const created = (await (
      await server.fetch("/api/orders", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          customer_name: "Ирина Тестова",
          customer_phone: "+7 (912) 345-67-89",
          delivery_address: "Москва, ул. Гончарная, 5, кв. 12",
          comment: "Позвонить за час",
          source: "website",
          cart_items: catalog.products.map((p, i) => ({ product_id: p.id, quantity: i + 1 })),
        }),
      })
    ).json()) as CreateOrderResponse;
    expect(created.order_number).toBeTruthy();

    await page.getByRole("tab", { name: "Заказы" }).click();
    await page.waitForURL(/\/admin\/dashboard\?tab=orders$/);
    await expect.poll(() => page.getByRole("heading", { name: "Управление заказами" }).isVisible()).toBe(true);
    const labels = await page.getByRole("group", { name: "Фильтр по статусу" }).getByRole("button").allTextContents();
    expect(labels).toEqual(["Все", "Новые", "В работе", "Отправлен", "Завершен", "Отменен"]);

    const row = page.locator(`tr[data-order="${created.order_number}"]`);
    await expect.poll(() => row.count()).toBe(1);
    const rowText = await row.textContent();
    for (const part of ["Ирина Тестова", "+7 (912) 345-67-89", formatAdminPrice(created.total)]) expect(rowText).toContain(part);
    await row.getByRole("button", { name: `Показать заказ #${created.order_number}` }).click();
    const details = page.getByTestId("order-details");
    await expect.poll(() => details.textContent()).toContain("Москва, ул. Гончарная, 5, кв. 12");
    expect(await details.textContent()).toContain("Позвонить за час");
    expect(await details.textContent()).toContain(catalog.products[0]!.name);
    await screenshot(page, "admin-orders", "desktop");

    const select = row.getByLabel(`Статус заказа #${created.order_number}`);
    expect(await select.inputValue()).toBe("new");
    await select.selectOption("shipped");
    await expect.poll(() => page.getByText(`Статус заказа #${created.order_number} обновлен!`).isVisible()).toBe(true);
    expect(await select.inputValue()).toBe("shipped");
    const order = await api<AdminOrder>(`/api/orders/${created.id}`);
    expect(order.status).toBe("shipped");

    // the filter shows it under its new status
    await page.getByRole("button", { name: "Отправлен", exact: true }).click();
    await expect.poll(() => row.count()).toBe(1);
    await page.getByRole("button", { name: "Новые", exact: true }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it("shows the statistics of each period with the API's KPI figures", async () => {
    await page.goto("/admin/dashboard?tab=stats");
    await expect.poll(() => page.getByRole("heading", { name: "Статистика по заказам" }).isVisible()).toBe(true);
    const kpi = (name: string) => page.locator(`[data-kpi="${name}"]`).textContent().then(spaces);
    const count = new Intl.NumberFormat("ru-RU");
    for (const [period, label] of [["30d", "30 дней"], ["7d", "7 дней"], ["all", "Всё время"]] as const) {
      const button = page.getByRole("button", { name: label, exact: true });
      if (period !== "30d") await button.click();
      await expect.poll(() => kpi("totalOrders"), { timeout: 20_000 }).not.toBe("...");
      expect(await button.isDisabled()).toBe(true);
      const expected = await api<KpiResponse>(`/api/admin/stats/kpi?period=${period}`);
      expect(await kpi("totalOrders")).toBe(spaces(count.format(expected.totalOrders)));
      expect(await kpi("totalRevenue")).toBe(spaces(formatRub(expected.totalRevenue)));
      expect(await kpi("averageOrderValue")).toBe(spaces(formatRub(expected.averageOrderValue)));
      expect(await page.getByRole("alert").count()).toBe(0);
      if (period === "30d") {
        await expect.poll(() => page.getByTestId("orders-chart").locator("svg").count()).toBeGreaterThan(0);
        const box = (await page.getByTestId("orders-chart").boundingBox())!;
        expect(Math.round(box.height)).toBe(300);
        await screenshot(page, "admin-stats", "desktop", true);
      }
    }
  });

  it("an expired token sends the admin to the login", async () => {
    const live = decodePayload(token);
    const now = Math.floor(Date.now() / 1000);
    const expired = signToken({ sub: live.sub, login: live.login, iat: now - 7200, exp: now - 3600 });
    await page.evaluate(`localStorage.setItem('authToken', ${JSON.stringify(expired)})`);
    await page.goto("/admin/dashboard");
    await page.waitForURL("**/admin/login");
    expect(await page.evaluate<string | null>("localStorage.getItem('authToken')")).toBeNull();
  });

  it("every admin screen fits a phone (390×844) and is photographed at both sizes", async () => {
    const shots: [ViewportName, OpenedPage][] = [["mobile", await openPage(browser, "mobile", { baseURL: server.url })]];
    const someProduct = (await api<AdminProductsResponse>("/api/admin/products?limit=1")).products[0]!;
    for (const [viewport, opened] of shots) {
      const p = opened.page;
      p.on("dialog", (dialog) => void dialog.accept());
      await p.goto("/admin/login");
      await expect.poll(() => p.getByRole("button", { name: "Войти" }).isVisible()).toBe(true);
      await noHorizontalOverflow(p);
      await screenshot(p, "admin-login", viewport);
      await p.getByLabel("Логин").fill(E2E_ADMIN.login);
      await p.getByLabel("Пароль").fill(E2E_ADMIN.password);
      await p.getByRole("button", { name: "Войти" }).click();
      await p.waitForURL("**/admin/dashboard");
      await expect.poll(() => p.getByTestId("products-table").locator("tbody tr").count()).toBeGreaterThan(0);
      await noHorizontalOverflow(p);
      await screenshot(p, "admin-products", viewport, true);

      await p.getByRole("tab", { name: "Заказы" }).click();
      await expect.poll(() => p.locator("tr[data-order]").count()).toBeGreaterThan(0);
      await p.locator("tr[data-order]").first().getByRole("button").first().click();
      await expect.poll(() => p.getByTestId("order-details").count()).toBe(1);
      await noHorizontalOverflow(p);
      await screenshot(p, "admin-orders", viewport, true);

      await p.getByRole("tab", { name: "Статистика" }).click();
      await expect.poll(() => p.locator('[data-kpi="totalOrders"]').textContent(), { timeout: 20_000 }).not.toBe("...");
      await noHorizontalOverflow(p);
      await screenshot(p, "admin-stats", viewport, true);

      await p.goto("/admin/product/new");
      await expect.poll(() => p.getByRole("heading", { name: "Новый товар" }).isVisible()).toBe(true);
      await p.getByTestId("image-input").setInputFiles([
        { name: "a.png", mimeType: "image/png", buffer: await solidPng(200, 120, 40) },
        { name: "b.png", mimeType: "image/png", buffer: await solidPng(40, 120, 200) },
      ]);
      await noHorizontalOverflow(p);
      await screenshot(p, "admin-editor-new", viewport, true);

      await p.goto(`/admin/product/edit/${someProduct.id}`);
      await expect.poll(() => field(p, "sku").inputValue()).toBe(someProduct.sku);
      await noHorizontalOverflow(p);
      await screenshot(p, "admin-editor-edit", viewport, true);

      // 'Отмена' back to the dashboard (nothing changed: no question), then 'Выйти' ends the session
      await p.getByRole("button", { name: "Отмена" }).click();
      await p.waitForURL("**/admin/dashboard");
      await p.getByRole("button", { name: "Выйти" }).click();
      await p.waitForURL("**/admin/login");
      expect(await p.evaluate<string | null>("localStorage.getItem('authToken')")).toBeNull();
      expect(opened.errors.filter((error) => !error.includes("401"))).toEqual([]);
      await opened.close();
    }
    expect(desktop.errors.filter((error) => !/401|Failed to load resource/.test(error))).toEqual([]);
  });
});
