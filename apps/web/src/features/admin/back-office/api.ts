import type { AdminOrdersResponse, OrderStatusValue } from "@shop/shared/schemas/orders";
import type { BulkBody, BulkResponse, ImportResponse } from "@shop/shared/schemas/product-sheet";
import type {
  AuditResponse,
  BindingCode,
  InvitationLink,
  CustomerCard,
  OrderNoteJson,
  OrderNotes,
  PickingOrder,
  PickingResponse,
  StaffAccount,
  StaffList,
} from "@shop/shared/schemas/staff";
import { ApiError, adminRequest, authHeaders, withQuery } from "../api/client";

/** The back office's calls (docs/api-admin.md#staff-and-roles): staff, the log, the order desk, packing, spreadsheets. */

export interface OrderSearchParams {
  q?: string;
  status?: string;
  payment_status?: string;
  source?: string;
  delivery_method?: string;
  from?: string;
  to?: string;
  page?: number;
}

export const fetchStaff = (signal?: AbortSignal) => adminRequest<StaffList>("/api/admin/staff", { signal });

export const createStaffAccount = (body: { login: string; name: string; password: string; role: string }) =>
  adminRequest<StaffAccount>("/api/admin/staff", { method: "POST", body, authError: "manual" });

export const updateStaffAccount = (id: number, body: { name?: string; role?: string; active?: boolean; password?: string }) =>
  adminRequest<StaffAccount>(`/api/admin/staff/${id}`, { method: "PUT", body, authError: "manual" });

export const fetchAudit = (query: { staff_id?: number; kind?: string; from?: string; to?: string; page?: number }, signal?: AbortSignal) =>
  adminRequest<AuditResponse>("/api/admin/audit", { query, signal });

export const searchOrders = (query: OrderSearchParams, signal?: AbortSignal) =>
  adminRequest<AdminOrdersResponse>("/api/admin/orders", { query: { ...query }, signal });

export const fetchPicking = (query: OrderSearchParams, signal?: AbortSignal) =>
  adminRequest<PickingResponse>("/api/admin/picking", { query: { ...query }, signal });

export const setPickingStatus = (id: number, status: OrderStatusValue) =>
  adminRequest<PickingOrder>(`/api/admin/picking/${id}/status`, { method: "PUT", body: { status } });

export const fetchNotes = (orderId: number, signal?: AbortSignal) => adminRequest<OrderNotes>(`/api/admin/orders/${orderId}/notes`, { signal });

export const addNote = (orderId: number, text: string) =>
  adminRequest<OrderNoteJson>(`/api/admin/orders/${orderId}/notes`, { method: "POST", body: { text }, authError: "manual" });

export const fetchCustomer = (query: { phone?: string; telegram_user_id?: string }, signal?: AbortSignal) =>
  adminRequest<CustomerCard>("/api/admin/customers", { query, signal });

export const importProducts = (csv: string, apply: boolean) =>
  adminRequest<ImportResponse>("/api/admin/products/import", { method: "POST", body: { csv, apply }, authError: "manual" });

export const bulkProducts = (body: BulkBody) => adminRequest<BulkResponse>("/api/admin/products/bulk", { method: "POST", body });

/** Downloads a CSV the API makes (the bearer token rides in a header, so a plain link cannot fetch it). */
export async function downloadCsv(path: string, query: Record<string, string | number | undefined>, fileName: string): Promise<void> {
  const response = await fetch(withQuery(path, query), { headers: authHeaders() });
  if (!response.ok) {
    let message: string | null = null;
    try {
      message = ((await response.json()) as { message?: string }).message ?? null;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, message);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const issueTelegramCode = (staffId: number) =>
  adminRequest<BindingCode>(`/api/admin/staff/${staffId}/telegram-code`, { method: "POST", authError: "manual" });

export const issueMyTelegramCode = () => adminRequest<BindingCode>("/api/admin/me/telegram-code", { method: "POST", authError: "manual" });

export const unbindTelegram = (staffId: number) =>
  adminRequest<{ ok: true }>(`/api/admin/staff/${staffId}/telegram`, { method: "DELETE", authError: "manual" });

export const fetchOrderHistory = (orderId: number, signal?: AbortSignal) => adminRequest<AuditResponse>(`/api/admin/orders/${orderId}/history`, { signal });

export const fetchProductHistory = (productId: number, signal?: AbortSignal) =>
  adminRequest<AuditResponse>(`/api/admin/products/${productId}/history`, { signal });

export const createInvitation = (body: { role: string; name?: string }) =>
  adminRequest<InvitationLink>("/api/admin/staff/invitations", { method: "POST", body, authError: "manual" });
