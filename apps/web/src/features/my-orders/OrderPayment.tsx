import { useEffect, useState } from "react";
import type { ConfigResponse } from "@shop/shared/schemas/telegram";
import { formatDateTime } from "@shop/shared/format";
import { paymentLabel, type PaymentStatus } from "@shop/shared/labels";
import { ApiError, api } from "../../lib/api";
import { invalidate, useQuery } from "../../lib/query";
import { isInTelegram } from "../../lib/telegram";
import { openTelegramInvoice, type InvoiceOutcome } from "../../lib/telegram-invoice";
import styles from "./OrderPayment.module.css";

/** Shared with the checkout and the share menu: one request for the shop's settings. */
const CONFIG_KEY = "config";
const loadConfig = () => api.config();

/** After Telegram says 'paid', how often and how long to ask the shop until it has recorded the payment. */
const RECORDED_CHECKS = 6;
const RECORDED_CHECK_INTERVAL_MS = 1000;

const OUTCOME_NOTES: Record<Exclude<InvoiceOutcome, "paid">, string> = {
  cancelled: "Оплата отменена.",
  failed: "Оплата не прошла. Попробуйте ещё раз.",
  pending: "Платёж обрабатывается.",
};

interface Props {
  orderId: number;
  status: PaymentStatus;
  paidAt: string | null;
}

/**
 * An order's payment in 'Мои заказы' (docs/product.md#payment-in-telegram): 'Оплачен' with the date once paid; for an
 * invoiced order inside Telegram, 'Оплатить' opens Telegram's payment form with the order's invoice link. Nothing
 * at all when the shop takes no online payments, or while the order has no invoice.
 */
export function OrderPayment({ orderId, status: initialStatus, paidAt: initialPaidAt }: Props) {
  // an order without an invoice shows nothing: no need to ask the shop's settings for it
  const config = useQuery<ConfigResponse | null>(initialStatus === "unpaid" ? null : CONFIG_KEY, loadConfig, null);
  const [status, setStatus] = useState(initialStatus);
  const [paidAt, setPaidAt] = useState(initialPaidAt);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [awaitingRecord, setAwaitingRecord] = useState(false);

  // Telegram reports the payment to the app and the bot at about the same time: ask the shop until it has it
  useEffect(() => {
    if (!awaitingRecord) return;
    let live = true;
    void (async () => {
      for (let check = 0; check < RECORDED_CHECKS && live; check++) {
        const order = await api.myOrder(orderId).catch(() => null);
        if (!live) return;
        if (order?.payment_status === "paid") {
          setPaidAt(order.paid_at);
          invalidate("my-order");
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, RECORDED_CHECK_INTERVAL_MS));
      }
      if (live) setAwaitingRecord(false);
    })();
    return () => {
      live = false;
    };
  }, [awaitingRecord, orderId]);

  if (!config.data?.payments || status === "unpaid") return null;

  async function pay() {
    setBusy(true);
    setNote(null);
    try {
      const { url } = await api.myOrderInvoiceLink(orderId);
      const outcome = await openTelegramInvoice(url);
      if (outcome === "paid") {
        setStatus("paid");
        setAwaitingRecord(true);
      } else {
        setNote(outcome ? OUTCOME_NOTES[outcome] : "Оплата доступна только в Telegram.");
      }
    } catch (error) {
      setNote(error instanceof ApiError && error.serverMessage ? error.serverMessage : "Не удалось открыть оплату. Попробуйте ещё раз.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.payment} data-payment={status}>
      <span className={`${styles.badge} ${styles[status] ?? ""}`}>{paymentLabel(status)}</span>
      {status === "paid" && paidAt ? <span className={styles.date}>{formatDateTime(paidAt)}</span> : null}
      {status === "invoiced" && isInTelegram() ? (
        <button type="button" className={`btn btn-primary btn-sm ${styles.pay}`} disabled={busy} onClick={() => void pay()}>
          Оплатить
        </button>
      ) : null}
      {note ? (
        <p className={styles.note} role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
