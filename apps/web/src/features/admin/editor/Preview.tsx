import { useEffect, useState } from "react";
import { formatDimensions, formatPrice } from "@shop/shared/format";
import { availabilityOf } from "@shop/shared/stock";
import type { EditorImage, ProductForm } from "./payload";
import { parseCount, parseDimension } from "./payload";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import segmented from "../components/segmented.module.css";
import text from "../components/text.module.css";
import styles from "./Preview.module.css";

interface Props {
  form: ProductForm;
  images: EditorImage[];
  sku: string | null;
}

/** How the product will look in the shop: as a catalogue card, or as its page. */
export default function Preview({ form, images, sku }: Props) {
  const [view, setView] = useState<"card" | "page">("card");
  const [activeIndex, setActiveIndex] = useState(0);
  useEffect(() => {
    if (activeIndex >= images.length) setActiveIndex(0);
  }, [images.length, activeIndex]);

  const price = formatPrice(form.price.trim() === "" ? 0 : form.price.replace(",", "."));
  const name = form.name.trim() || "Название товара";
  const main = images[activeIndex] ?? images[0];
  const dimensions = formatDimensions(parseDimension(form.width), parseDimension(form.height), parseDimension(form.depth));
  const availability = availabilityOf({ stock: parseCount(form.stock), made_to_order_days: parseCount(form.madeToOrderDays) });
  const availabilityLine = availability.label ? (
    <span className={`${styles.availability} ${styles[availability.kind] ?? ""}`} data-testid="preview-availability">
      {availability.label}
    </span>
  ) : null;

  return (
    <aside className={`${card.card} ${styles.preview}`} aria-label="Предпросмотр">
      <div className={card.head}>
        <h2 className={`${card.title} ${card.titleSm}`}>Предпросмотр</h2>
        <div className={segmented.segmented} role="group" aria-label="Вид предпросмотра">
          <button type="button" aria-pressed={view === "card"} className={`${segmented.item} ${view === "card" ? segmented.active : ""}`} onClick={() => setView("card")}>
            Карточка
          </button>
          <button type="button" aria-pressed={view === "page"} className={`${segmented.item} ${view === "page" ? segmented.active : ""}`} onClick={() => setView("page")}>
            Страница
          </button>
        </div>
      </div>

      {view === "card" ? (
        <div className={styles.card} data-testid="preview-card">
          <div className={styles.cardImage}>
            {images[0] ? <img src={images[0].previewUrl} alt="" /> : <span className={text.muted}>[Фото]</span>}
          </div>
          <div className={styles.cardBody}>
            <span className={styles.cardName}>{name}</span>
            <span className={styles.price}>{price}</span>
            {availabilityLine}
            <button type="button" className={`${buttons.primary} ${buttons.block}`} disabled>
              {availability.orderable ? "В корзину" : availability.label}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.page} data-testid="preview-page">
          <div className={styles.pageImage}>
            {main ? <img src={main.previewUrl} alt="" /> : <span className={text.muted}>[Фото]</span>}
          </div>
          {images.length > 1 && (
            <div className={styles.thumbs}>
              {images.map((image, index) => (
                <img
                  key={image.key}
                  src={image.previewUrl}
                  alt=""
                  className={index === activeIndex ? styles.active : ""}
                  onMouseEnter={() => setActiveIndex(index)}
                  onFocus={() => setActiveIndex(index)}
                  tabIndex={0}
                />
              ))}
            </div>
          )}
          <h3 className={styles.name}>{name}</h3>
          <p className={styles.price}>{price}</p>
          {availabilityLine}
          <dl className={styles.specs}>
            <dt>Артикул</dt>
            <dd>{sku ?? "будет присвоен при сохранении"}</dd>
            {form.material.trim() && (
              <>
                <dt>Материал</dt>
                <dd>{form.material.trim()}</dd>
              </>
            )}
            {dimensions && (
              <>
                <dt>Размеры (Ш×В×Г)</dt>
                <dd>{dimensions} мм</dd>
              </>
            )}
          </dl>
          <p className={styles.description}>{form.description.trim() || "Описание отсутствует"}</p>
          <button type="button" className={`${buttons.primary} ${buttons.block}`} disabled>
            {availability.orderable ? "Добавить в корзину" : availability.label}
          </button>
        </div>
      )}
    </aside>
  );
}
