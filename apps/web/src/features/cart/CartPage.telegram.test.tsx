import { act, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { totalsInRoubles } from "@shop/shared/pricing";
import { formatPrice } from "@shop/shared/format";
import { invalidate } from "../../lib/query";
import { useCart } from "../../stores/cart";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { createFakeTelegramSdk } from "../../test-helpers/fake-telegram-sdk";
import { jsonResponse } from "../../test-helpers/json-response";
import { leaveTelegram, startMiniApp } from "../../test-helpers/telegram-launch";
import CartPage from "./CartPage";

/**
 * The cart inside the Mini App: Telegram's MainButton (with the total) and SecondaryButton lead on instead of the
 * page's footer; a client that cannot draw a button leaves the page its own (docs/telegram.md).
 */

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeTelegramSdk> }));
vi.mock("../../lib/telegram-sdk", () => ({ setUpMiniApp: () => fake.current?.sdk ?? null }));

const vase = { id: 1, name: "Ваза «Лён»", price: 1890, sku: "HM-000001", images: [], stock: null, made_to_order_days: null };

function renderCart() {
  const router = createMemoryRouter(
    [
      { path: "/cart", Component: CartPage },
      { path: "/checkout", element: <p>Оформление</p> },
      { path: "/", element: <p>Каталог</p> },
    ],
    { initialEntries: ["/cart"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const lastParams = (method: string) => fake.current!.lastParams(method);

/** a client without that button: the SDK's isAvailable() says no (an older Telegram version) */
function unavailable(method: string) {
  const sdk = fake.current!.sdk as Record<string, { isAvailable(): boolean }>;
  sdk[method] = Object.assign(() => undefined, { isAvailable: () => false, ifAvailable: () => [false] });
}

beforeEach(() => {
  fake.current = createFakeTelegramSdk();
  startMiniApp();
  invalidate("");
  useCart.setState({ items: [{ ...vase, quantity: 2 }] });
  // the cart's freshness check reads the product; its recommendations are empty here
  vi.stubGlobal("fetch", vi.fn(async (url: string) => jsonResponse(200, /recommend/.test(url) ? [] : vase)));
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  cleanUpComponentTest();
  leaveTelegram();
});

describe("the cart in the Mini App", () => {
  it("shows the total on the MainButton, which opens the checkout; the SecondaryButton goes on shopping; no web footer", async () => {
    const router = renderCart();
    const total = formatPrice(totalsInRoubles([{ price: vase.price, quantity: 2 }], 0).total);
    await waitFor(() => expect(lastParams("setMainButtonParams")).toMatchObject({ text: `Оформить заказ · ${total}`, isVisible: true }));
    expect(lastParams("setSecondaryButtonParams")).toMatchObject({ text: "Продолжить покупки", isVisible: true });
    expect(screen.queryByTestId("cart-footer")).toBeNull();
    expect(screen.queryByRole("link", { name: "← В каталог" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Перейти к оформлению" })).toBeNull();

    act(() => fake.current!.pressMainButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout"));
    // leaving the cart hides both buttons
    expect(lastParams("setMainButtonParams")).toMatchObject({ isVisible: false });
    expect(lastParams("setSecondaryButtonParams")).toMatchObject({ isVisible: false });
  });

  it("the SecondaryButton opens the catalogue", async () => {
    const router = renderCart();
    await waitFor(() => expect(lastParams("setSecondaryButtonParams")).toMatchObject({ isVisible: true }));
    act(() => fake.current!.pressSecondaryButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("a client that cannot draw the MainButton keeps the page's own footer and checkout link", async () => {
    unavailable("setMainButtonParams");
    unavailable("setSecondaryButtonParams");
    renderCart();
    await screen.findByTestId("cart-footer");
    expect(screen.getByRole("link", { name: "К оформлению" })).toBeTruthy();
    expect(fake.current!.argsOf("setMainButtonParams")).toEqual([]);
  });
});
