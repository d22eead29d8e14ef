import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type OpenedPage, type ViewportName } from "./helpers/browser";
import { E2E_ADMIN, chromiumPath, startServer, type ShopServer } from "./helpers/server";

/**
 * More of the back office in Chromium at 1280×800 and 390×844 (docs/admin-panel.md): hiding products in bulk, an
 * order's and a product's history, an invitation link accepted by a new person, and the Telegram binding code.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(process.env.TMPDIR ?? "/tmp", "shots-back-office");

async function shot(page: Page, name: string, viewport: ViewportName, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport}.png`), fullPage, animations: "disabled" });
}

describe.skipIf(!chromiumPath())("bulk actions, history, invitations and Telegram binding", () => {
  let server: ShopServer;
  let browser: Browser;
  const products: Record<string, number> = {};
  let orderNumber = "";

  async function signIn(page: Page, login: string, password: string) {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Войти" }).waitFor();
    await page.getByLabel("Логин").fill(login);
    await page.getByLabel("Пароль").fill(password);
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL("**/admin/dashboard**");
  }

  async function ownerPage(viewport: ViewportName): Promise<OpenedPage> {
    const opened = await openPage(browser, viewport, { baseURL: server.url });
    opened.page.on("dialog", (dialog) => void dialog.accept());
    await signIn(opened.page, E2E_ADMIN.login, E2E_ADMIN.password);
    return opened;
  }

  const publicStatus = async (id: number) => (await server.fetch(`/api/products/${id}`)).status;
  const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    server = await startServer({ seed: false });
    browser = await launchBrowser();
    const category = await server.adminApi<{ id: number }>("/api/admin/categories", { method: "POST", body: JSON.stringify({ name: "Керамика", type: "main" }) });
    for (const [name, price] of [
      ["Кувшин «Утро»", 2450],
      ["Пиала «Мох»", 690],
      ["Тарелка «Лес»", 980],
      ["Чайник «Ветер»", 3100],
      ["Кружка «Дом»", 750],
    ] as const) {
      const product = await server.adminApi<{ id: number }>("/api/admin/products", { method: "POST", body: JSON.stringify({ name, price, categoryIds: [category.id] }) });
      products[name] = product.id;
    }
    const response = await server.fetch("/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        customer_name: "Вера Клюева",
        customer_phone: "+7 (903) 555-12-34",
        delivery_address: "Тверь, ул. Советская, 3",
        source: "website",
        cart_items: [{ product_id: products["Кувшин «Утро»"], quantity: 1 }],
      }),
    });
    ({ order_number: orderNumber } = (await response.json()) as { order_number: string });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([
    ["desktop", ["Пиала «Мох»", "Тарелка «Лес»"]],
    ["mobile", ["Чайник «Ветер»", "Кружка «Дом»"]],
  ] as [ViewportName, string[]][])("the owner hides two products in bulk and reads a product's history (%s)", async (viewport, names) => {
    const opened = await ownerPage(viewport);
    const { page } = opened;
    try {
      const table = page.getByTestId("products-table");
      await table.getByText(names[0]!).waitFor();
      if (viewport === "mobile") {
        // one-handed: the list first, the category manager behind its button, no strip scrolling sideways
        expect(await noSideScroll(page)).toBe(true);
        expect(await page.locator("#adm-category-manager").isVisible()).toBe(false);
        await shot(page, "office-products", viewport);
      }
      for (const name of names) await page.getByLabel(`Выбрать «${name}»`).check();
      const bar = page.getByTestId("bulk-bar");
      await bar.getByText("Выбрано: 2").waitFor();
      await bar.getByLabel("Действие").selectOption("hide");
      await shot(page, "office-bulk-bar", viewport);
      await bar.getByRole("button", { name: "Применить" }).click();
      await page.getByText("Изменено товаров: 2").waitFor();
      for (const name of names) await expect.poll(() => page.locator(`tr[data-product="${products[name]}"]`).getByText("Черновик").count()).toBe(1);
      for (const name of names) expect(await publicStatus(products[name]!)).toBe(404);
      await shot(page, "office-drafts", viewport);

      await page.getByRole("link", { name: `Редактировать «${names[0]}»` }).click();
      await page.waitForURL("**/admin/product/edit/**");
      const history = page.getByTestId("history");
      await history.getByText("скрыт: нет → да").waitFor();
      expect(await page.getByLabel(/Черновик/).isChecked()).toBe(true);
      await history.scrollIntoViewIfNeeded();
      await shot(page, "office-product-history", viewport);
    } finally {
      await opened.close();
    }
  });

  it.each(["desktop", "mobile"] as ViewportName[])("an order's history shows its status changes (%s)", async (viewport) => {
    const opened = await ownerPage(viewport);
    const { page } = opened;
    try {
      await page.goto("/admin/dashboard?tab=orders");
      const row = page.locator(`tr[data-order="${orderNumber}"]`);
      const next = viewport === "desktop" ? "processing" : "shipped";
      await row.getByLabel(`Статус заказа #${orderNumber}`).selectOption(next);
      await page.getByText(`Статус заказа #${orderNumber} обновлен!`).waitFor();
      await row.getByRole("button", { name: `Показать заказ #${orderNumber}` }).click();
      const history = page.getByTestId("history");
      await history.getByText(viewport === "desktop" ? "статус: Создан → В работе" : "статус: В работе → Отправлен").waitFor();
      await history.scrollIntoViewIfNeeded();
      await shot(page, "office-order-history", viewport);
      // ticked for printing: the bar offers the packing sheets
      await row.getByLabel(`Выбрать заказ #${orderNumber} для печати`).check();
      await page.getByRole("region", { name: "Выбранные заказы" }).waitFor();
      expect(await noSideScroll(page)).toBe(true);
    } finally {
      await opened.close();
    }
  });

  it.each(["desktop", "mobile"] as ViewportName[])("the owner gets a Telegram binding code and an invitation link, which a new person accepts (%s)", async (viewport) => {
    const opened = await ownerPage(viewport);
    const { page } = opened;
    try {
      await page.goto("/admin/dashboard?tab=staff");
      const me = page.locator(`[data-staff="${E2E_ADMIN.login}"]`);
      await me.getByRole("button", { name: "Привязать Telegram" }).click();
      const code = me.getByTestId("binding-code");
      await code.waitFor();
      expect(await code.textContent()).toMatch(/\/bind [A-Z2-9]{8}/);

      const form = page.getByRole("form", { name: "Приглашение по ссылке" });
      await form.getByLabel("Роль приглашённого").selectOption("picker");
      await form.getByLabel("Имя приглашённого").fill(viewport === "desktop" ? "Анна" : "Борис");
      await form.getByRole("button", { name: "Создать ссылку" }).click();
      const link = form.getByTestId("invitation-link").locator("code");
      await link.waitFor();
      const address = (await link.textContent())!;
      expect(address).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{32}$/);
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, "office-staff", viewport, true);

      const invited = await openPage(browser, viewport, { baseURL: server.url });
      try {
        await invited.page.goto(new URL(address).pathname);
        await invited.page.getByText("Сборщик").waitFor();
        expect(await invited.page.getByLabel("Имя").inputValue()).toBe(viewport === "desktop" ? "Анна" : "Борис");
        await shot(invited.page, "office-invite", viewport);
        await invited.page.getByLabel("Логин").fill(`packer-${viewport}`);
        await invited.page.getByLabel(/Пароль/).fill("password-123");
        await invited.page.getByRole("button", { name: "Создать учётную запись" }).click();
        await invited.page.waitForURL("**/admin/dashboard**");
        await expect.poll(() => invited.page.getByRole("tab").allTextContents()).toEqual(["Сборка"]);
      } finally {
        await invited.close();
      }
      // the link works once
      const again = await server.fetch(`/api/staff-invitations/${address.split("/").pop()}`);
      expect(again.status).toBe(404);
    } finally {
      await opened.close();
    }
  });
});
