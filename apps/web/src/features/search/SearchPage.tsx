import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { usePageMeta } from "../../lib/seo";
import { SearchIcon } from "../../components/Icons";
import styles from "./SearchPage.module.css";

/** The search form: a non-blank query goes to /search-results?q=... */
export function SearchForm({ initial = "", autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const [query, setQuery] = useState(initial);
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    navigate(`/search-results?q=${encodeURIComponent(trimmed)}`);
  };
  return (
    <form className={styles.form} role="search" onSubmit={onSubmit}>
      <div className={styles.inputWrap}>
        <SearchIcon size={20} className={styles.icon} />
        <input
          type="search"
          className={`input ${styles.input}`}
          aria-label="Название или артикул"
          placeholder="Название или артикул"
          enterKeyHint="search"
          autoFocus={autoFocus}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Найти
      </button>
    </form>
  );
}

export default function SearchPage() {
  usePageMeta({ title: "Поиск товаров", description: "Поиск изделий ручной работы по названию или артикулу." });
  return (
    <div className={`container ${styles.page}`}>
      <h1 className="page-title">Поиск товаров</h1>
      <p className={styles.hint}>Введите название товара или его артикул — например, «ваза» или «HM-000001».</p>
      <SearchForm autoFocus />
    </div>
  );
}
