import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readOrderSummary } from "../../lib/order-summary";
import { invalidate } from "../../lib/query";
import { useCart } from "../../stores/cart";
import { lineSnapshot } from "../../stores/line-snapshot";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse as json } from "../../test-helpers/json-response";
import { renderCheckout } from "../../test-helpers/render-checkout";
import { ring } from "../../test-helpers/variant-product";

/** Ordering lines with variants and personalisation (docs/product.md#choosing-a-variant): shown back, sent as the API reads them. */

vi.mock("../../lib/navigation", () => ({ leaveTo: vi.fn() }));
const { leaveTo } = await import("../../lib/navigation");

const vase = { id: 1, name: "Ваза «Лён»", price: 1890, sku: "HM-000001", images: [], stock: null, made_to_order_days: null };
const DIRECT = { botUsername: null, botLink: null, checkoutMode: "direct", deliveryFee: 250, discountTiers: [] };
const BOT = { botUsername: "shop_bot", botLink: "https://t.me/shop_bot", checkoutMode: "bot", deliveryFee: 250, discountTiers: [] };

let bodies: { url: string; body: Record<string, unknown> }[];
function mockApi(config: unknown, answer: unknown) {
  bodies = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/config") return json(200, config);
      if (url === "/api/products/12") return json(200, ring);
      if (url === "/api/products/1") return json(200, vase);
      bodies.push({ url, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
      return json(201, answer);
    }),
  );
}

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText("Имя *"), { target: { value: "Анна" } });
  fireEvent.change(screen.getByLabelText("Телефон *"), { target: { value: "+7 9123456789" } });
  fireEvent.click(screen.getAllByRole("button", { name: "Оформить заказ" })[0]!);
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  invalidate("");
  useCart.setState({
    items: [
      { ...lineSnapshot(ring, 103, [{ field_id: 31, value: "Анне" }, { field_id: 33, value: "1" }])!, quantity: 1 },
      { ...lineSnapshot(ring, 103, [{ field_id: 31, value: "Петру" }])!, quantity: 2 },
      { ...vase, quantity: 1 },
    ],
  });
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  cleanUpComponentTest();
  vi.mocked(leaveTo).mockReset();
});

describe("checkout with variants and personalisation", () => {
  it("shows each line's variant and texts, sends them with the order and keeps them for the success page", async () => {
    mockApi(DIRECT, { id: 7, order_number: "260001", status: "new", subtotal: 5890, discount_percent: 0, discount_amount: 0, delivery_cost: 250, total: 6140 });
    renderCheckout();
    const lines = await screen.findAllByTestId("checkout-line");
    expect(lines.map((line) => within(line).queryByTestId("line-variant")?.textContent ?? null)).toEqual([
      "Размер: 17, Металл: золото",
      "Размер: 17, Металл: золото",
      null,
    ]);
    expect(within(lines[0]!).getByTestId("line-personalization").textContent).toBe("Гравировка: АннеПодарочная упаковка: Да");
    expect(within(lines[1]!).getByTestId("line-personalization").textContent).toBe("Гравировка: Петру");

    fillAndSubmit();
    expect(await screen.findByText("Заказ 260001 принят")).toBeTruthy();
    const [order] = bodies;
    expect(order?.url).toBe("/api/orders");
    expect(order?.body.cart_items).toEqual([
      { product_id: 12, product_name: "Кольцо «Волна»", quantity: 1, variant_id: 103, personalization: [{ field_id: 31, value: "Анне" }, { field_id: 33, value: "1" }] },
      { product_id: 12, product_name: "Кольцо «Волна»", quantity: 2, variant_id: 103, personalization: [{ field_id: 31, value: "Петру" }] },
      // a plain product's line as before: no new keys
      { product_id: 1, product_name: "Ваза «Лён»", quantity: 1 },
    ]);
    expect(readOrderSummary("260001")?.items).toMatchObject([
      { name: "Кольцо «Волна»", price: 1950, variant_title: "Размер: 17, Металл: золото", personalization: [{ label: "Гравировка", value: "Анне" }, { label: "Подарочная упаковка", value: "1", kind: "gift_wrap" }] },
      { price: 1800, personalization: [{ value: "Петру" }] },
      { name: "Ваза «Лён»" },
    ]);
  });

  it("prepares a website order with the same lines for the bot", async () => {
    mockApi(BOT, { token: "t", expires_at: "2030-01-01T00:00:00Z", bot_link: "https://t.me/shop_bot?start=t", subtotal: 0, discount_percent: 0, discount_amount: 0, delivery_cost: 250, total: 0 });
    renderCheckout();
    await screen.findAllByTestId("checkout-line");
    fillAndSubmit();
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.body.cart).toEqual([
      { id: 12, name: "Кольцо «Волна»", quantity: 1, variant_id: 103, personalization: [{ field_id: 31, value: "Анне" }, { field_id: 33, value: "1" }] },
      { id: 12, name: "Кольцо «Волна»", quantity: 2, variant_id: 103, personalization: [{ field_id: 31, value: "Петру" }] },
      { id: 1, name: "Ваза «Лён»", quantity: 1 },
    ]);
  });
});
