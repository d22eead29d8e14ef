import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { Product } from "@shop/shared/schemas/catalog";
import { ADMIN_PRODUCTS_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from "@shop/shared/constants";
import { formatAdminPrice } from "@shop/shared/format";
import { cardImageUrl } from "@shop/shared/images";
import { deleteProduct, fetchAdminProducts } from "../api/catalog";
import { ApiError } from "../api/client";
import { EditIcon, FolderIcon, SearchIcon, TagIcon, TrashIcon } from "../components/icons";
import { Pagination } from "../components/Pagination";
import { useToast } from "../components/Toast";
import { endSession } from "../session";
import { StockCell } from "./StockCell";
import { BulkBar } from "../back-office/BulkBar";
import { isAbort, logFailure } from "../utils";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import layout from "../components/layout.module.css";
import pills from "../components/pills.module.css";
import table from "../components/table.module.css";
import text from "../components/text.module.css";
import styles from "./ProductsTable.module.css";

interface Props {
  /** changes when categories were renamed or removed, so the pills are reloaded */
  reloadKey: number;
  onChanged: () => void;
}

/** Deleting a product: the texts for each way it can fail (docs/product.md#admin-errors). */
export async function deleteProductWithMessages(id: number): Promise<boolean> {
  try {
    await deleteProduct(id);
    return true;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.isAuthError) {
        window.alert("Ваша сессия истекла или недостаточно прав. Пожалуйста, войдите снова.");
        endSession();
      } else {
        window.alert(`Ошибка удаления: ${error.serverMessage ?? "Неизвестная ошибка удаления"}`);
      }
    } else {
      logFailure("product delete failed", error);
      window.alert("Произошла сетевая ошибка при удалении.");
    }
    return false;
  }
}

function CategoryPills({ product }: { product: Product }) {
  if (product.categories.length === 0) return <span className={text.muted}>Нет категорий</span>;
  // the main category first, then the tags
  const sorted = [...product.categories].sort((a, b) => (a.type === b.type ? 0 : a.type === "main" ? -1 : 1));
  return (
    <span className={styles.pills}>
      {sorted.map((category) => (
        <span key={category.id} className={pills[category.type]}>
          {category.type === "main" ? <FolderIcon size={12} /> : <TagIcon size={12} />}
          {category.name}
        </span>
      ))}
    </span>
  );
}

