import type { AdminReview, AdminReviewsQuery, AdminReviewsResponse, ReviewSettingsWire } from "@shop/shared/schemas/reviews";
import { adminRequest } from "./client";

/** Reviews in the admin panel (docs/api-admin.md#reviews). */

export function fetchReviews(query: AdminReviewsQuery, signal?: AbortSignal): Promise<AdminReviewsResponse> {
  return adminRequest<AdminReviewsResponse>("/api/admin/reviews", { query: { ...query }, signal });
}

export function setReviewStatus(id: number, status: "published" | "hidden"): Promise<AdminReview> {
  return adminRequest<AdminReview>(`/api/admin/reviews/${id}/status`, { method: "PUT", body: { status } });
}

export function saveReviewReply(id: number, reply: string | null): Promise<AdminReview> {
  return adminRequest<AdminReview>(`/api/admin/reviews/${id}/reply`, { method: "PUT", body: { reply } });
}

export function fetchReviewSettings(signal?: AbortSignal): Promise<ReviewSettingsWire> {
  return adminRequest<ReviewSettingsWire>("/api/admin/reviews/settings", { signal });
}

export function saveReviewSettings(settings: ReviewSettingsWire): Promise<ReviewSettingsWire> {
  return adminRequest<ReviewSettingsWire>("/api/admin/reviews/settings", { method: "PUT", body: settings });
}
