import { discountLabel, type RoubleTotals } from "@shop/shared/pricing";
import { formatPrice } from "@shop/shared/format";
import styles from "./TotalsList.module.css";

interface TotalsListProps {
  totals: RoubleTotals;
  /** the first line's label: 'Товары' or 'Товары (N шт.)' */
  subtotalLabel: string;
  /** the discount line also at 0 % (the checkout shows that there is none yet); otherwise only above 0 % */
  alwaysShowDiscount?: boolean;
  /** the lines' test ids are `${testIdPrefix}-subtotal`, `-discount`, `-delivery` and `-total` */
  testIdPrefix: string;
  className?: string;
  /** the delivery line is the quoted price of the chosen method, not an estimate: no '*' */
  deliveryExact?: boolean;
}

/**
 * An order's money: goods, discount, delivery (marked *, the page says it is an estimate) and the total, as the
 * checkout shows it before the order and the order page after it.
 */
export function TotalsList({ totals, subtotalLabel, alwaysShowDiscount = false, testIdPrefix, className, deliveryExact = false }: TotalsListProps) {
  const hasDiscount = totals.discount > 0;
  return (
    <dl className={className ? `${styles.list} ${className}` : styles.list}>
      <div>
        <dt>{subtotalLabel}</dt>
        <dd data-testid={`${testIdPrefix}-subtotal`}>{formatPrice(totals.subtotal)}</dd>
      </div>
      {hasDiscount || alwaysShowDiscount ? (
        <div className={hasDiscount ? styles.discount : undefined}>
          <dt>{discountLabel(totals)}</dt>
          <dd data-testid={`${testIdPrefix}-discount`}>{hasDiscount ? `−${formatPrice(totals.discount)}` : formatPrice(0)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{deliveryExact ? "Доставка" : "Доставка*"}</dt>
        <dd data-testid={`${testIdPrefix}-delivery`}>{formatPrice(totals.delivery)}</dd>
      </div>
      <div className={styles.total}>
        <dt>Итого</dt>
        <dd data-testid={`${testIdPrefix}-total`}>{formatPrice(totals.total)}</dd>
      </div>
    </dl>
  );
}
