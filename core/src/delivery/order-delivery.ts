import type { Database, Sql } from "@shop/prisma/db";
import { isDeliveryMethod } from "@shop/shared/delivery";
import type { OrderDelivery } from "../orders";

/** How orders travel, read from order_deliveries (written by the order's own statement). */

export interface OrderShipment extends OrderDelivery {
  trackNumber: string | null;
  carrierOrderUuid: string | null;
  carrierStatus: string | null;
}

interface Row {
  order_id: number;
  method: string | null;
  city: string | null;
  city_code: number | null;
  point_code: string | null;
  point_address: string | null;
  weight_grams: number;
  days_min: number | null;
  days_max: number | null;
  price_known: boolean;
  price_note: string | null;
  carrier_order_uuid: string | null;
  track_number: string | null;
  carrier_status: string | null;
}

const toShipment = (row: Row): OrderShipment => ({
  method: isDeliveryMethod(row.method) ? row.method : null,
  city: row.city,
  cityCode: row.city_code,
  pointCode: row.point_code,
  pointAddress: row.point_address,
  weightGrams: row.weight_grams,
  daysMin: row.days_min,
  daysMax: row.days_max,
  priceKnown: row.price_known,
  priceNote: row.price_note,
  trackNumber: row.track_number,
  carrierOrderUuid: row.carrier_order_uuid,
  carrierStatus: row.carrier_status,
});

const COLUMNS = `order_id, method, city, city_code, point_code, point_address, weight_grams, days_min, days_max, price_known, price_note,
  carrier_order_uuid, track_number, carrier_status`;

/** The deliveries of some orders, by order id (orders without one are absent). */
export async function orderDeliveries(db: Pick<Database, "read">, orderIds: readonly number[]): Promise<Map<number, OrderShipment>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.read<Row>(`SELECT ${COLUMNS} FROM order_deliveries WHERE order_id = ANY($1::int[])`, [orderIds]);
  return new Map(rows.map((row) => [row.order_id, toShipment(row)]));
}

export async function orderDelivery(sql: Sql, orderId: number, options: { lock?: boolean } = {}): Promise<OrderShipment | null> {
  const [row] = await sql.query<Row>(`SELECT ${COLUMNS} FROM order_deliveries WHERE order_id = $1${options.lock ? " FOR UPDATE" : ""}`, [orderId]);
  return row ? toShipment(row) : null;
}

export async function orderIdOfCarrierOrder(sql: Sql, uuid: string): Promise<number | null> {
  const [row] = await sql.query<{ order_id: number }>(`SELECT order_id FROM order_deliveries WHERE carrier_order_uuid = $1`, [uuid]);
  return row?.order_id ?? null;
}
