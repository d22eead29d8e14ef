import { useEffect, useState } from "react";
import { NBSP, formatDimensions, formatPrice } from "@shop/shared/format";
import { availabilityOf } from "@shop/shared/stock";
import { ProductChoice } from "../../../components/ProductChoice";
import {
  chosenVariant,
  extrasOf,
  galleryOf,
  initialSelection,
  missingOption,
  choosePrompt,
  pick,
  piecePrice,
  priceRange,
  stockOf,
  type ChoiceProduct,
  type FieldValues,
  type Selection,
} from "../../../lib/variant-choice";
import type { EditorImage, ProductForm } from "./payload";
import { parseDimension } from "./payload";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import segmented from "../components/segmented.module.css";
import text from "../components/text.module.css";
import styles from "./Preview.module.css";

interface Props {
  form: ProductForm;
  images: EditorImage[];
  sku: string | null;
  /** the product as the shop will send it: options, variants and personalisation included */
  product: ChoiceProduct;
}

/** The card's price: 'от …' when the switched-on variants cost differently. */
function cardPriceOf(product: ChoiceProduct): string {
  const { min, max } = priceRange(product, []);
  return min !== max ? `от${NBSP}${formatPrice(min)}` : formatPrice(product.price);
}

/**
 * How the product will look in the shop: as a catalogue card, or as its page — its options and personalisation
 * drawn by the shopper's own component (components/ProductChoice.tsx), the price, stock, article and photos following
 * the choice as they will in the shop.
 */
export default function Preview({ form, images, sku, product }: Props) {
  const [view, setView] = useState<"card" | "page">("card");
  const [activeIndex, setActiveIndex] = useState(0);
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product, null));
  const [values, setValues] = useState<FieldValues>({});
  const optionCount = product.options?.length ?? 0;
  // options added or removed: the choice starts again
  const currentSelection = selection.length === optionCount ? selection : initialSelection(product, null);
  const variant = chosenVariant(product, currentSelection);
  const gallery = galleryOf(product, currentSelection);
  const shownImages = gallery.map((image) => images.find((item) => item.previewUrl === image.image_url)).filter((image) => image !== undefined);
  useEffect(() => {
    if (activeIndex >= shownImages.length) setActiveIndex(0);
  }, [shownImages.length, activeIndex]);

  const range = priceRange(product, currentSelection);
  const extras = extrasOf(product, values);
  const piece = piecePrice(variant ? variant.price : range.min, extras);
  const price = !variant && range.min !== range.max ? `от${NBSP}${formatPrice(piece)}` : formatPrice(piece);
  const name = form.name.trim() || "Название товара";
  const main = shownImages[activeIndex] ?? shownImages[0];
  const dimensions = formatDimensions(parseDimension(form.width), parseDimension(form.height), parseDimension(form.depth));
  const availability = availabilityOf(stockOf(product, variant));
  const missing = missingOption(product, currentSelection);
  const withOptions = optionCount > 0;
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
            <span className={styles.price}>{cardPriceOf(product)}</span>
            {withOptions ? null : availabilityLine}
            <button type="button" className={`${buttons.primary} ${buttons.block}`} disabled>
              {availabilityOf(product).orderable ? "В корзину" : availabilityOf(product).label}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.page} data-testid="preview-page">
          <div className={styles.pageImage}>
            {main ? <img src={main.previewUrl} alt="" /> : <span className={text.muted}>[Фото]</span>}
          </div>
          {shownImages.length > 1 && (
            <div className={styles.thumbs}>
              {shownImages.map((image, index) => (
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
          <p className={styles.price} data-testid="preview-price">
            {price}
          </p>
          {availabilityLine}
          <div className={styles.choice}>
            <ProductChoice
              product={product}
              selection={currentSelection}
              onPick={(index, valueId) => setSelection(pick(currentSelection, index, valueId))}
              values={values}
              onValue={(fieldId, value) => setValues((current) => ({ ...current, [fieldId]: value }))}
            />
          </div>
          <dl className={styles.specs}>
            <dt>Артикул</dt>
            <dd>{sku ? (variant?.sku ?? sku) : "будет присвоен при сохранении"}</dd>
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
            {!availability.orderable ? availability.label : missing ? choosePrompt(missing) : "Добавить в корзину"}
          </button>
        </div>
      )}
    </aside>
  );
}
