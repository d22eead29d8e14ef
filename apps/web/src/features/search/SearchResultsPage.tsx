import { useSearchParams } from "react-router-dom";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { SEARCH_RESULTS_LIMIT } from "@shop/shared/constants";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query";
import { usePageMeta } from "../../lib/seo";
import { ProductGrid } from "../../components/ProductGrid";
import { NothingFound } from "./NothingFound";
import { SearchForm } from "./SearchPage";
import styles from "./SearchPage.module.css";

const NONE: ProductCard[] = [];

export default function SearchResultsPage() {
  const [params] = useSearchParams();
  const query = (params.get("q") ?? "").trim();
  const results = useQuery(
    query ? `search:${query}` : null,
    async () => (await api.search(query, SEARCH_RESULTS_LIMIT)).products,
    NONE,
  );
  usePageMeta({ title: query ? `Поиск: ${query}` : "Поиск товаров", description: "Результаты поиска изделий ручной работы." });

  return (
    <div className="container">
      <div className={styles.resultsHead}>
        <h1 className={styles.resultsTitle}>
          Результаты поиска по запросу {query ? <span className={styles.query}>«{query}»</span> : null}
        </h1>
        {!results.loading && results.data.length > 0 ? <p className="muted">Найдено товаров: {results.data.length}</p> : null}
      </div>
      <div className={styles.resultsForm}>
        <SearchForm key={query} initial={query} />
      </div>
      {results.loading ? (
        <p className="loading-text" role="status">
          Идет поиск...
        </p>
      ) : (
        <ProductGrid
          products={results.data}
          label="Результаты поиска"
          variant="compact"
          empty={<NothingFound />}
        />
      )}
    </div>
  );
}
