import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { invalidate } from "../../lib/query";
import { useCart } from "../../stores/cart";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse } from "../../test-helpers/json-response";
import { plainSpaces } from "../../test-helpers/plain-spaces";
import { ring } from "../../test-helpers/variant-product";
import { createFakeTelegramSdk } from "../../test-helpers/fake-telegram-sdk";
import { leaveTelegram, startMiniApp } from "../../test-helpers/telegram-launch";
import ProductPage from "./ProductPage";

// the Mini App's SDK, only for the test that launches it
const fake = vi.hoisted(() => ({ current: null as null | { sdk: Record<string, unknown> } }));
vi.mock("../../lib/telegram-sdk", () => ({ setUpMiniApp: () => fake.current?.sdk ?? null }));

/**
 * The product page's choice (docs/product.md#choosing-a-variant) through the page itself, its product read from a stubbed API:
 * values that make no offered combination and sold-out ones, the price, article and photos following the choice and
 * the address keeping it, 'Добавить в корзину' asking for what is missing, personalisation checked before adding, and
 * two engravings making two cart lines.
 */

function renderProduct(search = "") {
  const router = createMemoryRouter([{ path: "/product/:id", Component: ProductPage }], { initialEntries: [`/product/12${search}`] });
  render(<RouterProvider router={router} />);
  return router;
}

const chip = (name: RegExp) => screen.getByRole("button", { name });
const price = () => plainSpaces(screen.getByTestId("product-price").textContent ?? "");
const mainImage = () => (screen.getAllByRole("img")[0] as HTMLImageElement).getAttribute("src");
const add = () => fireEvent.click(screen.getByRole("button", { name: "Добавить в корзину" }));

beforeEach(() => {
  invalidate("");
  window.localStorage.clear();
  useCart.setState({ items: [] });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => (url === "/api/products/12" ? jsonResponse(200, ring) : jsonResponse(200, []))),
  );
});

afterEach(cleanUpComponentTest);

describe("choosing a variant", () => {
  it("shows combinations that are not offered as disabled and struck, sold-out ones struck, none hidden", async () => {
    renderProduct();
    await screen.findByRole("heading", { name: "Кольцо «Волна»" });
    expect(screen.getAllByTestId("product-option").map((option) => within(option).getAllByRole("button").length)).toEqual([3, 2]);

    fireEvent.click(chip(/^Размер: 16$/));
    const gold = chip(/^Металл: золото/);
    expect(gold.getAttribute("data-state")).toBe("missing");
    expect((gold as HTMLButtonElement).disabled).toBe(true);
    expect(gold.getAttribute("aria-label")).toBe("Металл: золото — нет в таком сочетании");

    fireEvent.click(chip(/^Размер: 17$/));
    const silver = chip(/^Металл: серебро/);
    expect(silver.getAttribute("data-state")).toBe("sold-out");
    expect((silver as HTMLButtonElement).disabled).toBe(false);
    expect(chip(/^Металл: золото/).getAttribute("data-state")).toBe("available");

    // the sold-out variant can be chosen, and says so
    fireEvent.click(silver);
    expect(screen.getByRole("button", { name: "Нет в наличии" })).toHaveProperty("disabled", true);
    expect(screen.queryByRole("button", { name: "Добавить в корзину" })).toBeNull();
  });

  it("makes the price, the article and the photos follow the choice, and keeps it in the address", async () => {
    const router = renderProduct();
    await screen.findByRole("heading", { name: "Кольцо «Волна»" });
    expect(price()).toBe("от 1 200.00 руб.");
    expect(screen.getByTestId("product-sku").textContent).toBe("Арт. HM-000012");
    expect(mainImage()).toContain("ring-silver");

    // the metal alone already shows its photos and its one price
    fireEvent.click(chip(/^Металл: золото/));
    expect(mainImage()).toContain("ring-gold");
    expect(price()).toBe("1 500.00 руб.");
    expect(router.state.location.search).toBe("");

    fireEvent.click(chip(/^Размер: 17$/));
    expect(screen.getByTestId("product-sku").textContent).toBe("Арт. HM-000012-17G");
    expect(screen.getByTestId("availability").textContent).toBe("Осталось 2 шт.");
    await waitFor(() => expect(router.state.location.search).toBe("?variant=103"));
    // replaced, not pushed: the back button leaves the product instead of stepping through choices
    expect(router.state.historyAction).toBe("REPLACE");

    // 16 in gold is not offered; silver in 17 is, sold out: choosing it leaves the address at that variant
    expect(chip(/^Размер: 16/)).toHaveProperty("disabled", true);
    fireEvent.click(chip(/^Металл: серебро/));
    await waitFor(() => expect(router.state.location.search).toBe("?variant=102"));
    expect(price()).toBe("1 200.00 руб.");
    expect(mainImage()).toContain("ring-silver");
  });

  it("opens a shared link at its variant", async () => {
    renderProduct("?variant=101");
    await screen.findByRole("heading", { name: "Кольцо «Волна»" });
    expect(chip(/^Размер: 16$/).getAttribute("aria-pressed")).toBe("true");
    expect(chip(/^Металл: серебро/).getAttribute("aria-pressed")).toBe("true");
    expect(price()).toBe("1 200.00 руб.");
    expect(screen.getByTestId("product-sku").textContent).toBe("Арт. HM-000012-16S");
  });

  it("asks for the missing option by its name in lower case, one after the other", async () => {
    renderProduct();
    await screen.findByRole("heading", { name: "Кольцо «Волна»" });
    add();
    expect(screen.getByRole("alert").textContent).toBe("Выберите размер");
    fireEvent.click(chip(/^Размер: 17$/));
    expect(screen.queryByRole("alert")).toBeNull();
    add();
    expect(screen.getByRole("alert").textContent).toBe("Выберите металл");
    expect(useCart.getState().items).toEqual([]);
  });
});

