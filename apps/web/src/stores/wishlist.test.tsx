import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductCard } from "@shop/shared/schemas/catalog";

const vase: ProductCard = { id: 1, name: "Ваза", price: 1890, sku: "HM-000001", images: [], stock: null, made_to_order_days: null };
const mug: ProductCard = { id: 2, name: "Кружка", price: 650, sku: "HM-000002", images: [{ id: 1, image_url: "/uploads/m.webp" }], stock: null, made_to_order_days: null };

async function freshWishlist() {
  vi.resetModules();
  return (await import("./wishlist")).useWishlist;
}

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe("wishlist rules (docs/product.md#wishlist)", () => {
  it("ignores an add of a product that is already there", async () => {
    const wishlist = await freshWishlist();
    wishlist.getState().add(vase);
    wishlist.getState().add(vase);
    expect(wishlist.getState().items.map((item) => item.id)).toEqual([1]);
  });

  it("removes by id and toggles by membership", async () => {
    const wishlist = await freshWishlist();
    wishlist.getState().add(vase);
    expect(wishlist.getState().toggle(mug)).toBe(true);
    expect(wishlist.getState().items.map((item) => item.id)).toEqual([1, 2]);
    expect(wishlist.getState().toggle(vase)).toBe(false);
    expect(wishlist.getState().items.map((item) => item.id)).toEqual([2]);
    wishlist.getState().remove(2);
    expect(wishlist.getState().items).toEqual([]);
  });

  it("keeps the list under wishlist-items and reads it back", async () => {
    const wishlist = await freshWishlist();
    wishlist.getState().add(mug);
    expect(JSON.parse(window.localStorage.getItem("wishlist-items")!)).toEqual([mug]);
    expect((await freshWishlist()).getState().items).toEqual([mug]);
  });

  it.each([
    ["broken JSON", "[{"],
    ["an object", '{"1":true}'],
    ["a number", "7"],
  ])("falls back to an empty list when storage holds %s", async (_label, raw) => {
    window.localStorage.setItem("wishlist-items", raw);
    const wishlist = await freshWishlist();
    expect(wishlist.getState().items).toEqual([]);
  });

  it("drops entries that are not products and duplicates", async () => {
    window.localStorage.setItem("wishlist-items", JSON.stringify([vase, { id: 2 }, vase, 5, mug]));
    expect((await freshWishlist()).getState().items).toEqual([vase, mug]);
  });
});
