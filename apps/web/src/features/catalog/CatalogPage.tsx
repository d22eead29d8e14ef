import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { CatalogResponse, Category } from "@shop/shared/schemas/catalog";
import { CATALOG_PAGE_SIZE } from "@shop/shared/constants";
import { peek, useQuery } from "../../lib/query";
import type { OptionValueGroup } from "../../lib/api";
import { usePageMeta } from "../../lib/seo";
import { ProductGrid } from "../../components/ProductGrid";
import { EmptyState } from "../../components/EmptyState";
import { FilterIcon, SearchIcon } from "../../components/Icons";
import {
  CATEGORIES_KEY,
  SORT_OPTIONS,
  catalogKey,
  changeFilters,
  filtersFromSearch,
  hasActiveFilters,
  loadCatalog,
  loadCategories,
  loadOptionValues,
  optionValuesKey,
  searchFromFilters,
  type CatalogFilters,
} from "./catalog-filters";
import { FilterPanel } from "./FilterPanel";
import { Pagination } from "./Pagination";
import { ActiveFilters } from "./ActiveFilters";
import styles from "./CatalogPage.module.css";

const EMPTY_CATALOG: CatalogResponse = { products: [], totalPages: 0, total: 0, page: 1 };
const NO_CATEGORIES: Category[] = [];
const NO_OPTION_GROUPS: OptionValueGroup[] = [];

export default function CatalogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const [panelOpen, setPanelOpen] = useState(false);

  const catalog = useQuery(catalogKey(filters), loadCatalog(filters), EMPTY_CATALOG);
  const categories = useQuery(CATEGORIES_KEY, loadCategories, NO_CATEGORIES);
  // the option values are asked for once the shopper turns to the filters (or the address has some, or the server
  // embedded them): the catalogue's first load stays the page's own data alone
  const [filtersInUse, setFiltersInUse] = useState(false);
  const optionsKey = optionValuesKey(filters.mainCategory);
  const optionsWanted = filtersInUse || panelOpen || filters.options.length > 0 || peek(optionsKey) !== undefined;
  const optionGroups = useQuery(optionsWanted ? optionsKey : null, loadOptionValues(filters.mainCategory), NO_OPTION_GROUPS);
  const onFiltersInUse = useCallback(() => setFiltersInUse(true), []);

  // rendered at once rather than as a transition: a tick or a chip answers the tap without a frame of the old state,
  // and the next change (a typed price when its pause ends) starts from these filters, never from the ones before
  const apply = useCallback(
    (next: CatalogFilters, replace = false) =>
      setSearchParams(searchFromFilters(next), { preventScrollReset: true, replace, flushSync: true }),
    [setSearchParams],
  );
  const onChange = (change: Partial<CatalogFilters>, options?: { replace?: boolean }) =>
    apply(changeFilters(filters, change), options?.replace);
  const onReset = () => {
    apply(changeFilters(filters, { mainCategory: null, subCategories: [], priceFrom: null, priceTo: null, sortOrder: "default", inStock: false, options: [] }));
    setPanelOpen(false);
  };
  const closePanel = useCallback(() => setPanelOpen(false), []);
  const goToPage = (page: number) => {
    apply({ ...filters, page });
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  const category = categories.data.find((item) => item.id === filters.mainCategory);
  const heading = category?.name ?? "Все товары";
  const activeCount =
    (filters.mainCategory ? 1 : 0) +
    filters.subCategories.length +
    filters.options.length +
    (filters.priceFrom !== null || filters.priceTo !== null ? 1 : 0);

  usePageMeta({
    title: category ? `${category.name} ручной работы` : "Каталог изделий ручной работы",
    description: category
      ? `${category.name}: изделия ручной работы от небольших мастерских. Выбирайте, добавляйте в корзину и оформляйте заказ онлайн.`
      : "Каталог изделий ручной работы и декора для дома: керамика, текстиль, свечи, дерево. Скидки до 13% и доставка по России.",
  });

  const { totalPages, total } = catalog.data;
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.layout}>
        <FilterPanel
          filters={filters}
          categories={categories.data}
          categoriesLoading={categories.loading}
          optionGroups={optionGroups.data}
          onInUse={onFiltersInUse}
          onChange={onChange}
          onReset={onReset}
          open={panelOpen}
          onClose={closePanel}
          resultCount={catalog.loading ? null : total}
        />

        <section className={styles.main} aria-labelledby="catalog-heading">
          <div className={styles.header}>
            <div>
              <h1 id="catalog-heading" className={styles.title}>
                {heading}
              </h1>
              <p className={styles.subtitle} aria-live="polite">
                {catalog.loading ? "\u00a0" : `Найдено товаров: ${total}`}
                {!catalog.loading && totalPages > 1 ? (
                  <span className={styles.pageOf} data-testid="catalog-page-top">
                    {" · "}Страница {filters.page} из {totalPages}
                  </span>
                ) : null}
              </p>
            </div>
            <div className={styles.toolbar}>
              <button
                type="button"
                className={`btn btn-secondary ${styles.filterButton}`}
                onClick={() => setPanelOpen(true)}
                aria-expanded={panelOpen}
                aria-controls="catalog-filters"
              >
                <FilterIcon size={18} />
                Фильтры
                {activeCount > 0 ? <span className={styles.activeCount}>{activeCount}</span> : null}
              </button>
              <label className={styles.sort}>
                <span className="visually-hidden">Сортировка</span>
                <select
                  className={`input ${styles.sortSelect}`}
                  value={filters.sortOrder}
                  aria-label="Сортировка"
                  onChange={(event) => onChange({ sortOrder: event.target.value as CatalogFilters["sortOrder"] })}
                >
                  {SORT_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </div>

          {/* the cards' names are h3: the heading levels go 1, 2, 3 for screen readers */}
          <h2 className="visually-hidden">Список товаров</h2>
          <ActiveFilters filters={filters} categories={categories.data} onChange={onChange} onReset={onReset} />

          <ProductGrid
            products={catalog.data.products}
            loading={catalog.loading}
            skeletons={CATALOG_PAGE_SIZE}
            priorityCount={4}
            label="Товары"
            empty={
              <EmptyState title="Товары не найдены" icon={<SearchIcon size={30} />}>
                {hasActiveFilters(filters) ? (
                  <>
                    <span>Попробуйте изменить условия поиска.</span>
                    <button type="button" className="btn btn-secondary" onClick={onReset}>
                      Сбросить фильтры
                    </button>
                  </>
                ) : null}
              </EmptyState>
            }
          />

          {!catalog.loading && totalPages > 1 ? (
            <Pagination page={filters.page} totalPages={totalPages} onPage={goToPage} />
          ) : null}
        </section>
      </div>
    </div>
  );
}
