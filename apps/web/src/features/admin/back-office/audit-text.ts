import type { AuditEntryJson } from "@shop/shared/schemas/staff";
import { statusLabel } from "@shop/shared/labels";

/** How the log's kinds and changes read in the panel. */
export const KIND_LABELS: Record<string, string> = {
  product: "Товар",
  stock: "Остаток",
  category: "Категория",
  order: "Заказ",
  invoice: "Счёт",
  refund: "Возврат",
  settings: "Настройки",
  staff: "Сотрудник",
  promo: "Промокод",
  broadcast: "Рассылка",
  review: "Отзыв",
};

const ACTION_LABELS: Record<string, string> = {
  create: "создан",
  update: "изменён",
  delete: "удалён",
  status: "",
  adjust: "",
  note: "заметка",
  send: "отправлена",
  issue: "выставлен",
  refund: "возврат",
  password: "новый пароль",
  shipment: "отправлен в СДЭК",
  telegram_bind: "привязал Telegram",
  telegram_unbind: "Telegram отвязан",
  invite: "приглашение",
  accept: "принял приглашение",
  "switch-off": "отключён",
  "switch-on": "включён",
  publish: "опубликован",
  hide: "скрыт",
  reply: "ответ магазина",
  reviews: "отзывы",
};

const FIELD_LABELS: Record<string, string> = {
  name: "название",
  sku: "артикул",
  login: "логин",
  type: "вид",
  width: "ширина",
  height: "высота",
  depth: "глубина",
  made_to_order_days: "под заказ, дней",
  total: "итого",
  products: "товаров",
  price: "цена",
  stock: "остаток",
  status: "статус",
  categories: "категории",
  images: "фото",
  description: "описание",
  material: "материал",
  role: "роль",
  active: "включён",
  note: "заметка",
  send: "отправлена",
  payment_status: "оплата",
  delivery_cost: "доставка",
  hidden: "скрыт",
  telegram: "Telegram",
  moved_from: "был у",
  carrier: "служба",
  carrier_order: "заказ службы",
  expires_at: "действует до",
  reply: "ответ",
  request_after_days: "просить отзыв через, дней",
};

const show = (key: string, value: unknown): string => {
  if (value === null || value === undefined || value === "") return "—";
  if (key === "status" && typeof value === "string") return statusLabel(value);
  if (typeof value === "boolean") return value ? "да" : "нет";
  if (Array.isArray(value)) return value.join(", ") || "—";
  return String(value);
};

/** 'статус: Создан → Отправлен; цена: 1890 → 2000' */
export function describeChange(entry: AuditEntryJson): string {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const oneSide = !entry.before || !entry.after;
  // a creation or a deletion lists what the thing had, its empty fields left out
  const shown = oneSide ? keys.filter((key) => show(key, (entry.after ?? entry.before)![key]) !== "—") : keys;
  const parts = shown.map((key) => {
    const label = FIELD_LABELS[key] ?? key;
    const had = entry.before && key in entry.before;
    const has = entry.after && key in entry.after;
    if (had && has) return `${label}: ${show(key, entry.before![key])} → ${show(key, entry.after![key])}`;
    return `${label}: ${show(key, has ? entry.after![key] : entry.before![key])}`;
  });
  const action = ACTION_LABELS[entry.action] ?? entry.action;
  const changes = parts.join("; ");
  return action && changes ? `${action} — ${changes}` : action || changes;
}
