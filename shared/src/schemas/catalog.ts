import Type, { type Static } from "typebox";
import { CATALOG_MAX_PAGE_SIZE, PRICE_FILTER_MAX, SEARCH_RESULTS_LIMIT } from "../constants";
import { Id, Money, Nullable, Page } from "./common";
import { ProductRating } from "./reviews";

/** Every product answer's stock (docs/product.md#stock; shared/src/stock.ts says what it means to a shopper). */
const StockFields = {
  /** pieces left; null: not counted, always available */
  stock: Nullable(Type.Integer({ minimum: 0 })),
  /** days to make it once none are left; null: not made to order */
  made_to_order_days: Nullable(Type.Integer({ minimum: 1 })),
};

export const CategoryType = Type.Union([Type.Literal("main"), Type.Literal("sub")]);
export type CategoryType = Static<typeof CategoryType>;

export const Category = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: CategoryType,
  product_count: Type.Integer(),
});
export type Category = Static<typeof Category>;

export const CategoryRef = Type.Object({ id: Type.Integer(), name: Type.String(), type: CategoryType });
export type CategoryRef = Static<typeof CategoryRef>;

export const ProductImage = Type.Object({ id: Type.Integer(), image_url: Type.String() });
export type ProductImage = Static<typeof ProductImage>;

/** How an option's values are shown: chips of text, or chips with a colour swatch. */
export const OptionKind = Type.Union([Type.Literal("text"), Type.Literal("color")]);
export type OptionKind = Static<typeof OptionKind>;

export const ProductOptionValue = Type.Object({
  id: Type.Integer(),
  value: Type.String(),
  /** "#rrggbb" for a colour option's value; null otherwise */
  swatch: Nullable(Type.String()),
});
export type ProductOptionValue = Static<typeof ProductOptionValue>;

/** One of a product's options (up to 3, docs/product.md#variants-and-personalisation): «Размер», «Цвет»… */
export const ProductOption = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: OptionKind,
  /** in the seller's order */
  values: Type.Array(ProductOptionValue),
});
export type ProductOption = Static<typeof ProductOption>;

/** One combination of option values the seller offers. */
export const ProductVariant = Type.Object({
  id: Type.Integer(),
  /** the product's article plus the variant's suffix, e.g. "HM-000012-17" */
  sku: Type.String(),
  /** one value id per option, in the options' order */
  option_value_ids: Type.Array(Type.Integer()),
  /** the variant's own price, or the product's when it has none */
  price: Money,
  ...StockFields,
  /** ids of the product's images in the variant's order; [] = the product's gallery */
  image_ids: Type.Array(Type.Integer()),
  /** false only in the admin's answers: the public product lists enabled variants only */
  enabled: Type.Boolean(),
});
export type ProductVariant = Static<typeof ProductVariant>;

export const PersonalizationKind = Type.Union([
  Type.Literal("text"),
  Type.Literal("choice"),
  Type.Literal("gift_wrap"),
  Type.Literal("gift_note"),
]);
export type PersonalizationKind = Static<typeof PersonalizationKind>;

export const PersonalizationChoice = Type.Object({ value: Type.String(), price: Money });
export type PersonalizationChoice = Static<typeof PersonalizationChoice>;

/** A field the shopper fills in for their piece: an engraving, a choice from a list, gift wrap, a gift note. */
export const PersonalizationField = Type.Object({
  id: Type.Integer(),
  kind: PersonalizationKind,
  label: Type.String(),
  hint: Nullable(Type.String()),
  /** text and gift_note: the most characters; null otherwise */
  max_length: Nullable(Type.Integer()),
  required: Type.Boolean(),
  /** extra per piece (text, gift_wrap); 0 for the others */
  price: Money,
  /** choice: the values with their extra price; [] for the others */
  choices: Type.Array(PersonalizationChoice),
});
export type PersonalizationField = Static<typeof PersonalizationField>;

/** What a product with options or personalisation adds; absent keys for a product with neither. */
const VariantFields = {
  options: Type.Optional(Type.Array(ProductOption)),
  variants: Type.Optional(Type.Array(ProductVariant)),
  personalization: Type.Optional(Type.Array(PersonalizationField)),
};

