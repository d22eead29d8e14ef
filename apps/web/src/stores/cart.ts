import { useSyncExternalStore } from "react";
import { create } from "zustand";
import type { Product, ProductCard } from "@shop/shared/schemas/catalog";
import { CART_COOKIE, CART_COOKIE_MAX_LENGTH, RENDERED_CART_KEY, formatCartCookie, type CartCookieLine } from "@shop/shared/cart-cookie";
import { CART_ADDED_FLAG_MS, MAX_ITEM_QUANTITY, STORAGE_KEYS } from "@shop/shared/constants";
import type { OutOfStockItem } from "@shop/shared/schemas/orders";
import { SOLD_OUT_TEXT, availabilityOf, fewLeftLabel, type StockFields } from "@shop/shared/stock";
import { peek } from "../lib/query";
import { readStored, writeStored } from "../lib/storage";
import { lineKey, parseLineChoice, type CartLineKey, type LineSnapshot } from "./cart-line";
import { parseSnapshot, toSnapshot } from "./product-snapshot";

/**
 * The cart (docs/product.md#cart-and-discounts), kept on the device under 'cart-items': lines with a quantity. A line
 * is a product, its variant and its personalisation (stores/cart-line.ts); carts kept before variants read as lines
 * of plain products.
 */
export interface CartItem extends LineSnapshot {
  quantity: number;
}

export function parseCartItems(value: unknown): CartItem[] | null {
  if (!Array.isArray(value)) return null;
  const items: CartItem[] = [];
  const keys = new Set<CartLineKey>();
  for (const entry of value) {
    const product = parseSnapshot(entry);
    const quantity = (entry as { quantity?: unknown } | null)?.quantity;
    if (!product || typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) continue;
    const item: CartItem = { ...product, ...parseLineChoice(entry as Record<string, unknown>), quantity: Math.min(quantity, MAX_ITEM_QUANTITY) };
    const key = lineKey(item);
    if (keys.has(key)) continue;
    keys.add(key);
    items.push(item);
  }
  return items;
}

/** Whether a line is the product alone: no variant, no personalisation (what the cart cookie can name). */
export const isPlainLine = (item: CartItem) => typeof lineKey(item) === "number";

/** The most of this product one line may hold: the pieces left when the shop counts them (docs/product.md#stock). */
export function quantityLimit(product: StockFields): number {
  const { orderable, maxQuantity } = availabilityOf(product);
  if (!orderable) return 0;
  return maxQuantity === null ? MAX_ITEM_QUANTITY : Math.min(maxQuantity, MAX_ITEM_QUANTITY);
}

/** Why this line cannot be ordered as it is, or null: sold out, or more pieces than are left. */
export function stockProblem(item: CartItem): string | null {
  const availability = availabilityOf(item);
  if (!availability.orderable) return SOLD_OUT_TEXT;
  if (availability.maxQuantity !== null && item.quantity > availability.maxQuantity) return fewLeftLabel(availability.maxQuantity);
  return null;
}

/** Going down is always allowed (a line above what is left gets there step by step); going up stops at the limit. */
const cappedQuantity = (current: number, wanted: number, limit: number) =>
  wanted <= current ? wanted : Math.max(current, Math.min(wanted, limit));

interface CartState {
  items: CartItem[];
  /** on for 100 ms after an add */
  justAdded: boolean;
  /** increases on every add: the header bounces the cart icon when it changes */
  addCount: number;
  /** a product without options from its card, or a line a product page's choice made (stores/cart-line.ts) */
  add(product: ProductCard | LineSnapshot): void;
  /** 0 or less removes the line; a number names the line of a plain product by its id */
  setQuantity(key: CartLineKey, quantity: number): void;
  remove(key: CartLineKey): void;
  clear(): void;
  /**
   * the server's newer copies of products in the cart: their lines' snapshots (stock, price, name) follow them. A
   * line with a variant or a personalisation is priced again by `reprice` (stores/line-snapshot.ts's freshLine, which
   * the cart and checkout pages pass: the cart every page loads stays small); without it such a line stays as it is.
   */
  refresh(products: readonly (ProductCard | Product)[], reprice?: (item: CartItem, fresh: ProductCard | Product) => LineSnapshot): void;
  /** an order was refused for these lines (409 'out_of_stock'): they now show what is left */
  markShort(items: readonly OutOfStockItem[]): void;
}

