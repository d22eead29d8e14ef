import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { invalidate } from "../../lib/query";
import { Recommendations } from "./Recommendations";

/** 'Вам может понравиться' below the cart: drawn at once with skeleton cards, filled or removed by the answer. */

const candle = { id: 2, name: "Свеча «Мёд»", price: 990, sku: "HM-000002", images: [], stock: null, made_to_order_days: null };

function answer(products: ProductCard[]) {
  let resolve: () => void = () => {};
  const sent = new Promise<void>((done) => (resolve = done));
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      await sent;
      return new Response(JSON.stringify(products), { headers: { "Content-Type": "application/json" } });
    }),
  );
  return resolve;
}

function renderRecommendations() {
  render(
    <MemoryRouter>
      <Recommendations productIds={[1]} />
    </MemoryRouter>,
  );
}

beforeEach(() => invalidate(""));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("recommendations in the cart", () => {
  it("shows the heading and skeleton cards while the suggestions load, then the products", async () => {
    const send = answer([candle as unknown as ProductCard]);
    renderRecommendations();
    expect(screen.getByRole("heading", { name: "Вам может понравиться" })).toBeTruthy();
    expect(screen.getByLabelText("Вам может понравиться", { selector: "div" }).getAttribute("aria-busy")).toBe("true");
    send();
    await waitFor(() => expect(screen.getByText("Свеча «Мёд»")).toBeTruthy());
    expect(screen.getByLabelText("Вам может понравиться", { selector: "div" }).getAttribute("aria-busy")).toBeNull();
  });

  it("removes the section when there is nothing to suggest", async () => {
    const send = answer([]);
    renderRecommendations();
    expect(screen.getByRole("heading", { name: "Вам может понравиться" })).toBeTruthy();
    send();
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Вам может понравиться" })).toBeNull());
  });
});
