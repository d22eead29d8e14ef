import type { AdminProductsQuery, AdminProductsResponse } from "@shop/shared/schemas/admin";
import type { CatalogQuery, CatalogResponse, OptionValues, OptionValuesQuery, Product, ProductCard } from "@shop/shared/schemas/catalog";
import { ADMIN_PRODUCTS_PAGE_SIZE, CATALOG_PAGE_SIZE, RECOMMENDATIONS_LIMIT, SIMILAR_PRODUCTS_LIMIT } from "@shop/shared/constants";
import { invalid as badRequest, notFound, PRODUCT_NOT_FOUND } from "../errors";
import { isDbId, parseIdList } from "./ids";
import type { CatalogSnapshot } from "./snapshot";

/**
 * Every read of the catalogue, answered from the in-memory catalogue (snapshot.ts): the shop's pages (catalogue
 * page, product, similar products, search, categories), recommendations, and the admin's product and category
 * lists. This module checks their input and says what a missing product is; the rules themselves (orders in
 * sort-order.ts, matching in search.ts) are the snapshot's, the same for every caller.
 */

export const PRICE_RANGE_MESSAGE = "Цена «от» не может быть больше цены «до»";
export const PRICE_INVALID_MESSAGE = "Укажите цену числом";

/**
 * A catalogue page (see CatalogSnapshot.list for the rules). `popular`: product ids by pieces sold, most first
 * (bestSellerIds), for sortOrder "popular". mainCategory: products linked to that category;
 * subCategories: products with ANY of the given tags; price bounds inclusive.
 */
export function listProducts(catalog: CatalogSnapshot, query: CatalogQuery, popular: readonly number[] = []): CatalogResponse {
  const { priceFrom, priceTo } = query;
  for (const [field, value] of [["priceFrom", priceFrom], ["priceTo", priceTo]] as const) {
    if (value !== undefined && !Number.isFinite(value)) throw badRequest(PRICE_INVALID_MESSAGE, { [field]: PRICE_INVALID_MESSAGE });
  }
  if (priceFrom !== undefined && priceTo !== undefined && priceFrom > priceTo) {
    throw badRequest(PRICE_RANGE_MESSAGE, { priceFrom: PRICE_RANGE_MESSAGE });
  }
  return catalog.list({
    mainCategory: query.mainCategory,
    tags: parseIdList(query.subCategories),
    priceFrom,
    priceTo,
    sortOrder: query.sortOrder,
    popular,
    inStock: query.inStock,
    options: parseOptionValues(query.option),
    page: query.page ?? 1,
    limit: query.limit ?? CATALOG_PAGE_SIZE,
  });
}

/** Comma-joined option values as the filter compares them: trimmed, lower case, distinct, blanks left out. */
function parseOptionValues(raw: string | undefined): string[] {
  if (!raw) return [];
  return [...new Set(raw.split(",").map((part) => part.replace(/\s+/g, " ").trim().toLowerCase()).filter(Boolean))];
}

/** The option values the catalogue's enabled variants have (of a main category, or all), for the filter. */
export function optionValues(catalog: CatalogSnapshot, query: OptionValuesQuery): OptionValues[] {
  return catalog.optionValues(query.mainCategory);
}

/** The product page and the editor's preview: images in order, categories main first, then tags by name. */
export function getProduct(catalog: CatalogSnapshot, id: number): Product {
  const product = catalog.product(id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/**
 * Up to 8 products sharing a category with the given one: its main category's first, then most tags shared, then
 * the nearest price, then newest.
 */
export function similarProducts(catalog: CatalogSnapshot, id: number, limit = SIMILAR_PRODUCTS_LIMIT): ProductCard[] {
  const products = catalog.similar(id, limit);
  if (!products) throw notFound(PRODUCT_NOT_FOUND);
  return products;
}

/** Related products are looked for among the newest this many of each cart category: bounded work per request. */
export const RELATED_PER_CATEGORY = 200;

/**
 * "Вам может понравиться": up to 8 products that are not in the cart. Related ones first (sharing categories
 * with the cart, most shared first; in a big category only its 200 newest products are candidates), then best
 * sellers (ids from best-sellers.ts), then the newest products to fill the list.
 */
export function recommendations(
  catalog: CatalogSnapshot,
  cartProductIds: readonly number[],
  bestSellers: readonly number[],
  limit = RECOMMENDATIONS_LIMIT,
): ProductCard[] {
  return catalog.recommendations(cartProductIds.filter(isDbId), bestSellers, limit, RELATED_PER_CATEGORY);
}

/** The admin's product list: newest first; q matches part of the name (any case, ё = е) or of the article. */
export function listAdminProducts(catalog: CatalogSnapshot, query: AdminProductsQuery): AdminProductsResponse {
  const page = query.page ?? 1;
  const limit = query.limit ?? ADMIN_PRODUCTS_PAGE_SIZE;
  return catalog.adminList(query.q ?? "", page, limit, query.soldOut ?? false);
}
