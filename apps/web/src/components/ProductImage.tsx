import type { ProductImage as ProductImageShape } from "@shop/shared/schemas/catalog";
import { GALLERY_IMAGE_SIZES, IMAGE_SIZES, cardImageUrl, imageSrcSet } from "@shop/shared/images";
import styles from "./ProductImage.module.css";

interface Props {
  image: ProductImageShape | undefined;
  alt: string;
  /** card: the small variant for grids and lists; gallery: the product page's main image, card or full file as the
   * screen needs; full: the original (lightbox) */
  variant?: "card" | "gallery" | "full";
  /** above the fold: load at once with high priority (the catalogue's first cards, the product's main image) */
  priority?: boolean;
  className?: string;
}

/**
 * A square product image with explicit width and height (no layout shift), lazy-loaded unless it is a priority
 * image; without an image the '[Фото]' placeholder (docs/product.md#catalogue-and-filters).
 */
export function ProductImage({ image, alt, variant = "card", priority = false, className }: Props) {
  if (!image) {
    return (
      <div className={`${styles.placeholder} ${className ?? ""}`} role="img" aria-label={alt}>
        [Фото]
      </div>
    );
  }
  const size = IMAGE_SIZES[variant === "card" ? "card" : "full"];
  const srcSet = variant === "gallery" ? imageSrcSet(image.image_url) : null;
  return (
    <img
      className={`${styles.image} ${className ?? ""}`}
      src={variant === "card" ? cardImageUrl(image.image_url) : image.image_url}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? GALLERY_IMAGE_SIZES : undefined}
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
