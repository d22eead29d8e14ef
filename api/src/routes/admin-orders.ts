import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import { AdminOrder, AdminOrdersQuery, AdminOrdersResponse, StatusBody } from "@shop/shared/schemas/orders";
import type { App } from "../app-type";
import { changeOrderStatus, getOrder, listOrders } from "@shop/core/orders";
import { forgetBestSellers } from "@shop/core/catalog";
import { toAdminOrder, toAdminOrders } from "../wire/orders";
import { withDeliveries } from "../services/order-delivery";

const security = [{ bearerAuth: [] }];

/** The admin's side of /api/orders (POST /api/orders, the shopper's checkout, lives in routes/orders.ts). */
export default async function adminOrderRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = app.requireAdmin;

  app.get(
    "/api/orders",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Orders with their items, newest first; status = all or one status; payment_status = one payment status",
        security,
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { status, payment_status: paymentStatus, page, limit } = request.query;
      const found = await listOrders(app.prisma, { status, paymentStatus, page, limit });
      return toAdminOrders({ ...found, orders: await withDeliveries(app, found.orders) });
    },
  );

  app.get(
    "/api/orders/:id",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "One order with its items",
        security,
        params: IdParams,
        response: { 200: AdminOrder, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const [order] = await withDeliveries(app, [await getOrder(app.prisma, request.params.id)]);
      return toAdminOrder(order!);
    },
  );

  app.put(
    "/api/orders/:id/status",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Change an order's status (new, processing, shipped, completed, cancelled); the customer is notified",
        description: "Setting the status the order already has changes nothing and notifies nobody.",
        security,
        params: IdParams,
        body: StatusBody,
        response: { 200: AdminOrder, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { order } = await changeOrderStatus(app.db, app.notifier, request.params.id, request.body.status, request.staff!.actor);
      // a cancelled order's pieces no longer count as sold: best sellers and «Популярные» see it at once here
      if (request.body.status === "cancelled") forgetBestSellers(app.db);
      return toAdminOrder(order);
    },
  );
}
