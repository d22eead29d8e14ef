import { Api } from "grammy";
import type { LabeledPrice } from "grammy/types";
import type { PaymentSettings } from "@shop/core/config";
import type { Order } from "@shop/core/orders";
import type { InvoiceLinks } from "@shop/core/payments";
import { invoicePayload } from "@shop/core/payments";
import { CURRENCY } from "@shop/core/payments";
import { formatPrice } from "@shop/shared/format";
import { toDecimal, toRoubles, type Kopecks } from "@shop/shared/money";
import { cutText } from "@shop/shared/text";
import { lineDescription } from "@shop/shared/variants";
import { discountLabel, type Totals } from "@shop/shared/pricing";
import { spreadDiscount } from "@shop/shared/promo-codes";

/**
 * The invoice of an order (docs/payments.md), one shape for the chat (sendInvoice, through the outbox) and the
 * Mini App (createInvoiceLink): RUB in kopecks, the breakdown as the order shows it — a part per item line, the
 * discount as a negative part, the delivery — adding up to the order's total; the payload names the order and its
 * current invoice number. The provider token is added only when the invoice is sent, so it is never stored.
 */
export interface InvoiceContent {
  title: string;
  description: string;
  payload: string;
  currency: string;
  prices: LabeledPrice[];
  need_email?: boolean;
  send_email_to_provider?: boolean;
  provider_data?: string;
}

export const INVOICE_TEXTS = {
  title: (number: string) => `Заказ №${number}`,
  description: (number: string, pieces: number, total: Kopecks) => `Оплата заказа №${number}: ${pieces} шт., итого ${formatPrice(toRoubles(total))}`,
  discount: (totals: Pick<Totals, "discountPercent" | "promoCode">) => discountLabel(totals),
  delivery: "Доставка",
} as const;

const label = (name: string, quantity: number) => `${cutText(name, 48)} × ${quantity}`;

/** ЮKassa's receipt line (its Telegram payments format): one price per unit, in roubles as text. */
interface ReceiptItem {
  description: string;
  quantity: string;
  amount: { value: string; currency: string };
  vat_code: number;
  payment_mode: "full_prepayment";
  payment_subject: "commodity" | "service";
}



/**
 * The receipt lines for ЮKassa: the discount is spread over the items in proportion to their sums (the kopecks
 * left by rounding go to the first lines) — a promo code's discount as the order recorded it, on the lines it
 * applied to — and a line whose discounted sum does not divide into whole kopecks per
 * piece is split in two, so that the lines add up exactly to the order's total. The delivery is a service line.
 */
export function receiptItems(order: Order, vatCode: number): ReceiptItem[] {
  const sums = order.lines.map((line) => line.price * line.quantity);
  const subtotal = sums.reduce((a, b) => a + b, 0);
  const { discount } = order.totals;
  const recorded = order.lines.map((line) => line.promoDiscount);
  const shares =
    order.totals.promoCode && recorded.every((share) => share !== undefined) && recorded.reduce((a, b) => a! + b!, 0) === discount
      ? (recorded as number[])
      : subtotal > 0
        ? spreadDiscount(sums, discount)
        : sums.map(() => 0);
  const item = (description: string, quantity: number, unit: number, subject: ReceiptItem["payment_subject"]): ReceiptItem => ({
    description: cutText(description, 128),
    quantity: quantity.toFixed(2),
    amount: { value: toDecimal(unit), currency: CURRENCY },
    vat_code: vatCode,
    payment_mode: "full_prepayment",
    payment_subject: subject,
  });
  const items: ReceiptItem[] = [];
  order.lines.forEach((line, index) => {
    const sum = sums[index]! - shares[index]!;
    const unit = Math.floor(sum / line.quantity);
    const rest = sum - unit * line.quantity;
    // 54-ФЗ: at most 128 characters an item name (cut by item()); the full text stays on the order
    const name = lineDescription(line);
    if (rest === 0) items.push(item(name, line.quantity, unit, "commodity"));
    else {
      if (line.quantity > 1) items.push(item(name, line.quantity - 1, unit, "commodity"));
      items.push(item(name, 1, unit + rest, "commodity"));
    }
  });
  const { delivery } = order.totals;
  if (delivery > 0) items.push(item(INVOICE_TEXTS.delivery, 1, delivery, "service"));
  return items;
}

export function invoiceContent(order: Order, settings: PaymentSettings): InvoiceContent {
  const prices: LabeledPrice[] = order.lines.map((line) => ({ label: label(lineDescription(line), line.quantity), amount: line.price * line.quantity }));
  if (order.totals.discount > 0) prices.push({ label: INVOICE_TEXTS.discount(order.totals), amount: -order.totals.discount });
  if (order.totals.delivery > 0) prices.push({ label: INVOICE_TEXTS.delivery, amount: order.totals.delivery });
  const pieces = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const content: InvoiceContent = {
    title: INVOICE_TEXTS.title(order.number),
    description: INVOICE_TEXTS.description(order.number, pieces, order.totals.total),
    payload: invoicePayload({ orderId: order.id, invoiceNumber: order.payment.invoiceNumber }),
    currency: CURRENCY,
    prices,
  };
  if (settings.receipts === "yookassa") {
    // ЮKassa sends the fiscal receipt to the e-mail the payment sheet asks for
    content.need_email = true;
    content.send_email_to_provider = true;
    content.provider_data = JSON.stringify({ receipt: { items: receiptItems(order, settings.vatCode) } });
  }
  return content;
}

/** The Mini App's payment link of the order's current invoice (createInvoiceLink); needs only the tokens. */
export function createInvoiceLinks(token: string, apiRoot: string, settings: PaymentSettings): InvoiceLinks {
  const api = new Api(token, { apiRoot, timeoutSeconds: 10 });
  return {
    async createLink(order) {
      const { title, description, payload, currency, prices, ...rest } = invoiceContent(order, settings);
      return api.createInvoiceLink(title, description, payload, settings.providerToken, currency, prices, rest);
    },
  };
}
