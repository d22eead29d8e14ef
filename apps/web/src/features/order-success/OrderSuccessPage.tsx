import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { ORDER_SUCCESS_CLOSE_MS } from "@shop/shared/constants";
import { usePageMeta } from "../../lib/seo";
import { closeTelegramApp, isInTelegram } from "../../lib/telegram";
import styles from "./OrderSuccessPage.module.css";

/** 'Спасибо за заказ!' with the order number; inside the Mini App the window closes itself after 5 s. */
export default function OrderSuccessPage() {
  const { orderNumber = "" } = useParams();
  const inTelegram = isInTelegram();
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
        <Link to="/" className="btn btn-primary btn-lg">
          Продолжить покупки
        </Link>
      </div>
    </div>
  );
}
