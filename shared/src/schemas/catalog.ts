import Type, { type Static } from "typebox";
import { CATALOG_MAX_PAGE_SIZE, PRICE_FILTER_MAX, SEARCH_RESULTS_LIMIT } from "../constants";
import { Id, Money, Nullable, Page } from "./common";

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

/** What a product card needs: the catalogue, search, similar products, recommendations. */
export const ProductCard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Money,
  sku: Type.String(),
  images: Type.Array(ProductImage),
  ...StockFields,
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
  images: Type.Array(ProductImage),
  categories: Type.Array(CategoryRef),
  ...StockFields,
});
export type Product = Static<typeof Product>;

export const SortOrder = Type.Union([Type.Literal("default"), Type.Literal("price-asc"), Type.Literal("price-desc")]);
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
