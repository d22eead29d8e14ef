import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductCard } from "@shop/shared/schemas/catalog";

/** The Mini App's cart reaches the shop as it changes (docs/product.md#forgotten-carts). */

const saveCart = vi.fn((_body: unknown) => Promise.resolve({ saved: true }));
vi.mock("../lib/api", () => ({ api: { saveCart: (body: unknown) => saveCart(body), product: vi.fn() }, ApiError: class extends Error {} }));
vi.mock("../lib/telegram", () => ({ telegramUser: () => ({ id: 4242, first_name: "Анна" }) }));
vi.mock("../lib/telegram-cloud-storage", () => ({ readCloudValue: () => Promise.resolve(""), writeCloudValue: () => Promise.resolve(true) }));

const vase: ProductCard = { id: 1, name: "Ваза «Лён»", price: 1890, sku: "HM-000001", images: [], stock: null, made_to_order_days: null };
const mug: ProductCard = { id: 2, name: "Кружка", price: 650, sku: "HM-000002", images: [], stock: null, made_to_order_days: null };

beforeEach(() => {
  window.localStorage.clear();
  saveCart.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the Mini App's cart on the server", () => {
  it("is sent once at start and after each change, lines as product, variant and quantity; an unchanged cart is not sent again", async () => {
    const { useCart } = await import("./cart");
    const { startCloudSync } = await import("./cloud-sync");
    useCart.getState().add(vase);
    await startCloudSync();
    await vi.waitFor(() => expect(saveCart).toHaveBeenCalledTimes(1));
    expect(saveCart).toHaveBeenLastCalledWith({ items: [{ product_id: 1, variant_id: null, quantity: 1 }] });

    useCart.getState().add(mug);
    useCart.getState().add(mug);
    await vi.waitFor(() => expect(saveCart).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(saveCart).toHaveBeenLastCalledWith({
      items: [
        { product_id: 1, variant_id: null, quantity: 1 },
        { product_id: 2, variant_id: null, quantity: 2 },
      ],
    });

    // the same lines again (a refresh of the products' copies): nothing to send
    useCart.setState({ items: useCart.getState().items.map((item) => ({ ...item })) });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(saveCart).toHaveBeenCalledTimes(2);

    // an order empties it: the shop hears of the empty cart
    useCart.getState().clear();
    await vi.waitFor(() => expect(saveCart).toHaveBeenLastCalledWith({ items: [] }), { timeout: 3000 });
  });
});
