import { useEffect, useState, type RefObject } from "react";
import { Link } from "react-router-dom";
import type { Product } from "@shop/shared/schemas/catalog";
import { formatPrice } from "@shop/shared/format";
import { SOLD_OUT_TEXT, availabilityOf } from "@shop/shared/stock";
import { QuantityControl } from "../../components/QuantityControl";
import { quantityLimit } from "../../stores/cart";
import { addToCart, changeCartQuantity } from "../../stores/shop-actions";
import styles from "./BuyBar.module.css";

/**
 * The phone's buy bar (docs/product.md#product-page): the price and 'Добавить в корзину' ('Нет в наличии' when sold
 * out; the quantity and a link to the cart once it is in the cart) fixed above the bottom navigation, shown once the
 * page's own buttons (`actionsRef`) have scrolled up out of sight. Desktops never show it: the product's column stays in view there.
 */
export function BuyBar({
  product,
  quantity,
  actionsRef,
  flyFrom,
}: {
  product: Product;
  quantity: number;
  actionsRef: RefObject<HTMLElement | null>;
  flyFrom: RefObject<HTMLElement | null>;
}) {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const actions = actionsRef.current;
    if (!actions || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      // only above the screen: below it (a long name on a short phone) the buttons are still to come
      if (entry) setShown(!entry.isIntersecting && entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? 0) + 1);
    });
    observer.observe(actions);
    return () => observer.disconnect();
  }, [actionsRef]);

  return (
    <div className={`${styles.bar} ${shown ? styles.shown : ""}`} data-testid="buy-bar" aria-hidden={!shown} inert={!shown}>
      <p className={styles.price}>{formatPrice(product.price)}</p>
      {quantity > 0 ? (
        <div className={styles.inCart}>
          <QuantityControl
            quantity={quantity}
            minimum={1}
            productName={product.name}
            maximum={quantityLimit(product)}
            onChange={(next) => changeCartQuantity(product.id, next)}
          />
          <Link to="/cart" className="btn btn-secondary">
            В корзине
          </Link>
        </div>
      ) : availabilityOf(product).orderable ? (
        <button type="button" className={`btn btn-primary ${styles.button}`} onClick={() => addToCart(product, flyFrom.current)}>
          Добавить в корзину
        </button>
      ) : (
        <button type="button" className={`btn btn-secondary ${styles.button}`} disabled>
          {SOLD_OUT_TEXT}
        </button>
      )}
    </div>
  );
}
