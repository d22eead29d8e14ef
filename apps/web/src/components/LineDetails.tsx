import { formatPrice } from "@shop/shared/format";
import { shownValue } from "@shop/shared/variants";
import styles from "./LineDetails.module.css";

export interface ShownPersonalization {
  label: string;
  value: string;
  /** the extra per piece, in roubles */
  price?: number;
  /** a cart's line knows the field's kind: its gift wrap reads «Подарочная упаковка: Да», as the order's does */
  kind?: string;
}

/**
 * A line's variant ('Размер: 17, Цвет: синий') and its personalisation texts, each as the shopper typed it, shown
 * back in the cart, the checkout, the order success page and «Мои заказы» (docs/product.md#choosing-a-variant).
 */
export function LineDetails({
  variantTitle,
  personalization,
  showPrices = false,
  className,
}: {
  variantTitle?: string | null;
  personalization?: readonly ShownPersonalization[] | null;
  /** the extras' prices beside their texts (the cart; an order's piece price already includes them) */
  showPrices?: boolean;
  /** the place's own size and colour (the admin's tables) */
  className?: string;
}) {
  const entries = personalization ?? [];
  if (!variantTitle && entries.length === 0) return null;
  return (
    // spans only: the details sit inside names and list cells, where block elements may not
    <span className={`${styles.details} ${className ?? ""}`}>
      {variantTitle ? (
        <span className={styles.variant} data-testid="line-variant">
          {variantTitle}
        </span>
      ) : null}
      {entries.length > 0 ? (
        <span className={styles.texts} data-testid="line-personalization">
          {entries.map((entry, index) => (
            <span key={index} className={styles.entry}>
              <span className={styles.label}>{entry.label}:</span> <span className={styles.text}>{shownValue(entry)}</span>
              {showPrices && entry.price ? <span className={styles.extra}> +{formatPrice(entry.price)}</span> : null}
            </span>
          ))}
        </span>
      ) : null}
    </span>
  );
}
