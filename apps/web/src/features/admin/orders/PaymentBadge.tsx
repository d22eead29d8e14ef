import { paymentLabel } from "@shop/shared/labels";
import type { PaymentStatusValue } from "@shop/shared/schemas/orders";

/** An order's payment: 'Не оплачен', 'Счёт выставлен', 'Оплачен' or 'Возврат', each in its own colour. */
export function PaymentBadge({ status }: { status: PaymentStatusValue }) {
  return <span className={`adm-pay adm-pay--${status}`}>{paymentLabel(status)}</span>;
}
