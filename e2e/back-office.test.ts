import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, type OpenedPage, type ViewportName } from "./helpers/browser";
import { E2E_ADMIN, chromiumPath, startServer, type ShopServer } from "./helpers/server";

/**
 * The back office in Chromium (docs/product.md#staff-and-roles): the owner adds a «Сборщик», who signs in, finds an
 * order by the customer's phone, sends it and sees no prices; the owner reads it in the log.
 */
describe.skipIf(!chromiumPath())("staff, packing and the log", () => {
  let server: ShopServer;
  let browser: Browser;
  let owner: OpenedPage;
  const orderNumbers: string[] = [];

  async function signIn(page: Page, login: string, password: string) {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Войти" }).waitFor();
    await page.getByLabel("Логин").fill(login);
    await page.getByLabel("Пароль").fill(password);
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL("**/admin/dashboard**");
  }

  beforeAll(async () => {
    server = await startServer({ seed: false });
    browser = await launchBrowser();
    const category = await server.adminApi<{ id: number }>("/api/admin/categories", { method: "POST", body: JSON.stringify({ name: "Керамика", type: "main" }) });
    const product = await server.adminApi<{ id: number }>("/api/admin/products", {
      method: "POST",
      body: JSON.stringify({ name: "Кувшин «Утро»", price: 2450, categoryIds: [category.id] }),
    });
    for (const [name, phone] of [
      ["Вера Клюева", "+7 (903) 555-12-34"],
      ["Пётр Носов", "+7 (916) 700-80-90"],
    ]) {
      const response = await server.fetch("/api/orders", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ customer_name: name, customer_phone: phone, delivery_address: "Тверь, ул. Советская, 3", source: "website", cart_items: [{ product_id: product.id, quantity: 2 }] }),
      });
      orderNumbers.push(((await response.json()) as { order_number: string }).order_number);
    }
    owner = await openPage(browser, "desktop", { baseURL: server.url });
    await signIn(owner.page, E2E_ADMIN.login, E2E_ADMIN.password);
  });

  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await server?.stop();
  });

  it("the owner adds a «Сборщик» on the staff tab", async () => {
    const page = owner.page;
    await page.getByRole("tab", { name: "Сотрудники" }).click();
    const form = page.getByRole("form", { name: "Новый сотрудник" });
    await form.getByLabel("Логин", { exact: true }).fill("vera.pack");
    await form.getByLabel("Имя", { exact: true }).fill("Вера Сборщица");
    await form.getByLabel("Пароль", { exact: true }).fill("packing-2026");
    await form.getByLabel("Роль", { exact: true }).selectOption("picker");
    await form.getByRole("button", { name: "Добавить сотрудника" }).click();
    const card = page.locator('[data-staff="vera.pack"]');
    await expect.poll(() => card.textContent()).toContain("Сборщик");
    await screenshot(page, "back-office-staff", "desktop");
  });

  it.each(["mobile", "desktop"] as ViewportName[])("the packer finds an order by phone and sends it, seeing no prices (%s)", async (viewport) => {
    const packer = await openPage(browser, viewport, { baseURL: server.url });
    try {
      const page = packer.page;
      await signIn(page, "vera.pack", "packing-2026");
      await expect.poll(() => page.getByRole("tab", { name: "Сборка" }).getAttribute("aria-selected")).toBe("true");
      expect(await page.getByRole("tab").allTextContents()).toEqual(["Сборка"]);
      const number = viewport === "mobile" ? orderNumbers[0]! : orderNumbers[1]!;
      const phone = viewport === "mobile" ? "8 903 555 12 34" : "+7 916 700-80-90";
      await page.getByLabel("Поиск заказа").fill(phone);
      await page.getByRole("button", { name: "Найти" }).click();
      const order = page.locator(`article[data-order="${number}"]`);
      await expect.poll(() => page.locator("article[data-order]").count()).toBe(1);
      await expect.poll(() => order.isVisible()).toBe(true);
      await order.getByRole("button", { name: "Отправлен" }).click();
      await expect.poll(() => order.getByTestId("picking-status").textContent()).toBe("Отправлен");
      const shown = (await page.getByTestId("picking-list").textContent()) ?? "";
      expect(shown).toContain("Кувшин «Утро»");
      expect(shown).not.toMatch(/2\s?450|₽|руб/);
      await screenshot(page, "back-office-packing", viewport);

      // the server refuses the packer what the screen does not offer
      const token = await page.evaluate<string>("localStorage.getItem('authToken')");
      const prices = await server.fetch("/api/admin/products", { headers: { Authorization: `Bearer ${token}` } });
      expect(prices.status).toBe(403);
      expect(await prices.json()).toEqual({ message: "Недостаточно прав для этого действия" });
    } finally {
      await packer.close();
    }
  });

  it.each(["desktop", "mobile"] as ViewportName[])("the owner reads it in the log (%s)", async (viewport) => {
    const opened = viewport === "desktop" ? owner : await openPage(browser, viewport, { baseURL: server.url });
    try {
      const page = opened.page;
      if (viewport === "mobile") await signIn(page, E2E_ADMIN.login, E2E_ADMIN.password);
      await page.goto("/admin/dashboard?tab=audit");
      const log = page.getByTestId("audit-table");
      await expect.poll(() => log.textContent()).toContain("Вера Сборщица");
      const text = (await log.textContent()) ?? "";
      expect(text).toContain(`Заказ: №${orderNumbers[0]}`);
      expect(text).toContain("статус: Создан → Отправлен");
      await screenshot(page, "back-office-log", viewport);
    } finally {
      if (viewport === "mobile") await opened.close();
    }
  });

  it.each(["desktop", "mobile"] as ViewportName[])("the owner finds orders and adds a note (%s)", async (viewport) => {
    const opened = viewport === "desktop" ? owner : await openPage(browser, viewport, { baseURL: server.url });
    try {
      const page = opened.page;
      if (viewport === "mobile") await signIn(page, E2E_ADMIN.login, E2E_ADMIN.password);
      await page.goto("/admin/dashboard?tab=orders");
      await page.getByRole("search", { name: "Поиск заказов" }).getByLabel("Поиск", { exact: true }).fill("Пётр");
      await page.getByRole("search", { name: "Поиск заказов" }).getByRole("button", { name: "Найти" }).click();
      const row = page.locator(`tr[data-order="${orderNumbers[1]}"]`);
      await expect.poll(() => page.locator("tr[data-order]").count()).toBe(1);
      await row.getByRole("button", { name: `Показать заказ #${orderNumbers[1]}` }).click();
      await page.getByLabel("Новая заметка").fill(`Позвонить перед отправкой (${viewport})`);
      await page.getByRole("button", { name: "Добавить", exact: true }).click();
      // the note, and its line in the order's history below it
      await expect.poll(() => page.getByText(`Позвонить перед отправкой (${viewport})`).count()).toBe(2);
      await expect.poll(() => page.getByText(`Позвонить перед отправкой (${viewport})`).first().isVisible()).toBe(true);
      await page.getByRole("button", { name: "Карточка покупателя" }).click();
      await expect.poll(() => page.getByTestId("customer-card").textContent()).toContain("Заказов: 1");
      await screenshot(page, "back-office-orders", viewport, true);
    } finally {
      if (viewport === "mobile") await opened.close();
    }
  });
});
