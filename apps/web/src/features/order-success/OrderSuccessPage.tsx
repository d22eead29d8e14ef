import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ORDER_SUCCESS_CLOSE_MS } from "@shop/shared/constants";
import { usePageMeta } from "../../lib/seo";
import { closeTelegramApp, isInTelegram } from "../../lib/telegram";
import { readOrderSummary, type OrderSummary } from "../../lib/order-summary";
import { formatPrice } from "@shop/shared/format";
import totalsStyles from "../../components/TotalsList.module.css";
import styles from "./OrderSuccessPage.module.css";

/** What was ordered: the lines and the server's totals, as the checkout in this tab sent them. */
function Summary({ summary }: { summary: OrderSummary }) {
  const { items, totals } = summary;
  return (
    <section className={styles.summary} aria-labelledby="order-summary-title" data-testid="order-summary">
      <h2 id="order-summary-title" className={styles.summaryTitle}>
        Состав заказа
      </h2>
      <ul className={styles.lines}>
        {items.map((item) => (
          <li key={item.id} className={styles.line}>
            <span className={styles.lineName}>{item.name}</span>
            <span className={styles.lineQuantity}>× {item.quantity}</span>
            <span className={styles.linePrice}>{formatPrice(Math.round(item.price * 100 * item.quantity) / 100)}</span>
          </li>
        ))}
      </ul>
      <dl className={totalsStyles.list}>
        <div>
          <dt>Товары</dt>
          <dd>{formatPrice(totals.subtotal)}</dd>
        </div>
        {totals.discount_percent > 0 ? (
          <div className={totalsStyles.discount}>
            <dt>Скидка {totals.discount_percent}%</dt>
            <dd>−{formatPrice(totals.discount_amount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Доставка*</dt>
          <dd>{formatPrice(totals.delivery_cost)}</dd>
        </div>
        <div className={totalsStyles.total}>
          <dt>Итого</dt>
          <dd data-testid="order-summary-total">{formatPrice(totals.total)}</dd>
        </div>
      </dl>
      <p className={styles.note}>* Точная стоимость доставки будет уточнена менеджером</p>
    </section>
  );
}

/**
 * 'Спасибо за заказ!' with the order number and, in the tab that placed it, what was ordered; inside the Mini App
 * the window closes itself after 5 s.
 */
export default function OrderSuccessPage() {
  const { orderNumber = "" } = useParams();
  const inTelegram = isInTelegram();
  // read after the first render: the server renders this page without the tab's storage
  const [summary, setSummary] = useState<OrderSummary | null>(null);
  useEffect(() => setSummary(readOrderSummary(orderNumber)), [orderNumber]);
  usePageMeta({ title: "Спасибо за заказ!", description: "Заказ принят. Менеджер свяжется с вами, чтобы уточнить доставку и оплату." });

  useEffect(() => {
    if (!inTelegram) return;
    const timer = setTimeout(() => void closeTelegramApp(), ORDER_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [inTelegram]);

  return (
    <div className="container">
      <div className={styles.card}>
        <div className={styles.check} aria-hidden="true">
          <svg width="44" height="44" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        </div>
        <h1 className={styles.title}>Спасибо за заказ!</h1>
        <p className={styles.number}>
          Номер вашего заказа: <strong data-testid="order-number">{orderNumber}</strong>
        </p>
        <p className={styles.text}>
          Наш менеджер позвонит вам в ближайшее время, чтобы уточнить детали доставки и оплаты.
        </p>
        {inTelegram ? <p className={styles.closing}>Окно закроется через 5 секунд.</p> : null}
        {summary ? <Summary summary={summary} /> : null}
        <Link to="/" className="btn btn-primary btn-lg">
          Продолжить покупки
        </Link>
      </div>
    </div>
  );
}
