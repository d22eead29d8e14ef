import type { CategoryRef } from "@shop/shared/schemas/catalog";
import { onFirstUse } from "@shop/shared/on-first-use";

/**
 * The catalogue's orders, in one place: every list of categories and products the shop answers (shop pages,
 * search, similar products, recommendations, best sellers, the admin's lists) is sorted by these rules.
 *
 * - Categories: main categories first, then tags; each by name in Russian alphabetical order, then id.
 * - Products, "newest first" (the catalogue's default, the admin list, recommendations' fill, every tie below):
 *   id descending. Ids are given out in creation order; created_at is not used, so a product inserted with a
 *   back-dated created_at (an import, a seed) still sorts where its id says.
 * - Products by price: price, then id in the same direction, so paging through equal prices never repeats or
 *   skips a product.
 * - Products "new" («Новинки»): the date a product was put in the catalogue (created_at), latest first, then id
 *   descending — the one order that reads created_at, so an imported product sorts by the date it carries.
 * - Products "popular" («Популярные»): pieces sold in orders that were not cancelled (best-sellers.ts), most first;
 *   products never sold follow, newest first.
 * - Similar products: sharing the product's main category first, then most tags shared, then the nearest price,
 *   then newest.
 * - Search results within a rank: search name in code-point order (as PostgreSQL's "C" collation sorts: plain
 *   and predictable for names with digits and quotes), then id ascending.
 */

const russianCollator = onFirstUse(() => new Intl.Collator("ru"));
const byRussianName = (a: string, b: string): number => russianCollator().compare(a, b);

/** Main categories first, then tags; each by name in Russian alphabetical order, then id. */
export function compareCategories(a: CategoryRef, b: CategoryRef): number {
  return a.type === b.type ? byRussianName(a.name, b.name) || a.id - b.id : a.type === "main" ? -1 : 1;
}

/** Newest first: id descending. */
export const newestFirst = (a: { id: number }, b: { id: number }): number => b.id - a.id;

/** Price ascending, then id ascending; read backwards it is price descending, then id descending. */
export const byPriceThenId = (a: { id: number; price: number }, b: { id: number; price: number }): number => a.price - b.price || a.id - b.id;

/** Code-point order, as PostgreSQL's "C" collation sorts. */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A similar product's standing: main categories and tags it shares with the product, how far its price is. */
export interface SimilarCandidate {
  /** position in the catalogue's default order (newest first) */
  pos: number;
  main: number;
  tags: number;
  priceGap: number;
}

/** Same main category first, then most tags shared, then the nearest price, then newest. */
export const similarFirst = (a: SimilarCandidate, b: SimilarCandidate): number =>
  b.main - a.main || b.tags - a.tags || a.priceGap - b.priceGap || a.pos - b.pos;
