import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Type from "typebox";
import { deliveryConfigured, receiveCdekWebhook, type CdekWebhook } from "@shop/core/delivery";
import { ErrorResponse } from "@shop/shared/schemas/common";
import { CitiesQuery, CitiesResponse, DeliveryOptionsResponse, PointsQuery, PointsResponse, QuoteBody, QuoteResponse } from "@shop/shared/schemas/delivery";
import type { App } from "../app-type";
import { HttpError } from "../http-errors";
import { toWireQuotes } from "../wire/delivery";

/** The shopper's side of delivery (docs/api.md#delivery) and СДЭК's webhook. */
export default async function deliveryRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    "/api/delivery/options",
    {
      schema: {
        tags: ["delivery"],
        summary: "Whether checkout asks for a delivery method, and whether cities are suggested",
        response: { 200: DeliveryOptionsResponse },
      },
    },
    async () => ({ configured: deliveryConfigured(await app.delivery.settings()), city_suggestions: app.delivery.cdek !== null }),
  );

  r.get(
    "/api/delivery/cities",
    {
      schema: {
        tags: ["delivery"],
        summary: "Cities whose names start with q (СДЭК's list; empty without СДЭК, under 2 letters or when СДЭК does not answer)",
        querystring: CitiesQuery,
        response: { 200: CitiesResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const cities = await app.delivery.suggestCities(request.query.q);
      return { cities: cities.map((city) => ({ code: city.code, city: city.city, region: city.region, postal_code: city.postalCode })) };
    },
  );

  r.post(
    "/api/delivery/quote",
    {
      schema: {
        tags: ["delivery"],
        summary: "The delivery methods offered in a city for a cart, each with its price and dates",
        description:
          "Prices are the seller's (the carrier's with the markup and rounding); fee is what this cart pays (0 from the " +
          "free threshold). A method whose price is null is priced by the manager («стоимость уточнит менеджер»): by " +
          "arrangement, or its carrier did not answer within the shop's wait. quote_id is honoured for 15 minutes " +
          "(valid_until) when the order is placed with it.",
        body: QuoteBody,
        response: { 200: QuoteResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const body = request.body;
      const quotes = await app.delivery.quote({
        city: body.city,
        cityCode: body.city_code ?? null,
        postalCode: body.postal_code ?? null,
        lines: body.cart_items.map((item) => ({ productId: item.product_id, quantity: item.quantity })),
      });
      return toWireQuotes(quotes);
    },
  );

  r.get(
    "/api/delivery/points",
    {
      schema: {
        tags: ["delivery"],
        summary: "СДЭК's pickup points of a city, found by street or name (q) and kind (point, locker)",
        querystring: PointsQuery,
        response: { 200: PointsResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { city_code: cityCode, q, kind } = request.query;
      const found = await app.delivery.pickupPoints(cityCode, { search: q, kind });
      reply.header("Cache-Control", "public, max-age=300");
      return {
        available: found.available,
        points: found.points.map((point) => ({ code: point.code, name: point.name, kind: point.kind, address: point.address, hours: point.hours })),
      };
    },
  );

  r.post(
    "/api/delivery/cdek/webhook/:secret",
    {
      schema: {
        tags: ["delivery"],
        summary: "СДЭК's ORDER_STATUS webhooks (register https://<shop>/api/delivery/cdek/webhook/<CDEK_WEBHOOK_SECRET> with СДЭК)",
        description:
          "Moves the order to 'Отправлен' or 'Завершен' and records the track number; the same event twice changes " +
          "nothing the second time. 404 for a wrong secret or when CDEK_WEBHOOK_SECRET is not set.",
        params: Type.Object({ secret: Type.String({ maxLength: 256 }) }),
        body: Type.Object({}, { additionalProperties: true }),
        response: { 200: Type.Object({ ok: Type.Literal(true), outcome: Type.String() }), 404: ErrorResponse },
      },
    },
    async (request) => {
      const expected = app.config.delivery.cdekWebhookSecret;
      if (!expected || request.params.secret !== expected) throw new HttpError(404, "Не найдено");
      const outcome = await receiveCdekWebhook(app.db, app.notifier, request.body as CdekWebhook);
      return { ok: true as const, outcome };
    },
  );
}
