import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@shop/shared/constants";
import { ring } from "../test-helpers/variant-product";
import { lineKey } from "./cart-line";
import { freshLine, lineSnapshot } from "./line-snapshot";
import { decodeCart, encodeCart } from "./cloud-merge";

/**
 * Cart lines with variants and personalisation (docs/product.md#choosing-a-variant): a line is product + variant + texts, old
 * carts (on the device and in Telegram's CloudStorage) still read, the server's newer product prices a line again.
 */

/** The store reads device storage when its module loads: each test loads a fresh copy. */
async function freshCart() {
  vi.resetModules();
  return import("./cart");
}

const engraved = (variantId: number, text: string) => lineSnapshot(ring, variantId, [{ field_id: 31, value: text }])!;

beforeEach(() => {
  window.localStorage.clear();
  document.cookie = "cart=; path=/; max-age=0";
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe("a cart line", () => {
  it("is the variant's price with the extras, its article, photos and stock, and the texts with their labels", () => {
    const line = lineSnapshot(ring, 103, [
      { field_id: 31, value: "Анне" },
      { field_id: 33, value: "1" },
    ]);
    expect(line).toMatchObject({
      id: 12,
      name: "Кольцо «Волна»",
      price: 1950,
      sku: "HM-000012-17G",
      images: [{ id: 3 }, { id: 4 }],
      stock: 2,
      variant_id: 103,
      variant_title: "Размер: 17, Металл: золото",
      personalization: [
        { field_id: 31, label: "Гравировка", value: "Анне", price: 300, kind: "text" },
        { field_id: 33, label: "Подарочная упаковка", value: "1", price: 150, kind: "gift_wrap" },
      ],
    });
    // a product with options needs one of its enabled variants
    expect(lineSnapshot(ring, null, [])).toBeNull();
    expect(lineSnapshot(ring, 999, [])).toBeNull();
  });

  it("keeps two engravings of one variant as two lines and merges the same one", async () => {
    const { useCart } = await freshCart();
    useCart.getState().add(engraved(104, "Анна"));
    useCart.getState().add(engraved(104, "Пётр"));
    useCart.getState().add(engraved(104, "Анна"));
    useCart.getState().add(lineSnapshot(ring, 104, [])!);
    expect(useCart.getState().items.map((item) => [item.variant_id, item.personalization?.[0]?.value ?? null, item.quantity])).toEqual([
      [104, "Анна", 2],
      [104, "Пётр", 1],
      [104, null, 1],
    ]);

    const peter = lineKey(useCart.getState().items[1]!);
    useCart.getState().setQuantity(peter, 3);
    useCart.getState().remove(lineKey(useCart.getState().items[0]!));
    expect(useCart.getState().items.map((item) => [item.personalization?.[0]?.value ?? null, item.quantity])).toEqual([
      ["Пётр", 3],
      [null, 1],
    ]);
  });

  it("caps a variant's line at the variant's pieces and marks it short by variant", async () => {
    const { useCart, stockProblem } = await freshCart();
    useCart.getState().add(engraved(103, "А"));
    useCart.getState().add(engraved(103, "Б"));
    useCart.getState().setQuantity(lineKey(useCart.getState().items[0]!), 5);
    expect(useCart.getState().items[0]?.quantity).toBe(2);

    useCart.getState().markShort([{ product_id: 12, variant_id: 103, name: "Кольцо «Волна»", available: 1 }]);
    expect(useCart.getState().items.map((item) => stockProblem(item))).toEqual(["Осталось 1 шт.", null]);
  });
});

describe("carts kept before variants", () => {
  it("read from the device as lines of plain products, beside lines with variants", async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { id: 1, name: "Ваза «Лён»", price: "1890.00", sku: "HM-000001", images: [], stock: null, made_to_order_days: null, quantity: 2 },
        { id: 2, name: "Кружка", price: 650.5, quantity: 1 },
        { ...engraved(104, "Анна"), quantity: 1 },
        // a damaged personalisation leaves the plain product, once
        { id: 1, name: "Ваза «Лён»", price: 1890, personalization: "?", quantity: 4 },
      ]),
    );
    const { useCart } = await freshCart();
    expect(useCart.getState().items.map((item) => [item.id, item.quantity, item.variant_id ?? null, lineKey(item)])).toEqual([
      [1, 2, null, 1],
      [2, 1, null, 2],
      [12, 1, 104, JSON.stringify([12, 104, [[31, "Анна"]]])],
    ]);
  });

  it("read from Telegram's CloudStorage as they were written, and new lines round-trip", () => {
    expect(decodeCart("[[12,2],[7,1]]")).toEqual(
      new Map([
        [12, 2],
        [7, 1],
      ]),
    );
    const key = lineKey({ id: 12, variant_id: 103, personalization: [{ field_id: 31, value: "Анне, с любовью" }] });
    const cart = new Map<number | string, number>([
      [7, 1],
      [key, 2],
    ]);
    const text = encodeCart(cart);
    expect(text).toBe('[[7,1],[12,2,103,[[31,"Анне, с любовью"]]]]');
    expect(decodeCart(text)).toEqual(cart);
    // a line that names no variant nor text in a broken way is left out
    expect(decodeCart('[[12,1,"x",[]],[12,1,0,[[0,"a"]]],[5,1]]')).toEqual(new Map([[5, 1]]));
  });

  it("go into the cart cookie with their variant and texts, so the server draws them too; texts too long for it leave the cart to the browser", async () => {
    const { useCart } = await freshCart();
    useCart.getState().add({ id: 1, name: "Ваза", price: 1890, sku: "HM-000001", images: [], stock: null, made_to_order_days: null });
    expect(document.cookie).toContain("cart=1x1");
    useCart.getState().add(engraved(104, "Анна. С любовью"));
    expect(document.cookie).toContain(`cart=1x1.12v104:31:${encodeURIComponent("Анна")}%2E${encodeURIComponent(" С любовью")}x1`);
    for (let n = 0; n < 12; n++) useCart.getState().add(engraved(104, "Ж".repeat(60) + n));
    expect(document.cookie).not.toMatch(/cart=[^;]/);
  });
});

describe("the server's newer copy of a product", () => {
  it("prices a variant's line again and leaves a variant no longer offered sold out", async () => {
    const { useCart, stockProblem } = await freshCart();
    useCart.getState().add(engraved(103, "Анне"));
    useCart.getState().add(engraved(101, "Ире"));
    const dearer = {
      ...ring,
      variants: ring.variants!.filter((variant) => variant.id !== 101).map((variant) => (variant.id === 103 ? { ...variant, price: 1700 } : variant)),
    };
    useCart.getState().refresh([dearer], freshLine);
    const [gold, silver] = useCart.getState().items;
    expect([gold?.price, gold?.variant_title, stockProblem(gold!)]).toEqual([2000, "Размер: 17, Металл: золото", null]);
    expect([silver?.variant_id, stockProblem(silver!)]).toEqual([101, "Нет в наличии"]);
  });
});
