import { Link } from "react-router-dom";
import type { CatalogResponse, Category } from "@shop/shared/schemas/catalog";
import { api, paths } from "../../lib/api";
import { useQuery } from "../../lib/query";
import { ProductGrid } from "../../components/ProductGrid";
import { SearchIcon } from "../../components/Icons";
import styles from "./NothingFound.module.css";

export const SUGGESTED_CATEGORIES_TITLE = "Загляните в категории";
export const SUGGESTED_PRODUCTS_TITLE = "Популярные товары";
/** a row of cards on a desktop, two rows on a phone */
const POPULAR_SHOWN = 4;

const POPULAR = { sortOrder: "popular", inStock: true, limit: POPULAR_SHOWN } as const;
const NO_CATEGORIES: Category[] = [];
const NO_PAGE: CatalogResponse = { products: [], total: 0, totalPages: 0, page: 1 };

/**
 * A search that found nothing (docs/product.md#search): the shop's words, then the main categories that have
 * products and the most popular products that can be ordered now, so the shopper goes on from here.
 */
export function NothingFound() {
  const categories = useQuery(paths.categories, () => api.categories(), NO_CATEGORIES);
  const popular = useQuery(paths.catalog(POPULAR), () => api.catalog(POPULAR), NO_PAGE);
  const mains = categories.data.filter((category) => category.type === "main" && category.product_count > 0);
  return (
    <>
      {/* a short notice, not the tall empty state: the suggestions below are the way on, on the first screen */}
      <div className={styles.notice}>
        <span className={styles.noticeIcon} aria-hidden="true">
          <SearchIcon size={22} />
        </span>
        <div>
          <p className={styles.noticeTitle}>Ничего не найдено</p>
          <p className={styles.noticeText}>По вашему запросу ничего не найдено. Попробуйте изменить запрос.</p>
        </div>
      </div>
      {mains.length > 0 ? (
        <section className={styles.section} aria-labelledby="suggested-categories" data-testid="suggested-categories">
          <h2 id="suggested-categories" className={styles.title}>
            {SUGGESTED_CATEGORIES_TITLE}
          </h2>
          <ul className={styles.chips}>
            {mains.map((category) => (
              <li key={category.id}>
                <Link to={`/?mainCategory=${category.id}`} className={styles.chip}>
                  {category.name} <span className={styles.count}>{category.product_count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {popular.loading || popular.data.products.length > 0 ? (
        <section className={styles.section} aria-labelledby="suggested-products" data-testid="suggested-products">
          <h2 id="suggested-products" className={styles.title}>
            {SUGGESTED_PRODUCTS_TITLE}
          </h2>
          <ProductGrid products={popular.data.products} loading={popular.loading} skeletons={POPULAR_SHOWN} variant="compact" label={SUGGESTED_PRODUCTS_TITLE} />
        </section>
      ) : null}
    </>
  );
}
