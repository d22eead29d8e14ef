import type { CatalogQuery, SortOrder } from "@shop/shared/schemas/catalog";
import { CATALOG_PAGE_SIZE, PRICE_FILTER_MAX } from "@shop/shared/constants";
import { api, paths } from "../../lib/api";

/**
 * The catalogue's filters live in the URL query (same names as the API's): a filtered page can be shared and
 * survives a reload. `page` is dropped whenever another filter changes.
 */
export interface CatalogFilters {
  page: number;
  mainCategory: number | null;
  subCategories: number[];
  priceFrom: number | null;
  priceTo: number | null;
  sortOrder: SortOrder;
  /** 'Только в наличии': sold-out products hidden (docs/product.md#stock) */
  inStock: boolean;
  /** option values ('17', 'синий'): products with a variant of any of them (docs/product.md#choosing-a-variant) */
  options: string[];
}

export const SORT_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: "default", label: "По умолчанию" },
  { value: "price-asc", label: "Цена: по возрастанию" },
  { value: "price-desc", label: "Цена: по убыванию" },
  { value: "new", label: "Новинки" },
  { value: "popular", label: "Популярные" },
];

function positiveInt(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= 2147483647 ? value : null;
}

/**
 * A typed or linked price bound: a comma may stand for the decimal point; not a number, or below 0: no bound. Above
 * the API's largest bound it is that bound, which no product's price reaches either: the same products.
 */
export function parsePrice(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return null;
  const value = Number(raw.replace(",", "."));
  return Number.isFinite(value) && value >= 0 ? Math.min(value, PRICE_FILTER_MAX) : null;
}

export function filtersFromSearch(search: URLSearchParams): CatalogFilters {
  const sort = search.get("sortOrder");
  return {
    page: positiveInt(search.get("page")) ?? 1,
    mainCategory: positiveInt(search.get("mainCategory")),
    subCategories: [
      ...new Set(
        (search.get("subCategories") ?? "")
          .split(",")
          .map((part) => positiveInt(part.trim()))
          .filter((id): id is number => id !== null),
      ),
    ].sort((a, b) => a - b),
    priceFrom: parsePrice(search.get("priceFrom")),
    priceTo: parsePrice(search.get("priceTo")),
    sortOrder: SORT_OPTIONS.some((option) => option.value === sort) ? (sort as SortOrder) : "default",
    inStock: search.get("inStock") === "true",
    options: parseOptionValues(search.getAll("option")),
  };
}

/** `option=17,синий` (or the parameter repeated): the values, trimmed, each once, at most 40 characters as the shop keeps them. */
export function parseOptionValues(raw: readonly string[]): string[] {
  const values: string[] = [];
  for (const part of raw.flatMap((text) => text.split(","))) {
    const value = part.trim().slice(0, 40);
    if (value && !values.some((known) => known.toLocaleLowerCase("ru-RU") === value.toLocaleLowerCase("ru-RU"))) values.push(value);
  }
  return values;
}

export function searchFromFilters(filters: CatalogFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.mainCategory) search.set("mainCategory", String(filters.mainCategory));
  if (filters.subCategories.length) search.set("subCategories", filters.subCategories.join(","));
  if (filters.priceFrom !== null) search.set("priceFrom", String(filters.priceFrom));
  if (filters.priceTo !== null) search.set("priceTo", String(filters.priceTo));
  if (filters.sortOrder !== "default") search.set("sortOrder", filters.sortOrder);
  if (filters.inStock) search.set("inStock", "true");
  if (filters.options.length) search.set("option", filters.options.join(","));
  if (filters.page > 1) search.set("page", String(filters.page));
  return search;
}

/** Any change but the page itself starts again from page 1. */
export function changeFilters(current: CatalogFilters, change: Partial<CatalogFilters>): CatalogFilters {
  return { ...current, ...change, page: change.page ?? 1 };
}

export function hasActiveFilters(filters: CatalogFilters): boolean {
  return (
    filters.mainCategory !== null ||
    filters.subCategories.length > 0 ||
    filters.priceFrom !== null ||
    filters.priceTo !== null ||
    filters.sortOrder !== "default" ||
    filters.inStock ||
    filters.options.length > 0
  );
}

export function toCatalogQuery(filters: CatalogFilters): CatalogQuery {
  return {
    page: filters.page,
    limit: CATALOG_PAGE_SIZE,
    mainCategory: filters.mainCategory ?? undefined,
    subCategories: filters.subCategories.length ? filters.subCategories.join(",") : undefined,
    priceFrom: filters.priceFrom ?? undefined,
    priceTo: filters.priceTo ?? undefined,
    sortOrder: filters.sortOrder,
    inStock: filters.inStock || undefined,
    option: filters.options.length ? filters.options.join(",") : undefined,
  };
}

export const catalogKey = (filters: CatalogFilters) => paths.catalog(toCatalogQuery(filters));
export const CATEGORIES_KEY = paths.categories;

export const loadCatalog = (filters: CatalogFilters) => () => api.catalog(toCatalogQuery(filters));
export const loadCategories = () => api.categories();

export const optionValuesKey = (mainCategory: number | null) => paths.optionValues(mainCategory);
export const loadOptionValues = (mainCategory: number | null) => () => api.optionValues(mainCategory);
