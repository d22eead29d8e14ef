import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ORDER_SUCCESS_CLOSE_MS } from "@shop/shared/constants";
import { usePageMeta } from "../../lib/seo";
import { closeTelegramApp, isInTelegram } from "../../lib/telegram";
import { readOrderSummary, type OrderSummary } from "../../lib/order-summary";
import { formatPrice } from "@shop/shared/format";
import { TotalsList } from "../../components/TotalsList";
import { LineDetails } from "../../components/LineDetails";
import styles from "./OrderSuccessPage.module.css";
import { AfterOrderPrompts } from "./AfterOrderPrompts";

/** What was ordered: the lines and the server's totals, as the checkout in this tab sent them. */
function Summary({ summary }: { summary: OrderSummary }) {
  const { items, totals, delivery } = summary;
  const exact = delivery?.price_known === true;
  return (
    <section className={styles.summary} aria-labelledby="order-summary-title" data-testid="order-summary">
      <h2 id="order-summary-title" className={styles.summaryTitle}>
        Состав заказа
      </h2>
      <ul className={styles.lines}>
        {items.map((item, index) => (
          <li key={index} className={styles.line} data-testid="order-summary-line">
            <span className={styles.lineName}>
              {item.name}
              <LineDetails variantTitle={item.variant_title} personalization={item.personalization} />
            </span>
            <span className={styles.lineQuantity}>× {item.quantity}</span>
            <span className={styles.linePrice}>{formatPrice(Math.round(item.price * 100 * item.quantity) / 100)}</span>
          </li>
        ))}
      </ul>
      <TotalsList
        totals={{
          subtotal: totals.subtotal,
          discountPercent: totals.discount_percent,
          discount: totals.discount_amount,
          delivery: totals.delivery_cost,
          total: totals.total,
          ...(totals.promo_code ? { promoCode: totals.promo_code } : {}),
        }}
        subtotalLabel="Товары"
        testIdPrefix="order-summary"
        deliveryExact={exact}
      />
      {delivery?.method_label ? (
        <p className={styles.note} data-testid="order-summary-delivery">
          {delivery.method_label}
          {delivery.point_address ? `: ${delivery.point_address}` : delivery.city ? `, ${delivery.city}` : ""}
        </p>
      ) : null}
      {exact ? null : <p className={styles.note}>* Точная стоимость доставки будет уточнена менеджером</p>}
    </section>
  );
}

/**
 * 'Спасибо за заказ!' with the order number and, in the tab that placed it, what was ordered; inside the Mini App
 * the window closes itself after 5 s, unless it asks the customer something first (AfterOrderPrompts).
 */
export default function OrderSuccessPage() {
  const { orderNumber = "" } = useParams();
  const inTelegram = isInTelegram();
  // read after the first render: the server renders this page without the tab's storage
  const [summary, setSummary] = useState<OrderSummary | null>(null);
  useEffect(() => setSummary(readOrderSummary(orderNumber)), [orderNumber]);
  usePageMeta({ title: "Спасибо за заказ!", description: "Заказ принят. Менеджер свяжется с вами, чтобы уточнить доставку и оплату." });

  // inside Telegram the window closes itself unless it shows a request to the customer (AfterOrderPrompts)
  const [promptsShown, setPromptsShown] = useState<boolean | null>(null);
  // an order whose invoice already went out waits for its payment instead of closing (docs/payments.md)
  const payable = inTelegram && summary?.paymentStatus === "invoiced";
  const closesItself = inTelegram && promptsShown === false && !payable;

  useEffect(() => {
    if (!closesItself) return;
    const timer = setTimeout(() => void closeTelegramApp(), ORDER_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [closesItself]);

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
        {closesItself ? <p className={styles.closing}>Окно закроется через 5 секунд.</p> : null}
        {payable ? (
          <Link to="/my-orders" className="btn btn-primary btn-lg" data-testid="order-pay">
            Оплатить заказ
          </Link>
        ) : null}
        {inTelegram ? <AfterOrderPrompts onDecided={setPromptsShown} /> : null}
        {summary ? <Summary summary={summary} /> : null}
        <Link to="/" className="btn btn-primary btn-lg">
          Продолжить покупки
        </Link>
      </div>
    </div>
  );
}
