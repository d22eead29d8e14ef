import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { CatalogResponse } from "@shop/shared/schemas/catalog";
import type { AdminOrder, AdminOrdersResponse, CreateOrderBody, CreateOrderResponse } from "@shop/shared/schemas/orders";
import type { KpiResponse } from "@shop/shared/schemas/admin";
import { formatAdminPrice, formatDateTime, formatRub } from "@shop/shared/format";
import { launchBrowser, openPage, screenshot, type OpenedPage, type ViewportName } from "./helpers/browser";
import { miniAppLauncher, openInTelegram, telegramEventsOf } from "./helpers/mini-app";
import { startServer, type ShopServer } from "./helpers/server";
import { haveChromium } from "./helpers/shop-for-tests";
import { emitTelegramEvent, signedInitData, type TelegramUserData, type ThemeName } from "./helpers/telegram";
import { invoiceOf, payInvoice } from "./helpers/payments";
import { startFakeTelegram, type FakeTelegram } from "../bot/test/helpers/fake-telegram";

/**
 * Online payment through the admin panel and the Mini App (docs/product.md#payment-in-telegram), in Chromium against the
 * real server: its bot polls the Bot API stand-in on loopback, which creates the invoice links and delivers what
 * Telegram would (the pre-checkout query, the successful payment); the Telegram client is imitated
 * (helpers/telegram.ts), and its payment form closes with 'paid' as Telegram's does. A second shop without a payment
 * token shows nothing of payment. Screenshots: test-results/screenshots/payments-*.png.
 */

const BOT_TOKEN = "7000000003:E2E_token_for_payments_in_the_mini_app";
const BOT_USERNAME = "handmade_pay_bot";
const PROVIDER_TOKEN = "381764678:TEST:100037";
const USERS: Record<ThemeName, TelegramUserData> = {
  light: { id: 880000021, first_name: "Ирина", last_name: "Соколова", username: "irina_pay_e2e", language_code: "ru" },
  dark: { id: 880000022, first_name: "Павел", last_name: "Орлов", username: "pavel_pay_e2e", language_code: "ru" },
};

const spaces = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

const launch = miniAppLauncher(BOT_TOKEN);

/** Generous waits, since the shop may share a busy machine with other test runs. */
function patient(opened: OpenedPage): OpenedPage {
  opened.page.setDefaultTimeout(60_000);
  opened.page.setDefaultNavigationTimeout(90_000);
  return opened;
}

/** A page at a named size. */
const newPage = async (server: ShopServer, viewport: ViewportName) => patient(await openPage(browser, viewport, { baseURL: server.url }));
/** A phone's page whose window plays the Telegram client. */
const newMiniApp = async (server: ShopServer, theme: ThemeName) => patient(await openInTelegram(browser, server.url, theme));

let telegram: FakeTelegram;
let shop: ShopServer;
let browser: Browser;

