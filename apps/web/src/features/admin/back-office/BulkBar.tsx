import { useEffect, useState } from "react";
import type { Category } from "@shop/shared/schemas/catalog";
import { fetchAdminCategories } from "../api/catalog";
import { useToast } from "../components/Toast";
import { ApiError, logFailure } from "../utils";
import { bulkProducts } from "./api";
import buttons from "../components/buttons.module.css";
import form from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./BackOffice.module.css";

/** The bulk actions the panel offers (docs/admin-panel.md#bulk-actions), each with what it asks for. */
export const BULK_CHOICES = [
  { action: "price_percent", label: "Цена ± %", input: "percent" },
  { action: "price_set", label: "Цена: задать", input: "price" },
  { action: "stock_set", label: "Остаток: задать", input: "stock" },
  { action: "category_set", label: "Основная категория", input: "main" },
  { action: "tags_add", label: "Добавить теги", input: "tags" },
  { action: "tags_remove", label: "Убрать теги", input: "tags" },
  { action: "hide", label: "Скрыть (в черновики)", input: null },
  { action: "show", label: "Показать покупателям", input: null },
] as const;
type BulkChoice = (typeof BULK_CHOICES)[number];

/** What the confirmation asks: «Скрыть 3 товара от покупателей?» */
export function bulkQuestion(choice: BulkChoice, count: number, value: string, categoryNames: string[]): string {
  const products = `${count} ${plural(count, "товар", "товара", "товаров")}`;
  // after «у», «для» the count reads apart: «у выбранных товаров (21)»
  const selected = `выбранных товаров (${count})`;
  switch (choice.action) {
    case "price_percent":
      return `Изменить цену ${products} на ${Number(value.replace(",", ".")) > 0 ? "+" : ""}${value}%?`;
    case "price_set":
      return `Поставить цену ${value} руб. для ${selected}?`;
    case "stock_set":
      return value.trim() === "" ? `Перестать вести остаток у ${selected}?` : `Поставить остаток ${value} шт. для ${selected}?`;
    case "category_set":
      return categoryNames.length === 0 ? `Убрать основную категорию у ${selected}?` : `Перенести ${products} в «${categoryNames[0]}»?`;
    case "tags_add":
      return `Добавить теги ${categoryNames.map((name) => `«${name}»`).join(", ")} для ${selected}?`;
    case "tags_remove":
      return `Убрать теги ${categoryNames.map((name) => `«${name}»`).join(", ")} у ${selected}?`;
    case "hide":
      return `Скрыть ${products} от покупателей? Они останутся в панели как черновики.`;
    case "show":
      return `Показать ${products} покупателям?`;
  }
}

function plural(n: number, one: string, few: string, many: string): string {
  const tens = n % 100;
  const units = n % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

/**
 * The bar over the products list while products are selected: one change to all of them, confirmed first, the
 * result told after (how many changed). All or nothing on the server.
 */
export function BulkBar({ ids, onDone, onClear }: { ids: number[]; onDone: () => void; onClear: () => void }) {
  const showToast = useToast();
  const [choice, setChoice] = useState<BulkChoice>(BULK_CHOICES[0]);
  const [value, setValue] = useState("");
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [categories, setCategories] = useState<Category[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchAdminCategories(controller.signal)
      .then(setCategories)
      .catch((failure) => logFailure("categories failed to load", failure));
    return () => controller.abort();
  }, []);

  const offered = categories.filter((category) => (choice.input === "main" ? category.type === "main" : category.type === "sub"));
  const names = categoryIds.map((id) => categories.find((category) => category.id === id)?.name ?? String(id));

  function choose(action: string) {
    setChoice(BULK_CHOICES.find((item) => item.action === action) ?? BULK_CHOICES[0]);
    setValue("");
    setCategoryIds([]);
    setError(null);
  }

  async function apply() {
    setError(null);
    if ((choice.input === "percent" || choice.input === "price") && value.trim() === "") {
      setError(choice.input === "percent" ? "Введите процент, например 10 или -15" : "Введите цену");
      return;
    }
    if (choice.input === "tags" && categoryIds.length === 0) {
      setError("Выберите хотя бы один тег");
      return;
    }
    if (!window.confirm(bulkQuestion(choice, ids.length, value, names))) return;
    setBusy(true);
    try {
      const body =
        choice.input === "main" || choice.input === "tags"
          ? { ids, action: choice.action, category_ids: categoryIds }
          : choice.input === null
            ? { ids, action: choice.action }
            : { ids, action: choice.action, value: choice.input === "stock" && value.trim() === "" ? null : value.trim() };
      const result = await bulkProducts(body);
      showToast(result.changed === 0 ? "Ничего не изменилось: у выбранных товаров уже так" : `Изменено товаров: ${result.changed}`);
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось изменить товары");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.bulk} role="region" aria-label="Действия с выбранными товарами" data-testid="bulk-bar">
      <div className={styles.row}>
        <strong>Выбрано: {ids.length}</strong>
        <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={onClear}>
          Снять выбор
        </button>
      </div>
      <div className={styles.row}>
        <select className={`${form.input} ${form.inputSm} ${styles.bulkSelect}`} aria-label="Действие" value={choice.action} onChange={(e) => choose(e.target.value)}>
          {BULK_CHOICES.map((item) => (
            <option key={item.action} value={item.action}>
              {item.label}
            </option>
          ))}
        </select>
        {(choice.input === "percent" || choice.input === "price" || choice.input === "stock") && (
          <input
            className={`${form.input} ${form.inputSm} ${styles.bulkValue}`}
            inputMode="decimal"
            aria-label={choice.input === "percent" ? "Процент" : choice.input === "price" ? "Цена, ₽" : "Остаток, шт."}
            placeholder={choice.input === "percent" ? "например -10" : choice.input === "price" ? "Цена, ₽" : "пусто — не вести"}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        {choice.input === "main" && (
          <select
            className={`${form.input} ${form.inputSm} ${styles.bulkSelect}`}
            aria-label="Основная категория"
            value={categoryIds[0] ?? ""}
            onChange={(e) => setCategoryIds(e.target.value ? [Number(e.target.value)] : [])}
          >
            <option value="">— без основной категории —</option>
            {offered.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        )}
        {choice.input === "tags" && (
          <div className={styles.row} role="group" aria-label="Теги">
            {offered.length === 0 && <span className={text.muted}>Тегов нет</span>}
            {offered.map((tag) => (
              <label key={tag.id} className={styles.tagChoice}>
                <input
                  type="checkbox"
                  checked={categoryIds.includes(tag.id)}
                  onChange={(e) => setCategoryIds((list) => (e.target.checked ? [...list, tag.id] : list.filter((id) => id !== tag.id)))}
                />
                {tag.name}
              </label>
            ))}
          </div>
        )}
        <button type="button" className={`${buttons.primary} ${buttons.sm}`} disabled={busy} onClick={() => void apply()}>
          Применить
        </button>
      </div>
      {error && (
        <p className={text.errorLine} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