describe("personalisation", () => {
  it("checks required fields before adding, counts characters live and adds the extras to the price", async () => {
    renderProduct("?variant=103");
    await screen.findByRole("heading", { name: "Кольцо «Волна»" });
    add();
    expect(screen.getByRole("alert").textContent).toBe("Заполните поле «Гравировка»");
    expect(useCart.getState().items).toEqual([]);

    const engraving = screen.getByLabelText(/^Гравировка/) as HTMLInputElement;
    expect(screen.getByText("Имя или дата")).toBeTruthy();
    // no more characters than the field takes, an emoji counted as one
    fireEvent.change(engraving, { target: { value: "С любовью ❤️ навсегда" } });
    expect(engraving.value).toBe("С любовью ");
    fireEvent.change(engraving, { target: { value: "Анне" } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getAllByTestId("personalization-counter").map((counter) => counter.textContent)).toEqual(["4/10", "0/100"]);
    expect(price()).toBe("1 800.00 руб.");

    fireEvent.change(screen.getByLabelText("Футляр"), { target: { value: "Дуб" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Подарочная упаковка/ }));
    expect(price()).toBe("2 150.00 руб.");

    add();
    expect(useCart.getState().items).toMatchObject([
      {
        id: 12,
        variant_id: 103,
        variant_title: "Размер: 17, Металл: золото",
        sku: "HM-000012-17G",
        price: 2150,
        quantity: 1,
        personalization: [
          { field_id: 31, label: "Гравировка", value: "Анне", price: 300 },
          { field_id: 32, label: "Футляр", value: "Дуб", price: 200 },
          { field_id: 33, label: "Подарочная упаковка", value: "1", price: 150 },
        ],
      },
    ]);
  });

  it("makes two engravings of the same variant two cart lines, and the same engraving again one more piece", async () => {
    renderProduct("?variant=104");
    await screen.findByRole("heading", { name: "Кольцо «Волна»" });
    const engraving = screen.getByLabelText(/^Гравировка/);

    fireEvent.change(engraving, { target: { value: "Анна" } });
    add();
    expect(screen.getByRole("button", { name: "В корзине" })).toBeTruthy();

    fireEvent.change(engraving, { target: { value: "Пётр" } });
    add();
    fireEvent.change(engraving, { target: { value: "Анна" } });
    fireEvent.click(screen.getByRole("button", { name: /Увеличить/ }));

    const lines = useCart.getState().items.map((item) => [item.variant_id, item.personalization?.[0]?.value, item.quantity]);
    expect(lines).toEqual([
      [104, "Анна", 2],
      [104, "Пётр", 1],
    ]);
  });
});

describe("inside Telegram", () => {
  it("makes the MainButton ask for the missing option, and add once everything is chosen", async () => {
    const telegram = createFakeTelegramSdk();
    fake.current = telegram;
    startMiniApp();
    try {
      renderProduct();
      await screen.findByRole("heading", { name: "Кольцо «Волна»" });
      await waitFor(() => expect(telegram.lastParams("setMainButtonParams")).toMatchObject({ text: "Выберите размер", isVisible: true }));
      act(() => telegram.pressMainButton());
      expect(screen.getByRole("alert").textContent).toBe("Выберите размер");

      fireEvent.click(chip(/^Размер: 18$/));
      await waitFor(() => expect(telegram.lastParams("setMainButtonParams")).toMatchObject({ text: "Выберите металл" }));
      fireEvent.click(chip(/^Металл: золото/));
      await waitFor(() => expect(telegram.lastParams("setMainButtonParams")).toMatchObject({ text: "Добавить в корзину" }));
      fireEvent.change(screen.getByLabelText(/^Гравировка/), { target: { value: "Ире" } });
      act(() => telegram.pressMainButton());
      expect(useCart.getState().items.map((item) => [item.variant_id, item.quantity])).toEqual([[104, 1]]);
      await waitFor(() => expect(telegram.lastParams("setMainButtonParams")).toMatchObject({ text: "Перейти в корзину" }));
    } finally {
      fake.current = null;
      leaveTelegram();
    }
  });

  it("offers to wait for any variant, before a choice, when none can be ordered", async () => {
    const soldOut = { ...ring, stock: 0, variants: ring.variants!.map((variant) => ({ ...variant, stock: 0 })) };
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith("/api/products/12/back-in-stock")) {
          calls.push(`${init?.method ?? "GET"} ${url}`);
          return jsonResponse(200, { subscribed: init?.method === "POST" });
        }
        return url === "/api/products/12" ? jsonResponse(200, soldOut) : jsonResponse(200, []);
      }),
    );
    fake.current = createFakeTelegramSdk();
    startMiniApp();
    try {
      renderProduct();
      await screen.findByRole("heading", { name: "Кольцо «Волна»" });
      const wait = await screen.findByTestId("back-in-stock");
      await waitFor(() => expect((wait as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(wait);
      await waitFor(() => expect(wait.textContent).toBe("Не сообщать о поступлении"));
      // no variant named: the whole product is waited for
      expect(calls).toEqual(["GET /api/products/12/back-in-stock", "POST /api/products/12/back-in-stock"]);
      // a chosen variant is waited for on its own
      fireEvent.click(chip(/^Размер: 16/));
      fireEvent.click(chip(/^Металл: серебро/));
      await waitFor(() => expect(calls.at(-1)).toBe("GET /api/products/12/back-in-stock?variant_id=101"));
    } finally {
      fake.current = null;
      leaveTelegram();
    }
  });
});
