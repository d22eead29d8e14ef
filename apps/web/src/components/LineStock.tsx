import { SOLD_OUT_TEXT, availabilityOf } from "@shop/shared/stock";
import { stockProblem, type CartItem } from "../stores/cart";
import { Availability } from "./Availability";
import styles from "./Availability.module.css";

/**
 * A cart or checkout line's stock (docs/product.md#stock): what to change when the line cannot be ordered as it
 * is, the cap once its quantity reaches the pieces left, else the availability line.
 */
export function LineStock({ item }: { item: CartItem }) {
  const problem = stockProblem(item);
  if (problem !== null) {
    return (
      <p className={`${styles.line} ${styles["sold-out"]}`} data-testid="line-stock-problem">
        {problem === SOLD_OUT_TEXT ? `${SOLD_OUT_TEXT} — удалите товар из заказа` : `${problem} — уменьшите количество`}
      </p>
    );
  }
  const { maxQuantity } = availabilityOf(item);
  if (maxQuantity !== null && item.quantity >= maxQuantity) {
    return (
      <p className={`${styles.line} ${styles["few-left"]}`} data-testid="line-stock-cap">
        В наличии всего {maxQuantity} шт.
      </p>
    );
  }
  return <Availability product={item} />;
}
