import { Fragment, useEffect, useState, type MouseEvent } from "react";
import type { AdminOrder, OrderStatusValue } from "@shop/shared/schemas/orders";
import { formatAdminPrice, formatDateTime } from "@shop/shared/format";
import { ORDER_STATUSES, sourceLabel, statsStatusLabel, statusLabel } from "@shop/shared/labels";
import { cardImageUrl } from "@shop/shared/images";
import { formatPhone } from "@shop/shared/phone";
import { fetchOrder, fetchOrders, updateOrderStatus, type OrderFilter } from "../api/orders";
import { ChevronIcon } from "../components/icons";
import { Pagination } from "../components/Pagination";
import { useToast } from "../components/Toast";
import { isAbort, logFailure } from "../utils";
import { OrderPaymentPanel, type PaymentChange } from "./OrderPaymentPanel";
import { PaymentBadge } from "./PaymentBadge";
import { OrderDeliveryPanel } from "./OrderDeliveryPanel";
import { isDeskSearchEmpty, OrderDeskBar, type DeskSearch } from "../back-office/OrderDeskBar";
import { OrderExtras } from "../back-office/OrderExtras";
import { PrintSheet } from "../back-office/PrintSheet";
import { searchOrders } from "../back-office/api";
import { LineDetails } from "../../../components/LineDetails";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import layout from "../components/layout.module.css";
import table from "../components/table.module.css";
import text from "../components/text.module.css";
import styles from "./OrdersTab.module.css";

/** Все, Новые, then each status (docs/product.md#order-management). */
export const ORDER_FILTERS: { value: OrderFilter; label: string }[] = [
  { value: "all", label: "Все" },
  ...ORDER_STATUSES.map((status) => ({ value: status as OrderFilter, label: statsStatusLabel(status) })),
];

/** Shown only when the shop takes payments in Telegram. */
const PAID_FILTER: { value: OrderFilter; label: string } = { value: "paid", label: "Оплаченные" };

