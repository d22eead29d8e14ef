import Type, { type Static } from "typebox";
import { CategoryType, OptionKind, PersonalizationKind, Product } from "./catalog";
import { Id, Nullable, Page } from "./common";
import { MADE_TO_ORDER_DAYS_MAX, STOCK_MAX } from "../stock";

export const LoginBody = Type.Object({
  login: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 500 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object({
  token: Type.String(),
  login: Type.String(),
  /** ISO time after which the token is refused */
  expiresAt: Type.String(),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** GET /api/admin/me: who the token belongs to */
export const AdminMeResponse = Type.Object({ login: Type.String() });
export type AdminMeResponse = Static<typeof AdminMeResponse>;

export const CategoryBody = Type.Object({
  name: Type.String({ maxLength: 100 }),
  type: CategoryType,
});
export type CategoryBody = Static<typeof CategoryBody>;

export const DeleteCategoryResponse = Type.Object({ ok: Type.Literal(true), detachedProducts: Type.Integer() });

/**
 * An integer or null as one JSON Schema type list, not a union: the validator coerces types, and in a union 0
 * would become null by the null branch (stock 0, sold out, would be stored as "not counted").
 */
const NullableCount = (range: { minimum: number; maximum: number }) => Type.Unsafe<number | null>({ type: ["integer", "null"], ...range });

const Dimension = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100000 })));
const ImageUrl = Type.String({ minLength: 1, maxLength: 500 });

/** A price as typed (see ProductFields.price). */
const TypedPrice = Type.Unsafe<number | string>({ type: ["number", "string"], maxLength: 20 });
/** An extra price as typed: 0 allowed. */
const TypedExtra = Type.Unsafe<number | string>({ type: ["number", "string"], maxLength: 20 });

/** Limits of options, variants and personalisation (docs/product.md#variants-and-personalisation). */
export const VARIANT_LIMITS = {
  options: 3,
  optionName: 40,
  values: 30,
  value: 40,
  variants: 200,
  skuSuffix: 20,
  fields: 10,
  label: 60,
  hint: 200,
  maxLength: 500,
  choices: 30,
  choice: 60,
} as const;

export const OptionBody = Type.Object({
  /** kept options carry their id; new ones none */
  id: Type.Optional(Id),
  name: Type.String({ maxLength: VARIANT_LIMITS.optionName }),
  kind: Type.Optional(OptionKind),
  values: Type.Array(
    Type.Object({
      id: Type.Optional(Id),
      value: Type.String({ maxLength: VARIANT_LIMITS.value }),
      /** "#rrggbb", colour options only */
      swatch: Type.Optional(Nullable(Type.String({ pattern: "^#[0-9a-fA-F]{6}$" }))),
    }),
    { maxItems: VARIANT_LIMITS.values },
  ),
});
export type OptionBody = Static<typeof OptionBody>;

export const VariantBody = Type.Object({
  /** the value texts, one per option in the options' order: what names the combination */
  option_values: Type.Array(Type.String({ maxLength: VARIANT_LIMITS.value }), { maxItems: VARIANT_LIMITS.options }),
  /** the article's suffix (letters, digits, "-" and "_"); left out: made of the values */
  sku_suffix: Type.Optional(Type.String({ maxLength: VARIANT_LIMITS.skuSuffix })),
  /** null or left out: the product's price */
  price: Type.Optional(Nullable(TypedPrice)),
  stock: Type.Optional(NullableCount({ minimum: 0, maximum: STOCK_MAX })),
  made_to_order_days: Type.Optional(NullableCount({ minimum: 1, maximum: MADE_TO_ORDER_DAYS_MAX })),
  /** ids of the product's images in the variant's order (PUT only: a new product's images have no ids yet) */
  image_ids: Type.Optional(Type.Array(Id, { maxItems: 20 })),
  /**
   * the product's images in the variant's order by their URLs, among those the same body gives the product
   * (imageUrls on POST, images on PUT, new uploads included); in place of image_ids
   */
  image_urls: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 })),
  enabled: Type.Optional(Type.Boolean()),
});
export type VariantBody = Static<typeof VariantBody>;

