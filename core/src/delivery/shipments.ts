import type { Database, Sql } from "@shop/prisma/db";
import { trackingLink, type DeliveryMethod } from "@shop/shared/delivery";
import { conflict, invalid, notFound, ORDER_NOT_FOUND } from "../errors";
import { changeOrderStatus, readOrder, type Order, type OrderNotifier } from "../orders";
import { queueMessages, type OutgoingMessage } from "../outbox";
import { recordAudit, type AuditActor } from "../audit";
import { CarrierUnavailable, CDEK_TARIFFS } from "./carriers";
import { orderDelivery, orderIdOfCarrierOrder, type OrderShipment } from "./order-delivery";
import { parcelSize, type DeliveryDesk } from "./quotes";

/**
 * After the order (docs/delivery.md#after-the-order): the shipment registered with СДЭК, a track number typed by a
 * manager or sent by the carrier, and СДЭК's status updates moving the order to 'Отправлен' and 'Завершен'.
 * The customer hears of a track number once, however often it is set or reported.
 */

export interface Tracking {
  method: DeliveryMethod | null;
  trackNumber: string;
  link: string | null;
}

/** The messages of a track number: the bot writes them (one to the customer), the core queues them. */
export interface TrackingNotifier {
  trackingAdded?(order: Order, tracking: Tracking): OutgoingMessage[];
}

export type DeliveryNotifier = OrderNotifier & TrackingNotifier;

export const SHIPMENT_TEXTS = {
  notCdek: "Отправление в СДЭК регистрируется только для заказов с доставкой СДЭК",
  alreadyRegistered: "Отправление уже зарегистрировано в СДЭК",
  cdekNotSetUp: "СДЭК не подключён: задайте CDEK_CLIENT_ID и CDEK_CLIENT_SECRET",
  cdekUnavailable: "СДЭК сейчас не отвечает. Попробуйте ещё раз через минуту.",
  cancelled: "Заказ отменён",
  badTrack: "Трек-номер — от 4 до 64 букв латиницы и цифр",
} as const;

/** СДЭК's order statuses that mean the parcel is on its way, and the one that means it was handed over. */
const CDEK_ON_ITS_WAY = new Set([
  "RECEIVED_AT_SHIPMENT_WAREHOUSE",
  "READY_TO_SHIP_AT_SENDING_OFFICE",
  "TAKEN_BY_TRANSPORTER_FROM_SENDER_CITY",
  "SENT_TO_TRANSIT_CITY",
  "ACCEPTED_IN_TRANSIT_CITY",
  "SENT_TO_RECIPIENT_CITY",
  "ACCEPTED_IN_RECIPIENT_CITY",
  "ACCEPTED_AT_PICK_UP_POINT",
  "TAKEN_BY_COURIER",
]);
const CDEK_DELIVERED = "DELIVERED";

/**
 * Sets the order's track number in the transaction `sql` and queues the customer's message; the same number
 * again changes nothing and says nothing.
 */
async function setTrack(sql: Sql, notifier: DeliveryNotifier, orderId: number, trackNumber: string, actor?: AuditActor): Promise<boolean> {
  const [previous] = await sql.query<{ track_number: string | null }>(`SELECT track_number FROM order_deliveries WHERE order_id = $1`, [orderId]);
  const rows = await sql.query<{ method: string | null }>(
    `INSERT INTO order_deliveries (order_id, method, weight_grams, price_known, track_number)
     VALUES ($1, NULL, 0, false, $2)
     ON CONFLICT (order_id) DO UPDATE SET track_number = EXCLUDED.track_number, updated_at = now()
       WHERE order_deliveries.track_number IS DISTINCT FROM EXCLUDED.track_number
     RETURNING method`,
    [orderId, trackNumber],
  );
  if (rows.length === 0) return false;
  const order = (await readOrder(sql, orderId))!;
  const delivery = await orderDelivery(sql, orderId);
  const method = delivery?.method ?? null;
  order.delivery = delivery;
  await recordAudit(sql, actor, {
    kind: "order",
    action: "track_number",
    entityId: orderId,
    label: `№${order.number}`,
    before: { track_number: previous?.track_number ?? null },
    after: { track_number: trackNumber },
  });
  await queueMessages(sql, notifier.trackingAdded?.(order, { method, trackNumber, link: method ? trackingLink(method, trackNumber) : null }) ?? []);
  return true;
}

