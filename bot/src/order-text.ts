import { type CartLine, type CustomerOrderSummary, lineSku, type Order, type OrderContact, type OrderDelivery, type PreparedOrder } from "@shop/core/orders";
import { DELIVERY_METHOD_LABELS, formatDays, trackingLink } from "@shop/shared/delivery";
import { toRoubles } from "@shop/shared/money";
import { discountLabel, type Totals } from "@shop/shared/pricing";
import { formatDateTime, formatPrice } from "@shop/shared/format";
import { paymentLabel, sourceLabel, statusLabel } from "@shop/shared/labels";
import { formatPhone } from "@shop/shared/phone";
import { cutText } from "@shop/shared/text";
import { madeToOrderLabel } from "@shop/shared/stock";
import type { StockProduct } from "@shop/core/stock";

/**
 * The texts the bot writes about an order (HTML parse mode). Placed orders and prepared website checkouts have
 * the same lines, totals and contact, so the manager card and the confirmation screen read alike.
 */

/** Telegram's limit for a message text. */
const MAX_TEXT = 4096;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function itemLine(line: CartLine): string {
  const sum = formatPrice(toRoubles(line.price * line.quantity));
  const made = line.madeToOrderDays ? ` — ${madeToOrderLabel(line.madeToOrderDays)}` : "";
  const variant = line.variantTitle ? `, ${escapeHtml(line.variantTitle)}` : "";
  const head = `• ${escapeHtml(line.name)}${variant} (${escapeHtml(lineSku(line))}) — ${line.quantity} × ${formatPrice(toRoubles(line.price))} = ${sum}${made}`;
  // the shopper's texts exactly as ordered, each extra with its price per piece
  const texts = (line.personalization ?? []).map(
    (item) => `   ${escapeHtml(item.label)}: «${escapeHtml(item.value)}»${item.price > 0 ? ` (+${formatPrice(toRoubles(item.price))})` : ""}`,
  );
  return [head, ...texts].join("\n");
}

function totalsBlock(totals: Totals): string[] {
  const rows = [`Товары: ${formatPrice(toRoubles(totals.subtotal))}`];
  if (totals.discount > 0) rows.push(`${escapeHtml(discountLabel(totals))}: −${formatPrice(toRoubles(totals.discount))}`);
  rows.push(`Доставка: ${formatPrice(toRoubles(totals.delivery))}`);
  rows.push(`<b>Итого: ${formatPrice(toRoubles(totals.total))}</b>`);
  return rows;
}

/** How long the shopper's own texts may stay in a message (UTF-16 units); Infinity: whole. */
interface TextRoom {
  address: number;
  comment: number;
}
const WHOLE: TextRoom = { address: Infinity, comment: Infinity };

function contactBlock(contact: OrderContact, room: TextRoom): string[] {
  const rows = [`Имя: ${escapeHtml(contact.customerName)}`, `Телефон: ${escapeHtml(formatPhone(contact.customerPhone))}`];
  rows.push(`Адрес: ${contact.deliveryAddress ? escapeHtml(cutText(contact.deliveryAddress, room.address)) : "не указан"}`);
  if (contact.comment) rows.push(`Комментарий: ${escapeHtml(cutText(contact.comment, room.comment))}`);
  return rows;
}

/**
 * A message's length as Telegram counts it against its limit: after parsing, so tags count nothing and an entity
 * (`&amp;`) one character; in UTF-16 units, as Telegram counts (an emoji is two).
 */
