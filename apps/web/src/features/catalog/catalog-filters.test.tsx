import { describe, expect, it } from "vitest";
import { PRICE_FILTER_MAX } from "@shop/shared/constants";
import { SORT_OPTIONS, changeFilters, filtersFromSearch, parsePrice, searchFromFilters, toCatalogQuery } from "./catalog-filters";

describe("catalogue filters in the URL", () => {
  it("reads every filter and writes it back unchanged", () => {
    const search = new URLSearchParams("mainCategory=3&subCategories=7,5&priceFrom=100&priceTo=2500.5&sortOrder=price-desc&inStock=true&page=2");
    const filters = filtersFromSearch(search);
    expect(filters).toEqual({ page: 2, mainCategory: 3, subCategories: [5, 7], priceFrom: 100, priceTo: 2500.5, sortOrder: "price-desc", inStock: true, options: [] });
    expect(searchFromFilters(filters).toString()).toBe(
      "mainCategory=3&subCategories=5%2C7&priceFrom=100&priceTo=2500.5&sortOrder=price-desc&inStock=true&page=2",
    );
    expect(toCatalogQuery(filters)).toEqual({
      page: 2,
      limit: 12,
      mainCategory: 3,
      subCategories: "5,7",
      priceFrom: 100,
      priceTo: 2500.5,
      sortOrder: "price-desc",
      inStock: true,
    });
  });

  it("sorts by the spec's orders with their Russian names, then «Новинки» and «Популярные», each kept in the address", () => {
    expect(SORT_OPTIONS).toEqual([
      { value: "default", label: "По умолчанию" },
      { value: "price-asc", label: "Цена: по возрастанию" },
      { value: "price-desc", label: "Цена: по убыванию" },
      { value: "new", label: "Новинки" },
      { value: "popular", label: "Популярные" },
    ]);
    for (const sortOrder of ["new", "popular"] as const) {
      const filters = filtersFromSearch(new URLSearchParams(`sortOrder=${sortOrder}`));
      expect(filters.sortOrder).toBe(sortOrder);
      expect(searchFromFilters(filters).toString()).toBe(`sortOrder=${sortOrder}`);
      expect(toCatalogQuery(filters).sortOrder).toBe(sortOrder);
    }
  });

  it("ignores values a hand-edited or old link may carry", () => {
    const filters = filtersFromSearch(new URLSearchParams("mainCategory=abc&subCategories=1,x,,1&priceFrom=-5&sortOrder=name&inStock=1&page=0"));
    expect(filters).toEqual({ page: 1, mainCategory: null, subCategories: [1], priceFrom: null, priceTo: null, sortOrder: "default", inStock: false, options: [] });
    expect(searchFromFilters(filters).toString()).toBe("subCategories=1");
  });

  it("reads a price bound above the API's largest as that bound: the same products, and a request the API takes", () => {
    const filters = filtersFromSearch(new URLSearchParams("priceFrom=5000000000&priceTo=1e12"));
    expect(filters.priceFrom).toBe(PRICE_FILTER_MAX);
    expect(filters.priceTo).toBe(PRICE_FILTER_MAX);
    expect(toCatalogQuery(filters)).toMatchObject({ priceFrom: PRICE_FILTER_MAX, priceTo: PRICE_FILTER_MAX });
    expect(parsePrice("999,5")).toBe(999.5);
    expect(parsePrice("1e400")).toBeNull();
  });

  it("keeps option values in the address like the other filters: comma-joined, each once, trimmed", () => {
    const filters = filtersFromSearch(new URLSearchParams("mainCategory=2&option=17, синий,Синий&option=18"));
    expect(filters.options).toEqual(["17", "синий", "18"]);
    expect(searchFromFilters(filters).toString()).toBe("mainCategory=2&option=17%2C%D1%81%D0%B8%D0%BD%D0%B8%D0%B9%2C18");
    expect(toCatalogQuery(filters)).toMatchObject({ mainCategory: 2, option: "17,синий,18" });
    expect(changeFilters({ ...filters, page: 3 }, { options: ["17"] })).toMatchObject({ page: 1, options: ["17"] });
  });

  it("goes back to page 1 whenever another filter changes", () => {
    const onPage3 = filtersFromSearch(new URLSearchParams("mainCategory=2&page=3"));
    expect(changeFilters(onPage3, { sortOrder: "price-asc" }).page).toBe(1);
    expect(changeFilters(onPage3, { subCategories: [4] }).page).toBe(1);
    expect(changeFilters(onPage3, { priceTo: 900 }).page).toBe(1);
    expect(changeFilters(onPage3, { page: 4 }).page).toBe(4);
  });
});
