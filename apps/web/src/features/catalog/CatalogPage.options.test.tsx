import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CatalogResponse, Category, ProductCard } from "@shop/shared/schemas/catalog";
import { invalidate } from "../../lib/query";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse as json } from "../../test-helpers/json-response";
import { plainSpaces } from "../../test-helpers/plain-spaces";
import CatalogPage from "./CatalogPage";

/** The catalogue's filter by option values (docs/product.md#catalogue-and-filters) and its cards of products with variants. */

const CATEGORIES: Category[] = [{ id: 1, name: "Украшения", type: "main", product_count: 3 }];
const ring: ProductCard = { id: 12, name: "Кольцо «Волна»", price: 1200, price_max: 1500, has_options: true, sku: "HM-000012", images: [], stock: null, made_to_order_days: null };
const CATALOG: CatalogResponse = { products: [ring], totalPages: 1, total: 1, page: 1 };

function renderCatalog(search: string) {
  const router = createMemoryRouter(
    [
      { path: "/", Component: CatalogPage },
      { path: "/product/:id", element: <p>Товар</p> },
    ],
    { initialEntries: [`/${search}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const asked = () => vi.mocked(fetch).mock.calls.map(([url]) => decodeURIComponent(String(url)));

beforeEach(() => {
  invalidate("");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.startsWith("/api/categories")) return json(200, CATEGORIES);
      if (url.startsWith("/api/products/option-values")) {
        return json(200, [
          { name: "Размер", values: ["16", "17", "18"] },
          { name: "Цвет", values: ["синий", "красный"] },
        ]);
      }
      return json(200, CATALOG);
    }),
  );
});

afterEach(cleanUpComponentTest);

describe("catalogue filter by option values", () => {
  it("lists the values that exist once the filters are in use, keeps the chosen ones in the address and asks the catalogue for them", async () => {
    const router = renderCatalog("?mainCategory=1");
    await screen.findByRole("heading", { name: "Кольцо «Волна»" });
    // nothing asked for before the shopper turns to the filters
    expect(asked().some((url) => url.includes("option-values"))).toBe(false);
    fireEvent.pointerEnter(screen.getByTestId("filter-panel"));
    fireEvent.click(await screen.findByRole("button", { name: "Размер: 17" }));
    await waitFor(() => expect(router.state.location.search).toBe("?mainCategory=1&option=17"));
    fireEvent.click(screen.getByRole("button", { name: "Цвет: синий" }));
    await waitFor(() => expect(decodeURIComponent(router.state.location.search)).toBe("?mainCategory=1&option=17,синий"));
    expect(screen.getByRole("button", { name: "Размер: 17" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(asked().some((url) => url.startsWith("/api/products?") && url.includes("option=17,синий"))).toBe(true));
    expect(asked()).toContain("/api/products/option-values?mainCategory=1");

    // the chip above the grid takes a value off again
    fireEvent.click(screen.getByRole("button", { name: "Убрать фильтр «17»" }));
    await waitFor(() => expect(decodeURIComponent(router.state.location.search)).toBe("?mainCategory=1&option=синий"));
  });

  it("shows 'от …' on a card whose variants cost differently and opens its page instead of adding", async () => {
    const router = renderCatalog("");
    const card = (await screen.findByRole("heading", { name: "Кольцо «Волна»" })).closest("article")!;
    expect(plainSpaces(card.querySelector("p")?.textContent)).toBe("от 1 200.00 руб.");
    fireEvent.click(screen.getByRole("link", { name: /^В корзину/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/product/12"));
  });
});
