import type { Prisma } from "@shop/prisma/db";
import { formatDateTime, formatPrice } from "@shop/shared/format";
import { sourceLabel, statusLabel } from "@shop/shared/labels";
import { formatPhone } from "@shop/shared/phone";

/**
 * The texts the bot writes about an order (HTML parse mode). Orders from the database and prepared website
 * checkouts are both turned into an OrderView first, so the manager card and the confirmation screen read alike.
 */
export interface OrderView {
  lines: { name: string; sku: string; price: number; quantity: number }[];
  subtotal: number;
  discountPercent: number;
  discountAmount: number;
  deliveryCost: number;
  total: number;
  customerName: string;
  customerPhone: string;
  deliveryAddress: string | null;
  comment: string | null;
}

/** Telegram's limit for a message text. */
const MAX_TEXT = 4096;

export type OrderWithItems = Prisma.OrderGetPayload<{ include: { items: true } }>;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function orderView(order: OrderWithItems): OrderView {
  return {
    lines: [...order.items]
      .sort((a, b) => a.id - b.id)
      .map((item) => ({ name: item.productName, sku: item.productSku, price: Number(item.price), quantity: item.quantity })),
    subtotal: Number(order.subtotal),
    discountPercent: order.discountPercent,
    discountAmount: Number(order.discountAmount),
    deliveryCost: Number(order.deliveryCost),
    total: Number(order.total),
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    deliveryAddress: order.deliveryAddress,
    comment: order.comment,
  };
}

function itemLine(line: OrderView["lines"][number]): string {
  const sum = formatPrice((Math.round(line.price * 100) * line.quantity) / 100);
  return `• ${escapeHtml(line.name)} (${escapeHtml(line.sku)}) — ${line.quantity} × ${formatPrice(line.price)} = ${sum}`;
}

function totalsBlock(view: OrderView): string[] {
  const rows = [`Товары: ${formatPrice(view.subtotal)}`];
  if (view.discountAmount > 0) rows.push(`Скидка ${view.discountPercent}%: −${formatPrice(view.discountAmount)}`);
  rows.push(`Доставка: ${formatPrice(view.deliveryCost)}`);
  rows.push(`<b>Итого: ${formatPrice(view.total)}</b>`);
  return rows;
}

function contactBlock(view: OrderView): string[] {
  const rows = [`Имя: ${escapeHtml(view.customerName)}`, `Телефон: ${escapeHtml(formatPhone(view.customerPhone))}`];
  rows.push(`Адрес: ${view.deliveryAddress ? escapeHtml(view.deliveryAddress) : "не указан"}`);
  if (view.comment) rows.push(`Комментарий: ${escapeHtml(view.comment)}`);
  return rows;
}

/**
 * Joins head, item lines and tail; when a very long order would pass Telegram's limit, the item list is cut
 * and says how many lines are left out (the whole order is always in the admin panel).
 */
function fit(head: string[], lines: string[], tail: string[]): string {
  const build = (shown: string[], hidden: number) =>
    [...head, ...shown, ...(hidden > 0 ? [`…и ещё позиций: ${hidden}`] : []), ...tail].join("\n");
  let count = lines.length;
  let text = build(lines, 0);
  while (text.length > MAX_TEXT && count > 0) {
    count -= 1;
    text = build(lines.slice(0, count), lines.length - count);
  }
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT - 1) + "…" : text;
}

/** The card a manager gets for every new order; re-rendered with the current status when a button is pressed. */
export function managerOrderText(order: OrderWithItems, options: { changedBy?: string } = {}): string {
  const view = orderView(order);
  const telegram = order.telegramUserId
    ? `Telegram: ${order.telegramUsername ? "@" + escapeHtml(order.telegramUsername) : escapeHtml([order.telegramFirstName, order.telegramLastName].filter(Boolean).join(" ") || "пользователь")} (id ${order.telegramUserId})`
    : null;
  const head = [
    `🛍 <b>Заказ №${escapeHtml(order.orderNumber)}</b>`,
    `Статус: <b>${escapeHtml(statusLabel(order.status))}</b>` + (options.changedBy ? ` (изменил(а) ${escapeHtml(options.changedBy)})` : ""),
    `Источник: ${escapeHtml(sourceLabel(order.source))}`,
    `Создан: ${formatDateTime(order.createdAt)}`,
    "",
    "<b>Состав:</b>",
  ];
  const tail = ["", ...totalsBlock(view), "", "<b>Покупатель:</b>", ...contactBlock(view), ...(telegram ? [telegram] : [])];
  return fit(head, view.lines.map(itemLine), tail);
}

/** The website checkout as the shopper sees it before confirming in the bot. */
export function preparedOrderText(view: OrderView): string {
  const head = ["🛒 <b>Ваш заказ с сайта</b>", "", "<b>Состав:</b>"];
  const tail = [
    "",
    ...totalsBlock(view),
    "",
    "<b>Контактные данные:</b>",
    ...contactBlock(view),
    "",
    "* Точная стоимость доставки будет уточнена менеджером",
    "",
    "Всё верно? Нажмите «Подтвердить заказ».",
  ];
  return fit(head, view.lines.map(itemLine), tail);
}

/** What a customer with a Telegram account is told when a manager or the admin panel moves the order. */
export function customerStatusText(orderNumber: string, status: string): string {
  const hint: Record<string, string> = {
    processing: "Мы уже собираем ваш заказ.",
    shipped: "Заказ в пути — скоро будет у вас.",
    completed: "Спасибо, что выбрали нас!",
    cancelled: "Если это ошибка, просто ответьте менеджеру или оформите заказ заново.",
  };
  const lines = [`📦 Статус заказа №${escapeHtml(orderNumber)}: <b>${escapeHtml(statusLabel(status))}</b>`];
  if (hint[status]) lines.push(hint[status]!);
  return lines.join("\n");
}

export interface MyOrderRow {
  orderNumber: string;
  createdAt: Date;
  total: Prisma.Decimal | number;
  status: string;
}

/** /orders: the most recent orders, one line each. */
export function myOrdersText(orders: MyOrderRow[]): string {
  const rows = orders.map(
    (order) =>
      `№${escapeHtml(order.orderNumber)} · ${formatDateTime(order.createdAt)} · ${formatPrice(Number(order.total))} · <b>${escapeHtml(statusLabel(order.status))}</b>`,
  );
  return ["<b>Мои заказы</b>", "", ...rows].join("\n");
}
