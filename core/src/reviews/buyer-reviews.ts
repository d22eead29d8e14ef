import type { Database, Sql } from "@shop/prisma/db";
import { REVIEW_TEXT_MAX, reviewAuthorName, type ReviewStatus } from "@shop/shared/reviews";
import { conflict, forbidden, invalid, notFound } from "../errors";

/**
 * A buyer writes reviews (docs/product.md#reviews): one per line of a completed order, by the order's own buyer —
 * proven by the review link's token (the bot sent it to them) or by their Telegram account (the Mini App's initData,
 * the chat's rating buttons). While the review waits for moderation the buyer may change it; once the seller has
 * published or hidden it, it stays as it is.
 */

export const REVIEW_TEXTS = {
  badLink: "Ссылка для отзыва недействительна. Откройте её заново из сообщения бота.",
  lineNotFound: "В этом заказе нет такого товара",
  notCompleted: "Отзыв можно оставить, когда заказ завершён",
  notBuyer: "Отзыв может оставить только покупатель этого заказа",
  productGone: "Этого товара больше нет в магазине",
  alreadySent: "Отзыв на этот товар уже отправлен",
  moderated: "Отзыв на этот товар уже проверен — изменить его нельзя",
  badRating: "Поставьте оценку от 1 до 5",
  textTooLong: `Отзыв — не больше ${REVIEW_TEXT_MAX} символов`,
  badPhoto: "Фото не найдено — загрузите его ещё раз",
  telegramOnly: "Откройте магазин из Telegram, чтобы оставить отзыв",
} as const;

/** Who is writing: the holder of a review link, or a Telegram user the request proves. */
export type ReviewBuyer = { token: string } | { telegramUserId: bigint | number };

export interface BuyerReview {
  id: number;
  rating: number;
  text: string | null;
  photoUrl: string | null;
  status: ReviewStatus;
}

export interface ReviewableLine {
  orderItemId: number;
  productId: number;
  name: string;
  variantTitle: string | null;
  imageUrl: string | null;
  review: BuyerReview | null;
}

export interface ReviewableOrder {
  orderId: number;
  orderNumber: string;
  lines: ReviewableLine[];
}

export interface WriteReviewInput {
  orderItemId: number;
  rating: number;
  /** undefined: keep what the review has (the chat's rating press); null or "": none */
  text?: string | null;
  photoUrl?: string | null;
}

/** A picture the shop's upload pipeline made: /uploads/<22 characters>.webp */
const PHOTO_URL = /^\/uploads\/[A-Za-z0-9_-]{22}\.webp$/;

interface LineRow {
  order_item_id: number;
  order_id: number;
  order_number: string;
  status: string;
  telegram_user_id: string | null;
  product_id: number | null;
  product_exists: boolean;
  product_name: string;
  variant_title: string | null;
  product_image: string | null;
  customer_name: string;
  telegram_first_name: string | null;
  telegram_last_name: string | null;
  review_id: number | null;
  review_rating: number | null;
  review_text: string | null;
  review_photo: string | null;
  review_status: ReviewStatus | null;
}

const LINE_SELECT = `
  SELECT i.id AS order_item_id, o.id AS order_id, o.order_number, o.status::text AS status,
         o.telegram_user_id::text AS telegram_user_id, i.product_id, (p.id IS NOT NULL) AS product_exists,
         i.product_name, i.variant_title, COALESCE(i.product_image, (SELECT pi.image_url FROM product_images pi
           WHERE pi.product_id = i.product_id ORDER BY pi.position, pi.id LIMIT 1)) AS product_image,
         o.customer_name, o.telegram_first_name, o.telegram_last_name,
         r.id AS review_id, r.rating AS review_rating, r.text AS review_text, r.photo_url AS review_photo,
         r.status::text AS review_status
    FROM order_items i
    JOIN orders o ON o.id = i.order_id
    LEFT JOIN products p ON p.id = i.product_id
    LEFT JOIN reviews r ON r.order_item_id = i.id`;

const reviewOf = (row: LineRow): BuyerReview | null =>
  row.review_id === null
    ? null
    : { id: row.review_id, rating: row.review_rating!, text: row.review_text, photoUrl: row.review_photo, status: row.review_status! };

const lineOf = (row: LineRow): ReviewableLine => ({
  orderItemId: row.order_item_id,
  productId: row.product_id!,
  name: row.product_name,
  variantTitle: row.variant_title,
  imageUrl: row.product_image,
  review: reviewOf(row),
});

async function orderIdOfToken(sql: Sql, token: string): Promise<number> {
  const [row] = await sql.query<{ order_id: number }>(`SELECT order_id FROM review_requests WHERE token = $1`, [token]);
  if (!row) throw notFound(REVIEW_TEXTS.badLink);
  return row.order_id;
}

/** The order a review link was sent for, each line that can still be reviewed (its product is in the shop). */
export async function reviewRequestOrder(db: Database, token: string): Promise<ReviewableOrder> {
  const sql = { query: <Row>(text: string, values: readonly unknown[]) => db.read<Row>(text, values) };
  const orderId = await orderIdOfToken(sql, token);
  const rows = await db.read<LineRow>(`${LINE_SELECT} WHERE i.order_id = $1 ORDER BY i.id`, [orderId]);
  if (rows.length === 0) throw notFound(REVIEW_TEXTS.badLink);
  if (rows[0]!.status !== "completed") throw forbidden(REVIEW_TEXTS.notCompleted);
  return { orderId, orderNumber: rows[0]!.order_number, lines: rows.filter((row) => row.product_exists).map(lineOf) };
}

