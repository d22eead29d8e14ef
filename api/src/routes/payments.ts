import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import { InvoiceBody, InvoiceLinkResponse, InvoiceResponse, RefundedResponse } from "@shop/shared/schemas/orders";
import { issueInvoice, markRefunded, payableOrder, PAYMENT_TEXTS } from "@shop/core/payments";
import type { App } from "../app-type";
import { conflict, HttpError } from "../http-errors";
import { toInvoicedOrder, toRefundedOrder } from "../wire/orders";
import { MY_ORDERS_TELEGRAM_ONLY } from "./my-orders";

export const INVOICE_LINK_FAILED = "Telegram не ответил. Попробуйте оплатить ещё раз.";

/** Payment in Telegram (docs/payments.md): the admin's invoice and refund, the Mini App's payment link. */
export default async function paymentRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const paymentsOn = () => app.config.payments !== null;

  r.post(
    "/api/orders/:id/invoice",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Fix the delivery cost and send the customer an invoice in Telegram",
        description:
          "total becomes subtotal − discount + delivery_cost; a new invoice number makes the order's older invoices " +
          "unpayable. 409 when payments are not configured, the order has no Telegram chat, is cancelled or already paid.",
        security,
        params: IdParams,
        body: InvoiceBody,
        response: { 200: InvoiceResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const order = await issueInvoice(app.db, app.notifier, request.params.id, request.body.delivery_cost, paymentsOn(), request.staff!.actor);
      return toInvoicedOrder(order);
    },
  );

  r.post(
    "/api/orders/:id/refunded",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Record that a paid order's money was returned (the refund is made in the provider's dashboard)",
        description: "409 unless the order is paid.",
        security,
        params: IdParams,
        response: { 200: RefundedResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const order = await markRefunded(app.db, request.params.id, request.staff!.actor);
      return toRefundedOrder(order);
    },
  );

  r.post(
    "/api/my-orders/:id/invoice-link",
    {
      schema: {
        tags: ["my-orders"],
        summary: "A payment link of the order's current invoice, for the Mini App's openInvoice",
        description:
          "Same Telegram auth as /api/my-orders (401 without it; another user's order is a 404). 409 when the order is " +
          "not invoiced, already paid or cancelled, or payments are not configured; 502 when Telegram does not answer.",
        params: IdParams,
        response: { 200: InvoiceLinkResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request, reply) => {
      const user = request.telegramUser();
      if (!user) throw new HttpError(401, MY_ORDERS_TELEGRAM_ONLY);
      const order = await payableOrder(app.db, request.params.id, BigInt(user.id), paymentsOn());
      if (!app.invoiceLinks) throw conflict(PAYMENT_TEXTS.notConfigured);
      let url: string;
      try {
        url = await app.invoiceLinks.createLink(order);
      } catch (error) {
        request.log.error({ err: (error as Error).message, orderId: order.id }, "createInvoiceLink failed");
        throw new HttpError(502, INVOICE_LINK_FAILED);
      }
      reply.header("Cache-Control", "private, no-store");
      return { url };
    },
  );
}
