import { useRef } from "react";
import { Link } from "react-router-dom";
import { SOLD_OUT_TEXT, availabilityOf } from "@shop/shared/stock";
import { usePageMeta } from "../../lib/seo";
import { useCartQuantity } from "../../stores/cart";
import { useWishlist } from "../../stores/wishlist";
import type { ProductSnapshot } from "../../stores/product-snapshot";
import { addToCart, removeFromWishlist } from "../../stores/shop-actions";
import { EmptyState } from "../../components/EmptyState";
import { HeartIcon, TrashIcon } from "../../components/Icons";
import { Availability } from "../../components/Availability";
import { ProductImage } from "../../components/ProductImage";
import { cardPrice } from "../../components/ProductCard";
import styles from "./WishlistPage.module.css";

function WishlistItem({ product }: { product: ProductSnapshot }) {
  const inCart = useCartQuantity(product.id) > 0;
  const imageRef = useRef<HTMLAnchorElement>(null);
  const href = `/product/${product.id}`;
  return (
    <li className={styles.item} data-testid="wishlist-item">
      <Link to={href} className={styles.image} ref={imageRef} tabIndex={-1} aria-hidden="true">
        <ProductImage image={product.images[0]} alt={product.name} />
      </Link>
      <div className={styles.info}>
        <Link to={href} className={styles.name}>
          {product.name}
        </Link>
        <span className={styles.sku}>Арт. {product.sku}</span>
        <span className={styles.price}>{cardPrice(product)}</span>
        <Availability product={product} />
      </div>
      <div className={styles.actions}>
        {inCart ? (
          <button type="button" className="btn btn-sm btn-done" disabled>
            В корзине
          </button>
        ) : !availabilityOf(product).orderable ? (
          <button type="button" className="btn btn-secondary btn-sm" disabled>
            {SOLD_OUT_TEXT}
          </button>
        ) : product.has_options ? (
          <Link to={href} className="btn btn-primary btn-sm">
            В корзину
          </Link>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => addToCart(product, imageRef.current)}>
            В корзину
          </button>
        )}
        <button
          type="button"
          className={styles.remove}
          onClick={() => removeFromWishlist(product.id)}
          aria-label={`Удалить из избранного: ${product.name}`}
        >
          <TrashIcon size={20} />
        </button>
      </div>
    </li>
  );
}

export default function WishlistPage() {
  const items = useWishlist((state) => state.items);
  usePageMeta({ title: "Избранное", description: "Товары, которые вы отметили сердечком в магазине «Ремесло»." });

  if (items.length === 0) {
    return (
      <div className="container">
        <EmptyState title="Ваш список избранного пуст" icon={<HeartIcon size={32} />}>
          <span>Нажмите на сердечко у товара, чтобы сохранить его здесь.</span>
          <Link to="/" className="btn btn-primary">
            Перейти в каталог
          </Link>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="container">
      <h1 className="page-title">Избранное</h1>
      <ul className={styles.list} aria-label="Избранные товары">
        {items.map((product) => (
          <WishlistItem key={product.id} product={product} />
        ))}
      </ul>
    </div>
  );
}