export function telegramTextLength(html: string): number {
  return html.replace(/<[^>]*>/g, "").replace(/&(?:amp|lt|gt|quot|#\d+);/g, "&").length;
}

/**
 * Joins head, item lines and tail within Telegram's limit. The shopper's own texts give way first: the comment,
 * then the address, are cut (by whole characters, before escaping, so never inside an emoji or an entity) and end
 * with '…'. Only an order whose lines alone pass the limit loses lines, and says how many are left out (the
 * whole order is always in the admin panel). docs/product.md#telegram-messages
 */
function fit(head: string[], lines: string[], tail: (room: TextRoom) => string[], contact: OrderContact): string {
  const build = (shown: string[], hidden: number, room: TextRoom) =>
    [...head, ...shown, ...(hidden > 0 ? [`…и ещё позиций: ${hidden}`] : []), ...tail(room)].join("\n");
  let room = WHOLE;
  let text = build(lines, 0, room);
  // markup only shortens a text: one within the limit as written is within it as Telegram counts
  const over = () => (text.length <= MAX_TEXT ? -1 : telegramTextLength(text) - MAX_TEXT);
  if (over() > 0 && contact.comment) {
    room = { ...room, comment: Math.max(1, contact.comment.length - over()) };
    text = build(lines, 0, room);
  }
  if (over() > 0 && contact.deliveryAddress) {
    room = { ...room, address: Math.max(1, contact.deliveryAddress.length - over()) };
    text = build(lines, 0, room);
  }
  let count = lines.length;
  while (over() > 0 && count > 0) {
    count -= 1;
    text = build(lines.slice(0, count), lines.length - count, room);
  }
  return text;
}

/** How the order travels, for the manager (docs/delivery.md): method, city, point or address, weight, dates, track. */
export function deliveryBlock(delivery: OrderDelivery | null | undefined): string[] {
  if (!delivery) return [];
  const rows: string[] = [];
  if (delivery.method) {
    const where = delivery.city ? ` — ${escapeHtml(delivery.city)}` : "";
    rows.push(`🚚 Доставка: <b>${escapeHtml(DELIVERY_METHOD_LABELS[delivery.method])}</b>${where}`);
    if (delivery.pointCode) rows.push(`Пункт: ${escapeHtml(delivery.pointCode)}${delivery.pointAddress ? `, ${escapeHtml(delivery.pointAddress)}` : ""}`);
    else if (delivery.method === "pickup" && delivery.pointAddress) rows.push(`Адрес самовывоза: ${escapeHtml(delivery.pointAddress)}`);
    const days = formatDays(delivery.daysMin, delivery.daysMax);
    rows.push(`Вес: ${delivery.weightGrams} г${days ? ` · ${days}` : ""}`);
    if (delivery.priceNote === "carrier-unavailable") rows.push("⚠️ Перевозчик не ответил вовремя: стоимость доставки уточнит менеджер");
    else if (delivery.priceNote === "arrangement") rows.push("Стоимость доставки — по договорённости: уточнит менеджер");
  }
  if (delivery.trackNumber) {
    const link = delivery.method ? trackingLink(delivery.method, delivery.trackNumber) : null;
    rows.push(`Трек-номер: <code>${escapeHtml(delivery.trackNumber)}</code>${link ? ` (<a href="${escapeHtml(link)}">отследить</a>)` : ""}`);
  }
  return rows.length > 0 ? ["", ...rows] : [];
}

/** The customer's message with the track number and where to follow the parcel. */
export function trackingText(orderNumber: string, trackNumber: string, link: string | null): string {
  const lines = [`📮 Заказ №${escapeHtml(orderNumber)} передан в доставку.`, `Трек-номер: <code>${escapeHtml(trackNumber)}</code>`];
  if (link) lines.push(`Отследить посылку: ${escapeHtml(link)}`);
  return lines.join("\n");
}

/** The card a manager gets for every new order; re-rendered with the current status when a button is pressed. */
export function managerOrderText(order: Order, options: { changedBy?: string; headline?: string } = {}): string {
  const user = order.telegramUser;
  const telegram = user
    ? `Telegram: ${user.username ? "@" + escapeHtml(user.username) : escapeHtml([user.firstName, user.lastName].filter(Boolean).join(" ") || "пользователь")} (id ${user.id})`
    : null;
  const head = [
    ...(options.headline ? [options.headline, ""] : []),
    `🛍 <b>Заказ №${escapeHtml(order.number)}</b>`,
    `Статус: <b>${escapeHtml(statusLabel(order.status))}</b>` + (options.changedBy ? ` (изменил(а) ${escapeHtml(options.changedBy)})` : ""),
    ...(order.payment.status === "unpaid" ? [] : [`Оплата: <b>${paymentLabel(order.payment.status)}</b>`]),
    `Источник: ${escapeHtml(sourceLabel(order.source))}`,
    `Создан: ${formatDateTime(order.createdAt)}`,
    "",
    "<b>Состав:</b>",
  ];
  const tail = (room: TextRoom) => [
    "",
    ...totalsBlock(order.totals),
    ...deliveryBlock(order.delivery),
    "",
    "<b>Покупатель:</b>",
    ...contactBlock(order.contact, room),
    ...(telegram ? [telegram] : []),
  ];
  return fit(head, order.lines.map(itemLine), tail, order.contact);
}

/** The website checkout as the shopper sees it before confirming in the bot. */
/** The card the managers get when an order is paid: the order as it is now, headed by the payment. */
export function paidCardText(order: Order): string {
  return managerOrderText(order, { headline: `💳 <b>Заказ №${escapeHtml(order.number)} оплачен</b>: ${formatPrice(toRoubles(order.totals.total))}` });
}

/** The customer's thank-you once the payment arrived. */
export function orderPaidText(orderNumber: string): string {
  return `✅ Спасибо! Оплата заказа №${escapeHtml(orderNumber)} получена. Мы сообщим, когда заказ будет отправлен.`;
}

/** The delivery a website checkout chose, for the shopper confirming it: method, point or address, price and dates. */
function preparedDeliveryBlock(prepared: PreparedOrder): string[] {
  const delivery = prepared.delivery;
  if (!delivery?.details.method) return [];
  const { details } = delivery;
  const where = details.city ? ` — ${escapeHtml(details.city)}` : "";
  const rows = ["", `🚚 <b>${escapeHtml(DELIVERY_METHOD_LABELS[details.method!])}</b>${where}`];
  if (details.pointCode) rows.push(`Пункт выдачи: ${escapeHtml(details.pointAddress ?? details.pointCode)}`);
  else if (details.method === "pickup" && details.pointAddress) rows.push(`Адрес самовывоза: ${escapeHtml(details.pointAddress)}`);
  const days = formatDays(details.daysMin, details.daysMax);
  const price = details.priceKnown ? formatPrice(toRoubles(prepared.totals.delivery)) : "стоимость уточнит менеджер";
  rows.push(`Стоимость доставки: ${price}${days ? ` · ${days}` : ""}`);
  return rows;
}

export function preparedOrderText(prepared: PreparedOrder): string {
  const head = ["🛒 <b>Ваш заказ с сайта</b>", "", "<b>Состав:</b>"];
  const tail = (room: TextRoom) => [
    "",
    ...totalsBlock(prepared.totals),
    ...preparedDeliveryBlock(prepared),
    "",
    "<b>Контактные данные:</b>",
    ...contactBlock(prepared.contact, room),
    "",
    ...(prepared.delivery?.details.priceKnown ? [] : ["* Точная стоимость доставки будет уточнена менеджером", ""]),
    "Всё верно? Нажмите «Подтвердить заказ».",
  ];
  return fit(head, prepared.lines.map(itemLine), tail, prepared.contact);
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

/** /orders: the most recent orders, one line each. */
export function myOrdersText(orders: readonly CustomerOrderSummary[]): string {
  const rows = orders.map(
    (order) =>
      `№${escapeHtml(order.number)} · ${formatDateTime(order.createdAt)} · ${formatPrice(toRoubles(order.total))} · <b>${escapeHtml(statusLabel(order.status))}</b>`,
  );
  return ["<b>Мои заказы</b>", "", ...rows].join("\n");
}

/** To managers: a product sold out, or its stock fell to the low-stock threshold. */
export function stockFellText(product: StockProduct, left: number): string {
  const name = `«${escapeHtml(product.name)}» (${escapeHtml(product.sku)})`;
  return left === 0
    ? `📦 <b>Товар закончился</b>: ${name}. Пополните остаток в админ-панели или отметьте товар «под заказ».`
    : `📦 <b>Товар заканчивается</b>: ${name} — осталось ${left} шт.`;
}

/** To a subscriber: the product they waited for is back. */
export function backInStockText(product: StockProduct): string {
  return `🎉 Снова в наличии: <b>${escapeHtml(product.name)}</b>. Успейте заказать!`;
}