export const PersonalizationBody = Type.Object({
  id: Type.Optional(Id),
  kind: PersonalizationKind,
  label: Type.String({ maxLength: VARIANT_LIMITS.label }),
  hint: Type.Optional(Nullable(Type.String({ maxLength: VARIANT_LIMITS.hint }))),
  /** text and gift_note: the most characters (1…500; left out: 100 for text, 300 for a gift note) */
  max_length: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: VARIANT_LIMITS.maxLength }))),
  required: Type.Optional(Type.Boolean()),
  /** extra per piece for text and gift_wrap; as typed, 0 allowed */
  price: Type.Optional(TypedExtra),
  choices: Type.Optional(
    Type.Array(Type.Object({ value: Type.String({ maxLength: VARIANT_LIMITS.choice }), price: Type.Optional(TypedExtra) }), {
      maxItems: VARIANT_LIMITS.choices,
    }),
  ),
});
export type PersonalizationBody = Static<typeof PersonalizationBody>;

const VariantWriteFields = {
  /** up to 3, in order; [] removes them (with the variants). Left out on update: unchanged */
  options: Type.Optional(Type.Array(OptionBody, { maxItems: 10 })),
  /** the whole set; variants not listed are deleted, or switched off when ordered before. Left out on update: unchanged */
  variants: Type.Optional(Type.Array(VariantBody, { maxItems: VARIANT_LIMITS.variants })),
  /** in order; left out on update: unchanged */
  personalization: Type.Optional(Type.Array(PersonalizationBody, { maxItems: 20 })),
};

const ProductFields = {
  name: Type.String({ maxLength: 200 }),
  /**
   * as typed: a number, or text with a comma or a dot (parsePrice). One type list, not a union: the validator would
   * coerce text such as '0x10' or '1e3' into the number branch before the price's own check sees it
   */
  price: Type.Unsafe<number | string>({ type: ["number", "string"], maxLength: 20 }),
  material: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 20000 }))),
  width: Dimension,
  height: Dimension,
  depth: Dimension,
  /** the parcel weight of one piece in grams (docs/delivery.md); null: the seller's default. Left out: unchanged */
  weight_grams: Type.Optional(NullableCount({ minimum: 1, maximum: 100_000 })),
  categoryIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  /** pieces left; null: not counted. Left out on update: unchanged */
  stock: Type.Optional(NullableCount({ minimum: 0, maximum: STOCK_MAX })),
  /** days to make it once none are left; null: not made to order. Left out on update: unchanged */
  made_to_order_days: Type.Optional(NullableCount({ minimum: 1, maximum: MADE_TO_ORDER_DAYS_MAX })),
  /** true: a draft, hidden from shoppers, the bot and the feeds. Left out: a new product is shown, an edit unchanged */
  hidden: Type.Optional(Type.Boolean()),
  ...VariantWriteFields,
};

/** POST /api/admin/products: images as a list of URLs, the first is the main image. */
export const CreateProductBody = Type.Object({
  ...ProductFields,
  imageUrls: Type.Optional(Type.Array(ImageUrl, { maxItems: 20 })),
});
export type CreateProductBody = Static<typeof CreateProductBody>;

/** PUT /api/admin/products/{id}: images in their new order; kept ones carry their id, new uploads only a URL. */
export const UpdateProductBody = Type.Object({
  ...ProductFields,
  /**
   * with `stock`: the stock the edit started from. When orders or another admin changed it since, nothing is saved
   * (409 with the stock now), so that a stock typed over an old figure never brings back pieces sold meanwhile
   */
  stock_seen: Type.Optional(NullableCount({ minimum: 0, maximum: STOCK_MAX })),
  images: Type.Optional(
    Type.Array(Type.Object({ id: Type.Optional(Id), image_url: ImageUrl }), { maxItems: 20 }),
  ),
});
export type UpdateProductBody = Static<typeof UpdateProductBody>;

