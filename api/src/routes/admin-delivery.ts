import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { readDeliverySettings, registerCdekShipment, setTrackNumber, writeDeliverySettings } from "@shop/core/delivery";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import { DeliverySettingsWire, ShipmentResponse, TrackBody } from "@shop/shared/schemas/delivery";
import type { App } from "../app-type";
import { fromWireSettings, toWireDelivery, toWireSettings } from "../wire/delivery";

const security = [{ bearerAuth: [] }];

/** The admin's side of delivery (docs/api-admin.md#delivery): the seller's settings, shipments, track numbers. */
export default async function adminDeliveryRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = app.requireAdmin;

  app.get(
    "/api/delivery/settings",
    {
      onRequest,
      schema: { tags: ["admin"], summary: "The seller's delivery methods, markups and parcel defaults", security, response: { 200: DeliverySettingsWire, 401: ErrorResponse } },
    },
    async () => toWireSettings(await readDeliverySettings(app.db)),
  );

  app.put(
    "/api/delivery/settings",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Save the delivery settings (every method off: the shop's fixed 250 ₽, confirmed by the manager)",
        security,
        body: DeliverySettingsWire,
        response: { 200: DeliverySettingsWire, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const saved = await writeDeliverySettings(app.db, fromWireSettings(request.body));
      app.delivery.forgetSettings();
      return toWireSettings(saved);
    },
  );

  app.post(
    "/api/orders/:id/shipment",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Register the order's parcel with СДЭК (СДЭК methods only, once); the track number comes with it or by webhook",
        security,
        params: IdParams,
        response: { 200: ShipmentResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const shipment = await registerCdekShipment(app.db, app.delivery, app.notifier, request.params.id, request.staff!.actor);
      return { order_id: request.params.id, delivery: toWireDelivery(shipment)! };
    },
  );

  app.put(
    "/api/orders/:id/track-number",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Set the order's track number (any method); the customer gets one message with it and a tracking link",
        security,
        params: IdParams,
        body: TrackBody,
        response: { 200: ShipmentResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const shipment = await setTrackNumber(app.db, app.notifier, request.params.id, request.body.track_number, request.staff?.actor);
      return { order_id: request.params.id, delivery: toWireDelivery(shipment)! };
    },
  );
}
