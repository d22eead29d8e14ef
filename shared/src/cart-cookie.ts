import { MAX_ITEM_QUANTITY } from "./constants";
import { isDbId } from "./ids";

/**
 * The cart's lines as a cookie (docs/product.md#data-kept-on-the-device): product ids and quantities, and for a line
 * of a product with options or personalisation its variant and texts, written by the browser whenever the cart
 * changes, so the server can render the cart and the checkout with the shopper's lines (the products themselves
 * come from the catalogue). The device's list stays the cart; the cookie only mirrors it.
 */
export const CART_COOKIE = "cart";

/** The key of the cookie's lines in a page's embedded data (beside the answers of /api/products/{id} for each line). */
export const RENDERED_CART_KEY = "cart";

/** The most lines the server renders from the cookie: a longer cart is left to the browser. */
export const CART_COOKIE_MAX_LINES = 30;
/** The longest value the browser writes (a cookie holds about 4 KB): a cart of longer texts is left to the browser. */
export const CART_COOKIE_MAX_LENGTH = 3800;

export interface CartCookieLine {
  id: number;
  quantity: number;
  /** the line's variant (a product with options) */
  variant_id?: number;
  /** the line's texts, by personalisation field, as the shopper typed them */
  personalization?: { field_id: number; value: string }[];
}

/** A text in a cookie value: percent-encoded, its dots too (they part the lines). */
const encodeText = (text: string) => encodeURIComponent(text).replace(/\./g, "%2E");

/**
 * `64x1.63v17x2.12:5:%D0%9C%D0%B0%D1%88%D0%B0x1`: lines separated by dots; a line is the product's id, `v` and its
 * variant's id, `:field:text` for each text (percent-encoded), then `x` and the quantity — characters a cookie value
 * may hold as they are. A cart of plain products reads exactly as it always has.
 */
export function formatCartCookie(lines: readonly CartCookieLine[]): string {
  return lines
    .slice(0, CART_COOKIE_MAX_LINES + 1)
    .map((line) => {
      const variant = line.variant_id === undefined ? "" : `v${line.variant_id}`;
      const texts = (line.personalization ?? []).map((entry) => `:${entry.field_id}:${encodeText(entry.value)}`).join("");
      return `${line.id}${variant}${texts}x${line.quantity}`;
    })
    .join(".");
}

const LINE = /^(\d{1,10})(?:v(\d{1,10}))?((?::\d{1,10}:[^:.]*)*)x(\d{1,3})$/;
const TEXT = /:(\d{1,10}):([^:.]*)/g;

/** What makes two of the cookie's lines one (the product, the variant, the texts): such a value was not written by the shop. */
const sameLine = (line: CartCookieLine) => JSON.stringify([line.id, line.variant_id ?? 0, (line.personalization ?? []).map((entry) => [entry.field_id, entry.value])]);

/**
 * The lines of a cookie value, or null when it is not one (or names more lines than the server renders). An empty
 * value is an empty cart.
 */
export function parseCartCookie(value: string): CartCookieLine[] | null {
  if (value === "") return [];
  const parts = value.split(".");
  if (parts.length > CART_COOKIE_MAX_LINES) return null;
  const lines: CartCookieLine[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const match = LINE.exec(part);
    if (!match) return null;
    const id = Number(match[1]);
    const quantity = Number(match[4]);
    if (!isDbId(id) || quantity < 1) return null;
    const line: CartCookieLine = { id, quantity: Math.min(quantity, MAX_ITEM_QUANTITY) };
    if (match[2] !== undefined) {
      const variantId = Number(match[2]);
      if (!isDbId(variantId)) return null;
      line.variant_id = variantId;
    }
    if (match[3]) {
      const personalization: { field_id: number; value: string }[] = [];
      for (const [, field, text] of match[3].matchAll(TEXT)) {
        const fieldId = Number(field);
        if (!isDbId(fieldId) || personalization.some((entry) => entry.field_id === fieldId)) return null;
        try {
          personalization.push({ field_id: fieldId, value: decodeURIComponent(text!) });
        } catch {
          return null;
        }
      }
      line.personalization = personalization;
    }
    const key = sameLine(line);
    if (seen.has(key)) return null;
    seen.add(key);
    lines.push(line);
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