export default function ProductsTable({ reloadKey, onChanged }: Props) {
  const showToast = useToast();
  const [products, setProducts] = useState<Product[]>([]);
  const [total, setTotal] = useState(0);
  const [totalPages, setTotalPages] = useState(1);
  const [page, setPage] = useState(1);
  const [queryInput, setQueryInput] = useState("");
  const [query, setQuery] = useState("");
  const [soldOutOnly, setSoldOutOnly] = useState(false);
  const [loading, setLoading] = useState(true);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  /** the products chosen for a bulk action (docs/admin-panel.md#bulk-actions), kept across pages */
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const tableRef = useRef<HTMLDivElement>(null);

  // typing filters after a pause, and a new filter starts from page 1
  useEffect(() => {
    const next = queryInput.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      setQuery(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [queryInput, query]);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchAdminProducts(
      { page, limit: ADMIN_PRODUCTS_PAGE_SIZE, q: query || undefined, soldOut: soldOutOnly ? "true" : undefined },
      controller.signal,
    )
      .then((result) => {
        setProducts(result.products);
        setTotal(result.total);
        setTotalPages(Math.max(1, result.totalPages));
        // the last page can disappear after deletions
        if (result.totalPages > 0 && page > result.totalPages) setPage(result.totalPages);
        setLoading(false);
      })
      .catch((error) => {
        if (isAbort(error)) return;
        // 401/403 already ended the session; anything else is only logged
        logFailure("admin products failed to load", error);
        setLoading(false);
      });
    return () => controller.abort();
  }, [page, query, soldOutOnly, reloadKey, version]);

  const changePage = useCallback((next: number) => {
    setPage(next);
    tableRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, []);

  async function remove(product: Product) {
    if (!window.confirm("Вы уверены?")) return;
    setDeletingId(product.id);
    const deleted = await deleteProductWithMessages(product.id);
    setDeletingId(null);
    if (!deleted) return;
    setProducts((list) => list.filter((item) => item.id !== product.id));
    setTotal((count) => Math.max(0, count - 1));
    showToast("Товар удален!");
    onChanged();
    // refill the page from the server so it stays full
    setVersion((v) => v + 1);
  }

  const pageSelected = products.length > 0 && products.every((product) => selected.has(product.id));
  function toggleOne(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  function togglePage(on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const product of products) {
        if (on) next.add(product.id);
        else next.delete(product.id);
      }
      return next;
    });
  }

  return (
    <section className={card.card} aria-labelledby="adm-products-title" ref={tableRef}>
      <div className={card.head}>
        <h2 id="adm-products-title" className={card.title}>
          Список товаров {!loading && <span className={styles.badge}>{total}</span>}
        </h2>
        <label className={styles.search}>
          <SearchIcon />
          <input
            className={styles.searchInput}
            type="search"
            placeholder="Поиск по названию или артикулу"
            aria-label="Поиск по названию или артикулу"
            value={queryInput}
            onChange={(e) => setQueryInput(e.target.value)}
          />
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={soldOutOnly}
            onChange={(e) => {
              setSoldOutOnly(e.target.checked);
              setPage(1);
            }}
          />
          Только распроданные
        </label>
      </div>

      {selected.size > 0 && (
        <BulkBar
          ids={[...selected]}
          onClear={() => setSelected(new Set())}
          onDone={() => {
            setSelected(new Set());
            setVersion((v) => v + 1);
            onChanged();
          }}
        />
      )}

      {!loading && products.length === 0 ? (
        <p className={text.empty}>{query || soldOutOnly ? "По вашему запросу товаров не найдено." : "Товаров пока нет."}</p>
      ) : (
        <div className={`${table.wrap} ${loading ? table.loading : ""}`}>
          <table className={`${table.table} ${table.cards} ${styles.table}`} data-testid="products-table">
            <thead>
              <tr>
                <th className={styles.selectCol}>
                  <input type="checkbox" aria-label="Выбрать все товары на странице" checked={pageSelected} onChange={(e) => togglePage(e.target.checked)} />
                </th>
                <th>Фото</th>
                <th>ID</th>
                <th>Название</th>
                <th>Категории</th>
                <th className={table.num}>Цена</th>
                <th>Остаток</th>
                <th className={styles.actionsCol}>Действия</th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => {
                const image = product.images[0]?.image_url;
                return (
                  <tr key={product.id} className={product.hidden ? styles.draftRow : undefined} data-product={product.id}>
                    <td className={styles.selectCell}>
                      <input
                        type="checkbox"
                        aria-label={`Выбрать «${product.name}»`}
                        checked={selected.has(product.id)}
                        onChange={(e) => toggleOne(product.id, e.target.checked)}
                      />
                    </td>
                    <td data-label="Фото" className={styles.photoCell}>
                      {image ? (
                        <img className={table.thumb} src={cardImageUrl(image)} alt={product.name} loading="lazy" width={48} height={48} />
                      ) : (
                        <span className={`${table.thumb} ${table.thumbEmpty}`}>Нет фото</span>
                      )}
                    </td>
                    <td data-label="ID" className={styles.idCell}>
                      {product.id}
                    </td>
                    <td data-label="Название" className={styles.nameCell}>
                      <span className={styles.name}>
                        {product.name}
                        {product.hidden && (
                          <span className={styles.draftBadge} title="Скрыт от покупателей">
                            Черновик
                          </span>
                        )}
                      </span>
                      <span className={`${text.muted} ${table.sku}`}>Арт. {product.sku}</span>
                    </td>
                    <td data-label="Категории">
                      <CategoryPills product={product} />
                    </td>
                    <td data-label="Цена" className={`${table.num} ${styles.priceCell}`}>
                      {formatAdminPrice(product.price)}
                    </td>
                    <td data-label="Остаток" className={styles.stockCell}>
                      <StockCell
                        product={product}
                        onProduct={(next) => setProducts((list) => list.map((item) => (item.id === next.id ? next : item)))}
                      />
                    </td>
                    <td className={styles.actionsCell}>
                      <Link className={buttons.icon} to={`/admin/product/edit/${product.id}`} aria-label={`Редактировать «${product.name}»`} title="Редактировать">
                        <EditIcon />
                      </Link>
                      <button
                        type="button"
                        className={buttons.danger}
                        aria-label={`Удалить «${product.name}»`}
                        title="Удалить"
                        disabled={deletingId === product.id}
                        onClick={() => void remove(product)}
                      >
                        <TrashIcon />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {loading && products.length === 0 && <p className={`${text.muted} ${layout.pad}`}>Загрузка товаров...</p>}
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} onChange={changePage} disabled={loading} />
    </section>
  );
}
