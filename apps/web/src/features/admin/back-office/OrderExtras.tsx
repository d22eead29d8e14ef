import { useEffect, useState, type FormEvent } from "react";
import type { AdminOrder } from "@shop/shared/schemas/orders";
import type { CustomerCard, OrderNoteJson } from "@shop/shared/schemas/staff";
import { formatAdminPrice, formatDateTime } from "@shop/shared/format";
import { statusLabel } from "@shop/shared/labels";
import { formatPhone } from "@shop/shared/phone";
import { ApiError, logFailure } from "../utils";
import { addNote, fetchCustomer, fetchNotes } from "./api";
import { HistoryList } from "./HistoryList";
import { PrintSheet } from "./PrintSheet";
import buttons from "../components/buttons.module.css";
import form from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./BackOffice.module.css";

/** Under an opened order: staff's notes (never shown to the customer), the customer's card, the packing sheet. */
export function OrderExtras({ order }: { order: AdminOrder }) {
  const [notes, setNotes] = useState<OrderNoteJson[]>([]);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [customer, setCustomer] = useState<CustomerCard | null>(null);
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchNotes(order.id, controller.signal)
      .then((result) => setNotes(result.notes))
      .catch((failure) => logFailure("notes failed to load", failure));
    return () => controller.abort();
  }, [order.id]);

  useEffect(() => {
    if (!printing) return;
    window.print();
    setPrinting(false);
  }, [printing]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const note = await addNote(order.id, draft);
      setNotes((list) => [...list, note]);
      setDraft("");
      setError(null);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось сохранить заметку");
    }
  }

  async function openCustomer() {
    try {
      setCustomer(await fetchCustomer(order.telegram_user_id ? { telegram_user_id: order.telegram_user_id } : { phone: order.customer_phone }));
    } catch (failure) {
      logFailure("customer card failed to load", failure);
    }
  }

  return (
    <div className={styles.notes}>
      <div className={styles.row}>
        <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => void openCustomer()}>
          Карточка покупателя
        </button>
        <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => setPrinting(true)}>
          Лист сборки
        </button>
      </div>
      {customer && (
        <div className={styles.card} data-testid="customer-card">
          <strong>{customer.name}</strong>
          <div className={text.muted}>
            {customer.phone ? formatPhone(customer.phone) : ""}
            {customer.telegram_username ? ` · @${customer.telegram_username}` : ""}
          </div>
          <div>
            Заказов: {customer.orders_count} · Потрачено: {formatAdminPrice(customer.total_spent)}
          </div>
          <div>Последний адрес: {customer.last_address || "—"}</div>
          <ul style={{ margin: "6px 0 0", paddingLeft: 18 }}>
            {customer.orders.slice(0, 10).map((item) => (
              <li key={item.id}>
                #{item.order_number} · {formatDateTime(item.created_at)} · {statusLabel(item.status)} · {formatAdminPrice(item.total)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h4 className={text.subtitle}>Заметки</h4>
      {notes.length === 0 && <p className={text.muted}>Заметок нет. Покупатель их не видит.</p>}
      {notes.map((note) => (
        <div key={note.id} className={styles.note}>
          <span className={text.muted}>
            {note.author_name}, {formatDateTime(note.created_at)}:
          </span>{" "}
          {note.text}
        </div>
      ))}
      <form className={styles.row} onSubmit={(event) => void submit(event)}>
        <input className={`${form.input} ${form.inputSm}`} style={{ flex: "1 1 200px" }} placeholder="Заметка для сотрудников" aria-label="Новая заметка" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className={`${buttons.primary} ${buttons.sm}`}>
          Добавить
        </button>
      </form>
      {error && <p className={text.errorLine}>{error}</p>}
      <HistoryList of="order" id={order.id} reloadKey={`${order.status}/${order.payment_status}/${notes.length}`} title="История заказа" />
      {printing && <PrintSheet orders={[order]} />}
    </div>
  );
}
