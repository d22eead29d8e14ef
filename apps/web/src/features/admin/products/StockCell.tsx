import { useState } from "react";
import type { Product } from "@shop/shared/schemas/catalog";
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

/**
 * The products table's stock cell (docs/product.md#stock): the pieces left with quick −1 / +1, or 'не считается'
 * when the shop does not count them (the buttons are off then). A product with variants shows their total and how
 * many are on sale; their stock is changed in the editor, variant by variant.
 */
export function StockCell({ product, onStock }: { product: Product; onStock(stock: number): void }) {
  const showToast = useToast();
  const [busy, setBusy] = useState(false);
  const counted = product.stock !== null;

  async function change(delta: 1 | -1) {
    setBusy(true);
    try {
      const { stock } = await changeStock(product.id, delta);
      onStock(stock);
    } catch (error) {
      if (!(error instanceof ApiError)) logFailure("stock change failed", error);
      showToast(error instanceof ApiError && error.serverMessage ? error.serverMessage : "Не удалось изменить остаток", "error");
    } finally {
      setBusy(false);
    }
  }

  const variants = product.variants?.filter((variant) => variant.enabled);
  if (variants && (product.options?.length ?? 0) > 0) {
    return (
      <span className={styles.variants}>
        <span className={`${styles.value} ${product.stock === 0 ? styles.out : ""}`} data-testid="stock-value">
          {counted ? `${product.stock} шт. всего` : "не считается"}
        </span>
        <span className={styles.count} data-testid="variant-count">
          {variantCountText(variants.length)}
        </span>
      </span>
    );
  }

  return (
    <span className={styles.stock}>
      <button
        type="button"
        className={`${buttons.icon} ${styles.button}`}
        aria-label={`Остаток «${product.name}» −1`}
        title="−1"
        disabled={!counted || busy || product.stock === 0}
        onClick={() => void change(-1)}
      >
        −
      </button>
      <span className={`${styles.value} ${product.stock === 0 ? styles.out : ""}`} data-testid="stock-value">
        {counted ? `${product.stock} шт.` : "не считается"}
      </span>
      <button
        type="button"
        className={`${buttons.icon} ${styles.button}`}
        aria-label={`Остаток «${product.name}» +1`}
        title="+1"
        disabled={!counted || busy}
        onClick={() => void change(1)}
      >
        +
      </button>
    </span>
  );
}