export const AdminProductsQuery = Type.Object({
  page: Type.Optional(Page),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  /** part of the name or the article */
  q: Type.Optional(Type.String({ maxLength: 200 })),
  /** true: only sold-out products (stock 0) */
  soldOut: Type.Optional(Type.Boolean()),
});
export type AdminProductsQuery = Static<typeof AdminProductsQuery>;

export const AdminProductsResponse = Type.Object({
  products: Type.Array(Product),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  page: Type.Integer(),
});
export type AdminProductsResponse = Static<typeof AdminProductsResponse>;

/** POST /api/admin/products/{id}/stock: pieces added (received) or taken (broken, sold elsewhere). */
export const StockDeltaBody = Type.Object({
  /** not 0 */
  delta: Type.Integer({ minimum: -1000, maximum: 1000 }),
  /** the variant whose pieces change (required for a product with variants) */
  variant_id: Type.Optional(Id),
});
export type StockDeltaBody = Static<typeof StockDeltaBody>;

export const StockResponse = Type.Object({ stock: Type.Integer({ minimum: 0 }) });
export type StockResponse = Static<typeof StockResponse>;

export const UploadResponse = Type.Object({ filePaths: Type.Array(Type.String()) });
export type UploadResponse = Static<typeof UploadResponse>;

export const StatsQuery = Type.Object({
  period: Type.Optional(Type.Union([Type.Literal("7d"), Type.Literal("30d"), Type.Literal("all")])),
  /** a custom range instead of a period: ISO dates, both ends included */
  start: Type.Optional(Type.String({ format: "date" })),
  end: Type.Optional(Type.String({ format: "date" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** top-products only: one row per variant instead of per product */
  byVariant: Type.Optional(Type.Boolean()),
});
export type StatsQuery = Static<typeof StatsQuery>;

export const KpiResponse = Type.Object({
  totalOrders: Type.Integer(),
  totalRevenue: Type.Number(),
  averageOrderValue: Type.Number(),
  /** totals of the orders paid in Telegram within the period (by the time they were paid), refunded ones left out */
  paid_revenue: Type.Number(),
});
export type KpiResponse = Static<typeof KpiResponse>;

/** GET /api/admin/stats/kpi-previous: the period's figures and, beside them, the period just before it */
export const KpiComparison = Type.Object({
  from: Type.String(),
  to: Type.String(),
  current: KpiResponse,
  /** null for period=all */
  previous: Type.Union([
    Type.Null(),
    Type.Object({ from: Type.String(), to: Type.String(), kpi: KpiResponse }),
  ]),
});
export type KpiComparison = Static<typeof KpiComparison>;

export const SeriesResponse = Type.Object({
  labels: Type.Array(Type.String()),
  data: Type.Array(Type.Number()),
});
export type SeriesResponse = Static<typeof SeriesResponse>;

export const TopProduct = Type.Object({
  productId: Nullable(Type.Integer()),
  name: Type.String(),
  quantitySold: Type.Integer(),
  totalValue: Type.Number(),
  /** byVariant only: the variant (null once deleted, or for a product without variants) */
  variantId: Type.Optional(Nullable(Type.Integer())),
  /** byVariant only: "Размер: 17" (null for a product without variants) */
  variantTitle: Type.Optional(Nullable(Type.String())),
  /** byVariant only: the article sold */
  sku: Type.Optional(Type.String()),
});
export type TopProduct = Static<typeof TopProduct>;

export const TopCustomer = Type.Object({
  telegramUserId: Nullable(Type.String()),
  customerName: Type.String(),
  orderCount: Type.Integer(),
  totalSpent: Type.Number(),
});
export type TopCustomer = Static<typeof TopCustomer>;
