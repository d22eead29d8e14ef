/**
 * The canonical address of a shop page (docs/product.md#search-engines): the server writes it into the first page,
 * the web app keeps it current as the shopper moves between pages, and the sitemap lists the same addresses.
 */

/** The catalogue filtered by a main category (the web app's URL for it, catalog-filters.ts). */
export const categoryPath = (id: number) => `/?mainCategory=${id}`;

/**
 * The path alone, except that the catalogue keeps its category (each category is a page of its own in the
 * sitemap); other filters, sort order and page number are views of it.
 */
export function canonicalPath(url: string): string {
  const parsed = new URL(url, "http://shop.invalid");
  const pathname = parsed.pathname === "/catalog" ? "/" : parsed.pathname;
  const category = parsed.searchParams.get("mainCategory");
  return pathname === "/" && category && /^\d{1,10}$/.test(category) ? categoryPath(Number(category)) : pathname;
}
