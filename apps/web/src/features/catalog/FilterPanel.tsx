import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { Category } from "@shop/shared/schemas/catalog";
import { ONLY_IN_STOCK_TEXT } from "@shop/shared/stock";
import { CloseIcon } from "../../components/Icons";
import type { OptionValueGroup } from "../../lib/api";
import { parsePrice, type CatalogFilters } from "./catalog-filters";
import styles from "./FilterPanel.module.css";

interface Props {
  filters: CatalogFilters;
  categories: Category[];
  categoriesLoading: boolean;
  /** the option values products of the chosen main category have ('Размер': 15, 16, 17) */
  optionGroups: readonly OptionValueGroup[];
  /** the pointer or the focus came to the panel: what it loads on demand may come now */
  onInUse(): void;
  onChange(change: Partial<CatalogFilters>, options?: { replace?: boolean }): void;
  onReset(): void;
  /** mobile: the panel slides in over the page */
  open: boolean;
  onClose(): void;
  resultCount: number | null;
}

const PRICE_DEBOUNCE_MS = 600;

function priceText(value: number | null): string {
  return value === null ? "" : String(value);
}

/**
 * A price field: what the shopper types is a draft, applied after a pause in typing, on Enter or on leaving the
 * field. When the filter changes elsewhere (a chip, 'Сбросить', the back button) the draft is dropped in the same
 * render, so a pending pause can never apply a typed price over filters that have changed since.
 */
function PriceInput({ label, value, onCommit }: { label: string; value: number | null; onCommit(value: number | null): void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(null);
  }
  const commit = () => {
    if (draft === null) return;
    const blank = draft.trim() === "";
    const parsed = blank ? null : parsePrice(draft);
    const valid = blank || parsed !== null;
    // the draft stays on screen until the filter comes back as the field's value, which drops it
    if (valid && parsed !== value) onCommit(parsed);
    else setDraft(null);
  };
  // the latest draft and filters, whenever the pause ends
  const commitAfterPause = useEffectEvent(commit);
  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(commitAfterPause, PRICE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  return (
    <input
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
      className={`input ${styles.priceInput}`}
      placeholder={label === "Цена от" ? "от" : "до"}
      aria-label={label}
      value={draft ?? priceText(value)}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit();
      }}
    />
  );
}

/**
 * 'Фильтры': categories with counts ('Все товары' is the sum of the main categories), price from/to (before the tags,
 * so the desktop sidebar shows it on the first screen), tags as checkboxes (only when there are tags), 'Только в
 * наличии', 'Сбросить'. A sidebar on desktop, a slide-in panel on mobile.
 */
