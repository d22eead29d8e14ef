import { useEffect, useState } from "react";
import type { PickingOrder } from "@shop/shared/schemas/staff";
import type { OrderStatusValue } from "@shop/shared/schemas/orders";
import { formatDateTime } from "@shop/shared/format";
import { statusLabel } from "@shop/shared/labels";
import { formatPhone } from "@shop/shared/phone";
import { Pagination } from "../components/Pagination";
import { useToast } from "../components/Toast";
import { logFailure } from "../utils";
import { fetchPicking, setPickingStatus } from "./api";
import { PrintSheet } from "./PrintSheet";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import form from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./BackOffice.module.css";

const MOVES: { status: OrderStatusValue; label: string }[] = [
  { status: "processing", label: "В работу" },
  { status: "shipped", label: "Отправлен" },
];

/** The packer's list (docs/admin-panel.md#packing): what to pack and where, no money; two statuses to set. */
export default function PickingTab() {
  const showToast = useToast();
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [orders, setOrders] = useState<PickingOrder[]>([]);
  const [totalPages, setTotalPages] = useState(1);
  const [loading, setLoading] = useState(true);
  const [printing, setPrinting] = useState<PickingOrder[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchPicking({ q: query, page }, controller.signal)
      .then((result) => {
        setOrders(result.orders);
        setTotalPages(Math.max(1, result.totalPages));
        setLoading(false);
      })
      .catch((failure) => {
        logFailure("packing list failed to load", failure);
        setLoading(false);
      });
    return () => controller.abort();
  }, [query, page]);

  useEffect(() => {
    if (!printing) return;
    window.print();
    setPrinting(null);
  }, [printing]);

  async function move(order: PickingOrder, status: OrderStatusValue) {
    try {
      const updated = await setPickingStatus(order.id, status);
      setOrders((list) => list.map((item) => (item.id === order.id ? updated : item)));
      showToast(`Заказ #${order.order_number}: ${statusLabel(status)}`);
    } catch (failure) {
      logFailure("packing status failed", failure);
      showToast("Ошибка обновления статуса!", "error");
    }
  }

  return (
    <section className={card.card} aria-labelledby="adm-picking-title">
      <div className={card.head}>
        <h2 id="adm-picking-title" className={card.title}>
          Сборка заказов
        </h2>
      </div>
      <form
        className={styles.row}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(q.trim());
          setPage(1);
        }}
      >
        <input className={form.input} style={{ flex: "1 1 220px" }} type="search" placeholder="Номер, имя, телефон, @username или товар" aria-label="Поиск заказа" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit" className={buttons.primary}>
          Найти
        </button>
      </form>
      <div className={styles.list} style={{ marginTop: 14 }} data-testid="picking-list">
        {!loading && orders.length === 0 && <p className={text.empty}>Заказов нет.</p>}
        {orders.map((order) => (
          <article key={order.id} className={styles.item} data-order={order.order_number}>
            <div className={styles.itemHead}>
              <span>
                #{order.order_number} · {formatDateTime(order.created_at)}
              </span>
              <span className={styles.badge} data-testid="picking-status">
                {statusLabel(order.status)}
              </span>
            </div>
            <span>
              {order.customer_name} · {formatPhone(order.customer_phone)}
            </span>
            <span className={text.muted}>{order.delivery_address || "Адрес не указан"}</span>
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {order.items.map((item, index) => (
                <li key={index}>
                  {item.product_name} <span className={text.muted}>арт. {item.product_sku}</span> — {item.quantity} шт.
                </li>
              ))}
            </ul>
            <div className={styles.row}>
              {MOVES.map((moveTo) => (
                <button key={moveTo.status} type="button" className={`${buttons.ghost} ${buttons.sm}`} disabled={order.status === moveTo.status} onClick={() => void move(order, moveTo.status)}>
                  {moveTo.label}
                </button>
              ))}
              <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => setPrinting([order])}>
                Лист сборки
              </button>
            </div>
          </article>
        ))}
      </div>
      {orders.length > 1 && (
        <div className={styles.row} style={{ marginTop: 10 }}>
          <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => setPrinting(orders)}>
            Печать всех на странице
          </button>
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} onChange={setPage} disabled={loading} />
      {printing && <PrintSheet orders={printing} />}
    </section>
  );
}
