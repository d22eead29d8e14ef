import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { SEARCH_DEBOUNCE_MS, SEARCH_DROPDOWN_LIMIT, SEARCH_MIN_QUERY_LENGTH } from "@shop/shared/constants";
import { cardPrice } from "../../components/ProductCard";
import { api } from "../../lib/api";
import { ProductImage } from "../../components/ProductImage";
import { SearchIcon } from "../../components/Icons";
import styles from "./HeaderSearch.module.css";

/**
 * The header's live search: after 300 ms without typing and from 2 characters on, up to 5 matches (image, name,
 * price); 'Показать все результаты' opens the results page. Closes on an outside click or Escape.
 */
export function HeaderSearch() {
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<ProductCard[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const listId = useId();
  const trimmed = query.trim();

  // text typed into the server's page before the app took over: hydration leaves it in the field, the search takes it up
  useEffect(() => {
    const input = inputRef.current;
    if (!input?.value) return;
    setQuery(input.value);
    if (document.activeElement === input) setOpen(true);
  }, []);

  useEffect(() => {
    if (trimmed.length < SEARCH_MIN_QUERY_LENGTH) {
      setResults([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      api.search(trimmed, SEARCH_DROPDOWN_LIMIT, controller.signal).then(
        (response) => {
          setResults(response.products.slice(0, SEARCH_DROPDOWN_LIMIT));
          setActive(-1);
          setLoading(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error("search failed", error);
          setResults([]);
          setLoading(false);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const showAll = () => {
    if (!trimmed) return;
    setOpen(false);
    navigate(`/search-results?q=${encodeURIComponent(trimmed)}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = active >= 0 ? results[active] : undefined;
    if (chosen) {
      setOpen(false);
      navigate(`/product/${chosen.id}`);
    } else showAll();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    } else if (event.key === "ArrowDown" && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === "ArrowUp" && results.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    }
  };

  const expanded = open && query.length > 0;
  return (
    <form ref={rootRef} className={styles.search} role="search" onSubmit={onSubmit}>
      <SearchIcon size={20} className={styles.icon} />
      <input
        ref={inputRef}
        type="search"
        className={styles.input}
        placeholder="Поиск по названию или артикулу"
        aria-label="Поиск товаров"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {expanded ? (
        <div className={styles.dropdown} data-testid="search-dropdown">
          {results.length > 0 ? (
            <ul id={listId} role="listbox" className={styles.list} aria-label="Найденные товары">
              {results.map((product, index) => (
                <li key={product.id} id={`${listId}-${index}`} role="option" aria-selected={index === active}>
                  <Link
                    to={`/product/${product.id}`}
                    className={`${styles.result} ${index === active ? styles.activeResult : ""}`}
                    onClick={() => setOpen(false)}
                  >
                    <span className={styles.thumb}>
                      <ProductImage image={product.images[0]} alt="" />
                    </span>
                    <span className={styles.name}>{product.name}</span>
                    <span className={styles.price}>{cardPrice(product)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p id={listId} className={styles.empty}>
              {trimmed.length < SEARCH_MIN_QUERY_LENGTH
                ? "Введите ещё хотя бы одну букву"
                : loading
                  ? "Идет поиск..."
                  : "Товары не найдены"}
            </p>
          )}
          <button type="button" className={styles.all} onClick={showAll}>
            Показать все результаты
          </button>
        </div>
      ) : null}
    </form>
  );
}
