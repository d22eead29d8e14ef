/** Order statuses and sources with the Russian labels people read (docs/product.md#order-statuses, #order-sources). */

export const ORDER_STATUSES = ["new", "processing", "shipped", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The badge on an order. */
const STATUS_LABELS: Record<OrderStatus, string> = {
  new: "Создан",
  processing: "В работе",
  shipped: "Отправлен",
  completed: "Завершен",
  cancelled: "Отменен",
};

/** Any unknown status is shown raw. */
export function statusLabel(status: string): string {
  return isOrderStatus(status) ? STATUS_LABELS[status] : status;
}

/** Statistics and the admin order filter call new orders 'Новые'. */
const STATS_STATUS_LABELS: Record<OrderStatus, string> = { ...STATUS_LABELS, new: "Новые" };

export function statsStatusLabel(status: string): string {
  return isOrderStatus(status) ? STATS_STATUS_LABELS[status] : status;
}

export const ORDER_SOURCES = ["website", "mobile_web", "telegram_mini_app", "telegram_bot"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export function isOrderSource(value: unknown): value is OrderSource {
  return typeof value === "string" && (ORDER_SOURCES as readonly string[]).includes(value);
}

const SOURCE_LABELS: Record<OrderSource, string> = {
  website: "Сайт (Десктоп)",
  mobile_web: "Сайт (Мобайл)",
  telegram_mini_app: "Telegram Mini App",
  telegram_bot: "Telegram Бот",
};

export function sourceLabel(source: string | null | undefined): string {
  return isOrderSource(source) ? SOURCE_LABELS[source] : "Неизвестно";
}

/** Chooses the source from what the web app knows (docs/product.md#order-sources). */
export function detectOrderSource(hasTelegramUser: boolean, userAgent: string): OrderSource {
  if (hasTelegramUser) return "telegram_mini_app";
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent) ? "mobile_web" : "website";
}

export const PAYMENT_STATUSES = ["unpaid", "invoiced", "paid", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === "string" && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** How an order's payment reads (docs/payments.md). */
const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  unpaid: "Не оплачен",
  invoiced: "Счёт выставлен",
  paid: "Оплачен",
  refunded: "Возврат",
};

export function paymentLabel(status: string): string {
  return isPaymentStatus(status) ? PAYMENT_LABELS[status] : status;
}
