import { useState } from "react";
import type { Product } from "@shop/shared/schemas/catalog";
import { variantTitle } from "@shop/shared/variants";
import { changeStock } from "../api/catalog";
import { ApiError } from "../api/client";
import { useToast } from "../components/Toast";
import { logFailure } from "../utils";
import buttons from "../components/buttons.module.css";
import styles from "./StockCell.module.css";

/** '1 вариант', '3 варианта', '5 вариантов'. */
export function variantCountText(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  const word = tens >= 11 && tens <= 14 ? "вариантов" : ones === 1 ? "вариант" : ones >= 2 && ones <= 4 ? "варианта" : "вариантов";
  return `${count} ${word}`;
}

/** One −1 / count / +1 group: a product's stock, or a variant's. */
function StockStepper({
  name,
  stock,
  busy,
  onChange,
}: {
  /** what the buttons' labels name: «Кольцо» or «Кольцо (Размер: 17)» */
  name: string;
  stock: number | null;
  busy: boolean;
  onChange(delta: 1 | -1): void;
}) {
  const counted = stock !== null;
  return (
    <span className={styles.stock}>
      <button
        type="button"
        className={`${buttons.icon} ${styles.button}`}
        aria-label={`Остаток «${name}» −1`}
        title="−1"
        disabled={!counted || busy || stock === 0}
        onClick={() => onChange(-1)}
      >
        −
      </button>
      <span className={`${styles.value} ${stock === 0 ? styles.out : ""}`} data-testid="stock-value">
        {counted ? `${stock} шт.` : "не считается"}
      </span>
      <button
        type="button"
        className={`${buttons.icon} ${styles.button}`}
        aria-label={`Остаток «${name}» +1`}
        title="+1"
        disabled={!counted || busy}
        onClick={() => onChange(1)}
      >
        +
      </button>
    </span>
  );
}

/** The product with one variant's stock changed, and its total (null when any is not counted) following it. */
function withVariantStock(product: Product, variantId: number, stock: number): Product {
  const variants = product.variants!.map((variant) => (variant.id === variantId ? { ...variant, stock } : variant));
  const counted = variants.filter((variant) => variant.enabled);
  const total = counted.some((variant) => variant.stock === null) ? null : counted.reduce((sum, variant) => sum + (variant.stock ?? 0), 0);
  return { ...product, variants, stock: total };
}

/**
 * The products table's stock cell (docs/product.md#stock): the pieces left with quick −1 / +1, or 'не считается'
 * when the shop does not count them (the buttons are off then). A product with variants shows their total and how
 * many are on sale; the count opens each variant's −1 / +1 beneath it.
 */
export function StockCell({ product, onProduct }: { product: Product; onProduct(product: Product): void }) {
  const showToast = useToast();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);

  async function change(delta: 1 | -1, variantId?: number) {
    setBusy(true);
    try {
      const { stock } = await changeStock(product.id, delta, variantId);
      onProduct(variantId === undefined ? { ...product, stock } : withVariantStock(product, variantId, stock));
    } catch (error) {
      if (!(error instanceof ApiError)) logFailure("stock change failed", error);
      showToast(error instanceof ApiError && error.serverMessage ? error.serverMessage : "Не удалось изменить остаток", "error");
    } finally {
      setBusy(false);
    }
  }

  const variants = product.variants?.filter((variant) => variant.enabled);
  if (variants && product.options && product.options.length > 0) {
    const options = product.options;
    const panelId = `variant-stock-${product.id}`;
    return (
      <span className={styles.variants}>
        <span className={`${styles.value} ${product.stock === 0 ? styles.out : ""}`} data-testid="stock-total">
          {product.stock !== null ? `${product.stock} шт. всего` : "не считается"}
        </span>
        <button
          type="button"
          className={styles.count}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`Остатки вариантов «${product.name}»`}
          onClick={() => setOpen(!open)}
        >
          <span data-testid="variant-count">{variantCountText(variants.length)}</span> {open ? "▴" : "▾"}
        </button>
        {open ? (
          <ul id={panelId} className={styles.variantList} data-testid="variant-stock">
            {variants.map((variant) => {
              const title = variantTitle(options, variant.option_value_ids);
              return (
                <li key={variant.id} className={styles.variantRow}>
                  <span className={styles.variantTitle}>{title}</span>
                  <StockStepper name={`${product.name} (${title})`} stock={variant.stock} busy={busy} onChange={(delta) => void change(delta, variant.id)} />
                </li>
              );
            })}
          </ul>
        ) : null}
      </span>
    );
  }

  return <StockStepper name={product.name} stock={product.stock} busy={busy} onChange={(delta) => void change(delta)} />;
}
