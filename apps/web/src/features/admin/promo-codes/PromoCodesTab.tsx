import { useEffect, useState, type FormEvent } from "react";
import type { Category } from "@shop/shared/schemas/catalog";
import type { PromoCodeBody, PromoCodeJson } from "@shop/shared/schemas/promo-codes";
import { formatAdminPrice } from "@shop/shared/format";
import { useToast } from "../components/Toast";
import { ApiError, logFailure } from "../utils";
import { fetchAdminCategories } from "../api/catalog";
import { createPromoCode, fetchPromoCodes, updatePromoCode } from "./api";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import form from "../components/form.module.css";
import table from "../components/table.module.css";
import text from "../components/text.module.css";
import styles from "./PromoCodesTab.module.css";

interface Draft {
  code: string;
  kind: "percent" | "fixed";
  value: string;
  min_order: string;
  max_uses: string;
  max_uses_per_customer: string;
  starts_on: string;
  ends_on: string;
  scope: "all" | "categories" | "products";
  category_ids: number[];
  product_ids: string;
  active: boolean;
}

const EMPTY: Draft = {
  code: "",
  kind: "percent",
  value: "10",
  min_order: "",
  max_uses: "",
  max_uses_per_customer: "",
  starts_on: "",
  ends_on: "",
  scope: "all",
  category_ids: [],
  product_ids: "",
  active: true,
};

const SCOPE_LABELS = { all: "Весь магазин", categories: "Категории", products: "Товары" } as const;

const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value.replace(",", ".")));

function toBody(draft: Draft): PromoCodeBody {
  return {
    code: draft.code,
    kind: draft.kind,
    value: Number(draft.value.replace(",", ".")) || 0,
    min_order: numberOrNull(draft.min_order) ?? 0,
    max_uses: numberOrNull(draft.max_uses),
    max_uses_per_customer: numberOrNull(draft.max_uses_per_customer),
    starts_on: draft.starts_on || null,
    ends_on: draft.ends_on || null,
    scope: draft.scope,
    category_ids: draft.category_ids,
    product_ids: draft.product_ids
      .split(/[\s,;]+/)
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
    active: draft.active,
  };
}

function toDraft(code: PromoCodeJson): Draft {
  const text = (value: number | null) => (value === null || value === 0 ? "" : String(value));
  return {
    code: code.code,
    kind: code.kind === "fixed" ? "fixed" : "percent",
    value: String(code.value),
    min_order: text(code.min_order),
    max_uses: text(code.max_uses),
    max_uses_per_customer: text(code.max_uses_per_customer),
    starts_on: code.starts_on ?? "",
    ends_on: code.ends_on ?? "",
    scope: code.scope === "categories" || code.scope === "products" ? code.scope : "all",
    category_ids: code.category_ids,
    product_ids: code.product_ids.join(", "),
    active: code.active,
  };
}

const russianDay = (day: string | null) => (day ? day.split("-").reverse().join(".") : null);

function periodText(code: PromoCodeJson): string {
  const from = russianDay(code.starts_on);
  const to = russianDay(code.ends_on);
  if (from && to) return `${from} – ${to}`;
  if (from) return `с ${from}`;
  if (to) return `до ${to}`;
  return "без срока";
}

/**
 * Promo codes (docs/admin-panel.md#promo-codes): a new code or one being edited in the form above, the list with
 * each code's uses, orders and revenue below; a code is switched off, never deleted, so its orders keep it.
 */
