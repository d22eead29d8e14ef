import type { AdminOrder, AdminOrdersResponse, OrderStatusValue } from "@shop/shared/schemas/orders";
import { adminRequest } from "./client";

export type OrderFilter = OrderStatusValue | "all";

export function fetchOrders(query: { page: number; status: OrderFilter }, signal?: AbortSignal): Promise<AdminOrdersResponse> {
  return adminRequest<AdminOrdersResponse>("/api/orders", {
    query: { page: query.page, status: query.status === "all" ? undefined : query.status },
    signal,
  });
}

export function fetchOrder(id: number, signal?: AbortSignal): Promise<AdminOrder> {
  return adminRequest<AdminOrder>(`/api/orders/${id}`, { signal });
}

export function updateOrderStatus(id: number, status: OrderStatusValue): Promise<unknown> {
  return adminRequest(`/api/orders/${id}/status`, { method: "PUT", body: { status } });
}
