import Type, { type Static } from "typebox";
import { REVIEW_REPLY_MAX, REVIEW_REQUEST_DAYS_MAX, REVIEW_TEXT_MAX } from "../reviews";
import { Id, Nullable, Page } from "./common";

/** A product's rating on its card and page: present once it has a published review. */
export const ProductRating = Type.Object({
  /** the mean of the published reviews' ratings, one decimal */
  average: Type.Number(),
  count: Type.Integer({ minimum: 1 }),
});
export type ProductRating = Static<typeof ProductRating>;

export const ReviewStatusWire = Type.Union([Type.Literal("pending"), Type.Literal("published"), Type.Literal("hidden")]);

/** A published review as the product page shows it. */
export const PublicReview = Type.Object({
  id: Type.Integer(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  text: Nullable(Type.String()),
  photo_url: Nullable(Type.String()),
  /** «Анна К.» */
  author: Type.String(),
  /** «Размер: 17» when the line was a variant */
  variant_title: Nullable(Type.String()),
  /** ISO date-time it was published */
  published_at: Type.String(),
  /** the seller's answer */
  reply: Nullable(Type.String()),
});
export type PublicReview = Static<typeof PublicReview>;

export const ProductReviewsQuery = Type.Object({ page: Type.Optional(Page) });
export type ProductReviewsQuery = Static<typeof ProductReviewsQuery>;

/** GET /api/products/{id}/reviews: the rating and one page of published reviews, newest first. */
export const ProductReviewsResponse = Type.Object({
  rating: Nullable(ProductRating),
  reviews: Type.Array(PublicReview),
  page: Type.Integer(),
  totalPages: Type.Integer(),
  total: Type.Integer(),
});
export type ProductReviewsResponse = Static<typeof ProductReviewsResponse>;

/** One line of an order a buyer may review, with their review when they wrote it. */
export const ReviewableLine = Type.Object({
  order_item_id: Type.Integer(),
  product_id: Type.Integer(),
  name: Type.String(),
  variant_title: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  review: Nullable(
    Type.Object({
      id: Type.Integer(),
      rating: Type.Integer(),
      text: Nullable(Type.String()),
      photo_url: Nullable(Type.String()),
      status: ReviewStatusWire,
    }),
  ),
});
export type ReviewableLine = Static<typeof ReviewableLine>;

/** GET /api/reviews/requests/{token}: the order the link was sent for, line by line. */
export const ReviewRequestResponse = Type.Object({
  order_number: Type.String(),
  lines: Type.Array(ReviewableLine),
});
export type ReviewRequestResponse = Static<typeof ReviewRequestResponse>;

export const ReviewTokenParams = Type.Object({ token: Type.String({ pattern: "^[A-Za-z0-9_-]{16,64}$" }) });

/** A buyer's review: the line, 1–5 stars, a few words and a photo (an /uploads/… address the photo upload gave). */
export const WriteReviewBody = Type.Object({
  order_item_id: Id,
  rating: Type.Integer(),
  text: Type.Optional(Nullable(Type.String({ maxLength: REVIEW_TEXT_MAX * 2 }))),
  photo_url: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});
export type WriteReviewBody = Static<typeof WriteReviewBody>;

export const ReviewPhotoResponse = Type.Object({ photo_url: Type.String() });

/** The admin's moderation queue. */
export const AdminReview = Type.Object({
  id: Type.Integer(),
  status: ReviewStatusWire,
  rating: Type.Integer(),
  text: Nullable(Type.String()),
  photo_url: Nullable(Type.String()),
  author: Type.String(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  variant_title: Nullable(Type.String()),
  order_id: Type.Integer(),
  order_number: Type.String(),
  created_at: Type.String(),
  published_at: Nullable(Type.String()),
  reply: Nullable(Type.String()),
  replied_at: Nullable(Type.String()),
});
export type AdminReview = Static<typeof AdminReview>;

export const AdminReviewsQuery = Type.Object({
  status: Type.Optional(ReviewStatusWire),
  product_id: Type.Optional(Id),
  rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  page: Type.Optional(Page),
});
export type AdminReviewsQuery = Static<typeof AdminReviewsQuery>;

export const AdminReviewsResponse = Type.Object({
  reviews: Type.Array(AdminReview),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  page: Type.Integer(),
  /** reviews waiting for moderation, whatever the filter */
  pending: Type.Integer(),
});
export type AdminReviewsResponse = Static<typeof AdminReviewsResponse>;

export const ReviewStatusBody = Type.Object({ status: Type.Union([Type.Literal("published"), Type.Literal("hidden")]) });
export const ReviewReplyBody = Type.Object({ reply: Nullable(Type.String({ maxLength: REVIEW_REPLY_MAX * 2 })) });

export const ReviewSettingsWire = Type.Object({
  /** days after an order became 'Завершен' the bot asks its customer for reviews; 0: never asks */
  request_after_days: Type.Integer({ minimum: 0, maximum: REVIEW_REQUEST_DAYS_MAX }),
});
export type ReviewSettingsWire = Static<typeof ReviewSettingsWire>;
