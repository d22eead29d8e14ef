/** Business constants (docs/product.md#limits-and-constants): every number the shop, the server and the bot share. */
/** The shop's name: page titles, link previews, the bot's description. */
export const SHOP_NAME = "Ремесло";
export const CATALOG_PAGE_SIZE = 12;
export const CATALOG_MAX_PAGE_SIZE = 100;
/** the catalogue's price bounds go up to this (far above any product's price, which the admin caps at 1 000 000 ₽) */
export const PRICE_FILTER_MAX = 1_000_000_000;
export const SIMILAR_PRODUCTS_LIMIT = 8;
export const RECOMMENDATIONS_LIMIT = 8;
export const SEARCH_MIN_QUERY_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_DROPDOWN_LIMIT = 5;
export const SEARCH_RESULTS_LIMIT = 50;
export const META_DESCRIPTION_LENGTH = 160;
/** the bot's inline mode: products per answer (Telegram allows 50), and how long Telegram may repeat an answer (s) */
export const INLINE_RESULTS_LIMIT = 20;
export const INLINE_CACHE_SECONDS = 60;
export const SWIPE_THRESHOLD_PX = 50;
export const LIGHTBOX_MIN_ZOOM = 1;
export const LIGHTBOX_MAX_ZOOM = 3;
export const LIGHTBOX_ZOOM_STEP = 0.2;
export const IMAGE_DRAG_ACTIVATION_PX = 5;
export const TOAST_DURATION_MS = 3000;
export const CART_ADDED_FLAG_MS = 100;
export const FLY_TO_CART_MS = 800;
export const CART_BOUNCE_MS = 500;
export const ORDER_SUCCESS_CLOSE_MS = 5000;
export const STATS_TOP_LIMIT = 10;
export const STATS_PERIODS = ["7d", "30d", "all"] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const STATS_DEFAULT_PERIOD: StatsPeriod = "30d";
export const STATS_CHART_HEIGHT_PX = 300;
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/** A cart line can hold at most this many pieces: a handmade shop has no use for more, and it bounds the totals. */
export const MAX_ITEM_QUANTITY = 99;
/** Distinct products in one order. */
export const MAX_ORDER_LINES = 100;

/** The checkout form's longest texts, in characters (docs/product.md#checkout-validation). */
export const CHECKOUT_MAX_LENGTH = { customer_name: 200, customer_phone: 40, delivery_address: 1000, comment: 2000 } as const;

/** A prepared website checkout waits this long for its confirmation in the bot. */
export const PREPARED_ORDER_TTL_MS = 24 * 60 * 60 * 1000;

export const STORAGE_KEYS = {
  cart: "cart-items",
  wishlist: "wishlist-items",
  authToken: "authToken",
} as const;

export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;
