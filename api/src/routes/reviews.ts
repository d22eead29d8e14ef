import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Type from "typebox";
import type { FastifyRequest } from "fastify";
import { productReviews, REVIEW_TEXTS, reviewableLines, reviewRequestOrder, type ReviewBuyer, writeReview } from "@shop/core/reviews";
import { getProduct } from "@shop/core/catalog";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import {
  ProductReviewsQuery,
  ProductReviewsResponse,
  ReviewableLine,
  ReviewPhotoResponse,
  ReviewRequestResponse,
  ReviewTokenParams,
  WriteReviewBody,
} from "@shop/shared/schemas/reviews";
import type { App } from "../app-type";
import { badRequest, HttpError } from "../http-errors";
import { acceptFiles } from "../plugins/external/multipart";
import { perMinute } from "../plugins/external/rate-limit";
import { encodeUpload, storeImages } from "../services/uploads";
import { toWireLine, toWireProductReviews } from "../wire/reviews";

const NO_PHOTO = "Выберите фото";
const PHOTO_TOO_LARGE = "Фото больше 10 МБ";
const noStore = { "Cache-Control": "private, no-store" };

function telegramBuyer(request: FastifyRequest): ReviewBuyer {
  const user = request.telegramUser();
  if (!user) throw new HttpError(401, REVIEW_TEXTS.telegramOnly);
  return { telegramUserId: user.id };
}

const WrittenReview = Type.Object({
  id: Type.Integer(),
  rating: Type.Integer(),
  text: Type.Union([Type.Null(), Type.String()]),
  photo_url: Type.Union([Type.Null(), Type.String()]),
  status: Type.String(),
});

/**
 * Reviews from buyers (docs/api.md#reviews): a product's published reviews for its page; the review link the bot
 * sends (/review/<token>: whoever holds it reviews that order's lines, no sign-in); the Mini App's own reviews,
 * proven by X-Telegram-Init-Data; one photo per review through the shop's image pipeline.
 */
export default async function reviewRoutes(instance: App) {
  await acceptFiles(instance);
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const writeLimit = { rateLimit: perMinute(app.config.rateLimits.orders) };

  app.get(
    "/api/products/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary: "A product's rating and its published reviews, newest first, a page of 5",
        params: IdParams,
        querystring: ProductReviewsQuery,
        response: { 200: ProductReviewsResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      getProduct(await app.catalog.current(), request.params.id);
      const page = await productReviews(app.db, request.params.id, request.query.page ?? 1);
      return reply.header("Cache-Control", "no-cache").send(toWireProductReviews(page));
    },
  );

  const writeResponse = { 200: WrittenReview, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
  const write = async (buyer: ReviewBuyer, body: { order_item_id: number; rating: number; text?: string | null; photo_url?: string | null }) => {
    const review = await writeReview(app.db, buyer, { orderItemId: body.order_item_id, rating: body.rating, text: body.text, photoUrl: body.photo_url });
    return { id: review.id, rating: review.rating, text: review.text, photo_url: review.photoUrl, status: review.status };
  };

  app.get(
    "/api/reviews/requests/:token",
    {
      schema: {
        tags: ["reviews"],
        summary: "The order a review link was sent for: its lines, each with the buyer's review when written",
        params: ReviewTokenParams,
        response: { 200: ReviewRequestResponse, 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const order = await reviewRequestOrder(app.db, request.params.token);
      return reply.headers(noStore).send({ order_number: order.orderNumber, lines: order.lines.map(toWireLine) });
    },
  );

  app.post(
    "/api/reviews/requests/:token",
    {
      config: writeLimit,
      schema: {
        tags: ["reviews"],
        summary: "Write (or, while it waits for moderation, change) the review of one line of the link's order",
        params: ReviewTokenParams,
        body: WriteReviewBody,
        response: writeResponse,
      },
    },
    async (request, reply) => reply.headers(noStore).send(await write({ token: request.params.token }, request.body)),
  );

  app.get(
    "/api/my-reviews",
    {
      schema: {
        tags: ["reviews"],
        summary: "Mini App: the lines of the user's completed orders, each with their review when written",
        response: { 200: Type.Object({ lines: Type.Array(Type.Intersect([ReviewableLine, Type.Object({ order_number: Type.String() })])) }), 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const buyer = telegramBuyer(request) as { telegramUserId: number };
      const lines = await reviewableLines(app.db, buyer.telegramUserId);
      return reply.headers(noStore).send({ lines: lines.map((line) => ({ ...toWireLine(line), order_number: line.orderNumber })) });
    },
  );

  app.post(
    "/api/my-reviews",
    {
      config: writeLimit,
      schema: { tags: ["reviews"], summary: "Mini App: write the review of a line of one of the user's completed orders", body: WriteReviewBody, response: writeResponse },
    },
    async (request, reply) => reply.headers(noStore).send(await write(telegramBuyer(request), request.body)),
  );

  /** One photo (multipart field `photo`), re-encoded as the product pictures are; the review then names it. */
  const uploadPhoto = async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw badRequest(NO_PHOTO);
    let url: string | null = null;
    try {
      for await (const part of request.files()) {
        if (part.fieldname !== "photo" || url !== null) {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        if (data.length === 0) continue;
        url = (await storeImages(app.config.uploadDir, [await encodeUpload(data, part.filename)]))[0] ?? null;
      }
    } catch (error) {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, PHOTO_TOO_LARGE);
      throw error;
    }
    if (!url) throw badRequest(NO_PHOTO);
    return { photo_url: url };
  };
  const photoSchema = {
    tags: ["reviews"],
    consumes: ["multipart/form-data"],
    response: { 200: ReviewPhotoResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse },
  };

  app.post(
    "/api/reviews/requests/:token/photo",
    { config: writeLimit, schema: { ...photoSchema, summary: "Upload a review's photo (field `photo`) with a review link", params: ReviewTokenParams } },
    async (request) => {
      await reviewRequestOrder(app.db, request.params.token);
      return uploadPhoto(request);
    },
  );

  app.post(
    "/api/my-reviews/photo",
    { config: writeLimit, schema: { ...photoSchema, summary: "Mini App: upload a review's photo (field `photo`)" } },
    async (request) => {
      telegramBuyer(request);
      return uploadPhoto(request);
    },
  );
}
