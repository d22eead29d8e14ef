import { Link } from "react-router-dom";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { formatPrice } from "@shop/shared/format";
import { availabilityOf } from "@shop/shared/stock";
import { ProductImage } from "../../components/ProductImage";
import styles from "./InStockAlternatives.module.css";

export const IN_STOCK_ALTERNATIVES_TITLE = "Есть в наличии похожие";
/** few enough to stay on a phone's first screen, under the sold-out button */
const SHOWN = 3;

/**
 * On a sold-out product (or sold-out variant), right under its buttons: up to three similar products that can be
 * ordered now, of the same kind first (the similar products' order, docs/product.md#product-page), so the shopper
 * sees another way to buy on the first screen instead of a dead end.
 */
export function InStockAlternatives({ products }: { products: readonly ProductCard[] }) {
  const shown = products.filter((product) => availabilityOf(product).orderable).slice(0, SHOWN);
  if (shown.length === 0) return null;
  return (
    <section className={styles.alternatives} aria-labelledby="in-stock-alternatives" data-testid="in-stock-alternatives">
      <h2 id="in-stock-alternatives" className={styles.title}>
        {IN_STOCK_ALTERNATIVES_TITLE}
      </h2>
      <ul className={styles.list}>
        {shown.map((product) => (
          <li key={product.id}>
            <Link to={`/product/${product.id}`} className={styles.item}>
              <ProductImage image={product.images[0]} alt={product.name} className={styles.image} />
              <span className={styles.name}>{product.name}</span>
              <span className={styles.price}>{product.price_max !== undefined ? `от ${formatPrice(product.price)}` : formatPrice(product.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
