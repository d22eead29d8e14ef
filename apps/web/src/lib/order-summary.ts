import type { OrderTotals, PaymentStatusValue } from "@shop/shared/schemas/orders";
import type { OrderDeliveryWire } from "@shop/shared/schemas/delivery";

/**
 * What the checkout just ordered, for the order success page (docs/product.md#order-success): the lines the cart
 * sent and the totals the server computed, kept in this tab's sessionStorage under the order's number only, so
 * nobody else's order is ever shown and a reload still shows it.
 */
export interface OrderSummary {
  /** price: one piece's, extras included; the variant and the personalisation texts as the cart showed them */
  items: {
    id: number;
    name: string;
    quantity: number;
    price: number;
    variant_title?: string;
    personalization?: { label: string; value: string; kind?: string }[];
  }[];
  totals: OrderTotals;
  /** how the order travels, when a delivery method was chosen (docs/delivery.md) */
  delivery?: OrderDeliveryWire | null;
  /** 'invoiced': the order's invoice went out as it was placed, and the customer can pay at once */
  paymentStatus?: PaymentStatusValue;
}

const key = (orderNumber: string) => `order-summary:${orderNumber}`;

export function saveOrderSummary(orderNumber: string, summary: OrderSummary): void {
  try {
    window.sessionStorage.setItem(key(orderNumber), JSON.stringify(summary));
  } catch (error) {
    console.warn("sessionStorage: cannot keep the order summary", error);
  }
}

function isSummary(value: unknown): value is OrderSummary {
  const summary = value as OrderSummary | null;
  return (
    typeof summary === "object" &&
    summary !== null &&
    Array.isArray(summary.items) &&
    summary.items.every((item) => typeof item?.name === "string" && Number.isInteger(item.quantity) && typeof item.price === "number") &&
    typeof summary.totals?.total === "number"
  );
}

export function readOrderSummary(orderNumber: string): OrderSummary | null {
  try {
    const raw = window.sessionStorage.getItem(key(orderNumber));
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return isSummary(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
