import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCart } from "../stores/cart";
import { useToasts } from "../stores/toasts";
import { useWishlist } from "../stores/wishlist";
import { Toasts } from "./Toasts";
import { ProductCard } from "./ProductCard";
import type { ProductCard as ProductCardShape } from "@shop/shared/schemas/catalog";

const lamp: ProductCardShape = { id: 4, name: "Лампа из ротанга", price: 12345.5, sku: "HM-000004", images: [{ id: 9, image_url: "/uploads/lamp.webp" }], stock: null, made_to_order_days: null };
const noPhoto: ProductCardShape = { id: 5, name: "Салатник", price: 990, sku: "HM-000005", images: [], stock: null, made_to_order_days: null };

function renderCard(product = lamp) {
  return render(
    <MemoryRouter>
      <ProductCard product={product} />
      <Toasts />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  useCart.setState({ items: [] });
  useWishlist.setState({ items: [] });
  useToasts.setState({ toasts: [] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("product card", () => {
  it("shows the rating of a product with published reviews, and nothing for one without", () => {
    renderCard({ ...lamp, rating: { average: 4.75, count: 12 } });
    const rating = screen.getByLabelText("Рейтинг 4,8 из 5, отзывов: 12");
    expect(rating.textContent).toBe("★ 4,8 (12)");
    cleanup();
    renderCard();
    expect(screen.queryByLabelText(/^Рейтинг/)).toBeNull();
  });

  it("shows the price with 2 decimals and 'руб.', the card image and a link to the product", () => {
    renderCard();
    expect(screen.getByText("12 345.50 руб.")).toBeTruthy();
    const image = screen.getByAltText("Лампа из ротанга") as HTMLImageElement;
    expect(image.getAttribute("src")).toBe("/uploads/lamp-card.webp");
    expect(image.getAttribute("width")).toBe("480");
    expect(image.getAttribute("height")).toBe("480");
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(screen.getByRole("link", { name: "Лампа из ротанга" }).getAttribute("href")).toBe("/product/4");
  });

  it("shows the '[Фото]' placeholder without an image", () => {
    renderCard(noPhoto);
    expect(screen.getByText("[Фото]")).toBeTruthy();
    expect(screen.getByText("990.00 руб.")).toBeTruthy();
  });

  it("turns 'В корзину' into the minus/plus control; minus at 1 removes the item", () => {
    vi.useFakeTimers();
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "В корзину" }));
    expect(useCart.getState().items).toMatchObject([{ id: 4, quantity: 1 }]);
    expect(screen.getByText("Лампа из ротанга добавлен в корзину!")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "В корзину" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Увеличить количество" }));
    expect(screen.getByRole("group", { name: "Количество: Лампа из ротанга" }).textContent).toContain("2");
    fireEvent.click(screen.getByRole("button", { name: "Уменьшить количество" }));
    fireEvent.click(screen.getByRole("button", { name: "Уменьшить количество" }));
    expect(useCart.getState().items).toEqual([]);
    expect(screen.getByText("Товар удалён из корзины.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "В корзину" })).toBeTruthy();

    // toasts vanish after 3 s
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText("Товар удалён из корзины.")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Товар удалён из корзины.")).toBeNull();
  });

  it("toggles the wishlist with the heart and says so", () => {
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "В избранное: Лампа из ротанга" }));
    expect(useWishlist.getState().items.map((item) => item.id)).toEqual([4]);
    expect(screen.getByText("Лампа из ротанга добавлен в избранное!")).toBeTruthy();
    const heart = screen.getByRole("button", { name: "Убрать из избранного: Лампа из ротанга" });
    expect(heart.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(heart);
    expect(useWishlist.getState().items).toEqual([]);
    expect(screen.getByText("Товар удален из избранного")).toBeTruthy();
  });

  it("says how many are left (1–3), that it is made to order, or that it is sold out with the button off", () => {
    const { unmount } = renderCard({ ...lamp, stock: 5 });
    expect(screen.queryByTestId("availability")).toBeNull();
    unmount();

    renderCard({ ...lamp, stock: 2 });
    expect(screen.getByTestId("availability").textContent).toBe("Осталось 2 шт.");
    fireEvent.click(screen.getByRole("button", { name: "В корзину" }));
    fireEvent.click(screen.getByRole("button", { name: "Увеличить количество" }));
    expect(useCart.getState().items[0]?.quantity).toBe(2);
    // two pieces left: plus stops there
    expect((screen.getByRole("button", { name: "Увеличить количество" }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    renderCard({ ...noPhoto, stock: 0, made_to_order_days: 14 });
    expect(screen.getByTestId("availability").textContent).toBe("Под заказ: 14 дн.");
    expect((screen.getByRole("button", { name: "В корзину" }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();

    renderCard({ ...noPhoto, id: 6, stock: 0, made_to_order_days: null });
    expect(screen.getByTestId("availability").textContent).toBe("Нет в наличии");
    expect(screen.queryByRole("button", { name: "В корзину" })).toBeNull();
    const soldOut = screen.getByRole("button", { name: "Нет в наличии" }) as HTMLButtonElement;
    expect(soldOut.disabled).toBe(true);
    fireEvent.click(soldOut);
    expect(useCart.getState().items.some((item) => item.id === 6)).toBe(false);
  });
});
