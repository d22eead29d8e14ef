import { useEffect } from "react";
import type { Product } from "@shop/shared/schemas/catalog";
import { api } from "../lib/api";
import { useCart } from "../stores/cart";
import { freshLine } from "../stores/line-snapshot";

/**
 * The cart keeps product snapshots on the device (a variant's line priced again with its extras); the cart and checkout pages ask the server for each product
 * once when they open, so a line that sold out (or got fewer pieces) since it was added shows it
 * (docs/product.md#stock). A product that cannot be read keeps its snapshot: the order's answer still tells.
 */
export function useFreshCart(): void {
  // a product with several lines (variants, texts) is read once
  const ids = useCart((state) => [...new Set(state.items.map((item) => item.id))].join(","));
  useEffect(() => {
    if (!ids) return;
    let live = true;
    void Promise.all(ids.split(",").map((id) => api.product(Number(id)).catch(() => null))).then((products) => {
      if (live) useCart.getState().refresh(products.filter((product): product is Product => product !== null), freshLine);
    });
    return () => {
      live = false;
    };
  }, [ids]);
}
