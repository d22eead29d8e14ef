import { availabilityOf, type StockFields } from "@shop/shared/stock";
import styles from "./Availability.module.css";

interface Props {
  product: StockFields;
  className?: string;
}

/**
 * The availability line (docs/product.md#stock): 'Осталось N шт.', 'Под заказ: N дн.' or 'Нет в наличии';
 * nothing when the product is simply in stock.
 */
export function Availability({ product, className }: Props) {
  const availability = availabilityOf(product);
  if (availability.label === null) return null;
  return (
    <p className={`${styles.line} ${styles[availability.kind]} ${className ?? ""}`} data-testid="availability" data-kind={availability.kind}>
      {availability.label}
    </p>
  );
}
