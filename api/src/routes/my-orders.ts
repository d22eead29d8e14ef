import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { MyOrderDetail, MyOrdersResponse } from "@shop/shared/schemas/orders";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import type { App } from "../app-type";
import { HttpError } from "../http-errors";
import { getCustomerOrder, listCustomerOrders } from "@shop/core/orders";
import { toMyOrderDetail, toMyOrders } from "../wire/orders";
import { orderDeliveries } from "@shop/core/delivery";
import { withDeliveries } from "../services/order-delivery";

export const MY_ORDERS_TELEGRAM_ONLY = "Мои заказы доступны только пользователям Telegram";

function telegramUserId(request: FastifyRequest): number {
  const user = request.telegramUser();
  if (!user) throw new HttpError(401, MY_ORDERS_TELEGRAM_ONLY);
  return user.id;
}

export default async function myOrderRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const description =
    "The user is proven by X-Telegram-Init-Data (validated with the bot token); the bare X-Telegram-User-Id is " +
    "accepted only in development (no bot token and ALLOW_UNVERIFIED_TELEGRAM_ID=1). Without either: 401.";

  r.get(
    "/api/my-orders",
    {
      schema: {
        tags: ["my-orders"],
        summary: "The Telegram user's orders (newest first, at most 50) and their last delivery address",
        description,
        response: { 200: MyOrdersResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      const list = await listCustomerOrders(app.prisma, telegramUserId(request));
      return toMyOrders(list, await orderDeliveries(app.db, list.orders.map((order) => order.id)));
    },
  );

  r.get(
    "/api/my-orders/:id",
    {
      schema: {
        tags: ["my-orders"],
        summary: "One of the user's orders with its items (another user's order is a 404)",
        description,
        params: IdParams,
        response: { 200: MyOrderDetail, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      const [order] = await withDeliveries(app, [await getCustomerOrder(app.prisma, telegramUserId(request), request.params.id)]);
      return toMyOrderDetail(order!);
    },
  );
}
