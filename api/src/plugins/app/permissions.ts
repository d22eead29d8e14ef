import type { Permission } from "@shop/shared/staff";

/**
 * What every admin route needs, by method and route path (docs/api-admin.md#staff-and-roles): one table, so that
 * who may do what reads in one place. The sign-in check (plugins/app/auth.ts) refuses a call the account's role
 * lacks with 403; a route missing here is refused to everybody but the owner, and fails the table-driven test
 * (api/test/staff-permissions.test.ts) that walks every registered admin route.
 */
export const ROUTE_PERMISSIONS: Record<string, Permission | "signed-in"> = {
  "GET /api/admin/me": "signed-in",

  "GET /api/admin/categories": "products.read",
  "POST /api/admin/categories": "categories.write",
  "PUT /api/admin/categories/:id": "categories.write",
  "DELETE /api/admin/categories/:id": "categories.write",

  "POST /api/admin/upload": "products.write",
  "GET /api/admin/products": "products.read",
  "GET /api/admin/products/:id": "products.read",
  "POST /api/admin/products": "products.write",
  "PUT /api/admin/products/:id": "products.write",
  "DELETE /api/admin/products/:id": "products.write",
  "POST /api/admin/products/:id/stock": "stock.write",
  "GET /api/admin/products/:id/history": "products.read",
  "GET /api/admin/products/export.csv": "products.read",
  "POST /api/admin/products/import": "products.write",
  "POST /api/admin/products/bulk": "products.write",
  "POST /api/admin/products/:id/duplicate": "products.write",

  "GET /api/orders": "orders.read",
  "GET /api/orders/:id": "orders.read",
  "PUT /api/orders/:id/status": "orders.status",
  "POST /api/orders/:id/invoice": "payments",
  "POST /api/orders/:id/refunded": "payments",
  "POST /api/orders/:id/shipment": "orders.status",
  // the packer types the number of the parcel they send
  "PUT /api/orders/:id/track-number": "orders.status.picking",

  "GET /api/admin/orders": "orders.read",
  "GET /api/admin/orders/export.csv": "orders.read",
  "GET /api/admin/orders/:id/notes": "orders.read",
  "POST /api/admin/orders/:id/notes": "orders.notes",
  "GET /api/admin/orders/:id/history": "orders.read",
  "GET /api/admin/customers": "orders.read",
  "GET /api/admin/picking": "orders.pick",
  "GET /api/admin/picking/:id": "orders.pick",
  // only 'В работе' and 'Отправлен' (the route checks the status it is asked for)
  "PUT /api/admin/picking/:id/status": "orders.status.picking",

  "GET /api/admin/stats/kpi": "stats.read",
  "GET /api/admin/stats/kpi-previous": "stats.read",
  "GET /api/admin/stats/orders-over-time": "stats.read",
  "GET /api/admin/stats/revenue-over-time": "stats.read",
  "GET /api/admin/stats/orders-by-status": "stats.read",
  "GET /api/admin/stats/orders-by-source": "stats.read",
  "GET /api/admin/stats/top-products": "stats.read",
  "GET /api/admin/stats/top-customers": "stats.read",

  "GET /api/admin/staff": "staff.manage",
  "POST /api/admin/staff": "staff.manage",
  "PUT /api/admin/staff/:id": "staff.manage",
  "POST /api/admin/staff/invitations": "staff.manage",
  "POST /api/admin/staff/:id/telegram-code": "staff.manage",
  "DELETE /api/admin/staff/:id/telegram": "staff.manage",
  // every staff member may bind their own Telegram account
  "POST /api/admin/me/telegram-code": "signed-in",
  "GET /api/admin/audit": "audit.read",

  "GET /api/admin/reviews": "reviews",
  "PUT /api/admin/reviews/:id/status": "reviews",
  "PUT /api/admin/reviews/:id/reply": "reviews",
  "GET /api/admin/reviews/settings": "reviews",
  "PUT /api/admin/reviews/settings": "settings",
  // owner and manager: codes are sales work, like prices (docs/api-admin.md#promo-codes)
  "GET /api/admin/promo-codes": "promo-codes",
  "POST /api/admin/promo-codes": "promo-codes",
  "PUT /api/admin/promo-codes/:id": "promo-codes",
  "GET /api/admin/broadcasts": "broadcasts",
  "GET /api/admin/broadcasts/:id": "broadcasts",
  "POST /api/admin/broadcasts/audience": "broadcasts",
  "POST /api/admin/broadcasts/preview": "broadcasts",
  "POST /api/admin/broadcasts": "broadcasts",

  "GET /api/delivery/settings": "settings",
  "PUT /api/delivery/settings": "settings",
};

export const routeKey = (method: string, url: string) => `${method} ${url}`;
