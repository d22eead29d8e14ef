import { toKopecks } from "@shop/shared/money";
import type { KnownProducts } from "../orders";
import type { CatalogSnapshot } from "./snapshot";

/** The catalogue in memory as the order core prices a cart from it (the order's statement checks it again). */
export function knownProducts(snapshot: CatalogSnapshot): KnownProducts {
  return {
    product(id) {
      const product = snapshot.product(id);
      if (!product) return undefined;
      return {
        id: product.id,
        name: product.name,
        sku: product.sku,
        price: toKopecks(product.price),
        image: product.images[0]?.image_url ?? null,
        stock: product.stock ?? null,
        made_to_order_days: product.made_to_order_days ?? null,
      };
    },
  };
}
