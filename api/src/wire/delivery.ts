import type { DeliverySettings, DeliveryQuotes, OrderShipment } from "@shop/core/delivery";
import type { OrderDelivery } from "@shop/core/orders";
import { DELIVERY_METHOD_LABELS, DELIVERY_METHODS, needsAddress, needsPoint, trackingLink } from "@shop/shared/delivery";
import { toKopecks, toRoubles } from "@shop/shared/money";
import type { DeliverySettingsWire, OrderDeliveryWire, QuoteResponse } from "@shop/shared/schemas/delivery";

/** Delivery's shapes on the wire (docs/api.md#delivery): snake_case, money in roubles. */

const roubles = (kopecks: number | null) => (kopecks === null ? null : toRoubles(kopecks));

export function toWireDelivery(delivery: (OrderDelivery & Partial<Pick<OrderShipment, "carrierOrderUuid" | "carrierStatus">>) | null | undefined): OrderDeliveryWire | null {
  if (!delivery) return null;
  const track = delivery.trackNumber ?? null;
  return {
    method: delivery.method,
    method_label: delivery.method ? DELIVERY_METHOD_LABELS[delivery.method] : null,
    city: delivery.city,
    point_code: delivery.pointCode,
    point_address: delivery.pointAddress,
    weight_grams: delivery.weightGrams,
    days_min: delivery.daysMin,
    days_max: delivery.daysMax,
    price_known: delivery.priceKnown,
    price_note: delivery.priceNote,
    track_number: track,
    tracking_url: track && delivery.method ? trackingLink(delivery.method, track) : null,
    carrier_status: delivery.carrierStatus ?? null,
    carrier_registered: Boolean(delivery.carrierOrderUuid),
  };
}

export function toWireQuotes(quotes: DeliveryQuotes): QuoteResponse {
  return {
    configured: quotes.configured,
    weight_grams: quotes.weightGrams,
    pickup: quotes.pickup,
    methods: quotes.methods.map((quote) => ({
      method: quote.method,
      label: DELIVERY_METHOD_LABELS[quote.method],
      price: roubles(quote.price),
      fee: roubles(quote.fee),
      free_from: roubles(quote.freeFrom),
      days_min: quote.daysMin,
      days_max: quote.daysMax,
      price_note: quote.priceNote,
      text: quote.text,
      quote_id: quote.quoteId,
      valid_until: quote.validUntil?.toISOString() ?? null,
      needs_point: needsPoint(quote.method),
      needs_address: needsAddress(quote.method),
    })),
  };
}

export function toWireSettings(settings: DeliverySettings): DeliverySettingsWire {
  const methods = Object.fromEntries(
    DELIVERY_METHODS.map((method) => {
      const m = settings.methods[method];
      return [
        method,
        {
          enabled: m.enabled,
          markup_percent: m.markupPercent,
          markup_roubles: toRoubles(m.markupFixed),
          round_up_to_10: m.roundUpTo10,
          free_from: roubles(m.freeFrom),
          by_arrangement: m.byArrangement,
        },
      ];
    }),
  ) as DeliverySettingsWire["methods"];
  return {
    methods,
    pickup: settings.pickup,
    courier: { price: toRoubles(settings.courier.price), cities: settings.courier.cities },
    origin: { city: settings.origin.city, cdek_city_code: settings.origin.cdekCityCode, postal_code: settings.origin.postalCode },
    parcel: {
      weight_grams: settings.parcel.weightGrams,
      length_cm: settings.parcel.lengthCm,
      width_cm: settings.parcel.widthCm,
      height_cm: settings.parcel.heightCm,
    },
  };
}

export function fromWireSettings(wire: DeliverySettingsWire): DeliverySettings {
  const methods = Object.fromEntries(
    DELIVERY_METHODS.map((method) => {
      const m = wire.methods[method];
      return [
        method,
        {
          enabled: m.enabled,
          markupPercent: m.markup_percent,
          markupFixed: toKopecks(m.markup_roubles),
          roundUpTo10: m.round_up_to_10,
          freeFrom: m.free_from === null ? null : toKopecks(m.free_from),
          byArrangement: m.by_arrangement,
        },
      ];
    }),
  ) as DeliverySettings["methods"];
  return {
    methods,
    pickup: { address: wire.pickup.address.trim(), hours: wire.pickup.hours.trim() },
    courier: { price: toKopecks(wire.courier.price), cities: wire.courier.cities },
    origin: { city: wire.origin.city.trim(), cdekCityCode: wire.origin.cdek_city_code, postalCode: wire.origin.postal_code.trim() },
    parcel: {
      weightGrams: wire.parcel.weight_grams,
      lengthCm: wire.parcel.length_cm,
      widthCm: wire.parcel.width_cm,
      heightCm: wire.parcel.height_cm,
    },
  };
}
