import type { Category } from "@shop/shared/schemas/catalog";
import { formatPrice } from "@shop/shared/format";
import { CloseIcon } from "../../components/Icons";
import type { CatalogFilters } from "./catalog-filters";
import styles from "./ActiveFilters.module.css";

/** The price chip: 'Цена: 100.00 руб. – 5 000.00 руб.', 'Цена: от 100.00 руб.' or 'Цена: до 5 000.00 руб.' */
export function priceRangeLabel(from: number | null, to: number | null): string {
  if (from !== null && to !== null) return `Цена: ${formatPrice(from)} – ${formatPrice(to)}`;
  return from !== null ? `Цена: от ${formatPrice(from)}` : `Цена: до ${formatPrice(to ?? 0)}`;
}

/**
 * The active tags, option values and price range as chips above the grid (docs/product.md#catalogue): each chip removes its filter,
 * 'Сбросить' removes them all. Nothing when no tag or price is chosen (the heading names the category).
 */
export function ActiveFilters({
  filters,
  categories,
  onChange,
  onReset,
}: {
  filters: CatalogFilters;
  categories: Category[];
  onChange(change: Partial<CatalogFilters>): void;
  onReset(): void;
}) {
  const tags = filters.subCategories
    .map((id) => categories.find((category) => category.id === id))
    .filter((tag): tag is Category => tag !== undefined);
  const hasPrice = filters.priceFrom !== null || filters.priceTo !== null;
  if (tags.length === 0 && !hasPrice && filters.options.length === 0) return null;
  const price = priceRangeLabel(filters.priceFrom, filters.priceTo);
  return (
    <ul className={styles.chips} aria-label="Выбранные фильтры">
      {tags.map((tag) => (
        <li key={tag.id}>
          <button
            type="button"
            className={styles.chip}
            aria-label={`Убрать фильтр «${tag.name}»`}
            onClick={() => onChange({ subCategories: filters.subCategories.filter((id) => id !== tag.id) })}
          >
            {tag.name}
            <CloseIcon size={16} />
          </button>
        </li>
      ))}
      {filters.options.map((value) => (
        <li key={`option-${value}`}>
          <button
            type="button"
            className={styles.chip}
            aria-label={`Убрать фильтр «${value}»`}
            onClick={() => onChange({ options: filters.options.filter((chosen) => chosen !== value) })}
          >
            {value}
            <CloseIcon size={16} />
          </button>
        </li>
      ))}
      {hasPrice ? (
        <li>
          <button
            type="button"
            className={styles.chip}
            aria-label={`Убрать фильтр «${price}»`}
            onClick={() => onChange({ priceFrom: null, priceTo: null })}
          >
            {price}
            <CloseIcon size={16} />
          </button>
        </li>
      ) : null}
      <li>
        <button type="button" className={styles.reset} onClick={onReset}>
          Сбросить
        </button>
      </li>
    </ul>
  );
}
