import type { Product, ProductCard } from "@shop/shared/schemas/catalog";
import { SIMILAR_PRODUCTS_LIMIT } from "@shop/shared/constants";
import { api, paths } from "../../lib/api";
import { prefetch } from "../../lib/query";

export const productKey = (id: number) => paths.product(id);
export const similarKey = (id: number) => paths.similar(id);
export const loadProduct = (id: number) => () => api.product(id);
export const loadSimilar = (id: number) => async () => (await api.similar(id)).slice(0, SIMILAR_PRODUCTS_LIMIT);

export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2147483647 ? id : null;
}

/** Route loader: the product and its similar products load together with the page's code (in the browser). */
export function prefetchProduct(rawId: string | undefined): null {
  // on the server the page renders from the data the server read itself (entry-server.tsx)
  if (import.meta.env.SSR) return null;
  const id = parseProductId(rawId);
  if (id !== null) {
    prefetch<Product>(productKey(id), loadProduct(id)).catch(() => undefined);
    prefetch<ProductCard[]>(similarKey(id), loadSimilar(id)).catch(() => undefined);
    prefetch(paths.reviews(id), () => api.productReviews(id)).catch(() => undefined);
  }
  return null;
}
