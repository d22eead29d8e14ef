/**
 * Reviews from buyers (docs/product.md#reviews): the limits and words every side shows, one place.
 */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
/** published reviews per page of a product's list */
export const REVIEWS_PAGE_SIZE = 5;
/** the admin's moderation queue */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;
/** days after 'Завершен' the bot asks for reviews, unless the seller set another number */
export const DEFAULT_REVIEW_REQUEST_DAYS = 3;
export const REVIEW_REQUEST_DAYS_MAX = 60;

export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "На проверке",
  published: "Опубликован",
  hidden: "Скрыт",
};

/** «4,8» — one decimal with a Russian comma */
export const ratingLabel = (average: number): string => average.toFixed(1).replace(".", ",");

/** «12 отзывов», «1 отзыв», «3 отзыва» */
export function reviewsCountLabel(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  const word = tens >= 11 && tens <= 14 ? "отзывов" : ones === 1 ? "отзыв" : ones >= 2 && ones <= 4 ? "отзыва" : "отзывов";
  return `${count} ${word}`;
}

/** How a review's author is shown: the first name and the initial of the last, «Анна К.». */
export function reviewAuthorName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = (firstName ?? "").trim().split(/\s+/)[0] ?? "";
  const last = (lastName ?? "").trim();
  const name = first ? (last ? `${first} ${last[0]!.toUpperCase()}.` : first) : "Покупатель";
  return name.slice(0, 100);
}
