import { useEffect, useState } from "react";
import type { AuditEntryJson, StaffAccount } from "@shop/shared/schemas/staff";
import { formatDateTime } from "@shop/shared/format";
import { Pagination } from "../components/Pagination";
import { logFailure } from "../utils";
import { fetchAudit, fetchStaff } from "./api";
import { describeChange, KIND_LABELS } from "./audit-text";
import card from "../components/card.module.css";
import form from "../components/form.module.css";
import table from "../components/table.module.css";
import text from "../components/text.module.css";
import styles from "./BackOffice.module.css";

/** The owner's audit log: who changed what, when and from where, filtered by person, kind and dates. */
export default function AuditTab() {
  const [staff, setStaff] = useState<StaffAccount[]>([]);
  const [filter, setFilter] = useState({ staff_id: "", kind: "", from: "", to: "" });
  const [page, setPage] = useState(1);
  const [entries, setEntries] = useState<AuditEntryJson[]>([]);
  const [totalPages, setTotalPages] = useState(1);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchStaff()
      .then((list) => setStaff(list.staff))
      .catch((failure) => logFailure("staff failed to load", failure));
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    fetchAudit({ ...filter, staff_id: filter.staff_id ? Number(filter.staff_id) : undefined, page }, controller.signal)
      .then((result) => {
        setEntries(result.entries);
        setTotalPages(Math.max(1, result.totalPages));
        setError(null);
      })
      .catch((failure) => {
        logFailure("audit failed to load", failure);
        setError(failure instanceof Error ? failure.message : "Не удалось загрузить журнал");
      });
    return () => controller.abort();
  }, [filter, page]);

  const set = (key: keyof typeof filter, value: string) => {
    setFilter({ ...filter, [key]: value });
    setPage(1);
  };

  return (
    <section className={card.card} aria-labelledby="adm-audit-title">
      <div className={card.head}>
        <h2 id="adm-audit-title" className={card.title}>
          Журнал изменений
        </h2>
      </div>
      <div className={styles.grid}>
        <label className={form.field}>
          <span className={form.label}>Сотрудник</span>
          <select className={form.input} value={filter.staff_id} onChange={(e) => set("staff_id", e.target.value)}>
            <option value="">Все</option>
            {staff.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name || account.login}
              </option>
            ))}
          </select>
        </label>
        <label className={form.field}>
          <span className={form.label}>Что</span>
          <select className={form.input} value={filter.kind} onChange={(e) => set("kind", e.target.value)}>
            <option value="">Всё</option>
            {Object.entries(KIND_LABELS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className={form.field}>
          <span className={form.label}>С</span>
          <input className={form.input} type="date" value={filter.from} onChange={(e) => set("from", e.target.value)} />
        </label>
        <label className={form.field}>
          <span className={form.label}>По</span>
          <input className={form.input} type="date" value={filter.to} onChange={(e) => set("to", e.target.value)} />
        </label>
      </div>
      {error && <p className={text.errorLine}>{error}</p>}
      {entries.length === 0 ? (
        <p className={text.empty}>Записей нет.</p>
      ) : (
        <div className={table.wrap}>
          <table className={`${table.table} ${table.cards} ${styles.logTable}`} data-testid="audit-table">
            <thead>
              <tr>
                <th>Когда</th>
                <th>Кто</th>
                <th>Что</th>
                <th>Изменение</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="Когда">{formatDateTime(entry.at)}</td>
                  <td data-label="Кто">
                    {entry.staff_name} <span className={text.muted}>{entry.via === "bot" ? "· бот" : "· панель"}</span>
                  </td>
                  <td data-label="Что">
                    {KIND_LABELS[entry.kind] ?? entry.kind}: {entry.label}
                  </td>
                  <td data-label="Изменение" className={styles.change}>
                    {describeChange(entry)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} onChange={setPage} />
    </section>
  );
}