export default function PromoCodesTab() {
  const showToast = useToast();
  const [codes, setCodes] = useState<PromoCodeJson[] | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchPromoCodes(controller.signal)
      .then((list) => setCodes(list.promo_codes))
      .catch((failure) => logFailure("promo codes failed to load", failure));
    return () => controller.abort();
  }, [version]);
  useEffect(() => {
    const controller = new AbortController();
    fetchAdminCategories(controller.signal)
      .then(setCategories)
      .catch((failure) => logFailure("categories failed to load", failure));
    return () => controller.abort();
  }, []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = editing === null ? await createPromoCode(toBody(draft)) : await updatePromoCode(editing, toBody(draft));
      showToast(editing === null ? `Промокод «${saved.code}» создан` : `Промокод «${saved.code}» сохранён`);
      setDraft(EMPTY);
      setEditing(null);
      setVersion((v) => v + 1);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось сохранить промокод");
    } finally {
      setBusy(false);
    }
  }

  async function toggle(code: PromoCodeJson) {
    try {
      await updatePromoCode(code.id, { ...toBody(toDraft(code)), active: !code.active });
      showToast(code.active ? `Промокод «${code.code}» отключён` : `Промокод «${code.code}» включён`);
      setVersion((v) => v + 1);
    } catch (failure) {
      showToast(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось сохранить", "error");
    }
  }

  return (
    <section className={card.card} aria-labelledby="adm-promo-title">
      <div className={card.head}>
        <h2 id="adm-promo-title" className={card.title}>
          Промокоды
        </h2>
      </div>
      <p className={`${text.muted} ${styles.rule}`}>
        Скидка по промокоду и скидка за сумму заказа не суммируются: покупатель получает бо́льшую. Даты — по московскому времени, включительно.
      </p>
      <form className={styles.form} onSubmit={(event) => void save(event)} aria-label={editing === null ? "Новый промокод" : "Изменить промокод"}>
        <label className={form.field}>
          <span className={form.label}>Код</span>
          <input className={form.input} value={draft.code} maxLength={40} onChange={(e) => set("code", e.target.value)} placeholder="РЕМЕСЛО10" />
        </label>
        <label className={form.field}>
          <span className={form.label}>Скидка</span>
          <span className={styles.pair}>
            <input className={form.input} inputMode="decimal" aria-label="Размер скидки" value={draft.value} onChange={(e) => set("value", e.target.value)} />
            <select className={form.input} aria-label="Вид скидки" value={draft.kind} onChange={(e) => set("kind", e.target.value as Draft["kind"])}>
              <option value="percent">%</option>
              <option value="fixed">₽</option>
            </select>
          </span>
        </label>
        <label className={form.field}>
          <span className={form.label}>Заказ от, ₽</span>
          <input className={form.input} inputMode="decimal" value={draft.min_order} onChange={(e) => set("min_order", e.target.value)} placeholder="без минимума" />
        </label>
        <label className={form.field}>
          <span className={form.label}>Использований всего</span>
          <input className={form.input} inputMode="numeric" value={draft.max_uses} onChange={(e) => set("max_uses", e.target.value)} placeholder="без лимита" />
        </label>
        <label className={form.field}>
          <span className={form.label}>На покупателя</span>
          <input
            className={form.input}
            inputMode="numeric"
            value={draft.max_uses_per_customer}
            onChange={(e) => set("max_uses_per_customer", e.target.value)}
            placeholder="без лимита"
          />
        </label>
        <label className={form.field}>
          <span className={form.label}>Действует с</span>
          <input className={form.input} type="date" value={draft.starts_on} onChange={(e) => set("starts_on", e.target.value)} />
        </label>
        <label className={form.field}>
          <span className={form.label}>по</span>
          <input className={form.input} type="date" value={draft.ends_on} onChange={(e) => set("ends_on", e.target.value)} />
        </label>
        <label className={form.field}>
          <span className={form.label}>Для</span>
          <select className={form.input} value={draft.scope} onChange={(e) => set("scope", e.target.value as Draft["scope"])}>
            {Object.entries(SCOPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {draft.scope === "categories" && (
          <fieldset className={styles.categories}>
            <legend className={form.label}>Категории</legend>
            {categories.map((category) => (
              <label key={category.id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={draft.category_ids.includes(category.id)}
                  onChange={(e) =>
                    set("category_ids", e.target.checked ? [...draft.category_ids, category.id] : draft.category_ids.filter((id) => id !== category.id))
                  }
                />
                {category.name}
              </label>
            ))}
          </fieldset>
        )}
        {draft.scope === "products" && (
          <label className={form.field}>
            <span className={form.label}>ID товаров через запятую</span>
            <input className={form.input} value={draft.product_ids} onChange={(e) => set("product_ids", e.target.value)} placeholder="12, 15" />
          </label>
        )}
        <div className={styles.actions}>
          <button type="submit" className={buttons.primary} disabled={busy}>
            {editing === null ? "Создать промокод" : "Сохранить"}
          </button>
          {editing !== null && (
            <button
              type="button"
              className={buttons.ghost}
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
                setError(null);
              }}
            >
              Отмена
            </button>
          )}
        </div>
      </form>
      {error && (
        <p className={text.errorLine} role="alert">
          {error}
        </p>
      )}
      {codes === null ? (
        <p className={text.muted}>Загрузка...</p>
      ) : codes.length === 0 ? (
        <p className={text.muted}>Промокодов пока нет.</p>
      ) : (
        <div className={table.wrap}>
          <table className={`${table.table} ${styles.list}`} data-testid="promo-list">
            <thead>
              <tr>
                <th>Код</th>
                <th>Скидка</th>
                <th>Срок</th>
                <th className={table.num}>Использован</th>
                <th className={table.num}>Заказов</th>
                <th className={table.num}>Выручка</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code.id} className={code.active ? undefined : styles.off} data-promo={code.code}>
                  <td>
                    <strong>{code.code}</strong>
                    <div className={text.muted}>
                      {code.active ? SCOPE_LABELS[code.scope as keyof typeof SCOPE_LABELS] ?? "" : "Отключён"}
                      {code.min_order > 0 ? ` · от ${formatAdminPrice(code.min_order)}` : ""}
                    </div>
                  </td>
                  <td data-label="Скидка">{code.kind === "percent" ? `${code.value}%` : formatAdminPrice(code.value)}</td>
                  <td data-label="Срок">{periodText(code)}</td>
                  <td className={table.num} data-label="Использован">
                    {code.uses}
                    {code.max_uses !== null ? ` из ${code.max_uses}` : ""}
                  </td>
                  <td className={table.num} data-label="Заказов">
                    {code.orders}
                  </td>
                  <td className={table.num} data-label="Выручка">
                    {formatAdminPrice(code.revenue)}
                  </td>
                  <td className={styles.rowActions}>
                    <button
                      type="button"
                      className={`${buttons.ghost} ${buttons.sm}`}
                      onClick={() => {
                        setEditing(code.id);
                        setDraft(toDraft(code));
                        setError(null);
                      }}
                    >
                      Изменить
                    </button>
                    <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => void toggle(code)}>
                      {code.active ? "Отключить" : "Включить"}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