let justAddedTimer: ReturnType<typeof setTimeout> | undefined;
const CART_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

export const useCart = create<CartState>()((set, get) => ({
  items: [],
  justAdded: false,
  addCount: 0,
  add(product) {
    const items = get().items;
    const line: LineSnapshot = "variant_id" in product || "personalization" in product ? (product as LineSnapshot) : toSnapshot(product);
    const key = lineKey(line);
    const existing = items.find((item) => lineKey(item) === key);
    set({
      items: existing
        ? items.map((item) => (item === existing ? { ...item, quantity: Math.max(1, Math.min(item.quantity + 1, quantityLimit(line))) } : item))
        : [...items, { ...line, quantity: 1 }],
      justAdded: true,
      addCount: get().addCount + 1,
    });
    clearTimeout(justAddedTimer);
    justAddedTimer = setTimeout(() => set({ justAdded: false }), CART_ADDED_FLAG_MS);
  },
  setQuantity(key, quantity) {
    if (quantity <= 0) return get().remove(key);
    set({
      items: get().items.map((item) =>
        lineKey(item) === key ? { ...item, quantity: cappedQuantity(item.quantity, Math.floor(quantity), quantityLimit(item)) } : item,
      ),
    });
  },
  remove(key) {
    set({ items: get().items.filter((item) => lineKey(item) !== key) });
  },
  clear() {
    set({ items: [] });
  },
  refresh(products, reprice) {
    const byId = new Map(products.map((product) => [product.id, product]));
    let changed = false;
    const items = get().items.map((item) => {
      const fresh = byId.get(item.id);
      if (!fresh) return item;
      const plain = isPlainLine(item) && !("options" in fresh) && !("personalization" in fresh);
      if (!plain && !reprice) return item;
      const next = { ...(plain ? toSnapshot(fresh) : reprice!(item, fresh)), quantity: item.quantity };
      if (JSON.stringify(next) === JSON.stringify(item)) return item;
      changed = true;
      return next;
    });
    if (changed) set({ items });
  },
  markShort(short) {
    const availableFor = (item: CartItem) =>
      short.find((entry) => entry.product_id === item.id && (entry.variant_id ?? undefined) === item.variant_id)?.available;
    set({
      items: get().items.map((item) => {
        const available = availableFor(item);
        return available === undefined ? item : { ...item, stock: available };
      }),
    });
  },
}));

/**
 * The device's list, read after the store is made: its initial state stays the server's (empty), and React renders
 * that while it hydrates server HTML (zustand hands it to useSyncExternalStore as the server snapshot), then
 * re-renders with the stored items, so the first client render matches the HTML.
 */
if (typeof window !== "undefined") {
  const stored = readStored(STORAGE_KEYS.cart, parseCartItems, []);
  // an empty list stays the initial one: nothing to re-render after hydration
  if (stored.length > 0) useCart.setState({ items: stored });
  writeCartCookie(stored);
}

useCart.subscribe((state, previous) => {
  if (state.items === previous.items) return;
  writeStored(STORAGE_KEYS.cart, state.items);
  writeCartCookie(state.items);
});

/** The cart's lines as the cart cookie names them: product, quantity, and the variant and texts of a line that has them. */
function cookieLines(items: readonly CartItem[]): CartCookieLine[] {
  return items.map(({ id, quantity, variant_id, personalization }) => ({
    id,
    quantity,
    ...(variant_id !== undefined ? { variant_id } : {}),
    ...(personalization?.length ? { personalization: personalization.map(({ field_id, value }) => ({ field_id, value })) } : {}),
  }));
}

/** The cart's lines in the cart cookie (@shop/shared/cart-cookie), for the server's rendering of the cart and the checkout. */
function writeCartCookie(items: readonly CartItem[]): void {
  try {
    const value = formatCartCookie(cookieLines(items));
    const secure = window.location.protocol === "https:" ? "; secure" : "";
    // texts too long for a cookie: the cart is left to the browser to draw
    const maxAge = value.length <= CART_COOKIE_MAX_LENGTH ? CART_COOKIE_MAX_AGE_S : 0;
    document.cookie = `${CART_COOKIE}=${maxAge > 0 ? value : ""}; path=/; max-age=${maxAge}; samesite=lax${secure}`;
  } catch (error) {
    console.warn("cannot write the cart cookie", error);
  }
}

