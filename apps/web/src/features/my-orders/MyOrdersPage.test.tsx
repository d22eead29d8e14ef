import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MyOrderDetail, MyOrdersResponse } from "@shop/shared/schemas/orders";
import { formatDateTime } from "@shop/shared/format";
import { invalidate } from "../../lib/query";
import { resetTelegramDetection } from "../../lib/telegram";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { telegramInitData } from "../../test-helpers/fake-telegram-sdk";
import { jsonResponse as json } from "../../test-helpers/json-response";
import { launchInTelegram, leaveTelegram } from "../../test-helpers/telegram-launch";
import MyOrdersPage from "./MyOrdersPage";

const user = { id: 4242, first_name: "Анна" };
const initData = telegramInitData(user);

const LIST: MyOrdersResponse = {
  orders: [
    { id: 11, order_number: "1042", created_at: "2026-03-05T10:15:00.000Z", total: 2140, status: "shipped", payment_status: "unpaid", paid_at: null },
    { id: 7, order_number: "1017", created_at: "2026-02-01T08:00:00.000Z", total: 890.5, status: "new", payment_status: "unpaid", paid_at: null },
  ],
  lastAddress: "Казань, ул. Баумана, 1",
};

const DETAIL: MyOrderDetail = {
  ...LIST.orders[0]!,
  subtotal: 1890,
  discount_percent: 0,
  discount_amount: 0,
  delivery_cost: 250,
  delivery_address: "Казань, ул. Баумана, 1",
  comment: null,
  items: [
    { id: 1, product_id: 5, product_name: "Ваза «Лён»", product_sku: "HM-000005", product_image: "/uploads/v.webp", price: 1200, quantity: 1 },
    { id: 2, product_id: null, product_name: "Кружка (снята с продажи)", product_sku: "HM-000009", product_image: null, price: 345, quantity: 2 },
    {
      id: 3,
      product_id: 12,
      product_name: "Кольцо «Волна»",
      product_sku: "HM-000012-17G",
      product_image: null,
      price: 1950,
      quantity: 1,
      variant_id: 103,
      variant_title: "Размер: 17, Металл: золото",
      personalization: [
        { label: "Гравировка", value: "Анне", price: 300 },
        { label: "Подарочная упаковка", value: "Да", price: 150 },
      ],
    },
  ],
};

type Handler = (url: string) => Response | Promise<Response>;
let calls: { url: string; headers: Record<string, string> }[];

function mockApi(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      return handler(url);
    }),
  );
}

