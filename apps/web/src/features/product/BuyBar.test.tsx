import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Product } from "@shop/shared/schemas/catalog";
import { formatPrice } from "@shop/shared/format";
import { useCart } from "../../stores/cart";
import { addToCart } from "../../stores/shop-actions";
import { BuyBar } from "./BuyBar";

const vase: Product = {
  id: 7,
  name: "Ваза «Луна»",
  price: 2200,
  sku: "HM-000007",
  description: null,
  material: null,
  width: null,
  height: null,
  depth: null,
  images: [],
  categories: [],
  stock: 2,
  made_to_order_days: null,
};

function renderBar(product: Product, quantity = 0) {
  return render(
    <MemoryRouter>
      <BuyBar
        name={product.name}
        price={formatPrice(product.price)}
        stock={product}
        quantity={quantity}
        lineKey={product.id}
        onAdd={() => addToCart(product)}
        actionsRef={createRef()}
      />
    </MemoryRouter>,
  );
}

beforeEach(() => useCart.setState({ items: [] }));
afterEach(cleanup);

describe("the phone's buy bar", () => {
  it("adds an orderable product to the cart", () => {
    renderBar(vase);
    fireEvent.click(screen.getByRole("button", { name: "Добавить в корзину", hidden: true }));
    expect(useCart.getState().items.map((item) => [item.id, item.quantity])).toEqual([[7, 1]]);
  });

  it("offers nothing to add for a sold-out product: a disabled 'Нет в наличии'", () => {
    renderBar({ ...vase, stock: 0 });
    expect(screen.queryByRole("button", { name: "Добавить в корзину", hidden: true })).toBeNull();
    expect((screen.getByRole("button", { name: "Нет в наличии", hidden: true }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("stops the quantity at the pieces left", () => {
    useCart.setState({ items: [{ ...vase, quantity: 2 }] as never });
    renderBar(vase, 2);
    const plus = screen.getAllByRole("button", { hidden: true }).find((button) => button.getAttribute("aria-label")?.startsWith("Увеличить"));
    expect(plus?.hasAttribute("disabled")).toBe(true);
  });
});
