import type { PromoCodeBody, PromoCodeJson, PromoCodeList } from "@shop/shared/schemas/promo-codes";
import { adminRequest } from "../api/client";

/** The admin's promo codes (docs/api-admin.md#promo-codes). */
export const fetchPromoCodes = (signal?: AbortSignal) => adminRequest<PromoCodeList>("/api/admin/promo-codes", { signal });

export const createPromoCode = (body: PromoCodeBody) =>
  adminRequest<PromoCodeJson>("/api/admin/promo-codes", { method: "POST", body, authError: "manual" });

export const updatePromoCode = (id: number, body: PromoCodeBody) =>
  adminRequest<PromoCodeJson>(`/api/admin/promo-codes/${id}`, { method: "PUT", body, authError: "manual" });