export function FilterPanel({ filters, categories, categoriesLoading, optionGroups, onInUse, onChange, onReset, open, onClose, resultCount }: Props) {
  const mains = categories.filter((category) => category.type === "main");
  const tags = categories.filter((category) => category.type === "sub");
  const total = mains.reduce((sum, category) => sum + category.product_count, 0);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);

  const toggleTag = (id: number) => {
    const next = filters.subCategories.includes(id)
      ? filters.subCategories.filter((tag) => tag !== id)
      : [...filters.subCategories, id].sort((a, b) => a - b);
    onChange({ subCategories: next });
  };

  const isChosen = (value: string) => filters.options.some((chosen) => chosen.toLocaleLowerCase("ru-RU") === value.toLocaleLowerCase("ru-RU"));
  const toggleOption = (value: string) =>
    onChange({
      options: isChosen(value)
        ? filters.options.filter((chosen) => chosen.toLocaleLowerCase("ru-RU") !== value.toLocaleLowerCase("ru-RU"))
        : [...filters.options, value],
    });

  return (
    <>
      <div className={`${styles.backdrop} ${open ? styles.backdropOpen : ""}`} onClick={onClose} aria-hidden="true" />
      <aside
        className={`${styles.panel} ${open ? styles.open : ""}`}
        aria-label="Фильтры"
        id="catalog-filters"
        data-testid="filter-panel"
        onPointerEnter={onInUse}
        onFocus={onInUse}
      >
        <div className={styles.head}>
          <h2 className={styles.title}>Фильтры</h2>
          <button type="button" className={styles.reset} onClick={onReset}>
            Сбросить
          </button>
          <button type="button" ref={closeRef} className={styles.close} onClick={onClose} aria-label="Закрыть фильтры">
            <CloseIcon />
          </button>
        </div>

        <div className={styles.scroll}>
          <section className={styles.section} aria-labelledby="filter-categories">
            <h3 id="filter-categories" className={styles.sectionTitle}>
              Категории
            </h3>
            {categoriesLoading ? (
              <div className={styles.skeletonList} aria-hidden="true">
                {[0, 1, 2, 3].map((index) => (
                  <div key={index} className={`${styles.skeletonRow} shimmer`} />
                ))}
              </div>
            ) : (
              <ul className={styles.categoryList}>
                <li>
                  <button
                    type="button"
                    className={styles.category}
                    aria-pressed={filters.mainCategory === null}
                    onClick={() => onChange({ mainCategory: null })}
                  >
                    <span>Все товары</span>
                    <span className={styles.count}>{total}</span>
                  </button>
                </li>
                {mains.map((category) => (
                  <li key={category.id}>
                    <button
                      type="button"
                      className={styles.category}
                      aria-pressed={filters.mainCategory === category.id}
                      onClick={() => onChange({ mainCategory: category.id })}
                    >
                      <span>{category.name}</span>
                      <span className={styles.count}>{category.product_count}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className={styles.section} aria-labelledby="filter-price">
            <h3 id="filter-price" className={styles.sectionTitle}>
              Цена, руб.
            </h3>
            <div className={styles.priceRow}>
              <PriceInput label="Цена от" value={filters.priceFrom} onCommit={(priceFrom) => onChange({ priceFrom }, { replace: true })} />
              <span className={styles.dash} aria-hidden="true">
                —
              </span>
              <PriceInput label="Цена до" value={filters.priceTo} onCommit={(priceTo) => onChange({ priceTo }, { replace: true })} />
            </div>
          </section>

          {tags.length > 0 ? (
            <section className={styles.section} aria-labelledby="filter-tags">
              <h3 id="filter-tags" className={styles.sectionTitle}>
                Теги
              </h3>
              <ul className={styles.tagList}>
                {tags.map((tag) => (
                  <li key={tag.id}>
                    <label className={styles.tag}>
                      <input
                        type="checkbox"
                        checked={filters.subCategories.includes(tag.id)}
                        onChange={() => toggleTag(tag.id)}
                      />
                      <span className={styles.tagName}>{tag.name}</span>
                      <span className={styles.count}>{tag.product_count}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className={styles.section} aria-label="Наличие">
            <label className={styles.tag}>
              <input type="checkbox" checked={filters.inStock} onChange={() => onChange({ inStock: !filters.inStock })} />
              <span className={styles.tagName}>{ONLY_IN_STOCK_TEXT}</span>
            </label>
          </section>

          {/* after everything else: the values arrive after the first paint and push nothing down */}
          {optionGroups.map((group, index) => (
            <section key={group.name} className={styles.section} aria-labelledby={`filter-option-${index}`} data-testid="filter-option">
              <h3 id={`filter-option-${index}`} className={styles.sectionTitle}>
                {group.name}
              </h3>
              <ul className={styles.valueList}>
                {group.values.map((value) => (
                  <li key={value}>
                    <button
                      type="button"
                      className={styles.value}
                      aria-pressed={isChosen(value)}
                      aria-label={`${group.name}: ${value}`}
                      onClick={() => toggleOption(value)}
                    >
                      {value}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>

        <div className={styles.foot}>
          <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
            {resultCount === null ? "Показать товары" : `Показать товары (${resultCount})`}
          </button>
        </div>
      </aside>
    </>
  );
}
