import { useState, type FormEvent } from "react";
import { ORDER_SOURCES, PAYMENT_STATUSES, paymentLabel, sourceLabel } from "@shop/shared/labels";
import { DELIVERY_METHOD_LABELS, DELIVERY_METHODS } from "@shop/shared/delivery";
import { useToast } from "../components/Toast";
import { logFailure } from "../utils";
import { downloadCsv, type OrderSearchParams } from "./api";
import buttons from "../components/buttons.module.css";
import form from "../components/form.module.css";
import styles from "./BackOffice.module.css";

export type DeskSearch = Pick<OrderSearchParams, "q" | "source" | "delivery_method" | "payment_status" | "from" | "to">;

export const isDeskSearchEmpty = (search: DeskSearch) =>
  !search.q && !search.source && !search.delivery_method && !search.payment_status && !search.from && !search.to;

/**
 * The order desk's search and filters above the orders (docs/admin-panel.md#finding-orders): a text for the number,
 * name, phone, @username or product; source, delivery method, payment and days; and the export of what is found to CSV.
 */
export function OrderDeskBar({ status, payments, onSearch }: { status: string; payments: boolean; onSearch: (search: DeskSearch) => void }) {
  const showToast = useToast();
  const [draft, setDraft] = useState<DeskSearch>({});
  const [applied, setApplied] = useState<DeskSearch>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = { ...draft, q: draft.q?.trim() };
    setApplied(next);
    onSearch(next);
  }

  async function exportCsv() {
    try {
      const day = new Date().toISOString().slice(0, 10);
      const query = { ...applied, status: status === "all" || status === "paid" ? undefined : status, payment_status: status === "paid" ? "paid" : applied.payment_status };
      await downloadCsv("/api/admin/orders/export.csv", query, `orders-${day}.csv`);
    } catch (failure) {
      logFailure("orders export failed", failure);
      showToast("Не удалось выгрузить заказы", "error");
    }
  }

  const set = (key: keyof DeskSearch, value: string) => setDraft({ ...draft, [key]: value || undefined });

  return (
    <form className={styles.grid} role="search" aria-label="Поиск заказов" onSubmit={submit}>
      <label className={form.field} style={{ gridColumn: "1 / -1" }}>
        <span className={form.label}>Поиск</span>
        <input className={form.input} type="search" placeholder="Номер, имя, телефон, @username или товар" value={draft.q ?? ""} onChange={(e) => set("q", e.target.value)} />
      </label>
      <label className={form.field}>
        <span className={form.label}>Источник</span>
        <select className={form.input} value={draft.source ?? ""} onChange={(e) => set("source", e.target.value)}>
          <option value="">Все</option>
          {ORDER_SOURCES.map((source) => (
            <option key={source} value={source}>
              {sourceLabel(source)}
            </option>
          ))}
        </select>
      </label>
      <label className={form.field}>
        <span className={form.label}>Доставка</span>
        <select className={form.input} value={draft.delivery_method ?? ""} onChange={(e) => set("delivery_method", e.target.value)}>
          <option value="">Любая</option>
          {DELIVERY_METHODS.map((method) => (
            <option key={method} value={method}>
              {DELIVERY_METHOD_LABELS[method]}
            </option>
          ))}
          <option value="none">Без способа (уточнит менеджер)</option>
        </select>
      </label>
      {/* without payments in Telegram nothing of payment is shown */}
      {payments && (
        <label className={form.field}>
          <span className={form.label}>Оплата</span>
          <select className={form.input} value={draft.payment_status ?? ""} onChange={(e) => set("payment_status", e.target.value)}>
            <option value="">Любая</option>
            {PAYMENT_STATUSES.map((payment) => (
              <option key={payment} value={payment}>
                {paymentLabel(payment)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className={form.field}>
        <span className={form.label}>С</span>
        <input className={form.input} type="date" value={draft.from ?? ""} onChange={(e) => set("from", e.target.value)} />
      </label>
      <label className={form.field}>
        <span className={form.label}>По</span>
        <input className={form.input} type="date" value={draft.to ?? ""} onChange={(e) => set("to", e.target.value)} />
      </label>
      <div className={styles.row}>
        <button type="submit" className={buttons.primary}>
          Найти
        </button>
        <button type="button" className={buttons.ghost} onClick={() => void exportCsv()}>
          CSV
        </button>
      </div>
    </form>
  );
}
