import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { Outlet, RouterProvider, createBrowserRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCart } from "../stores/cart";
import { setCheckoutDraftStarted } from "../stores/checkout-draft";
import { createFakeTelegramSdk } from "../test-helpers/fake-telegram-sdk";
import { leaveTelegram, startMiniApp } from "../test-helpers/telegram-launch";
import MiniAppControls, { isCatalogRoot } from "./MiniAppControls";

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeTelegramSdk> }));
vi.mock("../lib/telegram-sdk", () => ({ setUpMiniApp: () => fake.current!.sdk }));

const vase = { id: 1, name: "Ваза", price: 1890, sku: "HM-000001", images: [], stock: null, made_to_order_days: null };

function Layout() {
  return (
    <>
      <MiniAppControls />
      <Outlet />
    </>
  );
}

function renderApp(path: string) {
  window.history.replaceState(null, "", path);
  const router = createBrowserRouter([
    {
      path: "/",
      Component: Layout,
      children: [
        { index: true, element: <h1>Каталог</h1> },
        { path: "catalog", element: <h1>Каталог</h1> },
        { path: "product/:id", element: <h1>Товар</h1> },
        { path: "cart", element: <h1>Корзина</h1> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

/** the last of show/hide wins */
const backButtonShown = () =>
  fake.current!.calls.filter((call) => call.name === "showBackButton" || call.name === "hideBackButton").at(-1)?.name === "showBackButton";
const closingConfirmed = () =>
  fake.current!.calls.filter((call) => /ClosingConfirmation$/.test(call.name)).at(-1)?.name === "enableClosingConfirmation";

beforeEach(() => {
  fake.current = createFakeTelegramSdk();
  startMiniApp();
  useCart.setState({ items: [] });
  setCheckoutDraftStarted(false);
});

afterEach(() => {
  cleanup();
  leaveTelegram();
});

describe("Telegram's BackButton", () => {
  it("is hidden on the catalogue root only", () => {
    expect(isCatalogRoot("/")).toBe(true);
    expect(isCatalogRoot("/catalog")).toBe(true);
    for (const path of ["/product/5", "/cart", "/checkout", "/wishlist", "/search", "/my-orders", "/order-success/1001"]) {
      expect(isCatalogRoot(path)).toBe(false);
    }
  });

  it("appears away from the catalogue and goes back through the app's history", async () => {
    const router = renderApp("/");
    await waitFor(() => expect(fake.current!.argsOf("hideBackButton")).toHaveLength(1));
    expect(backButtonShown()).toBe(false);

    await act(() => router.navigate("/product/5"));
    await act(() => router.navigate("/cart"));
    await waitFor(() => expect(backButtonShown()).toBe(true));

    act(() => fake.current!.pressBackButton());
    await screen.findByRole("heading", { name: "Товар" });
    expect(backButtonShown()).toBe(true);
    act(() => fake.current!.pressBackButton());
    await screen.findByRole("heading", { name: "Каталог" });
    await waitFor(() => expect(backButtonShown()).toBe(false));
  });

  it("on a screen the app was opened on (a startapp link) goes to the catalogue", async () => {
    renderApp("/product/5");
    await waitFor(() => expect(backButtonShown()).toBe(true));
    act(() => fake.current!.pressBackButton());
    await screen.findByRole("heading", { name: "Каталог" });
    expect(window.location.pathname).toBe("/");
    await waitFor(() => expect(backButtonShown()).toBe(false));
  });

  it("stops listening when the app unmounts", async () => {
    renderApp("/cart");
    await waitFor(() => expect(fake.current!.argsOf("onBackButtonClick")).toHaveLength(1));
    cleanup();
    act(() => fake.current!.pressBackButton());
    expect(window.location.pathname).toBe("/cart");
  });
});

describe("closing confirmation", () => {
  it("is on while the cart has items or a checkout form was started", async () => {
    renderApp("/");
    await waitFor(() => expect(fake.current!.argsOf("disableClosingConfirmation")).toHaveLength(1));
    expect(closingConfirmed()).toBe(false);

    act(() => useCart.getState().add(vase));
    await waitFor(() => expect(closingConfirmed()).toBe(true));
    act(() => useCart.getState().clear());
    await waitFor(() => expect(closingConfirmed()).toBe(false));

    act(() => setCheckoutDraftStarted(true));
    await waitFor(() => expect(closingConfirmed()).toBe(true));
    act(() => setCheckoutDraftStarted(false));
    await waitFor(() => expect(closingConfirmed()).toBe(false));
  });
});
