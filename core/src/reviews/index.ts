export { addToReview, type BuyerReview, REVIEW_TEXTS, type ReviewableLine, type ReviewableOrder, reviewableLines, type ReviewBuyer, reviewRequestOrder, writeReview, type WriteReviewInput } from "./buyer-reviews";
export { hasReviewPrompt, offerReviewText, REVIEW_PROMPT_TTL_MS, takeReviewPrompt } from "./chat-prompts";
export { type AdminReview, type AdminReviewFilter, listAdminReviews, moderateReview, MODERATION_TEXTS, replyToReview } from "./moderation";
export { productRatings, productReviews, type ProductReviewsPage, type PublishedReview, RATINGS_SQL, type RatingRow } from "./product-reviews";
export {
  newReviewToken,
  readReviewSettings,
  REVIEW_REQUEST_BATCH,
  REVIEW_REQUEST_WINDOW_DAYS,
  REVIEW_SETTINGS_TEXTS,
  type ReviewRequest,
  type ReviewRequestDeps,
  type ReviewRequestMessages,
  reviewRequestToken,
  type ReviewSettings,
  sendDueReviewRequests,
  writeReviewSettings,
} from "./review-requests";