/**
 * How a cookie's line with a variant or texts becomes a cart line: stores/line-snapshot.ts's lineSnapshot, which
 * registers itself when a page that draws such lines (the cart, the checkout, a product page) loads it, so the cart
 * every page loads stays small. Until then such a line is its product with the line's key (enough for counts and
 * for a product page's «В корзине»).
 */
type LineBuilder = (product: Product, variantId: number | null, chosen: readonly { field_id: number; value: string }[]) => LineSnapshot | null;
let lineBuilder: LineBuilder | null = null;
export function setRenderedLineBuilder(builder: LineBuilder): void {
  lineBuilder = builder;
}

function renderedLine(line: CartCookieLine, product: Product): LineSnapshot | null {
  if (line.variant_id === undefined && !line.personalization?.length) return toSnapshot(product);
  const chosen = line.personalization ?? [];
  if (lineBuilder) return lineBuilder(product, line.variant_id ?? null, chosen);
  return {
    ...toSnapshot(product),
    ...(line.variant_id !== undefined ? { variant_id: line.variant_id } : {}),
    ...(chosen.length > 0 ? { personalization: chosen.map(({ field_id, value }) => ({ field_id, value, label: "", price: 0, kind: "text" as const })) } : {}),
  };
}

const renderedCarts = new WeakMap<readonly CartCookieLine[], { builder: LineBuilder | null; items: CartItem[] }>();

/**
 * The cart the server rendered this page with: the cookie's lines (embedded under RENDERED_CART_KEY) with the
 * products embedded beside them (lib/query.ts), or null when the server did not know the cart (no cookie). The same
 * array for the same page, as React requires of a store's snapshot.
 */
function renderedCart(): CartItem[] | null {
  const lines = peek<readonly CartCookieLine[]>(RENDERED_CART_KEY);
  if (!Array.isArray(lines)) return null;
  let rendered = renderedCarts.get(lines);
  if (!rendered || rendered.builder !== lineBuilder) {
    const items = lines.flatMap((line) => {
      const product = peek<Product>(`/api/products/${line.id}`);
      const snapshot = product ? renderedLine(line, product) : null;
      return snapshot ? [{ ...snapshot, quantity: line.quantity }] : [];
    });
    renderedCarts.set(lines, (rendered = { builder: lineBuilder, items }));
  }
  return rendered.items;
}

let lastCurrent: { items: CartItem[]; shown: CartItem[] } | null = null;

/**
 * The device's items; the rendered cart's own array when they are the same lines (the usual case), so React has
 * nothing to render again once it has hydrated the server's cart.
 */
function currentItems(): CartItem[] {
  const items = useCart.getState().items;
  if (lastCurrent?.items !== items) {
    const rendered = renderedCart();
    lastCurrent = { items, shown: rendered && JSON.stringify(rendered) === JSON.stringify(items) ? rendered : items };
  }
  return lastCurrent.shown;
}

/**
 * The cart's items for the cart and the checkout pages. On the server and while the browser hydrates its HTML they
 * are the cart the page was rendered with, null when the server did not know it (the page then shows a placeholder),
 * so the first client render matches the HTML; right after that, the device's cart.
 */
export function useCartItems(): CartItem[] | null {
  return useSyncExternalStore(useCart.subscribe, currentItems, renderedCart);
}

/** Another tab changed the cart: follow it. */
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEYS.cart) useCart.setState({ items: readStored(STORAGE_KEYS.cart, parseCartItems, []) });
  });
}

/** An empty cart, the same array every time. */
export const NO_ITEMS: readonly CartItem[] = [];

export const cartCount = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);

const quantityIn = (items: readonly CartItem[] | null, key: CartLineKey) => items?.find((item) => lineKey(item) === key)?.quantity ?? 0;

/**
 * How many pieces one line holds: a plain product's by its id, any other by its key (stores/cart-line.ts). On the
 * server and while the browser hydrates its HTML: as many as the cart the page was rendered with (none when the server did not know the cart), so that a product already in the cart is
 * drawn so from the first paint; right after that, the device's.
 */
export function useCartQuantity(key: CartLineKey): number {
  return useSyncExternalStore(
    useCart.subscribe,
    () => quantityIn(useCart.getState().items, key),
    () => quantityIn(renderedCart(), key),
  );
}
