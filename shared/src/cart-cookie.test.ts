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

  it("carries a line's variant and texts, any characters in them, beside plain lines written as before", () => {
    const lines = [
      { id: 64, quantity: 1 },
      { id: 63, quantity: 2, variant_id: 17 },
      { id: 12, quantity: 1, variant_id: 3, personalization: [{ field_id: 5, value: "Маше от Пети. С любовью; x2 :)" }, { field_id: 6, value: "Да=1, «ура»\nвторая строка" }] },
      { id: 12, quantity: 3, personalization: [{ field_id: 5, value: "" }] },
      { id: 12, quantity: 1, personalization: [{ field_id: 5, value: "😀 x1" }] },
    ];
    const value = formatCartCookie(lines);
    expect(value.startsWith("64x1.63v17x2.12v3:5:")).toBe(true);
    // only what a cookie value may hold as it is: no spaces, quotes, commas, semicolons or backslashes
    expect(value).toMatch(/^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/);
    expect(parseCartCookie(value)).toEqual(lines);
    // the same product in two lines that differ in a text; a text ending like a quantity is still a text
    expect(parseCartCookie("12:5:Ax1.12:5:Bx1")).toEqual([
      { id: 12, quantity: 1, personalization: [{ field_id: 5, value: "A" }] },
      { id: 12, quantity: 1, personalization: [{ field_id: 5, value: "B" }] },
    ]);
    expect(parseCartCookie("12:5:ax1x2")).toEqual([{ id: 12, quantity: 2, personalization: [{ field_id: 5, value: "ax1" }] }]);
  });

  it("reads nothing from a value it did not write", () => {
    for (const value of ["64", "64x0", "0x1", "2147483648x1", "64x1.64x2", "64x1,63x2", "64x1.", "abc", "64x1;", "1e3x1", "64v0x1", "64vx1", "64v2x1.64v2x1", "64:0:ax1", "64:5:a:5:bx1", "64:5:%E0%A4%A8%Ax1", "64:5x1", "64v2:5:a"]) {
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
