import { describe, expect, it } from "vitest";
import { CART_COOKIE_MAX_LINES, cartCookieValue, formatCartCookie, parseCartCookie } from "./cart-cookie";
import { MAX_ITEM_QUANTITY } from "./constants";

describe("the cart cookie", () => {
  it("carries ids and quantities there and back", () => {
    const lines = [
      { id: 64, quantity: 1 },
      { id: 2147483647, quantity: 12 },
    ];
    expect(formatCartCookie(lines)).toBe("64x1.2147483647x12");
    expect(parseCartCookie(formatCartCookie(lines))).toEqual(lines);
    expect(parseCartCookie("")).toEqual([]);
  });

  it("reads nothing from a value it did not write", () => {
    for (const value of ["64", "64x0", "0x1", "2147483648x1", "64x1.64x2", "64x1,63x2", "64x1.", "abc", "64x1;", "1e3x1"]) {
      expect(parseCartCookie(value), value).toBeNull();
    }
    const long = Array.from({ length: CART_COOKIE_MAX_LINES + 1 }, (_, index) => ({ id: index + 1, quantity: 1 }));
    expect(parseCartCookie(formatCartCookie(long))).toBeNull();
    expect(parseCartCookie("5x999")).toEqual([{ id: 5, quantity: MAX_ITEM_QUANTITY }]);
  });

  it("finds its value among the request's cookies", () => {
    expect(cartCookieValue(undefined)).toBeNull();
    expect(cartCookieValue("theme=dark")).toBeNull();
    expect(cartCookieValue("theme=dark; cart=64x1.63x2; carts=1x1")).toBe("64x1.63x2");
    expect(cartCookieValue("cart=")).toBe("");
  });
});
