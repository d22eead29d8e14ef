import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatDateTime } from "@shop/shared/format";
import { invalidate } from "../../lib/query";
import { resetTelegramDetection } from "../../lib/telegram";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse as json } from "../../test-helpers/json-response";
import { launchInTelegram, leaveTelegram } from "../../test-helpers/telegram-launch";
import { OrderPayment } from "./OrderPayment";

const openTelegramInvoice = vi.fn<(url: string) => Promise<string | null>>();
vi.mock("../../lib/telegram-invoice", () => ({ openTelegramInvoice: (url: string) => openTelegramInvoice(url) }));

const INVOICE_URL = "https://t.me/$c2hvcC1vcmRlci0xMQ";
const PAID_AT = "2026-03-06T09:30:00.000Z";

let calls: { url: string; method: string; headers: Record<string, string> }[];

function mockApi(options: { payments: boolean; link?: () => Response; recordedStatus?: string }) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? "GET", headers: (init?.headers ?? {}) as Record<string, string> });
      if (url === "/api/config") return json(200, { payments: options.payments, deliveryFee: 250 });
      if (url === "/api/my-orders/11/invoice-link") return options.link?.() ?? json(200, { url: INVOICE_URL });
      if (url === "/api/my-orders/11") {
        const status = options.recordedStatus ?? "paid";
        return json(200, { id: 11, payment_status: status, paid_at: status === "paid" ? PAID_AT : null });
      }
      return json(404, { message: "нет" });
    }),
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
  invalidate("");
  openTelegramInvoice.mockReset();
  vi.spyOn(console, "error").mockImplementation(() => {});
  launchInTelegram("/my-orders");
});

afterEach(() => {
  cleanUpComponentTest();
  leaveTelegram();
});

describe("an order's payment in 'Мои заказы'", () => {
  it("shows nothing about payment when the shop takes no online payments", async () => {
    mockApi({ payments: false });
    const { container } = render(<OrderPayment orderId={11} status="invoiced" paidAt={null} />);
    await waitFor(() => expect(calls.map((call) => call.url)).toContain("/api/config"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toBe("");
    expect(screen.queryByRole("button", { name: "Оплатить" })).toBeNull();
  });

  it("shows nothing while the order has no invoice", async () => {
    mockApi({ payments: true });
    const { container } = render(<OrderPayment orderId={11} status="unpaid" paidAt={null} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toBe("");
    expect(calls).toEqual([]);
  });

  it("pays an invoiced order in Telegram's form and then shows 'Оплачен' with the date the shop recorded", async () => {
    mockApi({ payments: true });
    openTelegramInvoice.mockResolvedValue("paid");
    render(<OrderPayment orderId={11} status="invoiced" paidAt={null} />);
    expect((await screen.findByText("Счёт выставлен")).textContent).toBe("Счёт выставлен");

    fireEvent.click(screen.getByRole("button", { name: "Оплатить" }));
    await screen.findByText("Оплачен");
    const linkCall = calls.find((call) => call.url === "/api/my-orders/11/invoice-link");
    expect(linkCall).toMatchObject({ method: "POST" });
    expect(linkCall!.headers["X-Telegram-Init-Data"]).toBeTruthy();
    expect(openTelegramInvoice).toHaveBeenCalledWith(INVOICE_URL);
    expect(screen.queryByRole("button", { name: "Оплатить" })).toBeNull();
    await screen.findByText(formatDateTime(PAID_AT));
  });

  it.each([
    ["cancelled", "Оплата отменена."],
    ["failed", "Оплата не прошла. Попробуйте ещё раз."],
  ])("leaves the order invoiced when the form closes '%s', with a short note", async (outcome, note) => {
    mockApi({ payments: true });
    openTelegramInvoice.mockResolvedValue(outcome);
    render(<OrderPayment orderId={11} status="invoiced" paidAt={null} />);
    fireEvent.click(await screen.findByRole("button", { name: "Оплатить" }));
    expect((await screen.findByRole("status")).textContent).toBe(note);
    expect(screen.getByText("Счёт выставлен")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Оплатить" })).toBeTruthy();
    expect(calls.some((call) => call.url === "/api/my-orders/11")).toBe(false);
  });

  it("shows the shop's reason when it gives no invoice link", async () => {
    mockApi({ payments: true, link: () => json(409, { message: "Заказ уже оплачен." }) });
    render(<OrderPayment orderId={11} status="invoiced" paidAt={null} />);
    fireEvent.click(await screen.findByRole("button", { name: "Оплатить" }));
    expect((await screen.findByRole("status")).textContent).toBe("Заказ уже оплачен.");
    expect(openTelegramInvoice).not.toHaveBeenCalled();
  });

  it("shows a paid order as 'Оплачен' with its date and no button", async () => {
    mockApi({ payments: true });
    render(<OrderPayment orderId={11} status="paid" paidAt={PAID_AT} />);
    await screen.findByText("Оплачен");
    expect(screen.getByText(formatDateTime(PAID_AT))).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("outside Telegram shows the status only", async () => {
    window.history.replaceState(null, "", "/my-orders");
    resetTelegramDetection();
    mockApi({ payments: true });
    render(<OrderPayment orderId={11} status="invoiced" paidAt={null} />);
    await screen.findByText("Счёт выставлен");
    expect(screen.queryByRole("button", { name: "Оплатить" })).toBeNull();
  });
});
