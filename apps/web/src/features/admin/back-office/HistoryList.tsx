import { useEffect, useState } from "react";
import type { AuditResponse } from "@shop/shared/schemas/staff";
import { formatDateTime } from "@shop/shared/format";
import { isAbort, logFailure } from "../utils";
import { fetchOrderHistory, fetchProductHistory } from "./api";
import { describeChange, KIND_LABELS } from "./audit-text";
import text from "../components/text.module.css";
import styles from "./BackOffice.module.css";

/**
 * One order's or one product's history from the audit log, newest first (docs/admin-panel.md#history): who, when,
 * from the panel or the bot, and what changed. `reloadKey` asks again after a change made on the same screen.
 */
export function HistoryList({ of, id, reloadKey = 0, title = "История" }: { of: "order" | "product"; id: number; reloadKey?: unknown; title?: string }) {
  const [entries, setEntries] = useState<AuditResponse["entries"] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    (of === "order" ? fetchOrderHistory : fetchProductHistory)(id, controller.signal)
      .then((answer) => setEntries(answer.entries))
      .catch((failure) => {
        if (!isAbort(failure)) logFailure("history failed to load", failure);
      });
    return () => controller.abort();
  }, [of, id, reloadKey]);

  return (
    <div className={styles.history} data-testid="history">
      <strong>{title}</strong>
      {entries === null ? (
        <span className={text.muted}>Загрузка...</span>
      ) : entries.length === 0 ? (
        <span className={text.muted}>Изменений сотрудников пока нет.</span>
      ) : (
        <ol className={styles.historyList}>
          {entries.map((entry) => (
            <li key={entry.id} className={styles.historyItem}>
              <span className={text.muted}>
                {formatDateTime(entry.at)} · {entry.staff_name} · {entry.via === "bot" ? "бот" : "панель"}
              </span>
              <span>
                {KIND_LABELS[entry.kind] ?? entry.kind}: {describeChange(entry)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
