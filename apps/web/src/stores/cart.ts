import { create } from "zustand";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { CART_ADDED_FLAG_MS, MAX_ITEM_QUANTITY, STORAGE_KEYS } from "@shop/shared/constants";
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
            item.id === product.id ? { ...item, quantity: Math.min(item.quantity + 1, MAX_ITEM_QUANTITY) } : item,
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
    const capped = Math.min(Math.floor(quantity), MAX_ITEM_QUANTITY);
    set({ items: get().items.map((item) => (item.id === productId ? { ...item, quantity: capped } : item)) });
  },
  remove(productId) {
    set({ items: get().items.filter((item) => item.id !== productId) });
  },
  clear() {
    set({ items: [] });
  },
}));

/**
 * The device's list, read after the store is made: its initial state stays the server's (empty), and React renders
 * that while it hydrates server HTML (zustand hands it to useSyncExternalStore as the server snapshot), then
 * re-renders with the stored items, so the first client render matches the HTML.
 */
if (typeof window !== "undefined") useCart.setState({ items: readStored(STORAGE_KEYS.cart, parseCartItems, []) });

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
