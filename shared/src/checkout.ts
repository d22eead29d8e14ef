import { phoneError } from "./phone";
import { looksEmpty } from "./text";

/** Checkout form validation (docs/product.md#checkout-validation); the same rules run in the browser and the server. */

export const CHECKOUT_MESSAGES = {
  nameRequired: "Введите имя",
} as const;

export interface CheckoutForm {
  customer_name: string;
  customer_phone: string;
  delivery_address?: string | null;
  comment?: string | null;
}

export type CheckoutErrors = Partial<Record<"customer_name" | "customer_phone", string>>;

export function validateCheckoutForm(form: CheckoutForm): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (looksEmpty(form.customer_name)) errors.customer_name = CHECKOUT_MESSAGES.nameRequired;
  const phone = phoneError(form.customer_phone);
  if (phone) errors.customer_phone = phone;
  return errors;
}

/** Messages the checkout shows when the server cannot take the order (docs/product.md#shopper-errors). */
export const ORDER_ERROR_MESSAGES = {
  prepareFailed: "Ошибка сервера при подготовке заказа",
  prepareFailedStatus: (status: number) => `Ошибка сервера (${status}) при подготовке заказа.`,
  createFailed: "Ошибка создания заказа",
  createFailedServer: "Ошибка сервера при создании заказа",
  alert: (message: string) => `Ошибка при оформлении заказа: ${message}`,
  /** 503 (the shop's database away): nothing was ordered, the cart stays */
  unavailable: "Магазин временно недоступен. Повторите попытку через минуту — корзина сохранена.",
  /** 429 without the server's own message */
  tooManyRequests: "Слишком много заказов с вашего адреса. Повторите попытку через минуту.",
} as const;
