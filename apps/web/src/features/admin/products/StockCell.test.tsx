import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "@shop/shared/schemas/catalog";
import { ring } from "../../../test-helpers/variant-product";
import * as api from "../api/catalog";
import { StockCell } from "./StockCell";

/** The products table's stock: a product's −1 / +1, and for a product with variants each variant's (docs/product.md#stock). */

vi.mock("../api/catalog", () => ({ changeStock: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

// every variant counted: 3 + 0 + 2 + 4
const counted: Product = { ...ring, stock: 9, variants: ring.variants!.map((variant) => (variant.id === 104 ? { ...variant, stock: 4 } : variant)) };

describe("the stock cell of a product with variants", () => {
  it("opens each variant's −1 / +1 under the total, and the total follows a change", async () => {
    const changed = vi.fn();
    vi.mocked(api.changeStock).mockResolvedValue({ stock: 1 });
    render(<StockCell product={counted} onProduct={changed} />);
    expect(screen.getByTestId("stock-total").textContent).toBe("9 шт. всего");
    expect(screen.queryByTestId("variant-stock")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Остатки вариантов «Кольцо «Волна»»" }));
    const list = screen.getByTestId("variant-stock");
    expect(within(list).getAllByRole("listitem").map((row) => row.textContent)).toEqual([
      "Размер: 16, Металл: серебро−3 шт.+",
      "Размер: 17, Металл: серебро−0 шт.+",
      "Размер: 17, Металл: золото−2 шт.+",
      "Размер: 18, Металл: золото−4 шт.+",
    ]);
    // a sold-out variant cannot go below 0
    expect((screen.getByRole("button", { name: "Остаток «Кольцо «Волна» (Размер: 17, Металл: серебро)» −1" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Остаток «Кольцо «Волна» (Размер: 17, Металл: серебро)» +1" }));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(api.changeStock).toHaveBeenCalledWith(12, 1, 102);
    const next = changed.mock.calls[0]![0] as Product;
    expect(next.variants!.find((variant) => variant.id === 102)!.stock).toBe(1);
    expect(next.stock).toBe(10);
  });

  it("leaves a variant whose stock is not counted without −1 / +1", () => {
    render(<StockCell product={ring} onProduct={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Остатки вариантов «Кольцо «Волна»»" }));
    const plus = screen.getByRole("button", { name: "Остаток «Кольцо «Волна» (Размер: 18, Металл: золото)» +1" }) as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
    expect(screen.getAllByTestId("stock-value").at(-1)!.textContent).toBe("не считается");
  });

  it("keeps a plain product's own −1 / +1", async () => {
    const changed = vi.fn();
    vi.mocked(api.changeStock).mockResolvedValue({ stock: 4 });
    const plain: Product = { ...ring, options: undefined, variants: undefined, stock: 3 };
    render(<StockCell product={plain} onProduct={changed} />);
    fireEvent.click(screen.getByRole("button", { name: "Остаток «Кольцо «Волна»» +1" }));
    await waitFor(() => expect(changed).toHaveBeenCalledWith({ ...plain, stock: 4 }));
    expect(api.changeStock).toHaveBeenCalledWith(12, 1, undefined);
  });
});
