import type { InvoiceResponse, RefundedResponse } from "@shop/shared/schemas/orders";
import type { ConfigResponse } from "@shop/shared/schemas/telegram";
import { adminRequest } from "./client";

/** Whether the shop takes payments in Telegram (GET /api/config); without them the panel shows nothing of payment. */
export async function fetchPaymentsEnabled(signal?: AbortSignal): Promise<boolean> {
  const config = await adminRequest<ConfigResponse>("/api/config", { signal });
  return config.payments === true;
}

/** Fixes the delivery cost and sends the customer an invoice for the order's total (docs/product.md#payment-in-telegram). */
export function issueInvoice(id: number, deliveryCost: number): Promise<InvoiceResponse> {
  return adminRequest<InvoiceResponse>(`/api/orders/${id}/invoice`, { method: "POST", body: { delivery_cost: deliveryCost } });
}

/** Records that a paid order's money went back to the customer. */
export function markRefunded(id: number): Promise<RefundedResponse> {
  return adminRequest<RefundedResponse>(`/api/orders/${id}/refunded`, { method: "POST" });
}
