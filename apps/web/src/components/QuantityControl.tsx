import { MAX_ITEM_QUANTITY } from "@shop/shared/constants";
import { MinusIcon, PlusIcon } from "./Icons";
import styles from "./QuantityControl.module.css";

interface Props {
  quantity: number;
  onChange(quantity: number): void;
  /** cart, checkout and product pages stop at 1; the catalogue card lets minus reach 0 (removal) */
  minimum?: 0 | 1;
  productName: string;
  size?: "sm" | "md";
  /** pieces left when the shop counts them (docs/product.md#stock): plus stops there */
  maximum?: number | null;
}

/** The minus/plus control (docs/product.md#cart-and-discounts). */
export function QuantityControl({ quantity, onChange, minimum = 1, productName, size = "md", maximum = null }: Props) {
  const limit = maximum === null ? MAX_ITEM_QUANTITY : Math.min(maximum, MAX_ITEM_QUANTITY);
  return (
    <div className={`${styles.control} ${styles[size]}`} role="group" aria-label={`Количество: ${productName}`}>
      <button
        type="button"
        className={styles.button}
        onClick={() => onChange(quantity - 1)}
        disabled={quantity <= minimum}
        aria-label="Уменьшить количество"
      >
        <MinusIcon size={18} />
      </button>
      <span className={styles.value} aria-live="polite">
        {quantity}
      </span>
      <button
        type="button"
        className={styles.button}
        onClick={() => onChange(quantity + 1)}
        disabled={quantity >= limit}
        aria-label="Увеличить количество"
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}
