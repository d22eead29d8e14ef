import type { ProductCard } from "@shop/shared/schemas/catalog";
import { useInWishlist } from "../stores/wishlist";
import { toggleWishlist } from "../stores/shop-actions";
import { HeartIcon } from "./Icons";
import styles from "./WishlistButton.module.css";

/** The heart: adds to or removes from the wishlist, with its toast (docs/product.md#notifications). */
export function WishlistButton({ product, className, size = 20 }: { product: ProductCard; className?: string; size?: number }) {
  const active = useInWishlist(product.id);
  return (
    <button
      type="button"
      className={`${styles.heart} ${active ? styles.active : ""} ${className ?? ""}`}
      aria-pressed={active}
      aria-label={active ? `Убрать из избранного: ${product.name}` : `В избранное: ${product.name}`}
      title={active ? "Убрать из избранного" : "В избранное"}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggleWishlist(product);
      }}
    >
      <HeartIcon size={size} filled={active} />
    </button>
  );
}
