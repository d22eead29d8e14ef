import type { AdminReview as CoreAdminReview, ProductReviewsPage, ReviewableLine as CoreLine } from "@shop/core/reviews";
import type { AdminReview, ProductReviewsResponse, ReviewableLine } from "@shop/shared/schemas/reviews";

/** Reviews from the domain's shape to the wire's (docs/api.md#reviews). */
export const toWireProductReviews = (page: ProductReviewsPage): ProductReviewsResponse => ({
  rating: page.rating,
  reviews: page.reviews.map((review) => ({
    id: review.id,
    rating: review.rating,
    text: review.text,
    photo_url: review.photoUrl,
    author: review.author,
    variant_title: review.variantTitle,
    published_at: review.publishedAt.toISOString(),
    reply: review.reply,
  })),
  page: page.page,
  totalPages: page.totalPages,
  total: page.total,
});

export const toWireLine = (line: CoreLine): ReviewableLine => ({
  order_item_id: line.orderItemId,
  product_id: line.productId,
  name: line.name,
  variant_title: line.variantTitle,
  image_url: line.imageUrl,
  review: line.review
    ? { id: line.review.id, rating: line.review.rating, text: line.review.text, photo_url: line.review.photoUrl, status: line.review.status }
    : null,
});

export const toWireAdminReview = (review: CoreAdminReview): AdminReview => ({
  id: review.id,
  status: review.status,
  rating: review.rating,
  text: review.text,
  photo_url: review.photoUrl,
  author: review.author,
  product_id: review.productId,
  product_name: review.productName,
  variant_title: review.variantTitle,
  order_id: review.orderId,
  order_number: review.orderNumber,
  created_at: review.createdAt.toISOString(),
  published_at: review.publishedAt?.toISOString() ?? null,
  reply: review.reply,
  replied_at: review.repliedAt?.toISOString() ?? null,
});
