import type { AuditEntry, AuditPage } from "@shop/core/audit";
import type { CustomerCard as Card, OrderNote } from "@shop/core/order-desk";
import type { Order } from "@shop/core/orders";
import type { StaffAccount } from "@shop/core/staff";
import { formatDateTime } from "@shop/shared/format";
import { paymentLabel, sourceLabel, statusLabel } from "@shop/shared/labels";
import { toRoubles } from "@shop/shared/money";
import { formatPhone } from "@shop/shared/phone";
import type {
  AuditEntryJson,
  AuditResponse,
  CustomerCard,
  OrderNoteJson,
  PickingOrder,
  StaffAccount as StaffJson,
} from "@shop/shared/schemas/staff";
import { toAdminOrder } from "./orders";
import { csvMoney, toCsv, type CsvCell } from "./csv";

/** The back office's shapes (staff, the audit log, notes, customer cards, packing lists, exports) as the API sends them. */

export const toStaffJson = (account: StaffAccount): StaffJson => ({
  id: account.id,
  login: account.login,
  name: account.name,
  role: account.role,
  active: account.active,
  created_at: account.createdAt.toISOString(),
  telegram_bound: account.telegramId !== null,
});

export const toAuditEntryJson = (entry: AuditEntry): AuditEntryJson => ({
  id: entry.id,
  at: entry.at.toISOString(),
  staff_id: entry.staffId,
  staff_name: entry.staffName,
  via: entry.via,
  kind: entry.kind,
  action: entry.action,
  entity_id: entry.entityId,
  label: entry.label,
  before: entry.before,
  after: entry.after,
});

export const toAuditResponse = (page: AuditPage): AuditResponse => ({
  entries: page.entries.map(toAuditEntryJson),
  total: page.total,
  page: page.page,
  totalPages: page.totalPages,
});

export const toNoteJson = (note: OrderNote): OrderNoteJson => ({
  id: note.id,
  author_name: note.authorName,
  text: note.text,
  created_at: note.createdAt.toISOString(),
});

export const toCustomerCardJson = (card: Card): CustomerCard => ({
  name: card.name,
  phone: card.phone,
  telegram_user_id: card.telegramUserId === null ? null : String(card.telegramUserId),
  telegram_username: card.telegramUsername,
  orders_count: card.ordersCount,
  total_spent: toRoubles(card.totalSpent),
  last_address: card.lastAddress,
  orders: card.orders.map(toAdminOrder),
});

/** What a packer sees of an order: no prices, no totals, no payment. */
export const toPickingOrder = (order: Order): PickingOrder => ({
  id: order.id,
  order_number: order.number,
  created_at: order.createdAt.toISOString(),
  status: order.status,
  customer_name: order.contact.customerName,
  customer_phone: order.contact.customerPhone,
  delivery_address: order.contact.deliveryAddress,
  comment: order.contact.comment,
  items: order.lines.map((line) => ({ product_name: line.name, product_sku: line.sku, product_image: line.image, quantity: line.quantity })),
});

const ORDER_COLUMNS = [
  "Номер",
  "Дата",
  "Статус",
  "Оплата",
  "Источник",
  "Покупатель",
  "Телефон",
  "Telegram",
  "Адрес",
  "Комментарий",
  "Товары",
  "Сумма товаров",
  "Скидка",
  "Доставка",
  "Итого",
] as const;

/** The orders of a selection as a spreadsheet, one order a line, its products in one cell. */
export function ordersCsv(orders: readonly Order[]): string {
  const rows = orders.map((order): CsvCell[] => [
    order.number,
    formatDateTime(order.createdAt),
    statusLabel(order.status),
    paymentLabel(order.payment.status),
    sourceLabel(order.source),
    order.contact.customerName,
    formatPhone(order.contact.customerPhone),
    order.telegramUser?.username ? `@${order.telegramUser.username}` : "",
    order.contact.deliveryAddress ?? "",
    order.contact.comment ?? "",
    order.lines.map((line) => `${line.name} (${line.sku}) × ${line.quantity}`).join(", "),
    csvMoney(toRoubles(order.totals.subtotal)),
    csvMoney(toRoubles(order.totals.discount)),
    csvMoney(toRoubles(order.totals.delivery)),
    csvMoney(toRoubles(order.totals.total)),
  ]);
  return toCsv(ORDER_COLUMNS, rows);
}
