import { useState } from "react";
import { Link } from "react-router-dom";
import type { MyOrderDetail, MyOrderSummary, MyOrdersResponse } from "@shop/shared/schemas/orders";
import { formatDateTime, formatPrice } from "@shop/shared/format";
import { statusLabel } from "@shop/shared/labels";
import { ApiError, api } from "../../lib/api";
import { useQuery } from "../../lib/query";
import { usePageMeta } from "../../lib/seo";
import { telegramUser } from "../../lib/telegram";
import { EmptyState } from "../../components/EmptyState";
import { OrdersIcon } from "../../components/Icons";
import { ProductImage } from "../../components/ProductImage";
import styles from "./MyOrdersPage.module.css";

const NO_ORDERS: MyOrdersResponse = { orders: [], lastAddress: null };

function OrderDetails({ id }: { id: number }) {
  const detail = useQuery<MyOrderDetail | null>(`my-order:${id}`, () => api.myOrder(id), null);
  if (detail.loading) return <p className={styles.detailsLoading}>Загрузка деталей...</p>;
  if (!detail.data) return <p className={styles.detailsLoading}>Не удалось загрузить детали заказа.</p>;
  return (
    <ul className={styles.items}>
      {detail.data.items.map((item) => (
        <li key={item.id} className={styles.item}>
          <span className={styles.itemImage}>
            <ProductImage image={item.product_image ? { id: item.id, image_url: item.product_image } : undefined} alt={item.product_name} />
          </span>
          <span className={styles.itemName}>
            {item.product_id ? <Link to={`/product/${item.product_id}`}>{item.product_name}</Link> : item.product_name}
            <span className={styles.itemQty}>
              {item.quantity} × {formatPrice(item.price)}
            </span>
          </span>
          <span className={styles.itemTotal}>{formatPrice(item.price * item.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}

function OrderCard({ order }: { order: MyOrderSummary }) {
  const [open, setOpen] = useState(false);
  const panelId = `order-${order.id}-details`;
  return (
    <li className={styles.card}>
      <button type="button" className={styles.summary} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span className={styles.number}>Заказ №{order.order_number}</span>
        <span className={`${styles.status} ${styles[order.status] ?? ""}`}>{statusLabel(order.status)}</span>
        <span className={styles.date}>{formatDateTime(order.created_at)}</span>
        <span className={styles.total}>{formatPrice(order.total)}</span>
      </button>
      {open ? (
        <div id={panelId} className={styles.details}>
          <OrderDetails id={order.id} />
        </div>
      ) : null}
    </li>
  );
}

/** Why the list could not be read: the server's own words (e.g. stale Telegram data) or a generic line. */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : "Проверьте соединение и попробуйте ещё раз.";
}

/**
 * The shopper's own orders: only for a Telegram user (inside the Mini App, where the server can check who is
 * asking); the list arrives first, each order's items when its card is opened.
 */
export default function MyOrdersPage() {
  const hasUser = telegramUser() !== null;
  // a retry asks again under a new key (every key starts with 'my-order', which a new order invalidates)
  const [attempt, setAttempt] = useState(0);
  const result = useQuery(hasUser ? `my-orders#${attempt}` : null, () => api.myOrders(), NO_ORDERS);
  usePageMeta({ title: "Мои заказы", description: "Ваши заказы в магазине «Ремесло»." });

  return (
    <div className={`container ${styles.page}`}>
      <h1 className="page-title">Мои заказы</h1>
      {!hasUser ? (
        <EmptyState title="Страница доступна только в Telegram" icon={<OrdersIcon size={32} />}>
          <span>История заказов доступна только пользователям Telegram: откройте магазин через нашего бота.</span>
          <Link to="/" className="btn btn-primary">
            Перейти в каталог
          </Link>
        </EmptyState>
      ) : result.loading ? (
        <p className="loading-text" role="status">
          Загрузка ваших заказов...
        </p>
      ) : result.error ? (
        <EmptyState title="Не удалось загрузить заказы" icon={<OrdersIcon size={32} />}>
          <span>{failureText(result.error)}</span>
          <button type="button" className="btn btn-primary" onClick={() => setAttempt((value) => value + 1)}>
            Повторить
          </button>
        </EmptyState>
      ) : result.data.orders.length === 0 ? (
        <EmptyState title="У вас пока нет заказов." icon={<OrdersIcon size={32} />}>
          <Link to="/" className="btn btn-primary">
            Перейти в каталог
          </Link>
        </EmptyState>
      ) : (
        <>
          {result.data.lastAddress ? (
            <p className={styles.address}>
              <span className="muted">Ваш последний адрес доставки:</span> {result.data.lastAddress}
            </p>
          ) : null}
          <ul className={styles.list}>
            {result.data.orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
