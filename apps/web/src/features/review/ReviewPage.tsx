import { useEffect, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router-dom";
import type { ReviewableLine } from "@shop/shared/schemas/reviews";
import { REVIEW_STATUS_LABELS, REVIEW_TEXT_MAX } from "@shop/shared/reviews";
import { cardImageUrl } from "@shop/shared/images";
import { api, ApiError } from "../../lib/api";
import { usePageMeta } from "../../lib/seo";
import { telegramHeaders } from "../../lib/telegram";
import { EmptyState } from "../../components/EmptyState";
import styles from "./ReviewPage.module.css";

const RATING_WORDS = ["", "Плохо", "Так себе", "Нормально", "Хорошо", "Отлично"];

async function uploadPhoto(token: string, file: File): Promise<string> {
  const body = new FormData();
  body.append("photo", file);
  const response = await fetch(`/api/reviews/requests/${encodeURIComponent(token)}/photo`, { method: "POST", body, headers: telegramHeaders() });
  const json = (await response.json().catch(() => null)) as { photo_url?: string; message?: string } | null;
  if (!response.ok || !json?.photo_url) throw new Error(json?.message ?? "Не удалось загрузить фото");
  return json.photo_url;
}

/** One line of the order: stars, a few words, a photo, and the button that sends them. */
function LineReview({ token, line, onSaved }: { token: string; line: ReviewableLine; onSaved: (line: ReviewableLine) => void }) {
  const review = line.review;
  const editable = review === null || review.status === "pending";
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [text, setText] = useState(review?.text ?? "");
  const [photoUrl, setPhotoUrl] = useState<string | null>(review?.photo_url ?? null);
  const [busy, setBusy] = useState<"photo" | "send" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const nameId = `review-line-${line.order_item_id}`;

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setBusy("photo");
    setProblem(null);
    try {
      setPhotoUrl(await uploadPhoto(token, file));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === 0) {
      setProblem("Поставьте оценку от 1 до 5");
      return;
    }
    setBusy("send");
    setProblem(null);
    try {
      const saved = await api.writeReview(token, { order_item_id: line.order_item_id, rating, text: text.trim() || null, photo_url: photoUrl });
      setSent(true);
      onSaved({ ...line, review: { id: saved.id, rating, text: text.trim() || null, photo_url: photoUrl, status: "pending" } });
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.serverMessage ?? "Не удалось отправить отзыв") : "Не удалось отправить отзыв: нет связи");
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className={styles.line} data-testid="review-line">
      <div className={styles.product}>
        {line.image_url ? <img className={styles.image} src={cardImageUrl(line.image_url)} alt="" width={64} height={64} /> : <span className={styles.image} />}
        <div>
          <Link to={`/product/${line.product_id}`} className={styles.name} id={nameId}>
            {line.name}
          </Link>
          {line.variant_title ? <p className={styles.variant}>{line.variant_title}</p> : null}
        </div>
      </div>
      {editable ? (
        <form onSubmit={onSubmit} className={styles.form} aria-labelledby={nameId}>
          <div className={styles.starsRow} role="radiogroup" aria-label="Оценка">
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={rating === n}
                aria-label={`${n} из 5`}
                className={`${styles.star} ${n <= rating ? styles.starOn : ""}`}
                onClick={() => setRating(n)}
              >
                ★
              </button>
            ))}
            <span className={styles.ratingWord}>{RATING_WORDS[rating]}</span>
          </div>
          <label className={styles.field}>
            <span className={styles.label}>Пара слов о покупке (необязательно)</span>
            <textarea
              className={styles.textarea}
              value={text}
              maxLength={REVIEW_TEXT_MAX}
              rows={3}
              placeholder="Что понравилось, как пригодилось, кому подарили"
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <div className={styles.photoRow}>
            {photoUrl ? <img className={styles.photo} src={cardImageUrl(photoUrl)} alt="Ваше фото" width={72} height={72} /> : null}
            <label className={`btn btn-secondary btn-sm ${styles.photoButton}`}>
              {busy === "photo" ? "Загрузка…" : photoUrl ? "Заменить фото" : "Добавить фото"}
              <input type="file" accept="image/*" className={styles.fileInput} onChange={(event) => void onPhoto(event.target.files?.[0])} disabled={busy !== null} />
            </label>
            {photoUrl ? (
              <button type="button" className={`btn btn-ghost btn-sm`} onClick={() => setPhotoUrl(null)}>
                Убрать
              </button>
            ) : null}
          </div>
          {problem ? (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          ) : null}
          {sent ? (
            <p className={styles.sent} role="status">
              Спасибо! Отзыв появится в магазине после проверки.
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy === "send" ? "Отправка…" : review ? "Сохранить отзыв" : "Отправить отзыв"}
          </button>
        </form>
      ) : (
        <p className={styles.done}>
          Ваша оценка: {"★".repeat(review!.rating)}
          {"☆".repeat(5 - review!.rating)} — {REVIEW_STATUS_LABELS[review!.status].toLowerCase()}
        </p>
      )}
    </li>
  );
}

/**
 * The review screen the bot's link opens (/review/<token>, or the Mini App's startapp=review_<token>): the order's
 * products, each with its stars, words and photo (docs/product.md#reviews). No sign-in: the link is the proof.
 */
export default function ReviewPage() {
  const token = useParams().token ?? "";
  const [state, setState] = useState<{ loading: boolean; orderNumber: string; lines: ReviewableLine[]; problem: string | null }>({
    loading: true,
    orderNumber: "",
    lines: [],
    problem: null,
  });
  usePageMeta({ title: "Отзыв о покупке" });

  useEffect(() => {
    let live = true;
    api
      .reviewRequest(token)
      .then((answer) => live && setState({ loading: false, orderNumber: answer.order_number, lines: answer.lines, problem: null }))
      .catch((error) => live && setState({ loading: false, orderNumber: "", lines: [], problem: error instanceof ApiError && error.serverMessage ? error.serverMessage : "Не удалось открыть отзыв" }));
    return () => {
      live = false;
    };
  }, [token]);

  const saved = (line: ReviewableLine) => setState((now) => ({ ...now, lines: now.lines.map((l) => (l.order_item_id === line.order_item_id ? line : l)) }));

  return (
    <div className={`container ${styles.page}`}>
      {state.loading ? (
        <p className="loading-text" role="status">
          Загрузка…
        </p>
      ) : state.problem ? (
        <EmptyState title="Ссылка не работает">
          <span>{state.problem}</span>
          <Link to="/" className="btn btn-primary">
            Перейти в каталог
          </Link>
        </EmptyState>
      ) : (
        <>
          <h1 className={styles.title}>Как вам покупки?</h1>
          <p className={styles.lead}>
            Заказ №{state.orderNumber}. Оцените каждую вещь — отзыв появится в магазине после проверки и поможет другим покупателям.
          </p>
          <ul className={styles.lines}>
            {state.lines.map((line) => (
              <LineReview key={line.order_item_id} token={token} line={line} onSaved={saved} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
