import { MAX_ITEM_QUANTITY } from "./constants";
import { isDbId } from "./ids";

/**
 * The cart's lines as a cookie (docs/product.md#data-kept-on-the-device): product ids and quantities only, written by
 * the browser whenever the cart changes, so the server can render the cart and the checkout with the shopper's lines
 * (the products themselves come from the catalogue). The device's list stays the cart; the cookie only mirrors it.
 */
export const CART_COOKIE = "cart";

/** The key of the cookie's lines in a page's embedded data (beside the answers of /api/products/{id} for each line). */
export const RENDERED_CART_KEY = "cart";

/** The most lines the server renders from the cookie: a longer cart is left to the browser. */
export const CART_COOKIE_MAX_LINES = 30;

export interface CartCookieLine {
  id: number;
  quantity: number;
}

/** `64x1.63x2`: lines separated by dots, id and quantity by an x (characters a cookie value may hold as they are). */
export function formatCartCookie(lines: readonly CartCookieLine[]): string {
  return lines
    .slice(0, CART_COOKIE_MAX_LINES + 1)
    .map((line) => `${line.id}x${line.quantity}`)
    .join(".");
}

/**
 * The lines of a cookie value, or null when it is not one (or names more lines than the server renders). An empty
 * value is an empty cart.
 */
export function parseCartCookie(value: string): CartCookieLine[] | null {
  if (value === "") return [];
  const parts = value.split(".");
  if (parts.length > CART_COOKIE_MAX_LINES) return null;
  const lines: CartCookieLine[] = [];
  for (const part of parts) {
    const match = /^(\d{1,10})x(\d{1,3})$/.exec(part);
    if (!match) return null;
    const id = Number(match[1]);
    const quantity = Number(match[2]);
    if (!isDbId(id) || quantity < 1 || lines.some((line) => line.id === id)) return null;
    lines.push({ id, quantity: Math.min(quantity, MAX_ITEM_QUANTITY) });
  }
  return lines;
}

/** The cart cookie's value in a Cookie header, or null when there is none. */
export function cartCookieValue(header: string | undefined): string | null {
  if (!header) return null;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === CART_COOKIE) return pair.slice(at + 1).trim();
  }
  return null;
}
