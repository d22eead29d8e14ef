import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CatalogResponse, Category } from "@shop/shared/schemas/catalog";
import { invalidate } from "../../lib/query";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse as json } from "../../test-helpers/json-response";
import CatalogPage from "./CatalogPage";

const CATEGORIES: Category[] = [
  { id: 1, name: "Керамика", type: "main", product_count: 12 },
  { id: 5, name: "Эко", type: "sub", product_count: 4 },
  { id: 7, name: "В подарок", type: "sub", product_count: 6 },
];
const EMPTY: CatalogResponse = { products: [], totalPages: 0, total: 0, page: 1 };

/** The pause after which a typed price applies, and a little more. */
const AFTER_PAUSE_MS = 900;

function renderCatalog(search: string) {
  const router = createMemoryRouter([{ path: "/", Component: CatalogPage }], { initialEntries: [`/${search}`] });
  render(<RouterProvider router={router} />);
  return () => decodeURIComponent(router.state.location.search);
}

const priceField = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  invalidate("");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => json(200, url.startsWith("/api/categories") ? CATEGORIES : EMPTY)),
  );
});

afterEach(cleanUpComponentTest);

describe("catalogue price fields", () => {
  it("applies a typed price to the filters as they are when the pause ends, not as they were while typing", async () => {
    const search = renderCatalog("?subCategories=5,7&priceFrom=100");
    await screen.findByRole("checkbox", { name: /Эко/ });

    fireEvent.change(priceField("Цена от"), { target: { value: "2000" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Эко/ }));
    expect(search()).toBe("?subCategories=7&priceFrom=100");

    await waitFor(() => expect(search()).toBe("?subCategories=7&priceFrom=2000"));
    expect(priceField("Цена от").value).toBe("2000");
    expect(screen.getByRole("checkbox", { name: /Эко/ })).toHaveProperty("checked", false);
  });

  it("drops a price being typed when the price filter is removed elsewhere, and never brings it back", async () => {
    const search = renderCatalog("?subCategories=5&priceFrom=100&priceTo=5000");
    await screen.findByRole("checkbox", { name: /Эко/ });

    fireEvent.change(priceField("Цена до"), { target: { value: "3000" } });
    fireEvent.click(screen.getByRole("button", { name: /^Убрать фильтр «Цена/ }));
    await waitFor(() => expect(search()).toBe("?subCategories=5"));
    expect(priceField("Цена от").value).toBe("");
    expect(priceField("Цена до").value).toBe("");

    await pause(AFTER_PAUSE_MS);
    expect(search()).toBe("?subCategories=5");
    expect(priceField("Цена до").value).toBe("");
  });

  it("applies a price on Enter at once, and puts the filter's value back when the text is not a price", async () => {
    const search = renderCatalog("?priceFrom=100");
    await screen.findByRole("checkbox", { name: /Эко/ });

    fireEvent.change(priceField("Цена до"), { target: { value: "2500.5" } });
    fireEvent.keyDown(priceField("Цена до"), { key: "Enter" });
    await waitFor(() => expect(search()).toBe("?priceFrom=100&priceTo=2500.5"));
    expect(priceField("Цена до").value).toBe("2500.5");

    fireEvent.change(priceField("Цена от"), { target: { value: "-5" } });
    fireEvent.blur(priceField("Цена от"));
    await waitFor(() => expect(priceField("Цена от").value).toBe("100"));
    await pause(AFTER_PAUSE_MS);
    expect(search()).toBe("?priceFrom=100&priceTo=2500.5");
  });

  it("caps a price above the catalogue's largest bound at it, in the link and in the field, and asks the API for it", async () => {
    const search = renderCatalog("");
    await screen.findByRole("checkbox", { name: /Эко/ });

    fireEvent.change(priceField("Цена до"), { target: { value: "5000000000" } });
    fireEvent.keyDown(priceField("Цена до"), { key: "Enter" });
    await waitFor(() => expect(search()).toBe("?priceTo=1000000000"));
    expect(priceField("Цена до").value).toBe("1000000000");
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.startsWith("/api/products?") && url.includes("priceTo=1000000000"))).toBe(true);
    expect(asked.some((url) => url.includes("5000000000"))).toBe(false);
  });
});
