import { paymentLabel } from "@shop/shared/labels";
import type { PaymentStatusValue } from "@shop/shared/schemas/orders";
import styles from "./PaymentBadge.module.css";

/** An order's payment: 'Не оплачен', 'Счёт выставлен', 'Оплачен' or 'Возврат', each in its own colour. */
export function PaymentBadge({ status }: { status: PaymentStatusValue }) {
  return <span className={`${styles.badge} ${styles[status] ?? ""}`} data-testid="payment-badge">{paymentLabel(status)}</span>;
}
