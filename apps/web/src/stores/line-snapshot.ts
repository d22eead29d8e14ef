import type { Product, ProductCard } from "@shop/shared/schemas/catalog";
import {
  extrasOf,
  fieldsOf,
  galleryOf,
  hasOptions,
  piecePrice,
  variantTitle,
  variantsOf,
  type ChosenPersonalization,
  type FieldValues,
} from "../lib/variant-choice";
import { setRenderedLineBuilder, type CartItem } from "./cart";
import type { LinePersonalization, LineSnapshot } from "./cart-line";
import { toSnapshot } from "./product-snapshot";

/**
 * The line a product page's choice makes: the variant's price, article, photos and stock, and each filled field with
 * its label and extra (the price per piece includes them; the server prices the order again). Null when the product
 * has options and the variant is not among its enabled ones.
 */
export function lineSnapshot(product: Product, variantId: number | null, chosen: readonly ChosenPersonalization[]): LineSnapshot | null {
  const variant = variantId === null ? null : (variantsOf(product).find((candidate) => candidate.id === variantId) ?? null);
  if (hasOptions(product) ? variant === null : variantId !== null) return null;
  const fields = fieldsOf(product);
  const personalization: LinePersonalization[] = chosen.flatMap((entry) => {
    const field = fields.find((candidate) => candidate.id === entry.field_id);
    if (!field) return [];
    const price = extrasOf({ ...product, personalization: [field] }, { [field.id]: entry.value });
    return [{ field_id: field.id, value: entry.value, label: field.label, price, kind: field.kind }];
  });
  const values: FieldValues = Object.fromEntries(chosen.map((entry) => [entry.field_id, entry.value]));
  const snapshot = toSnapshot(product);
  const selection = variant ? variant.option_value_ids : [];
  return {
    ...snapshot,
    price: piecePrice(variant?.price ?? product.price, extrasOf(product, values)),
    ...(variant
      ? {
          sku: variant.sku,
          images: galleryOf(product, selection).map((image) => ({ id: image.id, image_url: image.image_url })),
          stock: variant.stock,
          made_to_order_days: variant.made_to_order_days,
          variant_id: variant.id,
          variant_title: variantTitle(product, variant),
        }
      : {}),
    ...(personalization.length > 0 ? { personalization } : {}),
  };
}

/**
 * A line as the server's newer copy of its product makes it (the cart's `refresh`): a plain product's snapshot, or the
 * line's variant and extras priced again. A variant the shop no longer offers (or a plain line of a product that now
 * has options) leaves the line sold out, to be removed before ordering; a card (from a list) carries no variants, so
 * such a line keeps what it knows.
 */
export function freshLine(item: CartItem, fresh: ProductCard | Product): LineSnapshot {
  const { quantity: _quantity, ...own } = item;
  const choice = item.variant_id !== undefined || item.personalization !== undefined;
  const full = "options" in fresh || "personalization" in fresh;
  if (!full) return choice ? own : toSnapshot(fresh);
  const line = lineSnapshot(fresh as Product, item.variant_id ?? null, item.personalization ?? []);
  return line ?? { ...own, stock: 0, made_to_order_days: null };
}

// the cart a page was rendered with draws its variant and personalised lines with this (stores/cart.ts)
setRenderedLineBuilder(lineSnapshot);
