import type { ReactNode } from "react";
import type { ProductCard as ProductCardShape } from "@shop/shared/schemas/catalog";
import { ProductCard, ProductCardSkeleton } from "./ProductCard";
import styles from "./ProductGrid.module.css";

interface Props {
  products: ProductCardShape[];
  loading?: boolean;
  /** how many skeleton cards to show while loading (the catalogue shows 12) */
  skeletons?: number;
  empty?: ReactNode;
  /** the first N cards load their images at once */
  priorityCount?: number;
  label?: string;
  variant?: "catalog" | "compact";
}

export function ProductGrid({ products, loading = false, skeletons = 12, empty, priorityCount = 0, label, variant = "catalog" }: Props) {
  if (loading) {
    return (
      <div className={`${styles.grid} ${styles[variant]}`} aria-busy="true" aria-label={label}>
        {Array.from({ length: skeletons }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (products.length === 0) return <>{empty ?? null}</>;
  return (
    <div className={`${styles.grid} ${styles[variant]}`} aria-label={label}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index < priorityCount} />
      ))}
    </div>
  );
}
