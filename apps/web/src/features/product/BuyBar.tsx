import { useEffect, useState, type RefObject } from "react";
import { Link } from "react-router-dom";
import { SOLD_OUT_TEXT, availabilityOf, type StockFields } from "@shop/shared/stock";
import { QuantityControl } from "../../components/QuantityControl";
import { quantityLimit } from "../../stores/cart";
import type { CartLineKey } from "../../stores/cart-line";
import { changeCartQuantity } from "../../stores/shop-actions";
import styles from "./BuyBar.module.css";

/**
 * The phone's buy bar (docs/product.md#product-page): the price and 'Добавить в корзину' ('Нет в наличии' when sold
 * out; the quantity and a link to the cart once the chosen line is in the cart) fixed above the bottom navigation,
 * shown once the page's own buttons (`actionsRef`) have scrolled up out of sight. Its price and stock are the
 * choice's (the variant's, with the extras); its add does what the page's own does, asking for a missing option
 * first. Desktops never show it: the product's column stays in view there.
 */
export function BuyBar({
  name,
  price,
  stock,
  quantity,
  lineKey,
  onAdd,
  actionsRef,
}: {
  name: string;
  /** the price as the page shows it ('от …' while the choice allows several) */
  price: string;
  stock: StockFields;
  quantity: number;
  lineKey: CartLineKey | null;
  onAdd(): void;
  actionsRef: RefObject<HTMLElement | null>;
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
      <p className={styles.price}>{price}</p>
      {quantity > 0 && lineKey !== null ? (
        <div className={styles.inCart}>
          <QuantityControl
            quantity={quantity}
            minimum={1}
            productName={name}
            maximum={quantityLimit(stock)}
            onChange={(next) => changeCartQuantity(lineKey, next)}
          />
          <Link to="/cart" className="btn btn-secondary">
            В корзине
          </Link>
        </div>
      ) : availabilityOf(stock).orderable ? (
        <button type="button" className={`btn btn-primary ${styles.button}`} onClick={onAdd}>
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
