import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { CatalogQuery, CatalogResponse, OptionValuesQuery, OptionValuesResponse, Product, ProductCardList, SearchQuery, SearchResponse } from "@shop/shared/schemas/catalog";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import { SEARCH_DROPDOWN_LIMIT } from "@shop/shared/constants";
import type { App } from "../app-type";
import { sendCatalog, sendCatalogOnce } from "../plugins/app/catalog";
import { bestSellerIds, getProduct, knownBestSellerIds, listProducts, optionValues, similarProducts } from "@shop/core/catalog";

export default async function productRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    "/api/products",
    {
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "Catalogue page",
        description:
          "Filters combine with AND. mainCategory: products linked to that category. subCategories: comma-joined " +
          "tag ids, a product matches when it has ANY of them. priceFrom/priceTo: inclusive bounds (priceFrom > priceTo " +
          "is a 400). sortOrder: default = newest first; price-asc, price-desc; new = latest put in the catalogue first " +
          "(«Новинки»); popular = most pieces sold in orders not cancelled first, never-sold products after them newest " +
          "first («Популярные», sales counted anew at most once a minute). limit defaults to 12 (max 100). A page past the end returns " +
          "an empty list with the real totalPages. option: comma-joined option values (any case), a product matches " +
          "when one of its enabled variants has any of them.",
        querystring: CatalogQuery,
        response: { 200: CatalogResponse, 400: ErrorResponse },
      },
    },
    (request, reply) => {
      if (request.query.sortOrder !== "popular") {
        return sendCatalog(request, reply, (catalog, json) => json.page(listProducts(catalog, request.query)));
      }
      // sales change between catalogue changes: the answer is worked out each time, not kept with the snapshot
      const page = (popular: readonly number[]) =>
        sendCatalogOnce(request, reply, (catalog, json) => json.page(listProducts(catalog, request.query, popular)));
      const known = knownBestSellerIds(app.db);
      if (known) return page(known);
      return bestSellerIds(app.db)
        .catch((error: unknown) => {
          request.log.warn({ err: error }, "sales unavailable: «Популярные» falls back to the newest first");
          return [];
        })
        .then(page);
    },
  );

  r.get(
    "/api/products/search",
    {
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "Search by name or article",
        description:
          "Case-insensitive, ё = е. Names starting with the query come first, then names with a word starting " +
          "with it, then other matches. limit defaults to 5 (max 50); a blank query returns no products.",
        querystring: SearchQuery,
        response: { 200: SearchResponse },
      },
    },
    (request, reply) =>
      sendCatalog(request, reply, (catalog, json) => json.search(catalog.search(request.query.q, request.query.limit ?? SEARCH_DROPDOWN_LIMIT))),
  );

  r.get(
    "/api/products/option-values",
    {
      schema: {
        tags: ["catalog"],
        summary: "The option values the catalogue's enabled variants have (of a main category, or all), for the filter",
        querystring: OptionValuesQuery,
        response: { 200: OptionValuesResponse },
      },
    },
    async (request) => optionValues(await app.catalog.current(), request.query),
  );

  r.get(
    "/api/products/:id",
    {
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "One product with images and categories",
        params: IdParams,
        response: { 200: Product, 404: ErrorResponse },
      },
    },
    (request, reply) => sendCatalog(request, reply, (catalog, json) => json.product(getProduct(catalog, request.params.id))),
  );

  r.get(
    "/api/products/:id/similar",
    {
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "Up to 8 products sharing a category: same main category first, then most tags shared, then nearest price",
        description:
          "Products sharing at least one category with the product, never the product itself nor a sold-out one. Ranked: " +
          "sharing its main category first, then by tags shared (most first), then by the price's distance from the " +
          "product's (nearest first), then newest.",
        params: IdParams,
        response: { 200: ProductCardList, 404: ErrorResponse },
      },
    },
    (request, reply) => sendCatalog(request, reply, (catalog, json) => json.cards(similarProducts(catalog, request.params.id))),
  );
}

