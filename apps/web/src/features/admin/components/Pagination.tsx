import buttons from "./buttons.module.css";
import styles from "./Pagination.module.css";

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}

/** 'Назад' / 'Страница X из Y' / 'Вперёд', shown only when there is more than one page. */
export function Pagination({ page, totalPages, onChange, disabled }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label="Страницы">
      <button type="button" className={buttons.ghost} disabled={disabled || page <= 1} onClick={() => onChange(page - 1)}>
        Назад
      </button>
      <span className={styles.info}>
        Страница {page} из {totalPages}
      </span>
      <button
        type="button"
        className={buttons.ghost}
        disabled={disabled || page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        Вперёд
      </button>
    </nav>
  );
}