/** A promise the test resolves when it wants the answer to arrive. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function renderPage() {
  const router = createMemoryRouter([{ path: "/my-orders", Component: MyOrdersPage }, { path: "*", element: <p>other</p> }], {
    initialEntries: ["/my-orders"],
  });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  window.sessionStorage.clear();
  leaveTelegram();
  invalidate("");
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  cleanUpComponentTest();
  leaveTelegram();
});

describe("my orders", () => {
  it("outside the messenger says the page is for Telegram users and asks the server only whether there is a bot", async () => {
    mockApi(() => json(200, { botUsername: null, botLink: null, checkoutMode: "direct", miniAppUrl: null, deliveryFee: 250, discountTiers: [] }));
    renderPage();
    expect(screen.getByRole("heading", { name: "Мои заказы" })).toBeTruthy();
    expect(screen.getByText("Страница доступна только в Telegram")).toBeTruthy();
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(["/api/config"]));
    expect(screen.queryByRole("link", { name: "Открыть в Telegram" })).toBeNull();
  });

  it("outside the messenger offers the Mini App on my orders when the shop has a bot", async () => {
    mockApi(() => json(200, { botUsername: "shop_bot", botLink: "https://t.me/shop_bot", checkoutMode: "bot", miniAppUrl: null, deliveryFee: 250, discountTiers: [] }));
    renderPage();
    const link = await screen.findByRole("link", { name: "Открыть в Telegram" });
    expect(link.getAttribute("href")).toBe("https://t.me/shop_bot?startapp=my_orders");
  });

  it("loads with the signed initData, then lists the orders and the last address", async () => {
    launchInTelegram("/my-orders", user);
    const answer = deferred<Response>();
    mockApi(() => answer.promise);
    renderPage();
    expect(screen.getByText("Загрузка ваших заказов...")).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: "/api/my-orders", headers: { "X-Telegram-Init-Data": initData, "X-Telegram-User-Id": "4242" } });

    answer.resolve(json(200, LIST));
    await screen.findByText("Заказ №1042");
    expect(screen.queryByText("Загрузка ваших заказов...")).toBeNull();
    // Telegram's own lists (telegram-ui), under its root
    expect(screen.getByTestId("telegram-ui").className).toMatch(/tgui-/);
    expect(screen.getByText("Ваш последний адрес доставки")).toBeTruthy();
    expect(screen.getByText("Казань, ул. Баумана, 1")).toBeTruthy();
    const cards = screen.getAllByRole("button", { expanded: false });
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain("Отправлен");
    expect(cards[0]!.textContent).toContain("2\u00a0140.00\u00a0руб.");
    expect(cards[0]!.textContent).toContain(formatDateTime(LIST.orders[0]!.created_at));
    expect(cards[1]!.textContent).toContain("Создан");
    expect(cards[1]!.textContent).toContain("890.50\u00a0руб.");
  });

  it("says so when there are no orders", async () => {
    launchInTelegram("/my-orders", user);
    mockApi(() => json(200, { orders: [], lastAddress: null }));
    renderPage();
    await screen.findByText("У вас пока нет заказов.");
    expect(screen.queryByText(/Ваш последний адрес доставки/)).toBeNull();
  });

  it("loads an order's details only when its card is opened, and closes it again", async () => {
    launchInTelegram("/my-orders", user);
    const detail = deferred<Response>();
    mockApi((url) => (url === "/api/my-orders" ? json(200, LIST) : detail.promise));
    renderPage();
    const card = await screen.findByRole("button", { name: /Заказ №1042/ });
    expect(calls.map((call) => call.url)).toEqual(["/api/my-orders"]);

    fireEvent.click(card);
    expect(card.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("Загрузка деталей...")).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ url: "/api/my-orders/11", headers: { "X-Telegram-Init-Data": initData } });

    detail.resolve(json(200, DETAIL));
    await screen.findByText("Ваза «Лён»");
    expect(screen.queryByText("Загрузка деталей...")).toBeNull();
    expect(screen.getByText("1 × 1 200.00 руб.")).toBeTruthy();
    expect(screen.getByText("1 200.00 руб.")).toBeTruthy();
    expect(screen.getByText("2 × 345.00 руб.")).toBeTruthy();
    expect(screen.getByText("690.00 руб.")).toBeTruthy();
    // the product still in the shop is a link, the removed one plain text
    expect(screen.getByRole("link", { name: "Ваза «Лён»" }).getAttribute("href")).toBe("/product/5");
    expect(screen.queryByRole("link", { name: "Кружка (снята с продажи)" })).toBeNull();
    // a variant's line: its variant and texts as ordered, the link at that variant
    expect(screen.getByRole("link", { name: "Кольцо «Волна»" }).getAttribute("href")).toBe("/product/12?variant=103");
    expect(screen.getByTestId("line-variant").textContent).toBe("Размер: 17, Металл: золото");
    expect(screen.getByTestId("line-personalization").textContent).toBe("Гравировка: АннеПодарочная упаковка: Да");

    fireEvent.click(card);
    expect(card.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByText("Ваза «Лён»")).toBeNull();
    // opened again: from the cache, no second request
    fireEvent.click(card);
    await screen.findByText("Ваза «Лён»");
    expect(calls.filter((call) => call.url === "/api/my-orders/11")).toHaveLength(1);
  });

  it("shows the server's reason when the list cannot be read, and tries again", async () => {
    launchInTelegram("/my-orders", user);
    let fail = true;
    mockApi(() =>
      fail ? json(401, { message: "Данные Telegram не прошли проверку. Откройте магазин из Telegram заново." }) : json(200, LIST),
    );
    renderPage();
    await screen.findByText("Не удалось загрузить заказы");
    expect(screen.getByText("Данные Telegram не прошли проверку. Откройте магазин из Telegram заново.")).toBeTruthy();
    expect(screen.queryByText("У вас пока нет заказов.")).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Повторить" }));
    await screen.findByText("Заказ №1042");
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it("tells a Telegram launch without a user that the page needs one", () => {
    window.history.replaceState(null, "", "/my-orders#tgWebAppVersion=8.0&tgWebAppPlatform=tdesktop");
    resetTelegramDetection();
    mockApi(() => json(200, LIST));
    renderPage();
    expect(screen.getByText("Страница доступна только в Telegram")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
