import { CONTACT } from "./checkout";

export interface RouteCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A valid call of every API route that reads or writes the database (and of the catalogue's, which answer from
 * memory), for the tests of a database that is not there: each must answer as usual or 503, never 500.
 */
export function everyRoute(ids: {
  productId: number;
  orderId: number;
  categoryId: number;
  adminToken: string;
  /** headers that prove a Telegram user (signed initData, or the development header) */
  telegram: Record<string, string>;
  telegramUserId: number;
  adminPassword: string;
}): RouteCall[] {
  const admin = { authorization: `Bearer ${ids.adminToken}` };
  const { productId, orderId, categoryId, telegram } = ids;
  return [
    { method: "GET", url: "/api/health" },
    { method: "GET", url: "/api/categories" },
    { method: "GET", url: "/api/products" },
    { method: "GET", url: `/api/products/${productId}` },
    { method: "GET", url: `/api/products/${productId}/similar` },
    { method: "GET", url: "/api/products/search?q=%D0%B2%D0%B0" },
    { method: "GET", url: "/api/config" },
    { method: "GET", url: "/api/privacy" },
    { method: "GET", url: "/sitemap.xml" },
    { method: "GET", url: "/llms.txt" },
    { method: "GET", url: "/.well-known/agent-skills/shop/SKILL.md" },
    { method: "POST", url: "/api/cart/recommendations", body: { cartProductIds: [productId] } },
    { method: "POST", url: "/api/orders", body: { ...CONTACT, cart_items: [{ product_id: productId, quantity: 1 }] } },
    { method: "POST", url: "/api/orders/prepare", body: { order: CONTACT, cart: [{ id: productId, name: "x", quantity: 1 }], source: "website" } },
    { method: "GET", url: "/api/my-orders", headers: telegram },
    { method: "GET", url: `/api/my-orders/${orderId}`, headers: telegram },
    { method: "POST", url: `/api/my-orders/${orderId}/invoice-link`, headers: telegram },
    { method: "POST", url: "/api/telegram-user", body: { telegram_user_id: ids.telegramUserId }, headers: telegram },
    { method: "GET", url: `/api/products/${productId}/back-in-stock`, headers: telegram },
    { method: "POST", url: `/api/products/${productId}/back-in-stock`, headers: telegram },
    { method: "DELETE", url: `/api/products/${productId}/back-in-stock`, headers: telegram },
    { method: "POST", url: "/api/login", body: { login: "admin", password: ids.adminPassword } },
    { method: "GET", url: "/api/admin/me", headers: admin },
    { method: "GET", url: "/api/admin/categories", headers: admin },
    { method: "POST", url: "/api/admin/categories", body: { name: "Новая", type: "sub" }, headers: admin },
    { method: "PUT", url: `/api/admin/categories/${categoryId}`, body: { name: "Другая", type: "sub" }, headers: admin },
    { method: "DELETE", url: `/api/admin/categories/${categoryId}`, headers: admin },
    { method: "GET", url: "/api/admin/products", headers: admin },
    { method: "GET", url: `/api/admin/products/${productId}`, headers: admin },
    { method: "POST", url: "/api/admin/products", body: { name: "Новый товар", price: 100 }, headers: admin },
    { method: "PUT", url: `/api/admin/products/${productId}`, body: { name: "Товар", price: 200 }, headers: admin },
    { method: "POST", url: `/api/admin/products/${productId}/stock`, body: { delta: 1 }, headers: admin },
    { method: "DELETE", url: `/api/admin/products/${productId}`, headers: admin },
    { method: "GET", url: "/api/orders", headers: admin },
    { method: "GET", url: `/api/orders/${orderId}`, headers: admin },
    { method: "PUT", url: `/api/orders/${orderId}/status`, body: { status: "processing" }, headers: admin },
    { method: "POST", url: `/api/orders/${orderId}/invoice`, body: { delivery_cost: 300 }, headers: admin },
    { method: "POST", url: `/api/orders/${orderId}/refunded`, headers: admin },
    { method: "GET", url: "/api/delivery/options" },
    { method: "POST", url: "/api/delivery/quote", body: { city: "Москва", cart_items: [{ product_id: productId, quantity: 1 }] } },
    { method: "GET", url: "/api/delivery/settings", headers: admin },
    { method: "PUT", url: `/api/orders/${orderId}/track-number`, body: { track_number: "RP123456785RU" }, headers: admin },
    ...["kpi", "orders-over-time", "revenue-over-time", "orders-by-status", "orders-by-source", "top-products", "top-customers"].map(
      (stat): RouteCall => ({ method: "GET", url: `/api/admin/stats/${stat}?period=all`, headers: admin }),
    ),
  ];
}

/** What a call answered, for a failure message. */
export const describeCall = (call: RouteCall, status: number) => `${call.method} ${call.url} → ${status}`;
