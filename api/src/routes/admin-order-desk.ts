import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { addOrderNote, customerCard, listOrderNotes, ordersForExport, pickingStatus, searchOrders, type OrderSearch } from "@shop/core/order-desk";
import { changeOrderStatus, getOrder } from "@shop/core/orders";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import { AdminOrdersResponse, StatusBody } from "@shop/shared/schemas/orders";
import {
  CustomerCard,
  CustomerCardQuery,
  OrderNoteBody,
  OrderNoteJson,
  OrderNotes,
  OrderSearchQuery,
  PickingOrder,
  PickingResponse,
} from "@shop/shared/schemas/staff";
import type { App } from "../app-type";
import { toAdminOrders } from "../wire/orders";
import { toCustomerCardJson, toNoteJson, ordersCsv, toPickingOrder } from "../wire/back-office";
import { attachment, CSV_CONTENT_TYPE } from "../wire/csv";

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

const toSearch = (query: OrderSearchQuery): OrderSearch => ({
  q: query.q,
  status: query.status,
  paymentStatus: query.payment_status,
  source: query.source,
  deliveryMethod: query.delivery_method,
  from: query.from,
  to: query.to,
  page: query.page,
  limit: query.limit,
});

/** Orders a manager can work, and the packer's list (docs/api-admin.md#the-order-desk). */
export default async function adminOrderDeskRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = app.requireAdmin;

  app.get(
    "/api/admin/orders",
    {
      onRequest,
      schema: {
        tags: ["admin-orders"],
        summary: "Orders found by q (number, name, phone, Telegram username, product) and filtered by status, payment, source and days",
        description: "from and to are YYYY-MM-DD, Moscow days, both included. Newest first.",
        security,
        querystring: OrderSearchQuery,
        response: { 200: AdminOrdersResponse, ...errors },
      },
    },
    async (request) => toAdminOrders(await searchOrders(app.prisma, toSearch(request.query))),
  );

  app.get(
    "/api/admin/orders/export.csv",
    {
      onRequest,
      schema: {
        tags: ["admin-orders"],
        summary: "The same selection as a CSV file (UTF-8 with BOM, `;`), up to 10 000 orders",
        security,
        querystring: OrderSearchQuery,
        response: { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const csv = ordersCsv(await ordersForExport(app.prisma, toSearch(request.query)));
      const day = new Date().toISOString().slice(0, 10);
      reply.header("Content-Type", CSV_CONTENT_TYPE).header("Content-Disposition", attachment(`orders-${day}.csv`)).header("Cache-Control", "no-store");
      // text, not a schema-shaped JSON answer
      return reply.send(csv as never);
    },
  );

  app.get(
    "/api/admin/orders/:id/notes",
    {
      onRequest,
      schema: { tags: ["admin-orders"], summary: "Staff's notes on an order, oldest first", security, params: IdParams, response: { 200: OrderNotes, ...errors } },
    },
    async (request) => ({ notes: (await listOrderNotes(app.prisma, request.params.id)).map(toNoteJson) }),
  );

  app.post(
    "/api/admin/orders/:id/notes",
    {
      onRequest,
      schema: {
        tags: ["admin-orders"],
        summary: "Add a note to an order (never shown to the customer)",
        security,
        params: IdParams,
        body: OrderNoteBody,
        response: { 201: OrderNoteJson, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(toNoteJson(await addOrderNote(app.prisma, request.staff!.actor, request.params.id, request.body.text))),
  );

  app.get(
    "/api/admin/customers",
    {
      onRequest,
      schema: {
        tags: ["admin-orders"],
        summary: "A customer's card: every order of a phone or a Telegram account, total spent, last address",
        security,
        querystring: CustomerCardQuery,
        response: { 200: CustomerCard, ...errors },
      },
    },
    async (request) => {
      const { phone, telegram_user_id: telegramUserId } = request.query;
      return toCustomerCardJson(await customerCard(app.prisma, { phone, telegramUserId: telegramUserId ? BigInt(telegramUserId) : undefined }));
    },
  );

  app.get(
    "/api/admin/picking",
    {
      onRequest,
      schema: {
        tags: ["admin-orders"],
        summary: "The packer's list: the same search and filters, orders without prices",
        security,
        querystring: OrderSearchQuery,
        response: { 200: PickingResponse, ...errors },
      },
    },
    async (request) => {
      const page = await searchOrders(app.prisma, toSearch(request.query));
      return { orders: page.orders.map(toPickingOrder), total: page.total, page: page.page, totalPages: page.totalPages };
    },
  );

  app.get(
    "/api/admin/picking/:id",
    {
      onRequest,
      schema: { tags: ["admin-orders"], summary: "One order for packing, without prices", security, params: IdParams, response: { 200: PickingOrder, ...errors } },
    },
    async (request) => toPickingOrder(await getOrder(app.prisma, request.params.id)),
  );

  app.put(
    "/api/admin/picking/:id/status",
    {
      onRequest,
      schema: {
        tags: ["admin-orders"],
        summary: "A packer moves an order to 'В работе' (processing) or 'Отправлен' (shipped); other statuses → 403",
        security,
        params: IdParams,
        body: StatusBody,
        response: { 200: PickingOrder, ...errors },
      },
    },
    async (request) => {
      const status = pickingStatus(request.body.status);
      return toPickingOrder((await changeOrderStatus(app.db, app.notifier, request.params.id, status, request.staff!.actor)).order);
    },
  );
}
