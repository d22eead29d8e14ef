import type { Category, CatalogQuery, CatalogResponse, OptionValues, Product, ProductCard, SearchResponse } from "@shop/shared/schemas/catalog";
import type {
  CreateOrderBody,
  CreateOrderResponse,
  InvoiceLinkResponse,
  MyOrderDetail,
  MyOrdersResponse,
  OutOfStockItem,
  PrepareOrderBody,
  PrepareOrderResponse,
  PromoCheckBody,
  PromoCheckResponse,
} from "@shop/shared/schemas/orders";
import type { ConfigResponse, ShareProductResponse, TelegramUserBody } from "@shop/shared/schemas/telegram";
import type { PrivacyPolicyResponse } from "@shop/shared/schemas/pages";
import type { BackInStockResponse } from "@shop/shared/schemas/stock";
import type { ProductReviewsResponse, ReviewRequestResponse, WriteReviewBody } from "@shop/shared/schemas/reviews";
import type { CitiesResponse, DeliveryOptionsResponse, PointsResponse, QuoteBody, QuoteResponse } from "@shop/shared/schemas/delivery";
import { CATALOG_PAGE_SIZE, SEARCH_DROPDOWN_LIMIT } from "@shop/shared/constants";
import { telegramHeaders } from "./telegram";
import type { SavedCartBody } from "@shop/shared/schemas/broadcasts";

/** One option's values that exist in the catalogue ('Размер': 15, 16, 17), for the catalogue's filter. */
export type OptionValueGroup = OptionValues;

/** The groups of an option-values answer (a list, or an object holding it); anything else is no groups. */
function optionGroups(json: unknown): OptionValueGroup[] {
  const list = Array.isArray(json) ? json : (json as { options?: unknown } | null)?.options;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (group): group is OptionValueGroup =>
      !!group &&
      typeof (group as OptionValueGroup).name === "string" &&
      Array.isArray((group as OptionValueGroup).values) &&
      (group as OptionValueGroup).values.every((value) => typeof value === "string"),
  );
}

/** A non-2xx answer: the status, the server's `message` when the body was JSON, and whether it was JSON at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
    readonly isJson: boolean,
    /** field name → message, when the server names the bad fields */
    readonly fieldErrors: Record<string, string> = {},
    /** the lines an order could not get enough of (409 'out_of_stock', docs/product.md#stock) */
    readonly outOfStock: OutOfStockItem[] = [],
    /** the answer's `code` when it has one ('out_of_stock', 'delivery_changed') */
    readonly code: string | null = null,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
  }
}

