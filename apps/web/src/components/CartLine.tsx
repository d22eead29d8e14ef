import { Link } from "react-router-dom";
import { totalsInRoubles } from "@shop/shared/pricing";
import { formatPrice } from "@shop/shared/format";
import { quantityLimit, stockProblem, type CartItem } from "../stores/cart";
import { changeCartQuantity, removeFromCart } from "../stores/shop-actions";
import { lineKey } from "../stores/cart-line";
import { TrashIcon } from "./Icons";
import { LineDetails } from "./LineDetails";
import { LineStock } from "./LineStock";
import { ProductImage } from "./ProductImage";
import { QuantityControl } from "./QuantityControl";
import styles from "./CartLine.module.css";

interface Props {
  item: CartItem;
  /**
   * `cart`: a card with the article and the price of one piece, the line's sum beside the quantity;
   * `checkout`: a compact row of «Состав заказа», the line's sum under the name.
   */
  variant: "cart" | "checkout";
}

/**
 * One line of the cart, on the cart page and in the checkout: picture and name (links to the product, at its variant),
 * the variant and the personalisation texts, its stock, the quantity (down to 1, up to what is left) and removal.
 */
export function CartLine({ item, variant }: Props) {
  const href = item.variant_id !== undefined ? `/product/${item.id}?variant=${item.variant_id}` : `/product/${item.id}`;
  const key = lineKey(item);
  const label = item.variant_title ? `${item.name} (${item.variant_title})` : item.name;
  const cart = variant === "cart";
  const sum = formatPrice(totalsInRoubles([item], 0).subtotal);
  return (
    <li
      className={`${styles.line} ${styles[variant]}`}
      data-testid={cart ? "cart-line" : "checkout-line"}
      data-stock-problem={stockProblem(item) !== null || undefined}
    >
      <Link to={href} className={styles.image} tabIndex={-1} aria-hidden="true">
        <ProductImage image={item.images[0]} alt={item.name} />
      </Link>
      <div className={styles.info}>
        <Link to={href} className={styles.name}>
          {item.name}
        </Link>
        <LineDetails variantTitle={item.variant_title} personalization={item.personalization} showPrices={cart} />
        {cart ? (
          <>
            <span className={styles.note}>Арт. {item.sku}</span>
            <span className={styles.note}>{formatPrice(item.price)} / шт.</span>
          </>
        ) : (
          <span className={styles.price}>{sum}</span>
        )}
        <LineStock item={item} />
      </div>
      <div className={styles.controls}>
        <QuantityControl
          quantity={item.quantity}
          minimum={1}
          size="sm"
          productName={label}
          maximum={quantityLimit(item)}
          onChange={(quantity) => changeCartQuantity(key, quantity)}
        />
        {cart ? (
          <span className={styles.price} data-testid="line-price">
            {sum}
          </span>
        ) : null}
        <button type="button" className={styles.remove} onClick={() => removeFromCart(key)} aria-label={`Удалить: ${label}`}>
          <TrashIcon size={20} />
        </button>
      </div>
    </li>
  );
}
