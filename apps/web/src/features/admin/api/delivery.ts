import type { DeliverySettingsWire, ShipmentResponse } from "@shop/shared/schemas/delivery";
import { adminRequest } from "./client";

/** Delivery in the admin panel (docs/api-admin.md#delivery). */

export function fetchDeliverySettings(signal?: AbortSignal): Promise<DeliverySettingsWire> {
  return adminRequest<DeliverySettingsWire>("/api/delivery/settings", { signal });
}

export function saveDeliverySettings(settings: DeliverySettingsWire): Promise<DeliverySettingsWire> {
  return adminRequest<DeliverySettingsWire>("/api/delivery/settings", { method: "PUT", body: settings });
}

/** Registers the order's parcel with СДЭК; the track number comes back when СДЭК already gave one. */
export function registerShipment(orderId: number): Promise<ShipmentResponse> {
  return adminRequest<ShipmentResponse>(`/api/orders/${orderId}/shipment`, { method: "POST" });
}

export function saveTrackNumber(orderId: number, trackNumber: string): Promise<ShipmentResponse> {
  return adminRequest<ShipmentResponse>(`/api/orders/${orderId}/track-number`, { method: "PUT", body: { track_number: trackNumber } });
}
