import type { Product, ProductCard } from "@shop/shared/schemas/catalog";

/**
 * What the cart and the wishlist keep of a product on the device: enough to show it without asking the server.
 * The server recomputes every price when an order is placed.
 */
export type ProductSnapshot = ProductCard;

function isImage(value: unknown): value is { id: number; image_url: string } {
  return (
    !!value &&
    typeof value === "object" &&
    typeof (value as { image_url?: unknown }).image_url === "string" &&
    typeof (value as { id?: unknown }).id === "number"
  );
}

/** A stored product, or null when the value is not one (another app's data, an old format, a hand edit). */
export function parseSnapshot(value: unknown): ProductSnapshot | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const price = typeof v.price === "string" ? Number(v.price) : v.price;
  if (!Number.isInteger(v.id) || (v.id as number) < 1) return null;
  if (typeof v.name !== "string" || typeof price !== "number" || !Number.isFinite(price) || price < 0) return null;
  return {
    id: v.id as number,
    name: v.name,
    price,
    sku: typeof v.sku === "string" ? v.sku : "",
    images: Array.isArray(v.images) ? v.images.filter(isImage).map((image) => ({ id: image.id, image_url: image.image_url })) : [],
    stock: Number.isInteger(v.stock) ? (v.stock as number) : null,
    made_to_order_days: Number.isInteger(v.made_to_order_days) ? (v.made_to_order_days as number) : null,
    ...(typeof v.price_max === "number" && Number.isFinite(v.price_max) ? { price_max: v.price_max } : {}),
    ...(v.has_options === true ? { has_options: true as const } : {}),
  };
}

/** The highest price among a product page's variants, when they differ (what a card's price_max says). */
function priceMaxOf(product: Pick<Product, "variants">): number | undefined {
  const prices = (product.variants ?? []).filter((variant) => variant.enabled !== false).map((variant) => Number(variant.price));
  const max = prices.length > 0 ? Math.max(...prices) : undefined;
  return max !== undefined && max !== Math.min(...prices) ? max : undefined;
}

/** A card's own fields, or a product page's (whose options and variants say what a card's price_max and has_options would). */
export function toSnapshot(product: ProductCard | Product): ProductSnapshot {
  const priceMax = "price_max" in product ? product.price_max : "variants" in product ? priceMaxOf(product) : undefined;
  const hasOptions = ("has_options" in product && product.has_options) || ("options" in product && (product.options?.length ?? 0) > 0);
  return {
    id: product.id,
    name: product.name,
    price: Number(product.price),
    sku: product.sku,
    images: product.images.map((image) => ({ id: image.id, image_url: image.image_url })),
    stock: product.stock,
    made_to_order_days: product.made_to_order_days,
    ...(priceMax !== undefined ? { price_max: Number(priceMax) } : {}),
    ...(hasOptions ? { has_options: true as const } : {}),
  };
}
