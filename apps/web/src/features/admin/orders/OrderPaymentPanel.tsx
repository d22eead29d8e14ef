import { useId, useState, type FormEvent } from "react";
import { toRoubles } from "@shop/shared/money";
import { DELIVERY_FEE } from "@shop/shared/pricing";
import { formatAdminPrice, formatDateTime } from "@shop/shared/format";
import type { AdminOrder } from "@shop/shared/schemas/orders";
import { issueInvoice, markRefunded } from "../api/payments";
import { useToast } from "../components/Toast";
import { ApiError, logFailure } from "../utils";
import { PaymentBadge } from "./PaymentBadge";
import buttons from "../components/buttons.module.css";
import form from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./OrderPaymentPanel.module.css";

export type PaymentChange = Pick<AdminOrder, "payment_status"> & Partial<Pick<AdminOrder, "delivery_cost" | "total">>;

interface Props {
  order: AdminOrder;
  /** the order's row and details take the new payment status (and, after an invoice, delivery cost and total) */
  onChange: (change: PaymentChange) => void;
}

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * An order's payment in its details (docs/product.md#payment-in-telegram): the status; for an order not yet paid, the
 * delivery cost and 'Выставить счёт' (the customer gets an invoice for the new total in Telegram); for a paid one,
 * when it was paid and 'Отметить возврат'.
 */
export function OrderPaymentPanel({ order, onChange }: Props) {
  const showToast = useToast();
  const inputId = useId();
  const [delivery, setDelivery] = useState(String(Number.isFinite(order.delivery_cost) ? order.delivery_cost : toRoubles(DELIVERY_FEE)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canInvoice = order.payment_status === "unpaid" || order.payment_status === "invoiced";

  async function invoice(event: FormEvent) {
    event.preventDefault();
    const cost = Number(delivery.replace(",", "."));
    if (delivery.trim() === "" || !Number.isFinite(cost) || cost < 0) {
      setError("Укажите стоимость доставки: число от 0.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await issueInvoice(order.id, cost);
      onChange({ payment_status: result.payment_status, delivery_cost: result.delivery_cost, total: result.total });
      setDelivery(String(result.delivery_cost));
      showToast(`Счёт по заказу #${order.order_number} выставлен`);
    } catch (failure) {
      logFailure("invoice failed", failure);
      setError(failureText(failure, "Не удалось выставить счёт."));
    } finally {
      setBusy(false);
    }
  }

  async function refund() {
    if (!window.confirm(`Отметить возврат оплаты по заказу #${order.order_number}?`)) return;
    setBusy(true);
    setError(null);
    try {
      const result = await markRefunded(order.id);
      onChange({ payment_status: result.payment_status });
      showToast(`Возврат по заказу #${order.order_number} отмечен`);
    } catch (failure) {
      logFailure("refund failed", failure);
      setError(failureText(failure, "Не удалось отметить возврат."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.panel} data-payment={order.payment_status}>
      <h4 className={text.subtitle}>Оплата</h4>
      <div className={styles.row}>
        <PaymentBadge status={order.payment_status} />
        {order.paid_at ? <span className={text.muted}>{formatDateTime(order.paid_at)}</span> : null}
        {order.payment_status === "invoiced" ? <span className={text.muted}>на {formatAdminPrice(order.total)}</span> : null}
      </div>
      {canInvoice ? (
        <form className={styles.row} onSubmit={(event) => void invoice(event)}>
          <label className={styles.label} htmlFor={inputId}>
            Доставка, ₽
          </label>
          <input
            id={inputId}
            className={`${form.input} ${form.inputSm} ${styles.input}`}
            inputMode="decimal"
            value={delivery}
            disabled={busy}
            onChange={(event) => setDelivery(event.target.value)}
          />
          <button type="submit" className={`${buttons.primary} ${buttons.sm}`} disabled={busy}>
            Выставить счёт
          </button>
        </form>
      ) : null}
      {order.payment_status === "paid" ? (
        <div className={styles.row}>
          <button type="button" className={`${buttons.ghost} ${buttons.sm}`} disabled={busy} onClick={() => void refund()}>
            Отметить возврат
          </button>
        </div>
      ) : null}
      {error ? (
        <p className={text.errorLine} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
