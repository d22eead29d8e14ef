import Type, { type Static } from "typebox";
import { MAX_ORDER_LINES } from "../constants";
import { Id, Money, Nullable } from "./common";

/** Delivery on the wire (docs/api.md#delivery, docs/api-admin.md#delivery): money in roubles, snake_case. */

export const DeliveryMethodName = Type.Union([
  Type.Literal("pickup"),
  Type.Literal("courier"),
  Type.Literal("cdek_point"),
  Type.Literal("cdek_door"),
  Type.Literal("pochta"),
]);

/** What the shopper chose at checkout (POST /api/orders, `delivery`). */
export const DeliveryChoiceBody = Type.Object({
  method: DeliveryMethodName,
  city: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  city_code: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_000_000_000 }))),
  postal_code: Type.Optional(Nullable(Type.String({ pattern: "^\\d{6}$" }))),
  point_code: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  /** the signed quote the shopper saw (quotes' `quote_id`), honoured by any instance until its `valid_until` */
  quote_id: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))),
  /** the method's price the shopper saw (before the free threshold), roubles */
  expected_price: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 }))),
});
export type DeliveryChoiceBody = Static<typeof DeliveryChoiceBody>;

/** How an order travels, in the admin's view, «Мои заказы» and the order's answer. */
export const OrderDeliveryWire = Type.Object({
  method: Nullable(DeliveryMethodName),
  method_label: Nullable(Type.String()),
  city: Nullable(Type.String()),
  point_code: Nullable(Type.String()),
  point_address: Nullable(Type.String()),
  weight_grams: Type.Integer(),
  days_min: Nullable(Type.Integer()),
  days_max: Nullable(Type.Integer()),
  price_known: Type.Boolean(),
  price_note: Nullable(Type.String()),
  track_number: Nullable(Type.String()),
  tracking_url: Nullable(Type.String()),
  carrier_status: Nullable(Type.String()),
  carrier_registered: Type.Boolean(),
});
export type OrderDeliveryWire = Static<typeof OrderDeliveryWire>;

export const CitiesQuery = Type.Object({ q: Type.String({ maxLength: 100 }) });
export const CitiesResponse = Type.Object({
  cities: Type.Array(Type.Object({ code: Type.Integer(), city: Type.String(), region: Nullable(Type.String()), postal_code: Nullable(Type.String()) })),
});
export type CitiesResponse = Static<typeof CitiesResponse>;

export const PointsQuery = Type.Object({
  city_code: Type.Integer({ minimum: 1, maximum: 2_000_000_000 }),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  kind: Type.Optional(Type.Union([Type.Literal("point"), Type.Literal("locker")])),
});
export type PointsQuery = Static<typeof PointsQuery>;

export const DeliveryPointWire = Type.Object({
  code: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal("point"), Type.Literal("locker")]),
  address: Type.String(),
  hours: Type.String(),
});
export type DeliveryPointWire = Static<typeof DeliveryPointWire>;

export const PointsResponse = Type.Object({
  /** false: СДЭК did not answer in time; the shopper may order and the manager agrees the point */
  available: Type.Boolean(),
  points: Type.Array(DeliveryPointWire),
});
export type PointsResponse = Static<typeof PointsResponse>;

export const QuoteBody = Type.Object({
  city: Type.String({ maxLength: 200 }),
  city_code: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_000_000_000 }))),
  postal_code: Type.Optional(Nullable(Type.String({ pattern: "^\\d{6}$" }))),
  cart_items: Type.Array(Type.Object({ product_id: Id, quantity: Type.Integer({ minimum: 1, maximum: 1000 }) }), { maxItems: MAX_ORDER_LINES }),
});
export type QuoteBody = Static<typeof QuoteBody>;

export const MethodQuoteWire = Type.Object({
  method: DeliveryMethodName,
  label: Type.String(),
  /** the method's price (markup and rounding applied); null: «стоимость уточнит менеджер» */
  price: Nullable(Money),
  /** what this cart pays for it: 0 from the free threshold */
  fee: Nullable(Money),
  free_from: Nullable(Money),
  days_min: Nullable(Type.Integer()),
  days_max: Nullable(Type.Integer()),
  price_note: Nullable(Type.String()),
  text: Type.String(),
  quote_id: Nullable(Type.String()),
  valid_until: Nullable(Type.String()),
  needs_point: Type.Boolean(),
  needs_address: Type.Boolean(),
});
export type MethodQuoteWire = Static<typeof MethodQuoteWire>;

export const QuoteResponse = Type.Object({
  configured: Type.Boolean(),
  weight_grams: Type.Integer(),
  methods: Type.Array(MethodQuoteWire),
  pickup: Nullable(Type.Object({ address: Type.String(), hours: Type.String() })),
});
export type QuoteResponse = Static<typeof QuoteResponse>;

/** GET /api/delivery/options: whether checkout asks for a method (no cart needed). */
export const DeliveryOptionsResponse = Type.Object({
  configured: Type.Boolean(),
  city_suggestions: Type.Boolean(),
});
export type DeliveryOptionsResponse = Static<typeof DeliveryOptionsResponse>;

const MethodSettingsWire = Type.Object({
  enabled: Type.Boolean(),
  markup_percent: Type.Number({ minimum: 0, maximum: 500 }),
  markup_roubles: Type.Number({ minimum: -100_000, maximum: 100_000 }),
  round_up_to_10: Type.Boolean(),
  free_from: Nullable(Type.Number({ minimum: 0, maximum: 100_000_000 })),
  by_arrangement: Type.Boolean(),
});

/** GET/PUT /api/admin/delivery-settings. */
export const DeliverySettingsWire = Type.Object({
  methods: Type.Object({
    pickup: MethodSettingsWire,
    courier: MethodSettingsWire,
    cdek_point: MethodSettingsWire,
    cdek_door: MethodSettingsWire,
    pochta: MethodSettingsWire,
  }),
  pickup: Type.Object({ address: Type.String({ maxLength: 500 }), hours: Type.String({ maxLength: 200 }) }),
  courier: Type.Object({ price: Type.Number({ minimum: 0, maximum: 100_000 }), cities: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }) }),
  origin: Type.Object({
    city: Type.String({ maxLength: 200 }),
    cdek_city_code: Nullable(Type.Integer({ minimum: 1, maximum: 2_000_000_000 })),
    postal_code: Type.String({ maxLength: 6 }),
  }),
  parcel: Type.Object({
    weight_grams: Type.Integer({ minimum: 1, maximum: 100_000 }),
    length_cm: Type.Integer({ minimum: 1, maximum: 300 }),
    width_cm: Type.Integer({ minimum: 1, maximum: 300 }),
    height_cm: Type.Integer({ minimum: 1, maximum: 300 }),
  }),
});
export type DeliverySettingsWire = Static<typeof DeliverySettingsWire>;

export const TrackBody = Type.Object({ track_number: Type.String({ maxLength: 64 }) });
export type TrackBody = Static<typeof TrackBody>;

export const ShipmentResponse = Type.Object({ order_id: Type.Integer(), delivery: OrderDeliveryWire });
export type ShipmentResponse = Static<typeof ShipmentResponse>;
