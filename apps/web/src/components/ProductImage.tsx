import type { ProductImage as ProductImageShape } from "@shop/shared/schemas/catalog";
import { IMAGE_SIZES, cardImageUrl } from "@shop/shared/images";
import styles from "./ProductImage.module.css";

interface Props {
  image: ProductImageShape | undefined;
  alt: string;
  /** card: the small variant for grids and lists; full: the original for the gallery */
  variant?: "card" | "full";
  /** above the fold: load at once with high priority (the catalogue's first cards, the product's main image) */
  priority?: boolean;
  className?: string;
}

/**
 * A square product image with explicit width and height (no layout shift), lazy-loaded unless it is a priority
 * image; without an image the '[Фото]' placeholder of the spec.
 */
export function ProductImage({ image, alt, variant = "card", priority = false, className }: Props) {
  if (!image) {
    return (
      <div className={`${styles.placeholder} ${className ?? ""}`} role="img" aria-label={alt}>
        [Фото]
      </div>
    );
  }
  const size = IMAGE_SIZES[variant];
  return (
    <img
      className={`${styles.image} ${className ?? ""}`}
      src={variant === "card" ? cardImageUrl(image.image_url) : image.image_url}
      alt={alt}
      width={size.width}
      height={size.height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : "auto"}
      draggable={false}
    />
  );
}
