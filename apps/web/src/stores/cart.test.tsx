import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductCard } from "@shop/shared/schemas/catalog";

const vase: ProductCard = { id: 1, name: "Ваза «Лён»", price: 1890, sku: "HM-000001", images: [{ id: 5, image_url: "/uploads/a.webp" }], stock: null, made_to_order_days: null };
const mug: ProductCard = { id: 2, name: "Кружка", price: 650.5, sku: "HM-000002", images: [], stock: null, made_to_order_days: null };

/** The store reads device storage when its module loads: each test loads a fresh copy. */
async function freshCart() {
  vi.resetModules();
  return (await import("./cart")).useCart;
}

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("cart rules (docs/product.md#cart-and-discounts)", () => {
  it("adds a new product with quantity 1 and raises the quantity of one already there", async () => {
    const cart = await freshCart();
    cart.getState().add(vase);
    cart.getState().add(mug);
    cart.getState().add(vase);
    expect(cart.getState().items.map((item) => [item.id, item.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it("caps a line at the pieces left, follows the server's newer copy and marks lines an order found short", async () => {
    const cart = await freshCart();
    cart.getState().add({ ...vase, stock: 2 });
    cart.getState().add({ ...vase, stock: 2 });
    cart.getState().add({ ...vase, stock: 2 });
    expect(cart.getState().items[0]?.quantity).toBe(2);
    cart.getState().setQuantity(1, 10);
    expect(cart.getState().items[0]?.quantity).toBe(2);

    cart.getState().add(mug);
    cart.getState().setQuantity(2, 40);
    cart.getState().refresh([{ ...vase, stock: 0, made_to_order_days: null }]);
    const [line, other] = cart.getState().items;
    expect([line?.stock, line?.quantity]).toEqual([0, 2]);
    expect(other?.quantity).toBe(40);
    const { stockProblem } = await import("./cart");
    expect(stockProblem(line!)).toBe("Нет в наличии");
    expect(stockProblem(other!)).toBeNull();
    // a sold-out line cannot grow, only shrink
    cart.getState().setQuantity(1, 3);
    expect(cart.getState().items[0]?.quantity).toBe(2);
    cart.getState().setQuantity(1, 1);
    expect(cart.getState().items[0]?.quantity).toBe(1);

    cart.getState().markShort([{ product_id: 2, name: "Кружка", available: 3 }]);
    expect(stockProblem(cart.getState().items[1]!)).toBe("Осталось 3 шт.");
    // made to order: no cap from stock
    cart.getState().refresh([{ ...vase, stock: 0, made_to_order_days: 10 }]);
    expect(stockProblem(cart.getState().items[0]!)).toBeNull();
    cart.getState().setQuantity(1, 7);
    expect(cart.getState().items[0]?.quantity).toBe(7);
  });

  it("removes an item whose quantity is set to 0 or less", async () => {
    const cart = await freshCart();
    cart.getState().add(vase);
    cart.getState().add(mug);
    cart.getState().setQuantity(1, 5);
    expect(cart.getState().items.find((item) => item.id === 1)?.quantity).toBe(5);
    cart.getState().setQuantity(1, 0);
    expect(cart.getState().items.map((item) => item.id)).toEqual([2]);
    cart.getState().setQuantity(2, -3);
    expect(cart.getState().items).toEqual([]);
  });

  it("removes one item, or clears the whole cart", async () => {
    const cart = await freshCart();
    cart.getState().add(vase);
    cart.getState().add(mug);
    cart.getState().remove(1);
    expect(cart.getState().items.map((item) => item.id)).toEqual([2]);
    cart.getState().add(vase);
    cart.getState().clear();
    expect(cart.getState().items).toEqual([]);
  });

  it("raises the 'just added' flag for 100 ms after an add", async () => {
    vi.useFakeTimers();
    const cart = await freshCart();
    expect(cart.getState().justAdded).toBe(false);
    cart.getState().add(vase);
    expect(cart.getState().justAdded).toBe(true);
    vi.advanceTimersByTime(99);
    expect(cart.getState().justAdded).toBe(true);
    vi.advanceTimersByTime(1);
    expect(cart.getState().justAdded).toBe(false);
  });

  it("keeps the cart on the device under cart-items and reads it back", async () => {
    const cart = await freshCart();
    cart.getState().add(vase);
    cart.getState().add(vase);
    const stored = JSON.parse(window.localStorage.getItem("cart-items")!);
    expect(stored).toEqual([{ ...vase, quantity: 2 }]);

    const reloaded = await freshCart();
    expect(reloaded.getState().items).toEqual([{ ...vase, quantity: 2 }]);
  });

  it.each([
    ["broken JSON", "{not json"],
    ["an object", '{"items":[{"id":1}]}'],
    ["a string", '"cart"'],
    ["a number", "42"],
    ["null", "null"],
  ])("falls back to an empty cart when storage holds %s", async (_label, raw) => {
    window.localStorage.setItem("cart-items", raw);
    const cart = await freshCart();
    expect(cart.getState().items).toEqual([]);
    // and the page keeps working with it
    cart.getState().add(mug);
    expect(cart.getState().items).toHaveLength(1);
  });

  it("drops stored entries that are not cart items and keeps the good ones", async () => {
    window.localStorage.setItem(
      "cart-items",
      JSON.stringify([
        { ...vase, quantity: 3 },
        { id: "x", name: "?", price: 1, quantity: 1 },
        { ...mug, quantity: 0 },
        { ...mug, price: "650.50", quantity: 1.5 },
        "junk",
        null,
      ]),
    );
    const cart = await freshCart();
    expect(cart.getState().items).toEqual([{ ...vase, quantity: 3 }]);
  });

  it("keeps working when the device refuses to store anything", async () => {
    const cart = await freshCart();
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError");
    });
    cart.getState().add(vase);
    expect(cart.getState().items).toHaveLength(1);
  });
});
