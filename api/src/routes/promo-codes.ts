import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { autoCommitSql } from "@shop/prisma/db";
import { priceRequestedCart } from "@shop/core/orders";
import { createPromoCode, listPromoCodes, previewPromoCode, updatePromoCode, type PromoCodeInput, type PromoCodeSummary } from "@shop/core/promo-codes";
import { kopecksOf, toKopecks, toRoubles } from "@shop/shared/money";
import { normalizePhone } from "@shop/shared/phone";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import { PromoCheckBody, PromoCheckResponse } from "@shop/shared/schemas/orders";
import { PromoCodeBody, PromoCodeJson, PromoCodeList } from "@shop/shared/schemas/promo-codes";
import type { App } from "../app-type";
import { perMinute } from "../plugins/external/rate-limit";
import { toWireTotals } from "../wire/orders";

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

function toInput(body: PromoCodeBody): PromoCodeInput {
  return {
    code: body.code,
    kind: body.kind,
    percent: body.kind === "percent" ? body.value : 0,
    amount: body.kind === "fixed" ? (kopecksOf(body.value) ?? toKopecks(body.value)) : 0,
    minOrder: toKopecks(body.min_order ?? 0),
    maxUses: body.max_uses ?? null,
    maxUsesPerCustomer: body.max_uses_per_customer ?? null,
    startsOn: body.starts_on || null,
    endsOn: body.ends_on || null,
    scope: body.scope ?? "all",
    categoryIds: body.category_ids ?? [],
    productIds: body.product_ids ?? [],
    active: body.active ?? true,
  };
}

function toJson(code: PromoCodeSummary): PromoCodeJson {
  return {
    id: code.id,
    code: code.code,
    kind: code.kind,
    value: code.kind === "percent" ? code.percent : toRoubles(code.amount),
    min_order: toRoubles(code.minOrder),
    max_uses: code.maxUses,
    max_uses_per_customer: code.maxUsesPerCustomer,
    starts_on: code.startsOn,
    ends_on: code.endsOn,
    scope: code.scope,
    category_ids: code.categoryIds,
    product_ids: code.productIds,
    active: code.active,
    uses: code.uses,
    orders: code.orders,
    revenue: toRoubles(code.revenue),
    discounts: toRoubles(code.discounts),
    created_at: code.createdAt.toISOString(),
    updated_at: code.updatedAt.toISOString(),
  };
}

/** Promo codes: the shopper's check against a cart, and the admin's list and edits (docs/api.md#promo-codes). */
export default async function promoCodeRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    "/api/promo-codes/check",
    {
      config: { rateLimit: perMinute(app.config.rateLimits.orders * 4) },
      schema: {
        tags: ["orders"],
        summary: "Check a promo code against a cart: whether it applies, which discount the shopper gets, the totals",
        description:
          "Reads only. A code that does not apply answers 200 with applies false, the reason and the message to show. " +
          "The Telegram user of X-Telegram-Init-Data and customer_phone count the customer's own uses.",
        body: PromoCheckBody,
        response: { 200: PromoCheckResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const { body } = request;
      const lines = await priceRequestedCart(
        autoCommitSql(app.db),
        body.cart_items.map((item) => ({ productId: item.product_id, quantity: item.quantity, variantId: item.variant_id ?? null, personalization: item.personalization })),
      );
      const preview = await previewPromoCode(app.db, {
        code: body.code,
        lines,
        phone: body.customer_phone ? normalizePhone(body.customer_phone) : null,
        telegramUserId: request.telegramUser()?.id ?? null,
      });
      return {
        code: preview.code,
        applies: preview.applies,
        wins: preview.wins,
        message: preview.message,
        reason: preview.reason,
        promo_discount: toRoubles(preview.promoDiscount),
        missing: preview.missing === null ? null : toRoubles(preview.missing),
        totals: toWireTotals(preview.totals),
      };
    },
  );

  const onRequest = app.requireAdmin;
  app.get(
    "/api/admin/promo-codes",
    {
      onRequest,
      schema: { tags: ["admin-promo-codes"], summary: "Promo codes, newest first, with uses, orders and revenue", security, response: { 200: PromoCodeList, ...errors } },
    },
    async () => ({ promo_codes: (await listPromoCodes(app.db)).map(toJson) }),
  );

  app.post(
    "/api/admin/promo-codes",
    {
      onRequest,
      schema: { tags: ["admin-promo-codes"], summary: "Create a promo code", security, body: PromoCodeBody, response: { 201: PromoCodeJson, ...errors } },
    },
    async (request, reply) => reply.status(201).send(toJson(await createPromoCode(app.db, toInput(request.body), request.staff!.actor))),
  );

  app.put(
    "/api/admin/promo-codes/:id",
    {
      onRequest,
      schema: {
        tags: ["admin-promo-codes"],
        summary: "Edit a promo code, or switch it off (active false) or on",
        security,
        params: IdParams,
        body: PromoCodeBody,
        response: { 200: PromoCodeJson, ...errors },
      },
    },
    async (request) => toJson(await updatePromoCode(app.db, request.params.id, toInput(request.body), request.staff!.actor)),
  );
}
