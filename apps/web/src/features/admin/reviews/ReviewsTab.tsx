import { useEffect, useState } from "react";
import type { AdminReview, AdminReviewsResponse } from "@shop/shared/schemas/reviews";
import { REVIEW_STATUS_LABELS, type ReviewStatus } from "@shop/shared/reviews";
import { formatDateTime } from "@shop/shared/format";
import { cardImageUrl } from "@shop/shared/images";
import { fetchReviews, fetchReviewSettings, saveReviewReply, saveReviewSettings, setReviewStatus } from "../api/reviews";
import { ApiError } from "../api/client";
import { Pagination } from "../components/Pagination";
import { useToast } from "../components/Toast";
import { isAbort, logFailure } from "../utils";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import fields from "../components/form.module.css";
import segmented from "../components/segmented.module.css";
import text from "../components/text.module.css";
import styles from "./ReviewsTab.module.css";

const FILTERS: { id: ReviewStatus | "all"; label: string }[] = [
  { id: "pending", label: "На проверке" },
  { id: "published", label: "Опубликованы" },
  { id: "hidden", label: "Скрыты" },
  { id: "all", label: "Все" },
];

const message = (error: unknown, fallback: string) => (error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback);

function ReviewCard({ review, onChange }: { review: AdminReview; onChange: (review: AdminReview) => void }) {
  const showToast = useToast();
  const [reply, setReply] = useState(review.reply ?? "");
  const [replying, setReplying] = useState(false);
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<AdminReview>, done: string) => {
    setBusy(true);
    try {
      const updated = await work();
      onChange(updated);
      showToast(done, "success");
      return true;
    } catch (error) {
      showToast(message(error, "Не удалось сохранить"), "error");
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={`${card.card} ${styles.review}`} data-testid="admin-review">
      <div className={styles.head}>
        <span className={styles.stars} aria-label={`${review.rating} из 5`}>
          {"★".repeat(review.rating)}
          <span className={styles.starsOff}>{"★".repeat(5 - review.rating)}</span>
        </span>
        <span className={`${styles.status} ${styles[review.status]}`}>{REVIEW_STATUS_LABELS[review.status]}</span>
        <span className={text.muted}>{formatDateTime(review.created_at)}</span>
      </div>
      <p className={styles.product}>
        <a href={`/product/${review.product_id}`} target="_blank" rel="noreferrer">
          {review.product_name}
        </a>
        {review.variant_title ? <span className={text.muted}> · {review.variant_title}</span> : null}
        <span className={text.muted}>
          {" "}
          · {review.author} · заказ №{review.order_number}
        </span>
      </p>
      {review.text ? <p className={styles.text}>{review.text}</p> : <p className={text.muted}>Без текста</p>}
      {review.photo_url ? (
        <a href={review.photo_url} target="_blank" rel="noreferrer">
          <img className={styles.photo} src={cardImageUrl(review.photo_url)} alt="Фото покупателя" width={88} height={88} />
        </a>
      ) : null}
      {review.reply && !replying ? (
        <div className={styles.reply}>
          <strong>Ответ магазина:</strong> {review.reply}
        </div>
      ) : null}
      {replying ? (
        <div className={styles.replyForm}>
          <label className={fields.field}>
            <span className={fields.label}>Ответ магазина (виден всем)</span>
            <textarea className={fields.input} rows={3} value={reply} maxLength={2000} onChange={(event) => setReply(event.target.value)} />
          </label>
          <div className={styles.actions}>
            <button
              type="button"
              className={`${buttons.primary} ${buttons.sm}`}
              disabled={busy}
              onClick={async () => {
                if (await act(() => saveReviewReply(review.id, reply.trim() || null), reply.trim() ? "Ответ сохранён" : "Ответ удалён")) setReplying(false);
              }}
            >
              Сохранить ответ
            </button>
            <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => setReplying(false)}>
              Отмена
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          {review.status !== "published" ? (
            <button type="button" className={`${buttons.primary} ${buttons.sm}`} disabled={busy} onClick={() => act(() => setReviewStatus(review.id, "published"), "Отзыв опубликован")}>
              Опубликовать
            </button>
          ) : null}
          {review.status !== "hidden" ? (
            <button type="button" className={`${buttons.ghost} ${buttons.sm}`} disabled={busy} onClick={() => act(() => setReviewStatus(review.id, "hidden"), "Отзыв скрыт")}>
              Скрыть
            </button>
          ) : null}
          <button type="button" className={`${buttons.ghost} ${buttons.sm}`} disabled={busy} onClick={() => setReplying(true)}>
            {review.reply ? "Изменить ответ" : "Ответить"}
          </button>
        </div>
      )}
    </li>
  );
}

