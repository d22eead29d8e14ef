import { Fragment, useState } from "react";
import { STOCK_MAX } from "@shop/shared/stock";
import type { EditorImage } from "./payload";
import VariantPhotos from "./VariantPhotos";
import { comboKey, totalStock, usableOptions, variantTitleOf, variantValues, type EditorOption, type EditorVariant } from "./variants-form";
import buttons from "../components/buttons.module.css";
import fields from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./VariantsTable.module.css";

const keyOf = comboKey;

/**
 * The variants, one row per combination of the options' values (docs/product.md#product-editor): switched on or off, the
 * article suffix, the price (blank: the product's), the stock (blank: not counted), made-to-order days and the photos.
 * Rows can be selected to give them one price or one stock at once.
 */
export default function VariantsTable({
  options,
  variants,
  onChange,
  images,
  productSku,
  basePrice,
}: {
  options: readonly EditorOption[];
  variants: EditorVariant[];
  onChange(variants: EditorVariant[]): void;
  images: readonly EditorImage[];
  productSku: string | null;
  basePrice: string;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkPrice, setBulkPrice] = useState("");
  const [bulkStock, setBulkStock] = useState("");
  const [photosOpen, setPhotosOpen] = useState<string | null>(null);
  if (usableOptions(options).length === 0) return null;

  const chosen = variants.filter((variant) => selected.has(keyOf(variant)));
  const allSelected = variants.length > 0 && chosen.length === variants.length;
  const update = (key: string, change: Partial<EditorVariant>) =>
    onChange(variants.map((variant) => (keyOf(variant) === key ? { ...variant, ...change } : variant)));
  const updateSelected = (change: Partial<EditorVariant>) =>
    onChange(variants.map((variant) => (selected.has(keyOf(variant)) ? { ...variant, ...change } : variant)));
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const enabledCount = variants.filter((variant) => variant.enabled).length;
  const photosVariant = photosOpen === null ? undefined : variants.find((variant) => keyOf(variant) === photosOpen);
  const total = totalStock(variants);
  const prefix = productSku ? `${productSku}-` : "…-";

  return (
    <div className={styles.variants}>
      <p className={`${text.muted} ${styles.summary}`} data-testid="variants-summary">
        Вариантов: {enabledCount} из {variants.length} · остаток всего: {total === null ? "не считается" : `${total} шт.`}
      </p>

      <div className={styles.bulk} role="group" aria-label="Выбранные варианты">
        <span className={styles.bulkCount}>Выбрано: {chosen.length}</span>
        <div className={styles.bulkField}>
          <input
            className={`${fields.input} ${fields.inputSm}`}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="Цена, ₽"
            aria-label="Цена выбранных вариантов"
            value={bulkPrice}
            onChange={(event) => setBulkPrice(event.target.value)}
          />
          <button type="button" className={`${buttons.ghost} ${buttons.sm}`} disabled={chosen.length === 0} onClick={() => updateSelected({ price: bulkPrice.trim() })}>
            Задать цену
          </button>
        </div>
        <div className={styles.bulkField}>
          <input
            className={`${fields.input} ${fields.inputSm}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={STOCK_MAX}
            step="1"
            placeholder="Остаток, шт."
            aria-label="Остаток выбранных вариантов"
            value={bulkStock}
            onChange={(event) => setBulkStock(event.target.value)}
          />
          <button type="button" className={`${buttons.ghost} ${buttons.sm}`} disabled={chosen.length === 0} onClick={() => updateSelected({ stock: bulkStock.trim() })}>
            Задать остаток
          </button>
        </div>
        <button type="button" className={`${buttons.ghost} ${buttons.sm}`} disabled={chosen.length === 0} onClick={() => updateSelected({ enabled: true })}>
          Включить
        </button>
        <button type="button" className={`${buttons.ghost} ${buttons.sm}`} disabled={chosen.length === 0} onClick={() => updateSelected({ enabled: false })}>
          Выключить
        </button>
      </div>

      <div className={styles.scroll}>
        <table className={styles.table} data-testid="variants-table">
          <thead>
            <tr>
              <th className={styles.check}>
                <input
                  type="checkbox"
                  aria-label="Выбрать все варианты"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(variants.map(keyOf)))}
                />
              </th>
              <th>Вариант</th>
              <th>В продаже</th>
              <th>Артикул</th>
              <th>Цена, ₽</th>
              <th>Остаток</th>
              <th title="Дней изготовления, когда остаток 0">Под заказ</th>
              <th>Фото</th>
            </tr>
          </thead>
          <tbody>
            {variants.map((variant) => {
              const key = keyOf(variant);
              const title = variantTitleOf(options, variant);
              const open = photosOpen === key;
              return (
                <Fragment key={key}>
                  <tr className={variant.enabled ? undefined : styles.off} data-testid="variant-row">
                    <td className={styles.check}>
                      <input type="checkbox" aria-label={`Выбрать «${title}»`} checked={selected.has(key)} onChange={() => toggle(key)} />
                    </td>
                    <td className={styles.title}>{variantValues(options, variant).join(" · ")}</td>
                    <td>
                      <label className={styles.switch}>
                        <input
                          type="checkbox"
                          role="switch"
                          aria-label={`Продаётся: ${title}`}
                          checked={variant.enabled}
                          onChange={(event) => update(key, { enabled: event.target.checked })}
                        />
                      </label>
                    </td>
                    <td>
                      <span className={styles.sku}>
                        <span className={text.muted}>{prefix}</span>
                        <input
                          className={`${fields.input} ${fields.inputSm} ${styles.suffix}`}
                          value={variant.suffix}
                          maxLength={20}
                          aria-label={`Суффикс артикула: ${title}`}
                          onChange={(event) => update(key, { suffix: event.target.value })}
                        />
                      </span>
                    </td>
                    <td>
                      <input
                        className={`${fields.input} ${fields.inputSm} ${styles.number}`}
                        type="number"
                        inputMode="decimal"
                        min="0.01"
                        step="0.01"
                        placeholder={basePrice || "как у товара"}
                        aria-label={`Цена: ${title}`}
                        value={variant.price}
                        onChange={(event) => update(key, { price: event.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className={`${fields.input} ${fields.inputSm} ${styles.number}`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={STOCK_MAX}
                        step="1"
                        placeholder="—"
                        aria-label={`Остаток: ${title}`}
                        value={variant.stock}
                        onChange={(event) => update(key, { stock: event.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className={`${fields.input} ${fields.inputSm} ${styles.number}`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={365}
                        step="1"
                        placeholder="—"
                        aria-label={`Под заказ, дней: ${title}`}
                        value={variant.madeToOrderDays}
                        onChange={(event) => update(key, { madeToOrderDays: event.target.value })}
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className={`${buttons.ghost} ${buttons.sm}`}
                        aria-expanded={open}
                        aria-label={`Фото: ${title}`}
                        onClick={() => setPhotosOpen(open ? null : key)}
                      >
                        {variant.imageKeys.length > 0 ? `${variant.imageKeys.length} фото` : "Все"}
                      </button>
                    </td>
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>

      {/* below the table, not in it: a phone scrolls the table sideways, the photos stay in view */}
      {photosVariant ? (
        <div className={styles.photos} data-testid="variant-photos">
          <div className={styles.photosHead}>
            <span className={styles.photosTitle}>Фото: {variantTitleOf(options, photosVariant)}</span>
            <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => setPhotosOpen(null)}>
              Готово
            </button>
          </div>
          <VariantPhotos
            title={variantTitleOf(options, photosVariant)}
            images={images}
            chosen={photosVariant.imageKeys}
            onChange={(imageKeys) => update(keyOf(photosVariant), { imageKeys })}
          />
        </div>
      ) : null}
    </div>
  );
}
