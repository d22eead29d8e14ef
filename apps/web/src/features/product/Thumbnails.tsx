import type { ProductImage as ProductImageShape } from "@shop/shared/schemas/catalog";
import { ProductImage } from "../../components/ProductImage";
import styles from "./Thumbnails.module.css";

interface Props {
  images: ProductImageShape[];
  index: number;
  onIndex(index: number): void;
  /** `page`: under the product page's picture, on the page's colours; `lightbox`: along the dark viewer's bottom */
  variant: "page" | "lightbox";
  /** the group's name for screen readers */
  label: string;
}

/** A row of the product's pictures, the shown one marked (`aria-current`); a tap shows another. */
export function Thumbnails({ images, index, onIndex, variant, label }: Props) {
  return (
    <div className={`${styles.thumbs} ${styles[variant]}`} role="group" aria-label={label}>
      {images.map((image, i) => (
        <button
          key={image.id}
          type="button"
          className={`${styles.thumb} ${i === index ? styles.active : ""}`}
          onClick={() => onIndex(i)}
          aria-label={`Фото ${i + 1}`}
          aria-current={i === index}
        >
          <ProductImage image={image} alt="" />
        </button>
      ))}
    </div>
  );
}