function OrderDetails({ order }: { order: AdminOrder }) {
  return (
    <div className={styles.details} data-testid="order-details">
      <div>
        <h4 className={text.subtitle}>Товары</h4>
        {order.items.length === 0 ? (
          <p className={text.muted}>Нет позиций</p>
        ) : (
          <ul className={styles.items}>
            {order.items.map((item) => (
              <li key={item.id} className={styles.item}>
                {item.product_image ? (
                  <img className={`${table.thumb} ${table.thumbSm} ${styles.itemThumb}`} src={cardImageUrl(item.product_image)} alt="" loading="lazy" width={36} height={36} />
                ) : (
                  <span className={`${table.thumb} ${table.thumbSm} ${table.thumbEmpty} ${styles.itemThumb}`} aria-hidden="true" />
                )}
                <span className={styles.itemName}>
                  {item.product_name}
                  <span className={`${text.muted} ${table.sku}`}>Арт. {item.product_sku}</span>
                  <LineDetails variantTitle={item.variant_title} personalization={item.personalization} className={styles.itemDetails} />
                </span>
                <span className={styles.itemQty}>
                  {item.quantity} × {formatAdminPrice(item.price)}
                </span>
                <span className={styles.itemSum}>{formatAdminPrice(item.price * item.quantity)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <dl className={styles.info}>
        <dt>Адрес доставки</dt>
        <dd>{order.delivery_address || "—"}</dd>
        <dt>Комментарий</dt>
        <dd>{order.comment || "—"}</dd>
        <dt>Источник</dt>
        <dd>{sourceLabel(order.source)}</dd>
        <dt>Товары</dt>
        <dd>{formatAdminPrice(order.subtotal)}</dd>
        {order.discount_amount > 0 && (
          <>
            <dt>{order.promo_code ? `Промокод ${order.promo_code}` : `Скидка (${order.discount_percent}%)`}</dt>
            <dd>−{formatAdminPrice(order.discount_amount)}</dd>
          </>
        )}
        <dt>Доставка</dt>
        <dd>{formatAdminPrice(order.delivery_cost)}</dd>
        <dt>Итого</dt>
        <dd className={styles.strong}>{formatAdminPrice(order.total)}</dd>
      </dl>
      <OrderDeliveryPanel orderId={order.id} delivery={order.delivery ?? null} />
    </div>
  );
}

/** `payments`: the shop takes payments in Telegram, so orders show their payment (docs/product.md#payment-in-telegram). */
export default function OrdersTab({ payments = false }: { payments?: boolean }) {
  const showToast = useToast();
  const [filter, setFilter] = useState<OrderFilter>("all");
  const [page, setPage] = useState(1);
  const [orders, setOrders] = useState<AdminOrder[]>([]);
  const [totalPages, setTotalPages] = useState(1);
  const [loading, setLoading] = useState(true);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [details, setDetails] = useState<Map<number, AdminOrder>>(new Map());
  const [updatingId, setUpdatingId] = useState<number | null>(null);
  const [search, setSearch] = useState<DeskSearch>({});
  /** orders ticked for printing their packing sheets together */
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [printing, setPrinting] = useState<AdminOrder[] | null>(null);
  const filters = payments ? [...ORDER_FILTERS, PAID_FILTER] : ORDER_FILTERS;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    // the status tabs alone read the plain list; a search or a filter asks the order desk
    const status = filter === "all" || filter === "paid" ? undefined : filter;
    const payment = filter === "paid" ? "paid" : search.payment_status;
    (isDeskSearchEmpty(search)
      ? fetchOrders({ page, status: filter }, controller.signal)
      : searchOrders({ ...search, status, payment_status: payment, page }, controller.signal)
    )
      .then((result) => {
        setOrders(result.orders);
        setTotalPages(Math.max(1, result.totalPages));
        setLoading(false);
      })
      .catch((error) => {
        if (isAbort(error)) return;
        logFailure("orders failed to load", error);
        setOrders([]);
        setLoading(false);
      });
    return () => controller.abort();
  }, [page, filter, search]);

  function chooseFilter(next: OrderFilter) {
    setFilter(next);
    setPage(1);
    setExpanded(new Set());
  }

  function toggle(order: AdminOrder) {
    const open = !expanded.has(order.id);
    setExpanded((set) => {
      const copy = new Set(set);
      if (open) copy.add(order.id);
      else copy.delete(order.id);
      return copy;
    });
    if (open && !details.has(order.id)) {
      fetchOrder(order.id)
        .then((detail) => setDetails((map) => new Map(map).set(order.id, detail)))
        .catch((error) => logFailure("order details failed to load", error));
    }
  }

  async function changeStatus(order: AdminOrder, status: OrderStatusValue) {
    if (status === order.status) return;
    setUpdatingId(order.id);
    try {
      await updateOrderStatus(order.id, status);
      setOrders((list) => list.map((item) => (item.id === order.id ? { ...item, status } : item)));
      setDetails((map) => {
        const detail = map.get(order.id);
        return detail ? new Map(map).set(order.id, { ...detail, status }) : map;
      });
      showToast(`Статус заказа #${order.order_number} обновлен!`);
    } catch (error) {
      logFailure("status update failed", error);
      showToast("Ошибка обновления статуса!", "error");
    } finally {
      setUpdatingId(null);
    }
  }

  function paymentChanged(order: AdminOrder, change: PaymentChange) {
    setOrders((list) => list.map((item) => (item.id === order.id ? { ...item, ...change } : item)));
    setDetails((map) => {
      const detail = map.get(order.id);
      return detail ? new Map(map).set(order.id, { ...detail, ...change }) : map;
    });
  }

  const stop = (event: MouseEvent) => event.stopPropagation();

  function choose(id: number, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  /** The packing sheets of the ticked orders, one page each (docs/admin-panel.md#packing-sheets). */
  async function printChosen() {
    try {
      const sheets = await Promise.all([...chosen].map((id) => details.get(id) ?? fetchOrder(id)));
      setPrinting(sheets);
      // the sheets are in the page before the print dialog reads it
      setTimeout(() => window.print(), 50);
    } catch (error) {
      logFailure("packing sheets failed to load", error);
      showToast("Не удалось подготовить листы сборки", "error");
    }
  }

  return (
    <section className={card.card} aria-labelledby="adm-orders-title">
      <div className={card.head}>
        <h2 id="adm-orders-title" className={card.title}>
          Управление заказами
        </h2>
      </div>
      <OrderDeskBar
        status={filter}
        payments={payments}
        onSearch={(next) => {
          setSearch(next);
          setPage(1);
          setExpanded(new Set());
        }}
      />
      <div className={styles.filter} role="group" aria-label="Фильтр по статусу">
        {filters.map((item) => (
          <button
            key={item.value}
            type="button"
            aria-pressed={filter === item.value}
            className={`${styles.chip} ${filter === item.value ? styles.active : ""}`}
            onClick={() => chooseFilter(item.value)}
          >
            {item.label}
          </button>
        ))}
      </div>

      {chosen.size > 0 && (
        <div className={styles.chosenBar} role="region" aria-label="Выбранные заказы">
          <strong>Выбрано заказов: {chosen.size}</strong>
          <button type="button" className={`${buttons.primary} ${buttons.sm}`} onClick={() => void printChosen()}>
            Листы сборки: печать
          </button>
          <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => setChosen(new Set())}>
            Снять выбор
          </button>
        </div>
      )}
      {printing && <PrintSheet orders={printing} />}

      {!loading && orders.length === 0 ? (
        <p className={text.empty}>Заказов нет.</p>
      ) : (
        <div className={`${table.wrap} ${loading ? table.loading : ""}`}>
          <table className={`${table.table} ${table.cards} ${styles.table} ${payments ? styles.payments : ""}`}>
            <thead>
              <tr>
                <th aria-label="Подробнее" />
                <th>№ заказа</th>
                <th>Дата</th>
                <th>Клиент</th>
                <th>Телефон</th>
                <th>Telegram</th>
                <th className={table.num}>Сумма</th>
                <th>Статус</th>
                {payments && <th>Оплата</th>}
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                const open = expanded.has(order.id);
                const detail = details.get(order.id) ?? order;
                return (
                  <Fragment key={order.id}>
                    <tr className={`${styles.row} ${open ? styles.open : ""}`} onClick={() => toggle(order)} data-order={order.order_number}>
                      <td className={styles.expandCell}>
                        <input
                          type="checkbox"
                          className={styles.choose}
                          aria-label={`Выбрать заказ #${order.order_number} для печати`}
                          checked={chosen.has(order.id)}
                          onClick={stop}
                          onChange={(e) => choose(order.id, e.target.checked)}
                        />
                        <button
                          type="button"
                          className={`${buttons.icon} ${styles.expand}`}
                          aria-expanded={open}
                          aria-label={open ? `Скрыть заказ #${order.order_number}` : `Показать заказ #${order.order_number}`}
                          onClick={(event) => {
                            stop(event);
                            toggle(order);
                          }}
                        >
                          <ChevronIcon />
                        </button>
                      </td>
                      <td data-label="№ заказа" className={`${styles.strong} ${styles.number}`}>
                        #{order.order_number}
                      </td>
                      <td data-label="Дата">{formatDateTime(order.created_at)}</td>
                      <td data-label="Клиент">{order.customer_name}</td>
                      <td data-label="Телефон">
                        <a className={styles.phone} href={`tel:${order.customer_phone.replace(/[^\d+]/g, "")}`} onClick={stop}>
                          {formatPhone(order.customer_phone)}
                        </a>
                      </td>
                      <td data-label="Telegram">{order.telegram_username ? `@${order.telegram_username.replace(/^@/, "")}` : "—"}</td>
                      <td data-label="Сумма" className={`${table.num} ${styles.strong} ${styles.sum}`}>
                        {formatAdminPrice(order.total)}
                      </td>
                      <td data-label="Статус" onClick={stop}>
                        <select
                          className={`${styles.status} ${styles[order.status]}`}
                          aria-label={`Статус заказа #${order.order_number}`}
                          value={order.status}
                          disabled={updatingId === order.id}
                          onChange={(e) => void changeStatus(order, e.target.value as OrderStatusValue)}
                        >
                          {ORDER_STATUSES.map((status) => (
                            <option key={status} value={status}>
                              {statusLabel(status)}
                            </option>
                          ))}
                        </select>
                      </td>
                      {payments && (
                        <td data-label="Оплата">
                          <PaymentBadge status={order.payment_status} />
                        </td>
                      )}
                    </tr>
                    {open && (
                      <tr className={styles.detailsRow}>
                        <td colSpan={payments ? 9 : 8}>
                          {detail.items ? <OrderDetails order={detail} /> : <p className={text.muted}>Загрузка деталей...</p>}
                          {payments && detail.items && <OrderPaymentPanel order={detail} onChange={(change) => paymentChanged(order, change)} />}
                          {detail.items && <OrderExtras order={detail} />}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
          {loading && orders.length === 0 && <p className={`${text.muted} ${layout.pad}`}>Загрузка заказов...</p>}
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} onChange={setPage} disabled={loading} />
    </section>
  );
}
