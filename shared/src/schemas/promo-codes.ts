import Type, { type Static } from "typebox";
import { Id, Money, Nullable } from "./common";

/** A promo code as the admin edits it (docs/api-admin.md#promo-codes): money in roubles, dates as Moscow days. */
export const PromoCodeBody = Type.Object({
  code: Type.String({ maxLength: 40 }),
  kind: Type.Union([Type.Literal("percent"), Type.Literal("fixed")]),
  /** percent: 1–100; fixed: roubles */
  value: Type.Number({ minimum: 0, maximum: 10_000_000 }),
  min_order: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
  max_uses: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  max_uses_per_customer: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  /** YYYY-MM-DD, Moscow days, both included; null: no limit */
  starts_on: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
  ends_on: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
  scope: Type.Optional(Type.Union([Type.Literal("all"), Type.Literal("categories"), Type.Literal("products")])),
  category_ids: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  product_ids: Type.Optional(Type.Array(Id, { maxItems: 500 })),
  active: Type.Optional(Type.Boolean()),
});
export type PromoCodeBody = Static<typeof PromoCodeBody>;

export const PromoCodeJson = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  kind: Type.String(),
  value: Money,
  min_order: Money,
  max_uses: Nullable(Type.Integer()),
  max_uses_per_customer: Nullable(Type.Integer()),
  starts_on: Nullable(Type.String()),
  ends_on: Nullable(Type.String()),
  scope: Type.String(),
  category_ids: Type.Array(Type.Integer()),
  product_ids: Type.Array(Type.Integer()),
  active: Type.Boolean(),
  /** orders with the code that are not cancelled */
  uses: Type.Integer(),
  orders: Type.Integer(),
  /** those orders' totals, roubles */
  revenue: Money,
  /** the discount they got, roubles */
  discounts: Money,
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type PromoCodeJson = Static<typeof PromoCodeJson>;

export const PromoCodeList = Type.Object({ promo_codes: Type.Array(PromoCodeJson) });
export type PromoCodeList = Static<typeof PromoCodeList>;
