import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { invalidate } from "../../lib/query";
import { useCart } from "../../stores/cart";
import { promoFromLink, setPromoCode } from "../../stores/promo-code";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse as json } from "../../test-helpers/json-response";
import { renderCheckout } from "../../test-helpers/render-checkout";

/** The promo code field of the checkout (docs/product.md#promo-codes): checked by the server, shown, ordered with. */

const mug = { id: 2, name: "Кружка", price: 650, sku: "HM-000002", images: [], stock: null, made_to_order_days: null };
const DIRECT = { botUsername: null, botLink: null, checkoutMode: "direct", deliveryFee: 250, discountTiers: [] };

const applies = {
  code: "РЕМЕСЛО10",
  applies: true,
  wins: true,
  message: "Промокод «РЕМЕСЛО10» применён: −65.00\u00a0руб.",
  reason: null,
  promo_discount: 65,
  missing: null,
  totals: { subtotal: 650, discount_percent: 0, discount_amount: 65, delivery_cost: 250, total: 835, promo_code: "РЕМЕСЛО10" },
};
const minimum = {
  ...applies,
  code: "ОТТЫСЯЧИ",
  applies: false,
  wins: false,
  reason: "minimum",
  message: "Промокод «ОТТЫСЯЧИ» действует для заказа от 1\u00a0000.00\u00a0руб.: добавьте товаров ещё на 350.00\u00a0руб.",
  promo_discount: 0,
  missing: 350,
};

let calls: { url: string; body: Record<string, unknown> | null }[];
function mockApi() {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ url, body });
      if (url === "/api/config") return json(200, DIRECT);
      if (url === "/api/delivery/options") return json(200, { configured: false, city_suggestions: false });
      if (url === `/api/products/${mug.id}`) return json(200, mug);
      if (url === "/api/promo-codes/check") return json(200, body?.code === "ОТТЫСЯЧИ" ? minimum : applies);
      if (url === "/api/orders") return json(201, { id: 9, order_number: "1009", status: "new", ...applies.totals });
      return json(404, { message: "Не найдено" });
    }),
  );
}

beforeEach(() => {
  window.localStorage.clear();
  setPromoCode(null);
  invalidate("");
  useCart.setState({ items: [{ ...mug, quantity: 1 }] });
  mockApi();
});
afterEach(() => cleanUpComponentTest());

describe("the promo code at checkout", () => {
  it("applies a typed code in any case, shows its discount and the rule, and orders with it", async () => {
    renderCheckout();
    fireEvent.change(screen.getByTestId("promo-input"), { target: { value: "ремесло10" } });
    fireEvent.click(screen.getByTestId("promo-apply"));
    expect(screen.getByTestId("promo-code").textContent).toBe("РЕМЕСЛО10");
    expect(await screen.findByText(/применён/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("checkout-discount").textContent).toBe("−65.00\u00a0руб."));
    expect(screen.getByText("Скидка по промокоду РЕМЕСЛО10")).toBeTruthy();
    expect(screen.getByTestId("checkout-total").textContent).toBe("835.00\u00a0руб.");
    expect(screen.getByTestId("promo-rule").textContent).toBe("Скидка по промокоду и скидка за сумму заказа не суммируются: действует бо́льшая.");

    fireEvent.change(screen.getByLabelText("Имя *"), { target: { value: "Анна" } });
    fireEvent.change(screen.getByLabelText("Телефон *"), { target: { value: "+7 9123456789" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Оформить заказ" })[0]!);
    await screen.findByText("Заказ 1009 принят");
    expect(calls.find((call) => call.url === "/api/orders")?.body).toMatchObject({ promo_code: "РЕМЕСЛО10" });
  });

  it("says why a code does not apply, keeps the plain totals and orders without it", async () => {
    setPromoCode("оттысячи");
    renderCheckout();
    const message = await screen.findByText(/добавьте товаров ещё на 350.00/);
    expect(message.getAttribute("role")).toBe("alert");
    expect(screen.getByTestId("checkout-total").textContent).toBe("867.50\u00a0руб."); // the volume tier's 5 %
    fireEvent.change(screen.getByLabelText("Имя *"), { target: { value: "Анна" } });
    fireEvent.change(screen.getByLabelText("Телефон *"), { target: { value: "+7 9123456789" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Оформить заказ" })[0]!);
    await screen.findByText("Заказ 1009 принят");
    expect(calls.find((call) => call.url === "/api/orders")?.body).not.toHaveProperty("promo_code");
  });

  it("takes a code from the website's link and the Mini App's start parameter, and can remove it", async () => {
    expect(promoFromLink("?promo=ремесло10", null)).toBe("РЕМЕСЛО10");
    expect(promoFromLink("", "promo_ВЕСНА")).toBe("ВЕСНА");
    expect(promoFromLink("", "product_12")).toBeNull();
    expect(promoFromLink("?promo=<script>", null)).toBeNull();
    setPromoCode("РЕМЕСЛО10");
    renderCheckout();
    fireEvent.click(await screen.findByTestId("promo-remove"));
    expect(screen.getByTestId("promo-input")).toBeTruthy();
    expect(window.localStorage.getItem("shop/promo-code")).toBe("null");
  });
});
