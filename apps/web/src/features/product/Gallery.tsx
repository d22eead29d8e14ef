import { useRef, type TouchEvent } from "react";
import type { ProductImage as ProductImageShape } from "@shop/shared/schemas/catalog";
import { SWIPE_THRESHOLD_PX } from "@shop/shared/constants";
import { ProductImage } from "../../components/ProductImage";
import { ChevronLeftIcon, ChevronRightIcon, ZoomIcon } from "../../components/Icons";
import { Thumbnails } from "./Thumbnails";
import styles from "./Gallery.module.css";

interface Props {
  images: ProductImageShape[];
  name: string;
  index: number;
  onIndex(index: number): void;
  onOpen(): void;
}

/** Main image with thumbnails; a horizontal swipe over 50 px switches images, a click opens the lightbox. */
export function Gallery({ images, name, index, onIndex, onOpen }: Props) {
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  /** when the last swipe ended: the click a touch device may send right after it must not open the lightbox */
  const swipedAt = useRef(0);
  const count = images.length;
  const go = (next: number) => onIndex((next + count) % count);

  if (count === 0) {
    return (
      <div className={styles.gallery}>
        <div className={styles.main}>
          <ProductImage image={undefined} alt={name} />
        </div>
      </div>
    );
  }

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch || count < 2) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) {
      swipedAt.current = Date.now();
      go(dx < 0 ? index + 1 : index - 1);
    }
  };

  return (
    <div className={styles.gallery}>
      <div className={styles.main} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <button
          type="button"
          className={styles.open}
          onClick={() => {
            if (Date.now() - swipedAt.current > 300) onOpen();
          }}
          aria-label={`Открыть фото ${index + 1} из ${count} во весь экран`}
        >
          <ProductImage
            image={images[index]}
            alt={`${name} — фото ${index + 1}`}
            variant="gallery"
            priority
          />
          <span className={styles.zoomHint} aria-hidden="true">
            <ZoomIcon size={18} />
          </span>
        </button>
        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.prev}`}
              onClick={() => go(index - 1)}
              aria-label="Предыдущее фото"
            >
              <ChevronLeftIcon />
            </button>
            <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => go(index + 1)} aria-label="Следующее фото">
              <ChevronRightIcon />
            </button>
            <div className={styles.dots} aria-hidden="true">
              {images.map((image, i) => (
                <span key={image.id} className={i === index ? styles.dotActive : styles.dot} />
              ))}
            </div>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <Thumbnails images={images} index={index} onIndex={onIndex} variant="page" label="Фотографии товара" />
      ) : null}
    </div>
  );
}
