import { useState } from "react";
import type { ProductReviewsResponse, PublicReview } from "@shop/shared/schemas/reviews";
import { ratingLabel, reviewsCountLabel } from "@shop/shared/reviews";
import { cardImageUrl } from "@shop/shared/images";
import { api, paths } from "../../lib/api";
import { useQuery } from "../../lib/query";
import { Stars } from "../../components/Stars";
import styles from "./ProductReviews.module.css";

const NO_REVIEWS: ProductReviewsResponse = { rating: null, reviews: [], page: 1, totalPages: 0, total: 0 };

const dateFormat = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Moscow" });

function Review({ review }: { review: PublicReview }) {
  return (
    <li className={styles.review} data-testid="product-review">
      <div className={styles.head}>
        <Stars rating={review.rating} size="sm" />
        <span className={styles.author}>{review.author}</span>
        <time className={styles.date} dateTime={review.published_at}>
          {dateFormat.format(new Date(review.published_at))}
        </time>
      </div>
      {review.variant_title ? <p className={styles.variant}>{review.variant_title}</p> : null}
      {review.text ? <p className={styles.text}>{review.text}</p> : null}
      {review.photo_url ? (
        <a href={review.photo_url} target="_blank" rel="noreferrer" className={styles.photoLink}>
          <img src={cardImageUrl(review.photo_url)} alt={`Фото покупателя: ${review.author}`} className={styles.photo} loading="lazy" width={96} height={96} />
        </a>
      ) : null}
      {review.reply ? (
        <div className={styles.reply}>
          <p className={styles.replyTitle}>Ответ магазина</p>
          <p className={styles.text}>{review.reply}</p>
        </div>
      ) : null}
    </li>
  );
}

/**
 * «Отзывы» under a product (docs/product.md#reviews): the average and the count, then the published reviews,
 * newest first, five at a time («Показать ещё»). The first page comes with the page from the server.
 */
export function ProductReviews({ productId }: { productId: number }) {
  const first = useQuery(paths.reviews(productId), () => api.productReviews(productId), NO_REVIEWS);
  const [more, setMore] = useState<PublicReview[]>([]);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // an answer of another shape (an older server) is no reviews
  const data = first.data && Array.isArray(first.data.reviews) ? first.data : NO_REVIEWS;
  if (first.loading) return null;
  const reviews = [...data.reviews, ...more];

  const showMore = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const next = await api.productReviews(productId, page + 1);
      setMore((list) => [...list, ...next.reviews]);
      setPage(page + 1);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="reviews-heading" data-testid="product-reviews">
      <h2 id="reviews-heading" className={styles.title}>
        Отзывы
      </h2>
      {data.rating ? (
        <div className={styles.summary}>
          <span className={styles.average}>{ratingLabel(data.rating.average)}</span>
          <div>
            <Stars rating={data.rating.average} size="lg" />
            <p className={styles.count}>{reviewsCountLabel(data.rating.count)}</p>
          </div>
        </div>
      ) : (
        <p className={styles.none}>Отзывов пока нет. Купите эту вещь — и расскажите о ней первыми.</p>
      )}
      {reviews.length > 0 ? (
        <ul className={styles.list}>
          {reviews.map((review) => (
            <Review key={review.id} review={review} />
          ))}
        </ul>
      ) : null}
      {page < data.totalPages ? (
        <button type="button" className="btn btn-secondary" onClick={showMore} disabled={loading}>
          {loading ? "Загрузка…" : "Показать ещё отзывы"}
        </button>
      ) : null}
      {failed ? (
        <p className={styles.failed} role="alert">
          Не удалось загрузить отзывы. Попробуйте ещё раз.
        </p>
      ) : null}
    </section>
  );
}