beforeAll(async () => {
  if (!haveChromium) return;
  telegram = await startFakeTelegram(BOT_TOKEN);
  shop = await startServer({
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: BOT_USERNAME,
      TELEGRAM_API_ROOT: telegram.url,
      BOT_MODE: "polling",
      PAYMENT_PROVIDER_TOKEN: PROVIDER_TOKEN,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await telegram?.close();
});

/** A Mini App order of `user`, placed through the API as the Mini App places it. */
async function placeOrder(server: ShopServer, user: TelegramUserData): Promise<AdminOrder> {
  const catalog = (await (await server.fetch("/api/products?page=1&limit=2")).json()) as CatalogResponse;
  const body: CreateOrderBody = {
    customer_name: `${user.first_name} ${user.last_name}`,
    customer_phone: "+7 (900) 123-45-67",
    delivery_address: "Казань, ул. Баумана, 1",
    comment: null,
    source: "telegram_mini_app",
    telegram_user_id: user.id,
    telegram_username: user.username,
    telegram_first_name: user.first_name,
    telegram_last_name: user.last_name,
    cart_items: [{ product_id: catalog.products[0]!.id, quantity: 1 }],
  };
  const response = await server.fetch("/api/orders", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Idempotency-Key": `pay-e2e-${user.id}-${Date.now()}`,
      "X-Telegram-Init-Data": signedInitData(BOT_TOKEN, user),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`order: ${response.status} ${await response.text()}`);
  const created = (await response.json()) as CreateOrderResponse;
  return server.adminApi<AdminOrder>(`/api/orders/${created.id}`);
}

/** The admin panel, signed in, on the orders tab; confirmations are accepted and recorded in `dialogs`. */
async function openAdmin(server: ShopServer, viewport: ViewportName): Promise<OpenedPage & { dialogs: string[] }> {
  const opened = { ...(await newPage(server, viewport)), dialogs: [] as string[] };
  const token = await server.adminToken();
  await opened.context.addInitScript((value: string) => {
    window.localStorage.setItem("authToken", value);
    window.localStorage.setItem("authLogin", "admin");
  }, token);
  opened.page.on("dialog", (dialog) => {
    opened.dialogs.push(dialog.message());
    void dialog.accept();
  });
  await opened.page.goto("/admin/dashboard?tab=orders");
  await opened.page.locator("tr[data-order]").first().waitFor();
  return opened;
}

const orderRow = (page: Page, order: AdminOrder) => page.locator(`tr[data-order="${order.order_number}"]`);
const paymentBadge = (page: Page, order: AdminOrder) => orderRow(page, order).getByTestId("payment-badge");

describe.skipIf(!haveChromium)("online payment", () => {
  const orders = {} as Record<ThemeName, AdminOrder>;

  it("the admin sends invoices from the orders tab: the row shows the new total and 'Счёт выставлен'", async () => {
    orders.light = await placeOrder(shop, USERS.light);
    orders.dark = await placeOrder(shop, USERS.dark);
    const admin = await openAdmin(shop, "desktop");
    const { page } = admin;
    try {
      expect(await page.getByRole("columnheader", { name: "Оплата" }).count()).toBe(1);
      for (const [theme, delivery] of [["light", 300], ["dark", 250]] as const) {
        const order = orders[theme];
        expect(await paymentBadge(page, order).textContent()).toBe("Не оплачен");
        await orderRow(page, order).getByRole("button", { name: `Показать заказ #${order.order_number}` }).click();
        const input = page.getByLabel("Доставка, ₽");
        await input.waitFor();
        expect(await input.inputValue()).toBe(String(order.delivery_cost));
        await input.fill(String(delivery));
        await page.getByRole("button", { name: "Выставить счёт" }).click();
        await expect.poll(() => paymentBadge(page, order).textContent(), { timeout: 30_000 }).toBe("Счёт выставлен");
        const total = order.subtotal - order.discount_amount + delivery;
        expect(spaces(await orderRow(page, order).locator("td[data-label='Сумма']").textContent())).toBe(spaces(formatAdminPrice(total)));
        if (theme === "light") await screenshot(page, "payments-admin-orders-invoiced", "desktop");
        await orderRow(page, order).getByRole("button", { name: `Скрыть заказ #${order.order_number}` }).click();
        orders[theme] = await shop.adminApi<AdminOrder>(`/api/orders/${order.id}`);
        expect(orders[theme]).toMatchObject({ payment_status: "invoiced", delivery_cost: delivery, total });
      }
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.close();
    }
  });

  for (const theme of ["light", "dark"] as const) {
    it(`the Mini App (${theme}) pays an invoiced order in Telegram's form and then shows 'Оплачен'`, async () => {
      const user = USERS[theme];
      const order = orders[theme];
      const app = await newMiniApp(shop, theme);
      const { page } = app;
      try {
        await launch(page, "/my-orders", user, theme);
        const card = page.getByTestId("my-order").filter({ hasText: `Заказ №${order.order_number}` });
        const pay = card.getByRole("button", { name: "Оплатить" });
        await pay.waitFor();
        expect(await card.getByText("Счёт выставлен").count()).toBe(1);
        await page.waitForLoadState("load");
        await screenshot(page, `payments-mini-app-pay-${theme}`, "mobile");

        await pay.click();
        // the app opens Telegram's payment form for the link the server created for this order
        await expect.poll(() => telegramEventsOf(page, "web_app_open_invoice"), { timeout: 30_000 }).toHaveLength(1);
        const links = telegram.succeeded("createInvoiceLink").filter((call) => String(call.params.payload).startsWith(`order:${order.id}:`));
        expect(links.length).toBeGreaterThan(0);
        const link = links.at(-1)!;
        expect(link.params).toMatchObject({ currency: "RUB", provider_token: PROVIDER_TOKEN });
        const slug = (await telegramEventsOf(page, "web_app_open_invoice"))[0]!.data!.slug as string;
        expect(String(link.result)).toMatch(new RegExp(`/\\$?(invoice/)?${slug}$`));

        // the customer pays: Telegram asks the bot, then reports the payment, then closes the form with 'paid'
        const invoice = invoiceOf(link);
        expect(invoice.totalAmount).toBe(Math.round(order.total * 100));
        expect(await payInvoice(telegram, user, invoice)).toEqual({ ok: true });
        await expect.poll(async () => (await shop.adminApi<AdminOrder>(`/api/orders/${order.id}`)).payment_status, { timeout: 30_000 }).toBe("paid");
        await emitTelegramEvent(page, "invoice_closed", { slug, status: "paid" });

        await expect.poll(() => card.getByText("Оплачен", { exact: true }).count(), { timeout: 30_000 }).toBe(1);
        expect(await pay.count()).toBe(0);
        const paid = await shop.adminApi<AdminOrder>(`/api/orders/${order.id}`);
        await expect.poll(() => card.locator('[data-payment="paid"]').textContent(), { timeout: 30_000 }).toBe(`Оплачен${formatDateTime(paid.paid_at!)}`);
        orders[theme] = paid;
        await screenshot(page, `payments-mini-app-paid-${theme}`, "mobile");
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }

  it("a payment form closed unpaid leaves the order invoiced with a short note", async () => {
    const user = { ...USERS.light, id: 880000023, username: "nina_pay_e2e", first_name: "Нина" };
    let order = await placeOrder(shop, user);
    await shop.adminApi(`/api/orders/${order.id}/invoice`, { method: "POST", body: JSON.stringify({ delivery_cost: 250 }) });
    order = await shop.adminApi<AdminOrder>(`/api/orders/${order.id}`);
    const app = await newMiniApp(shop, "light");
    const { page } = app;
    try {
      await launch(page, "/my-orders", user, "light");
      const card = page.getByTestId("my-order").filter({ hasText: `Заказ №${order.order_number}` });
      await card.getByRole("button", { name: "Оплатить" }).click();
      await expect.poll(() => telegramEventsOf(page, "web_app_open_invoice"), { timeout: 30_000 }).toHaveLength(1);
      const slug = (await telegramEventsOf(page, "web_app_open_invoice"))[0]!.data!.slug as string;
      await emitTelegramEvent(page, "invoice_closed", { slug, status: "cancelled" });
      await expect.poll(() => card.getByRole("status").textContent(), { timeout: 30_000 }).toBe("Оплата отменена.");
      expect(await card.getByText("Счёт выставлен").count()).toBe(1);
      expect(await card.getByRole("button", { name: "Оплатить" }).isEnabled()).toBe(true);
      expect((await shop.adminApi<AdminOrder>(`/api/orders/${order.id}`)).payment_status).toBe("invoiced");
    } finally {
      await app.close();
    }
  });

  it("the admin filters 'Оплаченные' and sees the paid revenue in the statistics, at both sizes", async () => {
    const paidOrders = await shop.adminApi<AdminOrdersResponse>("/api/orders?page=1&payment_status=paid");
    expect(paidOrders.orders.map((order) => order.id).sort()).toEqual([orders.light.id, orders.dark.id].sort());
    const kpi = await shop.adminApi<KpiResponse>("/api/admin/stats/kpi?period=30d");
    expect(kpi.paid_revenue).toBeCloseTo(orders.light.total + orders.dark.total, 2);
    for (const viewport of ["desktop", "mobile"] as const) {
      const admin = await openAdmin(shop, viewport);
      const { page } = admin;
      try {
        await page.getByRole("button", { name: "Оплаченные" }).click();
        await expect.poll(() => page.locator("tr[data-order]").count(), { timeout: 30_000 }).toBe(2);
        for (const theme of ["light", "dark"] as const) expect(await paymentBadge(page, orders[theme]).textContent()).toBe("Оплачен");
        await screenshot(page, "payments-admin-orders-paid", viewport);

        await page.goto("/admin/dashboard?tab=stats");
        const card = page.locator('[data-kpi="paid_revenue"]');
        await expect.poll(() => card.textContent(), { timeout: 30_000 }).not.toBe("...");
        expect(spaces(await card.textContent())).toBe(spaces(formatRub(kpi.paid_revenue)));
        await page.getByRole("heading", { name: "Динамика количества заказов" }).waitFor();
        await screenshot(page, "payments-admin-stats", viewport);
        expect(admin.errors).toEqual([]);
      } finally {
        await admin.close();
      }
    }
  });

  it("the admin marks a paid order refunded: 'Возврат', and its money leaves 'Оплачено'", async () => {
    const admin = await openAdmin(shop, "desktop");
    const { page } = admin;
    const order = orders.dark;
    try {
      await orderRow(page, order).getByRole("button", { name: `Показать заказ #${order.order_number}` }).click();
      await page.getByRole("button", { name: "Отметить возврат" }).click();
      await expect.poll(() => paymentBadge(page, order).textContent(), { timeout: 30_000 }).toBe("Возврат");
      expect(admin.dialogs).toEqual([`Отметить возврат оплаты по заказу #${order.order_number}?`]);
      expect((await shop.adminApi<AdminOrder>(`/api/orders/${order.id}`)).payment_status).toBe("refunded");

      await page.goto("/admin/dashboard?tab=stats");
      const card = page.locator('[data-kpi="paid_revenue"]');
      await expect.poll(async () => spaces(await card.textContent()), { timeout: 30_000 }).toBe(spaces(formatRub(orders.light.total)));
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});

describe.skipIf(!haveChromium)("a shop without online payment", () => {
  let plain: ShopServer;

  beforeAll(async () => {
    plain = await startServer({
      env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_USERNAME: BOT_USERNAME, TELEGRAM_API_ROOT: telegram.url, BOT_MODE: "off" },
    });
  });

  afterAll(async () => {
    await plain?.stop();
  });

  it("shows nothing about payment in the admin panel or the Mini App", async () => {
    const config = (await (await plain.fetch("/api/config")).json()) as { payments: boolean };
    expect(config.payments).toBe(false);
    const user = USERS.light;
    const order = await placeOrder(plain, user);

    const admin = await openAdmin(plain, "desktop");
    try {
      const { page } = admin;
      await orderRow(page, order).getByRole("button", { name: `Показать заказ #${order.order_number}` }).click();
      await page.getByText("Адрес доставки").waitFor();
      expect(await page.getByRole("columnheader", { name: "Оплата" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Оплаченные" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Выставить счёт" }).count()).toBe(0);
      expect(await page.getByTestId("payment-badge").count()).toBe(0);
      await page.goto("/admin/dashboard?tab=stats");
      await expect.poll(() => page.locator('[data-kpi="totalOrders"]').textContent(), { timeout: 30_000 }).not.toBe("...");
      expect(await page.getByText("Оплачено").count()).toBe(0);
    } finally {
      await admin.close();
    }

    const app = await newMiniApp(plain, "light");
    try {
      const { page } = app;
      await launch(page, "/my-orders", user, "light");
      const card = page.getByTestId("my-order").filter({ hasText: `Заказ №${order.order_number}` });
      await card.waitFor();
      // an order without an invoice renders no payment part at all, with or without the shop's settings
      expect(await card.textContent()).not.toMatch(/Оплат|Счёт/);
      expect(await page.getByRole("button", { name: "Оплатить" }).count()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