/** Every line of the Telegram user's completed orders, newest order first: the Mini App's «Мои отзывы». */
export async function reviewableLines(db: Database, telegramUserId: bigint | number, limit = 50): Promise<(ReviewableLine & { orderNumber: string })[]> {
  const rows = await db.read<LineRow>(
    `${LINE_SELECT} WHERE o.telegram_user_id = $1::bigint AND o.status = 'completed' AND p.id IS NOT NULL
      ORDER BY o.id DESC, i.id LIMIT $2`,
    [String(telegramUserId), limit],
  );
  return rows.map((row) => ({ ...lineOf(row), orderNumber: row.order_number }));
}

function checkInput(input: WriteReviewInput): { text: string | null | undefined; photoUrl: string | null | undefined } {
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) throw invalid(REVIEW_TEXTS.badRating, { rating: REVIEW_TEXTS.badRating });
  const text = input.text === undefined ? undefined : input.text === null ? null : input.text.replace(/\r\n?/g, "\n").trim() || null;
  if (text && text.length > REVIEW_TEXT_MAX) throw invalid(REVIEW_TEXTS.textTooLong, { text: REVIEW_TEXTS.textTooLong });
  const photoUrl = input.photoUrl === undefined ? undefined : input.photoUrl || null;
  if (photoUrl && !PHOTO_URL.test(photoUrl)) throw invalid(REVIEW_TEXTS.badPhoto, { photo_url: REVIEW_TEXTS.badPhoto });
  return { text, photoUrl };
}

/**
 * Writes the buyer's review of one order line, or changes it while it waits for moderation. The rules, each with
 * its own answer: the line is in the order (the link's, or one of the user's), the order is 'Завершен', the writer
 * is its buyer, the product is still in the shop, and a review the seller already moderated stays as it is. One
 * review per line however many times and from however many tabs it is sent (the line's unique key decides).
 */
export async function writeReview(db: Database, buyer: ReviewBuyer, input: WriteReviewInput): Promise<BuyerReview> {
  const { text, photoUrl } = checkInput(input);
  return db.transaction(async (sql) => {
    const tokenOrderId = "token" in buyer ? await orderIdOfToken(sql, buyer.token) : null;
    // the line's row is locked: two writes of one line are one after the other
    const [row] = await sql.query<LineRow>(`${LINE_SELECT} WHERE i.id = $1 FOR UPDATE OF i`, [input.orderItemId]);
    if (!row || (tokenOrderId !== null && row.order_id !== tokenOrderId)) throw notFound(REVIEW_TEXTS.lineNotFound);
    if ("telegramUserId" in buyer && row.telegram_user_id !== String(buyer.telegramUserId)) throw forbidden(REVIEW_TEXTS.notBuyer);
    if (row.status !== "completed") throw forbidden(REVIEW_TEXTS.notCompleted);
    if (!row.product_exists) throw conflict(REVIEW_TEXTS.productGone);
    if (row.review_id !== null) {
      if (row.review_status !== "pending") throw conflict(REVIEW_TEXTS.moderated);
      const [updated] = await sql.query<{ id: number; rating: number; text: string | null; photo_url: string | null; status: ReviewStatus }>(
        `UPDATE reviews SET rating = $2,
                text = CASE WHEN $3::boolean THEN $4 ELSE text END,
                photo_url = CASE WHEN $5::boolean THEN $6 ELSE photo_url END,
                updated_at = now()
          WHERE id = $1 RETURNING id, rating, text, photo_url, status::text AS status`,
        [row.review_id, input.rating, text !== undefined, text ?? null, photoUrl !== undefined, photoUrl ?? null],
      );
      return { id: updated!.id, rating: updated!.rating, text: updated!.text, photoUrl: updated!.photo_url, status: updated!.status };
    }
    const author = row.telegram_first_name
      ? reviewAuthorName(row.telegram_first_name, row.telegram_last_name)
      : reviewAuthorName(...(row.customer_name.trim().split(/\s+/, 2) as [string, string | undefined]));
    const [created] = await sql.query<{ id: number }>(
      `INSERT INTO reviews (order_item_id, order_id, product_id, telegram_user_id, author_name, rating, text, photo_url)
       VALUES ($1, $2, $3, $4::bigint, $5, $6, $7, $8)
       ON CONFLICT (order_item_id) DO NOTHING RETURNING id`,
      [row.order_item_id, row.order_id, row.product_id, row.telegram_user_id, author, input.rating, text ?? null, photoUrl ?? null],
    );
    // another request wrote this line's review a moment ago
    if (!created) throw conflict(REVIEW_TEXTS.alreadySent);
    return { id: created!.id, rating: input.rating, text: text ?? null, photoUrl: photoUrl ?? null, status: "pending" };
  });
}

/** The chat's "a few words" after a rating press: the text or the photo of the buyer's review, while it waits. */
export async function addToReview(db: Database, telegramUserId: bigint | number, reviewId: number, change: { text?: string; photoUrl?: string }): Promise<BuyerReview> {
  const [row] = await db.read<{ order_item_id: number; rating: number }>(
    `SELECT order_item_id, rating FROM reviews WHERE id = $1 AND telegram_user_id = $2::bigint`,
    [reviewId, String(telegramUserId)],
  );
  if (!row) throw notFound(REVIEW_TEXTS.lineNotFound);
  return writeReview(db, { telegramUserId }, { orderItemId: row.order_item_id, rating: row.rating, text: change.text, photoUrl: change.photoUrl });
}
