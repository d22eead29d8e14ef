import { useSyncExternalStore } from "react";
import { create } from "zustand";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { CART_COOKIE, RENDERED_CART_KEY, formatCartCookie, type CartCookieLine } from "@shop/shared/cart-cookie";
import { CART_ADDED_FLAG_MS, MAX_ITEM_QUANTITY, STORAGE_KEYS } from "@shop/shared/constants";
import type { OutOfStockItem } from "@shop/shared/schemas/orders";
import { SOLD_OUT_TEXT, availabilityOf, fewLeftLabel, type StockFields } from "@shop/shared/stock";
import { peek } from "../lib/query";
import { readStored, writeStored } from "../lib/storage";
import { parseSnapshot, toSnapshot, type ProductSnapshot } from "./product-snapshot";

/** The cart (docs/product.md#cart-and-discounts), kept on the device under 'cart-items': products with a quantity. */
export interface CartItem extends ProductSnapshot {
  quantity: number;
}

export function parseCartItems(value: unknown): CartItem[] | null {
  if (!Array.isArray(value)) return null;
  const items: CartItem[] = [];
  for (const entry of value) {
    const product = parseSnapshot(entry);
    const quantity = (entry as { quantity?: unknown } | null)?.quantity;
    if (!product || typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) continue;
    if (items.some((item) => item.id === product.id)) continue;
    items.push({ ...product, quantity: Math.min(quantity, MAX_ITEM_QUANTITY) });
  }
  return items;
}

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
  add(product: ProductCard): void;
  /** 0 or less removes the item */
  setQuantity(productId: number, quantity: number): void;
  remove(productId: number): void;
  clear(): void;
  /** the server's newer copies of products in the cart: their snapshots (stock, price, name) follow them */
  refresh(products: readonly ProductCard[]): void;
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
    const existing = items.find((item) => item.id === product.id);
    set({
      items: existing
        ? items.map((item) =>
            item.id === product.id ? { ...item, quantity: Math.max(1, Math.min(item.quantity + 1, quantityLimit(product))) } : item,
          )
        : [...items, { ...toSnapshot(product), quantity: 1 }],
      justAdded: true,
      addCount: get().addCount + 1,
    });
    clearTimeout(justAddedTimer);
    justAddedTimer = setTimeout(() => set({ justAdded: false }), CART_ADDED_FLAG_MS);
  },
  setQuantity(productId, quantity) {
    if (quantity <= 0) return get().remove(productId);
    set({
      items: get().items.map((item) =>
        item.id === productId ? { ...item, quantity: cappedQuantity(item.quantity, Math.floor(quantity), quantityLimit(item)) } : item,
      ),
    });
  },
  remove(productId) {
    set({ items: get().items.filter((item) => item.id !== productId) });
  },
  clear() {
    set({ items: [] });
  },
  refresh(products) {
    const byId = new Map(products.map((product) => [product.id, product]));
    let changed = false;
    const items = get().items.map((item) => {
      const fresh = byId.get(item.id);
      if (!fresh) return item;
      const next = { ...toSnapshot(fresh), quantity: item.quantity };
      if (JSON.stringify(next) === JSON.stringify(item)) return item;
      changed = true;
      return next;
    });
    if (changed) set({ items });
  },
  markShort(short) {
    const left = new Map(short.map((item) => [item.product_id, item.available]));
    set({ items: get().items.map((item) => (left.has(item.id) ? { ...item, stock: left.get(item.id) ?? 0 } : item)) });
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

/** The cart's lines in the cart cookie (@shop/shared/cart-cookie), for the server's rendering of the cart and the checkout. */
function writeCartCookie(items: readonly CartItem[]): void {
  try {
    const value = formatCartCookie(items.map(({ id, quantity }) => ({ id, quantity })));
    const secure = window.location.protocol === "https:" ? "; secure" : "";
    document.cookie = `${CART_COOKIE}=${value}; path=/; max-age=${CART_COOKIE_MAX_AGE_S}; samesite=lax${secure}`;
  } catch (error) {
    console.warn("cannot write the cart cookie", error);
  }
}

const renderedCarts = new WeakMap<readonly CartCookieLine[], CartItem[]>();

/**
 * The cart the server rendered this page with: the cookie's lines (embedded under RENDERED_CART_KEY) with the
 * products embedded beside them (lib/query.ts), or null when the server did not know the cart (no cookie). The same
 * array for the same page, as React requires of a store's snapshot.
 */
function renderedCart(): CartItem[] | null {
  const lines = peek<readonly CartCookieLine[]>(RENDERED_CART_KEY);
  if (!Array.isArray(lines)) return null;
  let items = renderedCarts.get(lines);
  if (!items) {
    items = lines.flatMap((line) => {
      const product = peek<ProductCard>(`/api/products/${line.id}`);
      return product ? [{ ...toSnapshot(product), quantity: line.quantity }] : [];
    });
    renderedCarts.set(lines, items);
  }
  return items;
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

const quantityIn = (items: readonly CartItem[] | null, productId: number) => items?.find((item) => item.id === productId)?.quantity ?? 0;

/**
 * How many of a product the cart holds. On the server and while the browser hydrates its HTML: as many as the cart
 * the page was rendered with (none when the server did not know the cart), so that a product already in the cart is
 * drawn so from the first paint; right after that, the device's.
 */
export function useCartQuantity(productId: number): number {
  return useSyncExternalStore(
    useCart.subscribe,
    () => quantityIn(useCart.getState().items, productId),
    () => quantityIn(renderedCart(), productId),
  );
}
