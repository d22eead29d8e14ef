import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { invalidate } from "../../lib/query";
import { NothingFound, SUGGESTED_CATEGORIES_TITLE, SUGGESTED_PRODUCTS_TITLE } from "./NothingFound";

/** A search that found nothing suggests the main categories and the popular products that can be ordered now. */

const card = (id: number, name: string) => ({ id, name, price: 990, sku: `HM-00000${id}`, images: [], stock: null, made_to_order_days: null });
const categories = [
  { id: 1, name: "Керамика", type: "main", product_count: 11 },
  { id: 2, name: "Пустая", type: "main", product_count: 0 },
  { id: 3, name: "В подарок", type: "sub", product_count: 20 },
];

let asked: string[] = [];
beforeEach(() => {
  invalidate("");
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      const body = url.startsWith("/api/categories") ? categories : { products: [card(7, "Кружка «Утро»"), card(8, "Свеча «Мёд»")], total: 2, totalPages: 1, page: 1 };
      return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("nothing found", () => {
  it("says so, then links the main categories that have products and shows the popular products in stock", async () => {
    render(
      <MemoryRouter>
        <NothingFound />
      </MemoryRouter>,
    );
    expect(screen.getByText("Ничего не найдено")).toBeTruthy();
    expect(screen.getByText("По вашему запросу ничего не найдено. Попробуйте изменить запрос.")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("heading", { name: SUGGESTED_CATEGORIES_TITLE })).toBeTruthy());
    const link = screen.getByRole("link", { name: /Керамика/ });
    expect(link.getAttribute("href")).toBe("/?mainCategory=1");
    // neither an empty category nor a tag
    expect(screen.queryByRole("link", { name: /Пустая/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /В подарок/ })).toBeNull();
    expect(screen.getByRole("heading", { name: SUGGESTED_PRODUCTS_TITLE })).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Кружка «Утро»")).toBeTruthy());
    expect(screen.getByText("Свеча «Мёд»")).toBeTruthy();
    expect(asked).toContain("/api/products?page=1&limit=4&sortOrder=popular&inStock=true");
  });
});
