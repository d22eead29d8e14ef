import { createPortal } from "react-dom";
import { formatDateTime } from "@shop/shared/format";
import { formatPhone } from "@shop/shared/phone";
import styles from "./BackOffice.module.css";

export interface SheetOrder {
  order_number: string;
  created_at: string;
  customer_name: string;
  customer_phone: string;
  delivery_address: string | null;
  comment: string | null;
  items: { product_name: string; product_sku: string; quantity: number }[];
}

/** The packing sheet: shown only when printing (print styles), one page per order. */
export function PrintSheet({ orders }: { orders: readonly SheetOrder[] }) {
  return createPortal(
    <div className={styles.printSheet} data-testid="print-sheet">
      {orders.map((order) => (
        <section key={order.order_number}>
          <h1>Заказ #{order.order_number}</h1>
          <p>
            {formatDateTime(order.created_at)} · {order.customer_name} · {formatPhone(order.customer_phone)}
          </p>
          <p>Адрес: {order.delivery_address || "—"}</p>
          {order.comment && <p>Комментарий: {order.comment}</p>}
          <table>
            <thead>
              <tr>
                <th>Товар</th>
                <th>Артикул</th>
                <th>Кол-во</th>
                <th>Собрано</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item, index) => (
                <tr key={index}>
                  <td>{item.product_name}</td>
                  <td>{item.product_sku}</td>
                  <td>{item.quantity}</td>
                  <td>☐</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>,
    document.body,
  );
}
