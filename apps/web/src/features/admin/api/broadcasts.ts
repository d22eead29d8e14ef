import type { AudienceSizeResponse, Broadcast, BroadcastAudience, BroadcastList, BroadcastMessage } from "@shop/shared/schemas/broadcasts";
import { adminRequest } from "./client";

/** Broadcasts in the admin panel (docs/api-admin.md#broadcasts). */

export function fetchBroadcasts(signal?: AbortSignal): Promise<BroadcastList> {
  return adminRequest<BroadcastList>("/api/admin/broadcasts", { signal });
}

export function fetchBroadcast(id: number, signal?: AbortSignal): Promise<Broadcast> {
  return adminRequest<Broadcast>(`/api/admin/broadcasts/${id}`, { signal });
}

export function countAudience(audience: BroadcastAudience, signal?: AbortSignal): Promise<AudienceSizeResponse> {
  return adminRequest<AudienceSizeResponse>("/api/admin/broadcasts/audience", { method: "POST", body: { audience }, signal });
}

export function sendPreview(message: BroadcastMessage, chatId: string): Promise<unknown> {
  return adminRequest<unknown>("/api/admin/broadcasts/preview", { method: "POST", body: { message, chat_id: chatId } });
}

export function sendBroadcast(message: BroadcastMessage, audience: BroadcastAudience): Promise<Broadcast> {
  return adminRequest<Broadcast>("/api/admin/broadcasts", { method: "POST", body: { message, audience } });
}
