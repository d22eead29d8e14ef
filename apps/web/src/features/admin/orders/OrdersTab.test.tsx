import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminOrder } from "@shop/shared/schemas/orders";
import { ToastProvider } from "../components/Toast";
import { signInAdmin } from "../../../test-helpers/admin-session";
import { cleanUpComponentTest } from "../../../test-helpers/clean-up";
import { jsonResponse as json } from "../../../test-helpers/json-response";
import { plainSpaces as nbsp } from "../../../test-helpers/plain-spaces";
import OrdersTab from "./OrdersTab";

function order(id: number, patch: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id,
    order_number: String(1000 + id),
    created_at: "2026-05-02T10:00:00.000Z",
    customer_name: "Анна",
    customer_phone: "+79001234567",
    telegram_user_id: "4242",
    telegram_username: "anna",
    delivery_address: "Казань",
    comment: null,
    status: "new",
    source: "telegram_mini_app",
    subtotal: 2000,
    discount_percent: 0,
    discount_amount: 0,
    delivery_cost: 250,
    total: 2250,
    payment_status: "unpaid",
    paid_at: null,
    items: [],
    ...patch,
  };
}

let requests: { url: string; method: string; body: unknown }[];

function mockApi(orders: AdminOrder[], answer: (url: string, method: string) => Response | null = () => null) {
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      requests.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const custom = answer(url, method);
      if (custom) return custom;
      const single = /^\/api\/orders\/(\d+)$/.exec(url);
      if (single) return json(200, orders.find((item) => item.id === Number(single[1])));
      if (url.startsWith("/api/orders")) return json(200, { orders, totalPages: 1, total: orders.length, page: 1 });
      return json(404, { message: "нет" });
    }),
  );
}

const renderTab = (payments: boolean) =>
  render(
    <ToastProvider>
      <OrdersTab payments={payments} />
    </ToastProvider>,
  );

const row = (number: string) => document.querySelector<HTMLElement>(`tr[data-order="${number}"]`)!;

async function openOrder(number: string) {
  await waitFor(() => expect(row(number)).toBeTruthy());
  fireEvent.click(within(row(number)).getByRole("button", { name: `Показать заказ #${number}` }));
  await screen.findByRole("button", { name: /Выставить счёт|Отметить возврат/ });
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  signInAdmin();
});

afterEach(cleanUpComponentTest);

describe("orders tab with payments in Telegram", () => {
  it("shows each order's payment and filters the paid ones", async () => {
    mockApi([order(1), order(2, { payment_status: "invoiced" }), order(3, { payment_status: "paid", paid_at: "2026-05-02T12:00:00.000Z" }), order(4, { payment_status: "refunded" })]);
    renderTab(true);
    await waitFor(() => expect(row("1004")).toBeTruthy());
    expect(screen.getByRole("columnheader", { name: "Оплата" })).toBeTruthy();
    expect(["1001", "1002", "1003", "1004"].map((number) => row(number).querySelector('[data-testid="payment-badge"]')!.textContent)).toEqual([
      "Не оплачен",
      "Счёт выставлен",
      "Оплачен",
      "Возврат",
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Оплаченные" }));
    await waitFor(() => expect(requests.at(-1)!.url).toBe("/api/orders?page=1&payment_status=paid"));
    expect(screen.getByRole("button", { name: "Оплаченные" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("sends an invoice with the delivery cost entered and shows the new total and status", async () => {
    mockApi([order(1)], (url, method) =>
      url === "/api/orders/1/invoice" && method === "POST" ? json(200, { id: 1, delivery_cost: 400, total: 2400, payment_status: "invoiced" }) : null,
    );
    renderTab(true);
    await openOrder("1001");
    const input = screen.getByLabelText("Доставка, ₽") as HTMLInputElement;
    expect(input.value).toBe("250");
    fireEvent.change(input, { target: { value: "400" } });
    fireEvent.click(screen.getByRole("button", { name: "Выставить счёт" }));

    await waitFor(() => expect(row("1001").querySelector('[data-testid="payment-badge"]')!.textContent).toBe("Счёт выставлен"));
    expect(requests.find((request) => request.url === "/api/orders/1/invoice")!.body).toEqual({ delivery_cost: 400 });
    expect(nbsp(within(row("1001")).getByText(/2\s400\.00/).textContent)).toBe("2 400.00 ₽");
    expect(screen.getByText("Счёт по заказу #1001 выставлен")).toBeTruthy();
  });

  it("shows the shop's reason when it refuses the invoice", async () => {
    mockApi([order(1, { status: "cancelled" })], (url) =>
      url === "/api/orders/1/invoice" ? json(409, { message: "Отменённый заказ нельзя оплатить." }) : null,
    );
    renderTab(true);
    await openOrder("1001");
    fireEvent.click(screen.getByRole("button", { name: "Выставить счёт" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Отменённый заказ нельзя оплатить.");
    expect(row("1001").querySelector('[data-testid="payment-badge"]')!.textContent).toBe("Не оплачен");
  });

  it("marks a paid order refunded after a confirmation", async () => {
    mockApi([order(1, { payment_status: "paid", paid_at: "2026-05-02T12:00:00.000Z" })], (url) =>
      url === "/api/orders/1/refunded" ? json(200, { id: 1, payment_status: "refunded" }) : null,
    );
    const confirm = vi.fn<(text: string) => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal("confirm", confirm);
    renderTab(true);
    await openOrder("1001");
    expect(screen.queryByRole("button", { name: "Выставить счёт" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Отметить возврат" }));
    expect(confirm).toHaveBeenCalledWith("Отметить возврат оплаты по заказу #1001?");
    expect(requests.some((request) => request.url === "/api/orders/1/refunded")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Отметить возврат" }));
    await waitFor(() => expect(row("1001").querySelector('[data-testid="payment-badge"]')!.textContent).toBe("Возврат"));
    expect(requests.find((request) => request.url === "/api/orders/1/refunded")!.method).toBe("POST");
    expect(screen.queryByRole("button", { name: "Отметить возврат" })).toBeNull();
  });

  it("shows nothing of payment when the shop takes no payments", async () => {
    mockApi([order(1, { payment_status: "invoiced" })]);
    renderTab(false);
    await waitFor(() => expect(row("1001")).toBeTruthy());
    fireEvent.click(within(row("1001")).getByRole("button", { name: "Показать заказ #1001" }));
    await screen.findByText("Адрес доставки");
    expect(screen.queryByText("Оплата")).toBeNull();
    expect(screen.queryByText("Счёт выставлен")).toBeNull();
    expect(screen.queryByRole("button", { name: "Оплаченные" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Выставить счёт" })).toBeNull();
  });
});
