/**
 * My orders inside Telegram, drawn with @telegram-apps/telegram-ui (Telegram's own lists: Section, Cell,
 * Placeholder). MyOrdersPage imports this file lazily and only inside Telegram: with telegram-ui and its stylesheet
 * it forms the `telegram-ui-*` chunk, which website visitors never download.
 */
import "@telegram-apps/telegram-ui/dist/styles.css";
import { useState, useSyncExternalStore, type ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { AppRoot, Button, Cell, List, Placeholder, Section } from "@telegram-apps/telegram-ui";
import type { MyOrderDetail, MyOrderSummary, MyOrdersResponse } from "@shop/shared/schemas/orders";
import { formatDateTime, formatPrice } from "@shop/shared/format";
import { statusLabel } from "@shop/shared/labels";
import type { OrderDeliveryWire } from "@shop/shared/schemas/delivery";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query";
import { telegramLaunch } from "../../lib/telegram";
import { OrdersIcon } from "../../components/Icons";
import { ProductImage } from "../../components/ProductImage";
import { LineDetails } from "../../components/LineDetails";
import { OrderPayment } from "./OrderPayment";
import styles from "./MyOrdersPage.module.css";

/** The page's `data-theme` (lib/telegram-sdk.ts keeps it on Telegram's theme), for telegram-ui's appearance. */
function useAppearance(): "light" | "dark" {
  return useSyncExternalStore(
    (changed) => {
      const observer = new MutationObserver(changed);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
      return () => observer.disconnect();
    },
    () => (document.documentElement.dataset.theme === "dark" ? "dark" : "light"),
  );
}

/** Telegram's iOS and macOS clients get the iOS look; the others the base (Android-like) one. */
const platform = () => (/^(ios|macos)$/.test(telegramLaunch()?.platform ?? "") ? "ios" : "base");

function TelegramRoot({ children }: { children: ReactNode }) {
  return (
    <AppRoot appearance={useAppearance()} platform={platform()} className={styles.telegramRoot} data-testid="telegram-ui">
      {children}
    </AppRoot>
  );
}

function OrderItems({ id }: { id: number }) {
  const detail = useQuery<MyOrderDetail | null>(`my-order:${id}`, () => api.myOrder(id), null);
  if (detail.loading || !detail.data) {
    return <Cell subtitle={detail.loading ? "Загрузка деталей..." : "Не удалось загрузить детали заказа."} />;
  }
  return detail.data.items.map((item) => (
    <Cell
      key={item.id}
      Component="div"
      multiline
      before={
        <span className={styles.itemImage}>
          <ProductImage image={item.product_image ? { id: item.id, image_url: item.product_image } : undefined} alt={item.product_name} />
        </span>
      }
      // the line's total under its name, not beside it: the name keeps the row's width on a phone
      subtitle={
        <span className={styles.itemLine}>
          <span>{`${item.quantity} × ${formatPrice(item.price)}`}</span>
          <span className={styles.itemTotal}>{formatPrice(item.price * item.quantity)}</span>
        </span>
      }
      description={
        item.variant_title || item.personalization?.length ? (
          <LineDetails variantTitle={item.variant_title} personalization={item.personalization} />
        ) : undefined
      }
    >
      {item.product_id ? (
        <Link to={item.variant_id ? `/product/${item.product_id}?variant=${item.variant_id}` : `/product/${item.product_id}`} className={styles.telegramLink}>
          {item.product_name}
        </Link>
      ) : (
        item.product_name
      )}
    </Cell>
  ));
}

/** How the order travels: the method, the point or the city, and the track number with its tracking link. */
function OrderDelivery({ delivery }: { delivery: OrderDeliveryWire }) {
  const where = delivery.point_address ? `${delivery.point_code ? `${delivery.point_code}, ` : ""}${delivery.point_address}` : delivery.city;
  return (
    // the track number on a line of its own: beside the method's label it pushed the label onto two lines early
    <Cell
      Component="div"
      multiline
      subtitle={where ?? undefined}
      description={
        delivery.track_number ? (
          <span className={styles.track}>
            {"Трек "}
            {delivery.tracking_url ? (
              <a href={delivery.tracking_url} target="_blank" rel="noreferrer" className={styles.trackLink}>
                {delivery.track_number}
              </a>
            ) : (
              delivery.track_number
            )}
          </span>
        ) : undefined
      }
      data-testid="my-order-delivery"
    >
      <span className={styles.method}>{delivery.method_label ?? "Доставка"}</span>
    </Cell>
  );
}

function OrderSection({ order }: { order: MyOrderSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <Section data-testid="my-order">
      <Cell
        Component="button"
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className={styles.telegramSummary}
        subtitle={formatDateTime(order.created_at)}
        after={
          <span className={styles.telegramAfter}>
            <span className={`${styles.status} ${styles[order.status] ?? ""}`}>{statusLabel(order.status)}</span>
            <span className={styles.total}>{formatPrice(order.total)}</span>
          </span>
        }
      >
        Заказ №{order.order_number}
      </Cell>
      <OrderPayment orderId={order.id} status={order.payment_status} paidAt={order.paid_at} />
      {order.delivery?.method || order.delivery?.track_number ? <OrderDelivery delivery={order.delivery} /> : null}
      {open ? <OrderItems id={order.id} /> : null}
    </Section>
  );
}

/**
 * The orders as Telegram lists them, or Telegram's placeholder: `failure` (why the list could not be read, with
 * 'Повторить') or no orders.
 */
export default function TelegramOrders({ list, failure, onRetry }: { list: MyOrdersResponse; failure: string | null; onRetry(): void }) {
  const navigate = useNavigate();
  if (failure !== null || list.orders.length === 0) {
    return (
      <TelegramRoot>
        <Placeholder
          header={failure !== null ? "Не удалось загрузить заказы" : "У вас пока нет заказов."}
          description={failure ?? undefined}
          action={
            failure !== null ? (
              <Button size="m" onClick={onRetry}>
                Повторить
              </Button>
            ) : (
              <Button size="m" onClick={() => void navigate("/")}>
                Перейти в каталог
              </Button>
            )
          }
        >
          <span className={styles.placeholderIcon}>
            <OrdersIcon size={40} />
          </span>
        </Placeholder>
      </TelegramRoot>
    );
  }
  return (
    <TelegramRoot>
      <List className={styles.telegramList}>
        {list.lastAddress ? (
          <Section header="Ваш последний адрес доставки">
            <Cell Component="div" multiline>
              {list.lastAddress}
            </Cell>
          </Section>
        ) : null}
        {list.orders.map((order) => (
          <OrderSection key={order.id} order={order} />
        ))}
      </List>
    </TelegramRoot>
  );
}
