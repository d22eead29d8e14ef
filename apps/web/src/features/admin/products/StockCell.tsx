import { useState } from "react";
import type { Product } from "@shop/shared/schemas/catalog";
import { changeStock } from "../api/catalog";
import { ApiError } from "../api/client";
import { useToast } from "../components/Toast";
import { logFailure } from "../utils";
import buttons from "../components/buttons.module.css";
import styles from "./StockCell.module.css";

/**
 * The products table's stock cell (docs/product.md#stock): the pieces left with quick −1 / +1, or 'не считается'
 * when the shop does not count them (the buttons are off then).
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
