import { create } from "zustand";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { CART_ADDED_FLAG_MS, MAX_ITEM_QUANTITY, STORAGE_KEYS } from "@shop/shared/constants";
import type { OutOfStockItem } from "@shop/shared/schemas/orders";
import { SOLD_OUT_TEXT, availabilityOf, fewLeftLabel, type StockFields } from "@shop/shared/stock";
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
}

useCart.subscribe((state, previous) => {
  if (state.items !== previous.items) writeStored(STORAGE_KEYS.cart, state.items);
});

/** Another tab changed the cart: follow it. */
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEYS.cart) useCart.setState({ items: readStored(STORAGE_KEYS.cart, parseCartItems, []) });
  });
}

export const cartCount = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);

export function useCartQuantity(productId: number): number {
  return useCart((state) => state.items.find((item) => item.id === productId)?.quantity ?? 0);
}