/** When the bot asks buyers for reviews: days after 'Завершен' (0: never). The owner's setting. */
function RequestSettings({ canEdit }: { canEdit: boolean }) {
  const showToast = useToast();
  const [days, setDays] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchReviewSettings(controller.signal)
      .then((settings) => setDays(String(settings.request_after_days)))
      .catch((error) => !isAbort(error) && logFailure("review settings failed to load", error));
    return () => controller.abort();
  }, []);
  if (days === null) return null;
  const save = async () => {
    try {
      const saved = await saveReviewSettings({ request_after_days: Number(days) });
      setDays(String(saved.request_after_days));
      showToast("Настройка сохранена", "success");
    } catch (error) {
      showToast(message(error, "Не удалось сохранить"), "error");
    }
  };
  return (
    <div className={styles.settings}>
      <label className={styles.settingsLabel}>
        Бот просит отзыв через
        <input className={`${fields.input} ${styles.days}`} inputMode="numeric" value={days} disabled={!canEdit} onChange={(event) => setDays(event.target.value.replace(/\D/g, "").slice(0, 2))} />
        дн. после статуса «Завершен» (0 — не просить)
      </label>
      {canEdit ? (
        <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={save}>
          Сохранить
        </button>
      ) : null}
    </div>
  );
}

/**
 * «Отзывы» (docs/product.md#reviews): the moderation queue first (the oldest waiting on top), the published and
 * hidden reviews by filter and rating; publish, hide, answer. A change shows on the product page at once.
 */
export default function ReviewsTab({ canEditSettings = false }: { canEditSettings?: boolean }) {
  const [filter, setFilter] = useState<ReviewStatus | "all">("pending");
  const [rating, setRating] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<AdminReviewsResponse | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchReviews({ status: filter === "all" ? undefined : filter, rating: rating ?? undefined, page }, controller.signal)
      .then(setList)
      .catch((error) => {
        if (isAbort(error)) return;
        logFailure("reviews failed to load", error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [filter, rating, page]);

  const changed = (review: AdminReview) =>
    setList((now) =>
      now
        ? {
            ...now,
            pending: now.pending + (review.status === "pending" ? 0 : now.reviews.find((r) => r.id === review.id)?.status === "pending" ? -1 : 0),
            reviews: now.reviews.map((r) => (r.id === review.id ? review : r)),
          }
        : now,
    );

  return (
    <div className={styles.tab} data-testid="reviews-tab">
      <div className={`${card.card} ${styles.toolbar}`}>
        <h2 className={card.title}>Отзывы {list && list.pending > 0 ? <span className={styles.badge}>{list.pending} на проверке</span> : null}</h2>
        <div className={styles.filters}>
          <div className={segmented.segmented} role="group" aria-label="Статус">
            {FILTERS.map((item) => (
              <button
                key={item.id}
                type="button"
                className={`${segmented.item} ${filter === item.id ? segmented.active : ""}`}
                aria-pressed={filter === item.id}
                onClick={() => {
                  setFilter(item.id);
                  setPage(1);
                }}
              >
                {item.label}
              </button>
            ))}
          </div>
          <label className={styles.ratingFilter}>
            <span className={text.muted}>Оценка</span>
            <select
              className={`${fields.input} ${fields.inputSm}`}
              value={rating ?? ""}
              onChange={(event) => {
                setRating(event.target.value ? Number(event.target.value) : null);
                setPage(1);
              }}
            >
              <option value="">любая</option>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} ★
                </option>
              ))}
            </select>
          </label>
        </div>
        <RequestSettings canEdit={canEditSettings} />
      </div>
      {failed ? <p className={text.errorLine}>Не удалось загрузить отзывы</p> : null}
      {!list && !failed ? <p className={text.muted}>Загрузка отзывов...</p> : null}
      {list && list.reviews.length === 0 ? <p className={text.empty}>{filter === "pending" ? "Новых отзывов нет — все проверены." : "Отзывов нет."}</p> : null}
      {list && list.reviews.length > 0 ? (
        <ul className={styles.list}>
          {list.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} onChange={changed} />
          ))}
        </ul>
      ) : null}
      {list ? <Pagination page={page} totalPages={list.totalPages} onChange={setPage} /> : null}
    </div>
  );
}
