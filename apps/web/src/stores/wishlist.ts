import { create } from "zustand";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { STORAGE_KEYS } from "@shop/shared/constants";
import { readStored, writeStored } from "../lib/storage";
import { parseSnapshot, toSnapshot, type ProductSnapshot } from "./product-snapshot";

/** The wishlist (docs/product.md#wishlist), kept on the device under 'wishlist-items'. */
export function parseWishlistItems(value: unknown): ProductSnapshot[] | null {
  if (!Array.isArray(value)) return null;
  const items: ProductSnapshot[] = [];
  for (const entry of value) {
    const product = parseSnapshot(entry);
    if (product && !items.some((item) => item.id === product.id)) items.push(product);
  }
  return items;
}

interface WishlistState {
  items: ProductSnapshot[];
  /** ignored when the product is already there */
  add(product: ProductCard): void;
  remove(productId: number): void;
  /** adds or removes; returns true when the product is now in the wishlist */
  toggle(product: ProductCard): boolean;
}

export const useWishlist = create<WishlistState>()((set, get) => ({
  items: [],
  add(product) {
    if (get().items.some((item) => item.id === product.id)) return;
    set({ items: [...get().items, toSnapshot(product)] });
  },
  remove(productId) {
    set({ items: get().items.filter((item) => item.id !== productId) });
  },
  toggle(product) {
    if (get().items.some((item) => item.id === product.id)) {
      get().remove(product.id);
      return false;
    }
    get().add(product);
    return true;
  },
}));

/**
 * The device's list, read after the store is made: its initial state stays the server's (empty), and React renders
 * that while it hydrates server HTML (zustand hands it to useSyncExternalStore as the server snapshot), then
 * re-renders with the stored items, so the first client render matches the HTML.
 */
if (typeof window !== "undefined") {
  const stored = readStored(STORAGE_KEYS.wishlist, parseWishlistItems, []);
  // an empty list stays the initial one: nothing to re-render after hydration
  if (stored.length > 0) useWishlist.setState({ items: stored });
}

useWishlist.subscribe((state, previous) => {
  if (state.items !== previous.items) writeStored(STORAGE_KEYS.wishlist, state.items);
});

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEYS.wishlist) {
      useWishlist.setState({ items: readStored(STORAGE_KEYS.wishlist, parseWishlistItems, []) });
    }
  });
}

export function useInWishlist(productId: number): boolean {
  return useWishlist((state) => state.items.some((item) => item.id === productId));
}
