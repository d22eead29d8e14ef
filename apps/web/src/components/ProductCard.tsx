import { useRef } from "react";
import { Link } from "react-router-dom";
import type { ProductCard as ProductCardShape } from "@shop/shared/schemas/catalog";
import { NBSP, formatPrice } from "@shop/shared/format";
import { SOLD_OUT_TEXT, availabilityOf } from "@shop/shared/stock";
import { quantityLimit, useCartQuantity } from "../stores/cart";
import { addToCart, changeCartQuantity } from "../stores/shop-actions";
import { Availability } from "./Availability";
import { ProductImage } from "./ProductImage";
import { QuantityControl } from "./QuantityControl";
import { WishlistButton } from "./WishlistButton";
import styles from "./ProductCard.module.css";

interface Props {
  product: ProductCardShape;
  /** one of the first cards on screen: its image loads first (the page's largest paint) */
  priority?: boolean;
}

/**
 * The card's price: 'от 1 200.00 руб.' when the product's variants cost differently (the rule of shared's
 * priceFromLabel, written out here: importing that module would bring every variant rule into the shell every page
 * loads first).
 */
export const cardPrice = (product: Pick<ProductCardShape, "price" | "price_max">) =>
  product.price_max !== undefined ? `от${NBSP}${formatPrice(product.price)}` : formatPrice(product.price);

/**
 * A catalogue card: heart, image or '[Фото]', name, price 'N.NN руб.' ('от N.NN руб.' when variants cost
 * differently), a link to the product, and 'В корзину' that turns into the minus/plus control once the product is in
 * the cart (minus at 1 removes it). A product with options has no single piece to add: its 'В корзину' opens its page,
 * where the shopper chooses.
 */
export function ProductCard({ product, priority = false }: Props) {
  const quantity = useCartQuantity(product.id);
  const imageRef = useRef<HTMLDivElement>(null);
  const href = `/product/${product.id}`;
  const availability = availabilityOf(product);
  return (
    <article className={styles.card}>
      <div className={styles.media} ref={imageRef}>
        <Link to={href} tabIndex={-1} aria-hidden="true" className={styles.imageLink}>
          <ProductImage image={product.images[0]} alt={product.name} priority={priority} />
        </Link>
        <WishlistButton product={product} className={styles.heart} />
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to={href} className={styles.nameLink}>
            {product.name}
          </Link>
        </h3>
        <p className={styles.price}>{cardPrice(product)}</p>
        {product.rating ? (
          <p className={styles.rating} aria-label={`Рейтинг ${product.rating.average.toFixed(1).replace(".", ",")} из 5, отзывов: ${product.rating.count}`}>
            <span className={styles.star} aria-hidden="true">
              ★
            </span>{" "}
            {product.rating.average.toFixed(1).replace(".", ",")}{" "}
            <span className={styles.ratingCount}>({product.rating.count})</span>
          </p>
        ) : null}
        <Availability product={product} />
        <div className={styles.actions}>
          {quantity > 0 ? (
            <QuantityControl
              quantity={quantity}
              minimum={0}
              size="sm"
              productName={product.name}
              maximum={quantityLimit(product)}
              onChange={(next) => changeCartQuantity(product.id, next)}
            />
          ) : product.has_options && availability.orderable ? (
            <Link to={href} className="btn btn-primary btn-sm btn-block" aria-label={`В корзину: выбрать вариант — ${product.name}`}>
              В корзину
            </Link>
          ) : !availability.orderable ? (
            <button type="button" className="btn btn-secondary btn-sm btn-block" disabled>
              {SOLD_OUT_TEXT}
            </button>
          ) : (
            <button type="button" className="btn btn-primary btn-sm btn-block" onClick={() => addToCart(product, imageRef.current)}>
              В корзину
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true" data-testid="product-skeleton">
      <div className={`${styles.skeletonImage} shimmer`} />
      <div className={styles.body}>
        <div className={`${styles.skeletonLine} shimmer`} />
        <div className={`${styles.skeletonLine} ${styles.short} shimmer`} />
        <div className={`${styles.skeletonButton} shimmer`} />
      </div>
    </div>
  );
}
