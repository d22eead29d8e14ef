import { toKopecks } from "@shop/shared/money";
import { variantTitle } from "@shop/shared/variants";
import type { KnownProducts, ProductPriceRow } from "../orders";
import type { CatalogSnapshot } from "./snapshot";

/** The catalogue in memory as the order core prices a cart from it (the order's statement checks it again). */
export function knownProducts(snapshot: CatalogSnapshot): KnownProducts {
  return {
    product(id) {
      const product = snapshot.product(id);
      if (!product) return undefined;
      const image = product.images[0]?.image_url ?? null;
      const row: ProductPriceRow = {
        id: product.id,
        name: product.name,
        sku: product.sku,
        price: toKopecks(product.price),
        image,
        stock: product.stock ?? null,
        made_to_order_days: product.made_to_order_days ?? null,
      };
      if (product.options) {
        const options = product.options;
        row.optionNames = options.map((option) => option.name);
        row.variants = (product.variants ?? []).map((variant) => ({
          id: variant.id,
          sku: variant.sku,
          price: toKopecks(variant.price),
          stock: variant.stock,
          made_to_order_days: variant.made_to_order_days,
          enabled: variant.enabled,
          title: variantTitle(options, variant.option_value_ids),
          image: product.images.find((i) => i.id === variant.image_ids[0])?.image_url ?? image,
        }));
      }
      if (product.personalization) row.personalization = product.personalization;
      return row;
    },
  };
}
