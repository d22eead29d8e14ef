import { ChevronLeftIcon, ChevronRightIcon } from "../../components/Icons";
import styles from "./Pagination.module.css";

/** 'Назад' / 'Страница X из Y' / 'Вперёд'; the page shows it only with more than one page. */
export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage(page: number): void }) {
  return (
    <nav className={styles.pagination} aria-label="Страницы каталога">
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon size={18} />
        Назад
      </button>
      <span className={styles.status} aria-current="page">
        Страница {page} из {totalPages}
      </span>
      <button type="button" className="btn btn-secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Вперёд
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
