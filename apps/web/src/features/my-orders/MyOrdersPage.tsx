import { Suspense, lazy, useEffect, useState } from "react";
import { Link } from "react-router-dom";
import type { MyOrdersResponse } from "@shop/shared/schemas/orders";
import { ApiError, api } from "../../lib/api";
import { useQuery } from "../../lib/query";
import { usePageMeta } from "../../lib/seo";
import { isInTelegram, telegramUser } from "../../lib/telegram";
import { EmptyState } from "../../components/EmptyState";
import { OpenInTelegram } from "./OpenInTelegram";
import { OrdersIcon } from "../../components/Icons";
import styles from "./MyOrdersPage.module.css";

const NO_ORDERS: MyOrdersResponse = { orders: [], lastAddress: null };

// Telegram's own lists (telegram-ui): a chunk only the Mini App loads
const loadTelegramOrders = () => import("./TelegramOrders");
const TelegramOrders = lazy(loadTelegramOrders);

const LOADING = (
  <p className="loading-text" role="status">
    Загрузка ваших заказов...
  </p>
);

/** Why the list could not be read: the server's own words (e.g. stale Telegram data) or a generic line. */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : "Проверьте соединение и попробуйте ещё раз.";
}

/**
 * The shopper's own orders: only for a Telegram user (inside the Mini App, where the server can check who is
 * asking); the list arrives first, each order's items when its card is opened (TelegramOrders draws them).
 */
export default function MyOrdersPage() {
  const hasUser = telegramUser() !== null;
  // a retry asks again under a new key (every key starts with 'my-order', which a new order invalidates)
  const [attempt, setAttempt] = useState(0);
  const result = useQuery(hasUser ? `my-orders#${attempt}` : null, () => api.myOrders(), NO_ORDERS);
  usePageMeta({ title: "Мои заказы", description: "Ваши заказы в магазине «Ремесло»." });
  // the lists' code comes while the orders are asked for, not after them
  useEffect(() => {
    if (hasUser) loadTelegramOrders().catch(() => {}); // a failure shows when the lists render
  }, [hasUser]);

  return (
    <div className={`container ${styles.page}`}>
      <h1 className="page-title">Мои заказы</h1>
      {!hasUser ? (
        <>
          {/* the server's page, which never knows the Telegram user: inside Telegram it shows the loading line until
              the app, which knows the user, renders the page itself (base.css, .telegram-first-paint) */}
          <p className="loading-text telegram-first-paint">Загрузка ваших заказов...</p>
          <div className="replaced-in-telegram">
            <EmptyState title="Страница доступна только в Telegram" icon={<OrdersIcon size={32} />}>
              <span>История заказов доступна только пользователям Telegram: откройте магазин через нашего бота.</span>
              {isInTelegram() ? null : <OpenInTelegram />}
              <Link to="/" className="btn btn-secondary">
                Перейти в каталог
              </Link>
            </EmptyState>
          </div>
        </>
      ) : result.loading ? (
        LOADING
      ) : (
        <Suspense fallback={LOADING}>
          <TelegramOrders
            list={result.data}
            failure={result.error ? failureText(result.error) : null}
            onRetry={() => setAttempt((value) => value + 1)}
          />
        </Suspense>
      )}
    </div>
  );
}
