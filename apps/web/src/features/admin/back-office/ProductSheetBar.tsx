import { useRef, useState } from "react";
import type { ImportResponse } from "@shop/shared/schemas/product-sheet";
import { useToast } from "../components/Toast";
import { ApiError, logFailure } from "../utils";
import { downloadCsv, importProducts } from "./api";
import buttons from "../components/buttons.module.css";
import text from "../components/text.module.css";
import styles from "./BackOffice.module.css";

/**
 * The catalogue in and out of a spreadsheet (docs/admin-panel.md#products-in-spreadsheets): export; import checked
 * first (every line's errors), then applied all at once.
 */
export function ProductSheetBar({ onImported }: { onImported: () => void }) {
  const showToast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [check, setCheck] = useState<ImportResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function exportCsv() {
    try {
      await downloadCsv("/api/admin/products/export.csv", {}, `products-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (failure) {
      logFailure("products export failed", failure);
      showToast("Не удалось выгрузить товары", "error");
    }
  }

  async function chosen(chosenFile: File | undefined) {
    if (!chosenFile) return;
    const csv = await chosenFile.text();
    setFile({ name: chosenFile.name, csv });
    setError(null);
    try {
      setCheck(await importProducts(csv, false));
    } catch (failure) {
      setCheck(null);
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось проверить файл");
    }
  }

  async function apply() {
    if (!file) return;
    try {
      const result = await importProducts(file.csv, true);
      showToast(`Загружено: новых ${result.created}, изменено ${result.updated}`);
      setFile(null);
      setCheck(null);
      onImported();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось загрузить файл");
    }
  }

  return (
    <div className={styles.list}>
      <div className={styles.row}>
        <button type="button" className={buttons.ghost} onClick={() => void exportCsv()}>
          Выгрузить CSV
        </button>
        <button type="button" className={buttons.ghost} onClick={() => input.current?.click()}>
          Загрузить CSV
        </button>
        <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={(e) => void chosen(e.target.files?.[0])} />
      </div>
      {error && <p className={text.errorLine}>{error}</p>}
      {check && file && (
        <div className={styles.card} data-testid="import-check">
          <strong>{file.name}</strong>: строк {check.lines}, новых {check.created}, изменится {check.updated}
          {check.errors.length > 0 ? (
            <ul className={styles.errors}>
              {check.errors.map((item, index) => (
                <li key={index}>
                  Строка {item.line}, «{item.column}»: {item.message}
                </li>
              ))}
            </ul>
          ) : (
            <div className={styles.row} style={{ marginTop: 8 }}>
              <button type="button" className={buttons.primary} onClick={() => void apply()}>
                Применить
              </button>
              <button type="button" className={buttons.ghost} onClick={() => setCheck(null)}>
                Отмена
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
