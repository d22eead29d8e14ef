import { useRef } from "react";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { RECOMMENDATIONS_LIMIT } from "@shop/shared/constants";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query";
import { ProductGrid } from "../../components/ProductGrid";
import styles from "./CartPage.module.css";

const NONE: ProductCard[] = [];

/** cards held while the first suggestions load: one row on a computer, two on a phone */
const SKELETONS = 4;

/**
 * 'Вам может понравиться': asked again whenever the cart changes and is not empty. The heading and skeleton cards
 * show while the first suggestions load, so the page is drawn whole at once instead of growing a section later
 * (removed if there is nothing to suggest).
 */
export function Recommendations({ productIds }: { productIds: number[] }) {
  const ids = [...productIds].sort((a, b) => a - b);
  const key = ids.length > 0 ? `recommendations:${ids.join(",")}` : null;
  const result = useQuery(key, async () => (await api.recommendations(ids)).slice(0, RECOMMENDATIONS_LIMIT), NONE);
  // keep showing the previous suggestions while the next ones load, so adding one does not flash skeletons
  const shown = useRef<ProductCard[]>(NONE);
  if (!result.loading) shown.current = result.data;
  const products = result.loading ? shown.current : result.data;
  const visible = products.filter((product) => !productIds.includes(product.id));
  const waiting = result.loading && visible.length === 0;
  if (visible.length === 0 && !waiting) return null;
  return (
    <section className={styles.recommendations} aria-labelledby="recommendations-heading">
      <h2 id="recommendations-heading" className={styles.sectionTitle}>
        Вам может понравиться
      </h2>
      <ProductGrid products={visible} loading={waiting} skeletons={SKELETONS} variant="compact" label="Вам может понравиться" />
    </section>
  );
}
