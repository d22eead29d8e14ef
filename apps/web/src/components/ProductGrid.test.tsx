import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { ProductGrid } from "./ProductGrid";

afterEach(cleanup);

const products = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `Товар ${i + 1}`, price: 100 * (i + 1), sku: `HM-00000${i + 1}`, images: [], stock: null, made_to_order_days: null }));

describe("product grid", () => {
  it("shows 12 skeleton cards while loading", () => {
    render(<ProductGrid products={[]} loading skeletons={12} label="Товары" />);
    expect(screen.getAllByTestId("product-skeleton")).toHaveLength(12);
    expect(screen.getByLabelText("Товары").getAttribute("aria-busy")).toBe("true");
  });

  it("shows the empty message when nothing was found", () => {
    render(<ProductGrid products={[]} empty={<p>Товары не найдены</p>} />);
    expect(screen.getByText("Товары не найдены")).toBeTruthy();
  });

  it("loads the first images at once and the rest lazily", () => {
    const withImages = products.map((product) => ({ ...product, images: [{ id: product.id, image_url: `/uploads/p${product.id}.webp` }] }));
    const { container } = render(
      <MemoryRouter>
        <ProductGrid products={withImages} priorityCount={2} />
      </MemoryRouter>,
    );
    const loading = [...container.querySelectorAll("img")].map((image) => image.getAttribute("loading"));
    expect(loading).toEqual(["eager", "eager", "lazy", "lazy", "lazy"]);
  });
});