function outOfStockItems(json: unknown): OutOfStockItem[] {
  if (!json || typeof json !== "object" || (json as { code?: unknown }).code !== "out_of_stock") return [];
  const items = (json as { items?: unknown }).items;
  if (!Array.isArray(items)) return [];
  return items.filter(
    (item): item is OutOfStockItem =>
      !!item &&
      typeof item === "object" &&
      Number.isInteger((item as OutOfStockItem).product_id) &&
      Number.isInteger((item as OutOfStockItem).available),
  );
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  /** send the Telegram identity headers (orders, my-orders, user sync) */
  identify?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.identify) Object.assign(headers, telegramHeaders());
  const response = await fetch(path, {
    method: options.method ?? (options.body !== undefined ? "POST" : "GET"),
    headers,
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  const text = await response.text();
  let json: unknown;
  let isJson: boolean;
  try {
    json = text ? JSON.parse(text) : undefined;
    isJson = text.length > 0;
  } catch {
    isJson = false;
  }
  if (!response.ok) {
    const message =
      isJson && json && typeof json === "object" && typeof (json as { message?: unknown }).message === "string"
        ? (json as { message: string }).message
        : null;
    const errors = isJson && json && typeof json === "object" ? (json as { errors?: unknown }).errors : undefined;
    const fieldErrors =
      errors && typeof errors === "object"
        ? Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string"))
        : {};
    const code = isJson && json && typeof json === "object" && typeof (json as { code?: unknown }).code === "string" ? (json as { code: string }).code : null;
    throw new ApiError(response.status, message, isJson, fieldErrors, isJson ? outOfStockItems(json) : [], code);
  }
  return json as T;
}

function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * URLs of the public reads. They double as cache keys (lib/query.ts), and the server embeds the first page's
 * answers under the same URLs (api/src/routes/web.ts): the catalogue's first page is '/api/products?page=1&limit=12'.
 */
export const paths = {
  catalog: (params: CatalogQuery) =>
    `/api/products${query({
      page: params.page ?? 1,
      limit: params.limit ?? CATALOG_PAGE_SIZE,
      mainCategory: params.mainCategory,
      subCategories: params.subCategories,
      priceFrom: params.priceFrom,
      priceTo: params.priceTo,
      sortOrder: params.sortOrder && params.sortOrder !== "default" ? params.sortOrder : undefined,
      inStock: params.inStock ? "true" : undefined,
      option: params.option,
    })}`,
  categories: "/api/categories",
  /** the option values the catalogue (of one main category) has, for its filter */
  optionValues: (mainCategory?: number | null) => `/api/products/option-values${query({ mainCategory })}`,
  product: (id: number) => `/api/products/${id}`,
  similar: (id: number) => `/api/products/${id}/similar`,
  /** the first page of a product's reviews is embedded by the server under this address */
  reviews: (id: number, page = 1) => `/api/products/${id}/reviews${page > 1 ? `?page=${page}` : ""}`,
};

export const api = {
  catalog: (params: CatalogQuery, signal?: AbortSignal) => request<CatalogResponse>(paths.catalog(params), { signal }),
  categories: () => request<Category[]>(paths.categories),
  optionValues: async (mainCategory?: number | null) => optionGroups(await request<unknown>(paths.optionValues(mainCategory))),
  product: (id: number) => request<Product>(paths.product(id)),
  similar: (id: number) => request<ProductCard[]>(paths.similar(id)),
  recommendations: (cartProductIds: number[]) =>
    request<ProductCard[]>("/api/cart/recommendations", { body: { cartProductIds } }),
  search: (q: string, limit = SEARCH_DROPDOWN_LIMIT, signal?: AbortSignal) =>
    request<SearchResponse>(`/api/products/search${query({ q, limit })}`, { signal }),
  config: () => request<ConfigResponse>("/api/config"),
  privacyPolicy: () => request<PrivacyPolicyResponse>("/api/privacy"),
  prepareOrder: (body: PrepareOrderBody, idempotencyKey: string) =>
    request<PrepareOrderResponse>("/api/orders/prepare", {
      body,
      identify: true,
      headers: { "Idempotency-Key": idempotencyKey },
    }),
  createOrder: (body: CreateOrderBody, idempotencyKey: string) =>
    request<CreateOrderResponse>("/api/orders", { body, identify: true, headers: { "Idempotency-Key": idempotencyKey } }),
  checkPromoCode: (body: PromoCheckBody, signal?: AbortSignal) =>
    request<PromoCheckResponse>("/api/promo-codes/check", { body, identify: true, signal }),
  syncTelegramUser: (body: TelegramUserBody) => request<unknown>("/api/telegram-user", { body, identify: true }),
  /** the Mini App's cart as it is now, for the forgotten-cart reminder (docs/product.md#forgotten-carts) */
  saveCart: (body: SavedCartBody) => request<unknown>("/api/cart", { method: "PUT", body, identify: true }),
  shareProduct: (productId: number) =>
    request<ShareProductResponse>(`/api/telegram/share/${productId}`, { method: "POST", identify: true }),
  myOrders: () => request<MyOrdersResponse>("/api/my-orders", { identify: true }),
  myOrder: (id: number) => request<MyOrderDetail>(`/api/my-orders/${id}`, { identify: true }),
  myOrderInvoiceLink: (id: number) =>
    request<InvoiceLinkResponse>(`/api/my-orders/${id}/invoice-link`, { method: "POST", identify: true }),
  deliveryOptions: () => request<DeliveryOptionsResponse>("/api/delivery/options"),
  deliveryCities: (q: string, signal?: AbortSignal) => request<CitiesResponse>(`/api/delivery/cities${query({ q })}`, { signal }),
  deliveryQuote: (body: QuoteBody, signal?: AbortSignal) => request<QuoteResponse>("/api/delivery/quote", { body, signal }),
  deliveryPoints: (cityCode: number, q: string, kind: "point" | "locker" | null, signal?: AbortSignal) =>
    request<PointsResponse>(`/api/delivery/points${query({ city_code: cityCode, q, kind })}`, { signal }),
  productReviews: (id: number, page = 1) => request<ProductReviewsResponse>(paths.reviews(id, page)),
  reviewRequest: (token: string) => request<ReviewRequestResponse>(`/api/reviews/requests/${encodeURIComponent(token)}`),
  /** with a review link's token, or (null) as the Mini App's user */
  writeReview: (token: string | null, body: WriteReviewBody) =>
    request<{ id: number; status: string }>(token ? `/api/reviews/requests/${encodeURIComponent(token)}` : "/api/my-reviews", { body, identify: token === null }),
  backInStock: (productId: number, method: "GET" | "POST" | "DELETE" = "GET", variantId?: number) =>
    request<BackInStockResponse>(`/api/products/${productId}/back-in-stock${query({ variant_id: variantId })}`, { method, identify: true }),
};