/**
 * A manager types the track number (any method), in the admin panel or the managers' chat: the customer gets one
 * message with it and a tracking link, and the audit log an entry by `actor` (the same number again: neither).
 */
export async function setTrackNumber(db: Database, notifier: DeliveryNotifier, orderId: number, typed: string, actor?: AuditActor): Promise<OrderShipment> {
  const trackNumber = typed.trim().toUpperCase();
  if (!/^[A-Z0-9-]{4,64}$/.test(trackNumber)) throw invalid(SHIPMENT_TEXTS.badTrack, { track_number: SHIPMENT_TEXTS.badTrack });
  const { shipment, changed } = await db.transaction(async (sql) => {
    const [order] = await sql.query<{ id: number }>(`SELECT id FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const changed = await setTrack(sql, notifier, orderId, trackNumber, actor);
    return { shipment: (await orderDelivery(sql, orderId))!, changed };
  });
  if (changed) notifier.queued?.();
  return shipment;
}

/**
 * Registers the order's parcel with СДЭК (tariff of the chosen method, the point or the address, the parcel's
 * weight), keeps СДЭК's order uuid, and takes the track number if СДЭК already gave one. Once per order.
 */
export async function registerCdekShipment(
  db: Database,
  desk: DeliveryDesk,
  notifier: DeliveryNotifier,
  orderId: number,
  /** the staff member registering it, for the audit log */
  actor?: AuditActor,
): Promise<OrderShipment> {
  const cdek = desk.cdek;
  const order = await db.transaction((sql) => readOrder(sql, orderId));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const delivery = await db.transaction((sql) => orderDelivery(sql, orderId));
  if (!delivery || (delivery.method !== "cdek_point" && delivery.method !== "cdek_door")) throw conflict(SHIPMENT_TEXTS.notCdek);
  if (delivery.carrierOrderUuid) throw conflict(SHIPMENT_TEXTS.alreadyRegistered);
  if (order.status === "cancelled") throw conflict(SHIPMENT_TEXTS.cancelled);
  if (!cdek) throw conflict(SHIPMENT_TEXTS.cdekNotSetUp);
  const settings = await desk.settings();
  // the parcel's size from the products' own dimensions (the default parcel for those without), as it was quoted
  const pieces = await db.transaction((sql) =>
    sql.query<{ width: number | null; height: number | null; depth: number | null; quantity: number }>(
      `SELECT p.width, p.height, p.depth, i.quantity FROM order_items i LEFT JOIN products p ON p.id = i.product_id WHERE i.order_id = $1`,
      [orderId],
    ),
  );
  const size = parcelSize(
    pieces.map((piece) => ({ widthMm: piece.width, heightMm: piece.height, depthMm: piece.depth, quantity: piece.quantity })),
    settings.parcel,
  );
  let uuid: string;
  try {
    uuid = await cdek.createOrder({
      number: order.number,
      tariffCode: CDEK_TARIFFS[delivery.method],
      fromCityCode: settings.origin.cdekCityCode ?? 0,
      toCityCode: delivery.cityCode ?? 0,
      pointCode: delivery.pointCode,
      address: order.contact.deliveryAddress,
      recipient: { name: order.contact.customerName, phone: order.contact.customerPhone },
      parcel: { ...size, weightGrams: Math.max(1, delivery.weightGrams) },
      comment: order.contact.comment,
    });
  } catch (error) {
    if (error instanceof CarrierUnavailable) throw conflict(SHIPMENT_TEXTS.cdekUnavailable);
    throw error;
  }
  const state = await cdek.order(uuid).catch(() => null);
  const changed = await db.transaction(async (sql) => {
    const [claimed] = await sql.query<{ order_id: number }>(
      `UPDATE order_deliveries SET carrier_order_uuid = $2, carrier_status = $3, updated_at = now()
        WHERE order_id = $1 AND carrier_order_uuid IS NULL RETURNING order_id`,
      [orderId, uuid, state?.statusCode ?? "ACCEPTED"],
    );
    if (!claimed) throw conflict(SHIPMENT_TEXTS.alreadyRegistered);
    await recordAudit(sql, actor, { kind: "order", action: "shipment", entityId: orderId, label: `№${order.number}`, after: { carrier: "СДЭК", carrier_order: uuid } });
    return state?.cdekNumber ? setTrack(sql, notifier, orderId, state.cdekNumber) : false;
  });
  if (changed) notifier.queued?.();
  return (await db.transaction((sql) => orderDelivery(sql, orderId)))!;
}

/** СДЭК's webhook body (ORDER_STATUS), as far as the shop reads it. */
export interface CdekWebhook {
  type?: string;
  uuid?: string;
  attributes?: { code?: string; cdek_number?: string; status_code?: string };
}

export type WebhookOutcome = "unknown-order" | "ignored" | "recorded";

/**
 * An ORDER_STATUS update from СДЭК: records the carrier's status and track number, and moves the order to
 * 'Отправлен' (on its way) or 'Завершен' (delivered) — forward only, never out of 'Отменен'. Delivered twice,
 * it changes nothing the second time and nobody hears of it twice.
 */
export async function receiveCdekWebhook(db: Database, notifier: DeliveryNotifier, event: CdekWebhook): Promise<WebhookOutcome> {
  if (event.type !== "ORDER_STATUS" || !event.uuid) return "ignored";
  const uuid = event.uuid;
  const code = event.attributes?.code ?? null;
  const cdekNumber = event.attributes?.cdek_number?.trim() || null;
  const found = await db.transaction(async (sql) => {
    const orderId = await orderIdOfCarrierOrder(sql, uuid);
    if (orderId === null) return null;
    const [order] = await sql.query<{ status: string }>(`SELECT status::text AS status FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
    if (code) await sql.query(`UPDATE order_deliveries SET carrier_status = $2, updated_at = now() WHERE order_id = $1`, [orderId, code]);
    const tracked = cdekNumber ? await setTrack(sql, notifier, orderId, cdekNumber.toUpperCase()) : false;
    return { orderId, status: order!.status, tracked };
  });
  if (!found) return "unknown-order";
  if (found.tracked) notifier.queued?.();
  const target = code === CDEK_DELIVERED ? "completed" : code && CDEK_ON_ITS_WAY.has(code) ? "shipped" : null;
  const forward =
    target === "completed" ? !["completed", "cancelled"].includes(found.status) : target === "shipped" ? ["new", "processing"].includes(found.status) : false;
  if (target && forward) await changeOrderStatus(db, notifier, found.orderId, target);
  return "recorded";
}

export interface PollDeps {
  db: Database;
  desk: DeliveryDesk;
  notifier: DeliveryNotifier;
}

export interface PollOutcome {
  /** shipments whose status was asked for */
  asked: number;
  /** of them, those СДЭК did not answer for (asked again next time) */
  unanswered: number;
}

/** how many shipments one run asks for at most: the ones heard of longest ago first */
export const POLL_BATCH = 100;

/**
 * Where СДЭК's webhooks cannot reach the shop (docs/delivery.md#polling): asks СДЭК for the status of every
 * registered shipment not yet delivered (of an order neither completed nor cancelled) and takes each answer
 * exactly as the webhook's event — the same code path, so the order moves once and the customer hears once
 * however often the same status is read. One function, run by whatever schedules the shop's periodic work.
 * `now`: the moment the run stands for (shipments touched after it are left to the next run).
 */
export async function pollCdekStatuses(deps: PollDeps, now: Date = new Date(), limit = POLL_BATCH): Promise<PollOutcome> {
  const cdek = deps.desk.cdek;
  if (!cdek) return { asked: 0, unanswered: 0 };
  const due = await deps.db.transaction((sql) =>
    sql.query<{ uuid: string }>(
      `SELECT d.carrier_order_uuid AS uuid
         FROM order_deliveries d JOIN orders o ON o.id = d.order_id
        WHERE d.carrier_order_uuid IS NOT NULL
          AND d.carrier_status IS DISTINCT FROM $1
          AND o.status NOT IN ('completed', 'cancelled')
          AND d.updated_at <= $2
        ORDER BY d.updated_at, d.order_id
        LIMIT $3`,
      [CDEK_DELIVERED, now, limit],
    ),
  );
  let unanswered = 0;
  for (const { uuid } of due) {
    let state;
    try {
      state = await cdek.order(uuid);
    } catch (error) {
      if (!(error instanceof CarrierUnavailable)) throw error;
      unanswered++;
      continue;
    }
    await receiveCdekWebhook(deps.db, deps.notifier, {
      type: "ORDER_STATUS",
      uuid,
      attributes: { code: state.statusCode ?? undefined, cdek_number: state.cdekNumber ?? undefined },
    });
  }
  return { asked: due.length, unanswered };
}
