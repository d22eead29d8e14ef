import { describe, expect, it } from "vitest";
import { decodeCart, decodeWishlist, encodeCart, encodeWishlist, mergeQuantities } from "./cloud-merge";
import { CLOUD_VALUE_MAX_CHARS, splitIntoParts } from "../lib/telegram-cloud-storage";

const map = (entries: [number, number][]) => new Map(entries);

describe("merging a device's list with the cloud's", () => {
  it("keeps the larger quantity per product and every product of both when the device never synced", () => {
    const merged = mergeQuantities(map([[1, 1], [2, 3]]), map([[1, 2], [3, 1]]), null);
    expect([...merged]).toEqual([[1, 2], [2, 3], [3, 1]]);
  });

  it("takes the cloud's change (a removal too) where the device did not change since it last synced", () => {
    const base = map([[1, 2], [2, 1]]);
    const merged = mergeQuantities(map([[1, 2], [2, 1]]), map([[1, 1]]), base);
    expect([...merged]).toEqual([[1, 1]]);
  });

  it("keeps the device's change where the cloud did not change, and the larger where both did", () => {
    const base = map([[1, 2], [2, 1]]);
    const merged = mergeQuantities(map([[1, 4], [2, 1], [5, 1]]), map([[1, 3], [2, 2]]), base);
    expect([...merged]).toEqual([[1, 4], [2, 2], [5, 1]]);
  });

  it("removes what the device removed while the cloud kept it as agreed", () => {
    expect([...mergeQuantities(map([]), map([[1, 2]]), map([[1, 2]]))]).toEqual([]);
  });
});

describe("the compact CloudStorage text", () => {
  it("round-trips a cart and a wishlist", () => {
    const cart = map([[12, 2], [7, 1]]);
    expect(encodeCart(cart)).toBe("[[12,2],[7,1]]");
    expect(decodeCart(encodeCart(cart))).toEqual(cart);
    expect(encodeWishlist(map([[3, 1], [9, 1]]))).toBe("[3,9]");
    expect(decodeWishlist("[3,9]")).toEqual(map([[3, 1], [9, 1]]));
  });

  it("reads an empty text as an empty list, skips bad entries and refuses what is not a list", () => {
    expect(decodeCart("")).toEqual(new Map());
    expect(decodeCart('[[1,2],["x",1],[2,0],[3,1.5],[4,1]]')).toEqual(map([[1, 2], [4, 1]]));
    expect(decodeCart("{}")).toBeNull();
    expect(decodeCart("not json")).toBeNull();
    expect(decodeWishlist('[1,-2,"3",4]')).toEqual(map([[1, 1], [4, 1]]));
  });

  it("splits a long text into parts Telegram accepts (≤ 4096 characters) that join back", () => {
    const text = encodeCart(new Map(Array.from({ length: 600 }, (_, index) => [100000 + index, 99] as [number, number])));
    const parts = splitIntoParts(text);
    expect(text.length).toBeGreaterThan(CLOUD_VALUE_MAX_CHARS);
    expect(parts.length).toBe(Math.ceil(text.length / CLOUD_VALUE_MAX_CHARS));
    expect(parts.every((part) => part.length <= CLOUD_VALUE_MAX_CHARS)).toBe(true);
    expect(parts.join("")).toBe(text);
    expect(splitIntoParts("")).toEqual([""]);
  });
});
