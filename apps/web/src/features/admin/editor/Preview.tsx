import { useEffect, useState } from "react";
import { formatDimensions, formatPrice } from "@shop/shared/format";
import { availabilityOf } from "@shop/shared/stock";
import type { EditorImage, ProductForm } from "./payload";
import { parseCount, parseDimension } from "./payload";

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
    <span className={`adm-preview-availability adm-preview-availability--${availability.kind}`} data-testid="preview-availability">
      {availability.label}
    </span>
  ) : null;

  return (
    <aside className="adm-card adm-preview" aria-label="Предпросмотр">
      <div className="adm-card__head">
        <h2 className="adm-card__title adm-card__title--sm">Предпросмотр</h2>
        <div className="adm-segmented" role="group" aria-label="Вид предпросмотра">
          <button type="button" aria-pressed={view === "card"} className={`adm-segmented__item${view === "card" ? " is-active" : ""}`} onClick={() => setView("card")}>
            Карточка
          </button>
          <button type="button" aria-pressed={view === "page"} className={`adm-segmented__item${view === "page" ? " is-active" : ""}`} onClick={() => setView("page")}>
            Страница
          </button>
        </div>
      </div>

      {view === "card" ? (
        <div className="adm-preview-card" data-testid="preview-card">
          <div className="adm-preview-card__image">
            {images[0] ? <img src={images[0].previewUrl} alt="" /> : <span className="adm-muted">[Фото]</span>}
          </div>
          <div className="adm-preview-card__body">
            <span className="adm-preview-card__name">{name}</span>
            <span className="adm-preview-card__price">{price}</span>
            {availabilityLine}
            <button type="button" className="adm-btn adm-btn--primary adm-btn--block" disabled>
              {availability.orderable ? "В корзину" : availability.label}
            </button>
          </div>
        </div>
      ) : (
        <div className="adm-preview-page" data-testid="preview-page">
          <div className="adm-preview-page__main">
            {main ? <img src={main.previewUrl} alt="" /> : <span className="adm-muted">[Фото]</span>}
          </div>
          {images.length > 1 && (
            <div className="adm-preview-page__thumbs">
              {images.map((image, index) => (
                <img
                  key={image.key}
                  src={image.previewUrl}
                  alt=""
                  className={index === activeIndex ? "is-active" : ""}
                  onMouseEnter={() => setActiveIndex(index)}
                  onFocus={() => setActiveIndex(index)}
                  tabIndex={0}
                />
              ))}
            </div>
          )}
          <h3 className="adm-preview-page__name">{name}</h3>
          <p className="adm-preview-page__price">{price}</p>
          {availabilityLine}
          <dl className="adm-preview-page__specs">
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
          <p className="adm-preview-page__description">{form.description.trim() || "Описание отсутствует"}</p>
          <button type="button" className="adm-btn adm-btn--primary adm-btn--block" disabled>
            {availability.orderable ? "Добавить в корзину" : availability.label}
          </button>
        </div>
      )}
    </aside>
  );
}
