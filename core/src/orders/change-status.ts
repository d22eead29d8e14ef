import type { Database } from "@shop/prisma/db";
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from "@shop/shared/labels";
import { invalid, notFound, ORDER_NOT_FOUND } from "../errors";
import { queueMessages } from "../outbox";
import type { OrderNotifier } from "./order-notifier";
import type { Order } from "./order";
import { readOrder } from "./order-record";
import { returnOrderPieces, takeOrderPiecesAgain } from "../stock";
import { announceStockChanges } from "../stock";
import { recordAudit, type AuditActor } from "../audit";
import { countPromoUse } from "../promo-codes";

export const INVALID_STATUS = `Недопустимый статус заказа. Возможные: ${ORDER_STATUSES.join(", ")}`;

export interface StatusChange {
  order: Order;
  /** false when the order already had this status: nothing was written and nobody is notified */
  changed: boolean;
  previousStatus: OrderStatus;
}

const stockMoves = (before: OrderStatus, after: string) => before !== after && (before === "cancelled") !== (after === "cancelled");

/**
 * Sets an order's status: the one place the admin panel and the bot's manager buttons change it. Any status
 * may follow any other (the admin switches freely, docs/product.md#order-statuses). The row is locked while it
 * changes, so two managers pressing at once each see the right previous status; the notification is written in
 * the same transaction (outbox), so it goes out exactly when the change is committed. An unknown status is
 * invalid, an unknown order not found.
 */
export async function changeOrderStatus(
  db: Database,
  notifier: OrderNotifier,
  orderId: number,
  status: string,
  /** the staff member making the change, for the audit log */
  actor?: AuditActor,
): Promise<StatusChange> {
  if (!isOrderStatus(status)) throw invalid(INVALID_STATUS, { status: INVALID_STATUS });
  const change = await db.transaction(async (sql): Promise<StatusChange> => {
    const [locked] = await sql.query<{ status: OrderStatus }>(`SELECT status::text AS status FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
    if (!locked) throw notFound(ORDER_NOT_FOUND);
    const previousStatus = locked.status;
    const changed = previousStatus !== status;
    const stock =
      !changed || (previousStatus === "cancelled") === (status === "cancelled")
        ? []
        : status === "cancelled"
          ? await returnOrderPieces(sql, orderId)
          : await takeOrderPiecesAgain(sql, orderId);
    // a cancelled order gives its promo code's use back (docs/product.md#promo-codes)
    if (stockMoves(previousStatus, status)) await countPromoUse(sql, orderId, status === "cancelled" ? -1 : 1);
    if (changed) await sql.query(`UPDATE orders SET status = $2::"OrderStatus", updated_at = now() WHERE id = $1`, [orderId, status]);
    const order = (await readOrder(sql, orderId))!;
    if (changed) await queueMessages(sql, notifier.orderStatusChanged(order, previousStatus));
    if (changed) {
      await recordAudit(sql, actor, { kind: "order", action: "status", entityId: orderId, label: `№${order.number}`, before: { status: previousStatus }, after: { status } });
    }
    if (stock.length > 0) await announceStockChanges(sql, notifier, stock, `status:${orderId}:${order.updatedAt.getTime()}`);
    return { order, changed, previousStatus };
  });
  if (change.changed) notifier.queued?.();
  return change;
}
