import type { AdminOrder, AdminOrdersResponse, OrderStatusValue } from "@shop/shared/schemas/orders";
import { adminRequest } from "./client";

/** A status, every order, or 'paid': the orders paid online, whatever their status. */
export type OrderFilter = OrderStatusValue | "all" | "paid";

export function fetchOrders(query: { page: number; status: OrderFilter }, signal?: AbortSignal): Promise<AdminOrdersResponse> {
  const { status } = query;
  return adminRequest<AdminOrdersResponse>("/api/orders", {
    query: {
      page: query.page,
      status: status === "all" || status === "paid" ? undefined : status,
      payment_status: status === "paid" ? "paid" : undefined,
    },
    signal,
  });
}

export function fetchOrder(id: number, signal?: AbortSignal): Promise<AdminOrder> {
  return adminRequest<AdminOrder>(`/api/orders/${id}`, { signal });
}

export function updateOrderStatus(id: number, status: OrderStatusValue): Promise<unknown> {
  return adminRequest(`/api/orders/${id}/status`, { method: "PUT", body: { status } });
}
