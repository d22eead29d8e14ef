import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { listAdminReviews, moderateReview, readReviewSettings, replyToReview, writeReviewSettings } from "@shop/core/reviews";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import { AdminReview, AdminReviewsQuery, AdminReviewsResponse, ReviewReplyBody, ReviewSettingsWire, ReviewStatusBody } from "@shop/shared/schemas/reviews";
import type { App } from "../app-type";
import { toWireAdminReview } from "../wire/reviews";

const security = [{ bearerAuth: [] }];

/** The admin's «Отзывы» (docs/api-admin.md#reviews): the moderation queue, publish, hide, reply, and when the bot asks. */
export default async function adminReviewRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = app.requireAdmin;

  app.get(
    "/api/admin/reviews",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Reviews by status, product and rating: the pending ones oldest first, the others newest first",
        security,
        querystring: AdminReviewsQuery,
        response: { 200: AdminReviewsResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const { status, product_id, rating, page } = request.query;
      const list = await listAdminReviews(app.db, { status, productId: product_id, rating, page });
      return { ...list, reviews: list.reviews.map(toWireAdminReview) };
    },
  );

  app.put(
    "/api/admin/reviews/:id/status",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Publish a review on the product page, or hide it",
        security,
        params: IdParams,
        body: ReviewStatusBody,
        response: { 200: AdminReview, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const review = await moderateReview(app.db, request.staff!.actor, request.params.id, request.body.status);
      await app.catalog.refresh();
      return toWireAdminReview(review);
    },
  );

  app.put(
    "/api/admin/reviews/:id/reply",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "The shop's public answer under a review (null or blank removes it)",
        security,
        params: IdParams,
        body: ReviewReplyBody,
        response: { 200: AdminReview, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const review = await replyToReview(app.db, request.staff!.actor, request.params.id, request.body.reply);
      await app.catalog.refresh();
      return toWireAdminReview(review);
    },
  );

  app.get(
    "/api/admin/reviews/settings",
    { onRequest, schema: { tags: ["admin"], summary: "When the bot asks buyers for reviews", security, response: { 200: ReviewSettingsWire, 401: ErrorResponse, 403: ErrorResponse } } },
    async () => ({ request_after_days: (await readReviewSettings(app.db)).requestAfterDays }),
  );

  app.put(
    "/api/admin/reviews/settings",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Days after 'Завершен' the bot asks the buyer for reviews (0: never)",
        security,
        body: ReviewSettingsWire,
        response: { 200: ReviewSettingsWire, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => ({ request_after_days: (await writeReviewSettings(app.db, request.staff!.actor, { requestAfterDays: request.body.request_after_days })).requestAfterDays }),
  );
}