/** What a product card needs: the catalogue, search, similar products, recommendations. */
export const ProductCard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Money,
  sku: Type.String(),
  images: Type.Array(ProductImage),
  ...StockFields,
  /** present only when the enabled variants' prices differ: the card says «от {price} руб.» */
  price_max: Type.Optional(Money),
  /** present only when the product has options or a required personalisation field: the card opens the product */
  has_options: Type.Optional(Type.Literal(true)),
  /** present once the product has a published review (docs/product.md#reviews) */
  rating: Type.Optional(ProductRating),
});
export type ProductCard = Static<typeof ProductCard>;

/** The product page, the editor and the admin list. */
export const Product = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Money,
  sku: Type.String(),
  description: Nullable(Type.String()),
  material: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  depth: Nullable(Type.Integer()),
  /** grams; in the admin's product only (docs/delivery.md) */
  weight_grams: Type.Optional(Nullable(Type.Integer())),
  /** true: a draft or a product taken off sale, in the admin's answers only (a shopper never gets one) */
  hidden: Type.Optional(Type.Boolean()),
  images: Type.Array(ProductImage),
  categories: Type.Array(CategoryRef),
  ...StockFields,
  ...VariantFields,
  rating: Type.Optional(ProductRating),
});
export type Product = Static<typeof Product>;

/** default: newest first; new: latest put in the catalogue first («Новинки»); popular: most sold first («Популярные») */
export const SortOrder = Type.Union([
  Type.Literal("default"),
  Type.Literal("price-asc"),
  Type.Literal("price-desc"),
  Type.Literal("new"),
  Type.Literal("popular"),
]);
export type SortOrder = Static<typeof SortOrder>;

export const CatalogQuery = Type.Object({
  page: Type.Optional(Page),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CATALOG_MAX_PAGE_SIZE })),
  mainCategory: Type.Optional(Id),
  /** comma-joined tag ids: a product matches when it has any of them */
  subCategories: Type.Optional(Type.String({ pattern: "^\\s*(\\d+\\s*(,\\s*\\d+\\s*)*)?$", maxLength: 500 })),
  priceFrom: Type.Optional(Type.Number({ minimum: 0, maximum: PRICE_FILTER_MAX })),
  priceTo: Type.Optional(Type.Number({ minimum: 0, maximum: PRICE_FILTER_MAX })),
  sortOrder: Type.Optional(SortOrder),
  /** true: only products that are not sold out (stock not counted, or above 0) */
  inStock: Type.Optional(Type.Boolean()),
  /**
   * option values, comma-joined (e.g. "17,синий"), any case: a product matches when one of its enabled variants
   * has any of them
   */
  option: Type.Optional(Type.String({ maxLength: 500 })),
});
export type CatalogQuery = Static<typeof CatalogQuery>;

export const CatalogResponse = Type.Object({
  products: Type.Array(ProductCard),
  totalPages: Type.Integer(),
  total: Type.Integer(),
  page: Type.Integer(),
});
export type CatalogResponse = Static<typeof CatalogResponse>;

export const SearchQuery = Type.Object({
  q: Type.String({ maxLength: 200 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_RESULTS_LIMIT })),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResponse = Type.Object({ products: Type.Array(ProductCard) });
export type SearchResponse = Static<typeof SearchResponse>;

export const RecommendationsBody = Type.Object({
  cartProductIds: Type.Array(Id, { maxItems: 200 }),
});
export type RecommendationsBody = Static<typeof RecommendationsBody>;

export const ProductCardList = Type.Array(ProductCard);
export const CategoryList = Type.Array(Category);

/** GET /api/products/option-values: the option values the catalogue's enabled variants have, for the filter. */
export const OptionValuesQuery = Type.Object({ mainCategory: Type.Optional(Id) });
export type OptionValuesQuery = Static<typeof OptionValuesQuery>;

export const OptionValues = Type.Object({
  /** the option's name as sellers wrote it (the first met when several products share it in another case) */
  name: Type.String(),
  /** distinct values, in the order of the first product that has them */
  values: Type.Array(Type.String()),
});
export type OptionValues = Static<typeof OptionValues>;
export const OptionValuesResponse = Type.Array(OptionValues);
