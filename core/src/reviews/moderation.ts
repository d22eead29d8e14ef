import type { Database } from "@shop/prisma/db";
import { ADMIN_REVIEWS_PAGE_SIZE, REVIEW_REPLY_MAX, REVIEW_STATUS_LABELS, type ReviewStatus } from "@shop/shared/reviews";
import { type AuditActor, recordAudit } from "../audit";
import { invalid, notFound } from "../errors";

/**
 * The seller's side of reviews (docs/product.md#reviews): the moderation queue, publishing and hiding, the reply.
 * Every change is written to the audit log in its own transaction. A change to a published review raises the
 * catalogue's version (trigger of migration 0015_reviews): the product's rating and page follow at once.
 */

export const MODERATION_TEXTS = {
  notFound: "Отзыв не найден",
  replyTooLong: `Ответ — не больше ${REVIEW_REPLY_MAX} символов`,
} as const;

export interface AdminReview {
  id: number;
  status: ReviewStatus;
  rating: number;
  text: string | null;
  photoUrl: string | null;
  author: string;
  productId: number;
  productName: string;
  variantTitle: string | null;
  orderId: number;
  orderNumber: string;
  createdAt: Date;
  publishedAt: Date | null;
  reply: string | null;
  repliedAt: Date | null;
}

export interface AdminReviewFilter {
  status?: ReviewStatus;
  productId?: number;
  rating?: number;
  page?: number;
  limit?: number;
}

interface AdminRow {
  id: number;
  status: ReviewStatus;
  rating: number;
  text: string | null;
  photo_url: string | null;
  author_name: string;
  product_id: number;
  product_name: string;
  variant_title: string | null;
  order_id: number;
  order_number: string;
  created_at: Date;
  published_at: Date | null;
  reply: string | null;
  replied_at: Date | null;
}

const ADMIN_SELECT = `
  SELECT r.id, r.status::text AS status, r.rating, r.text, r.photo_url, r.author_name, r.product_id,
         COALESCE(p.name, i.product_name) AS product_name, i.variant_title, r.order_id, o.order_number,
         r.created_at, r.published_at, r.reply, r.replied_at
    FROM reviews r
    JOIN order_items i ON i.id = r.order_item_id
    JOIN orders o ON o.id = r.order_id
    LEFT JOIN products p ON p.id = r.product_id`;

const toAdmin = (row: AdminRow): AdminReview => ({
  id: row.id,
  status: row.status,
  rating: row.rating,
  text: row.text,
  photoUrl: row.photo_url,
  author: row.author_name,
  productId: row.product_id,
  productName: row.product_name,
  variantTitle: row.variant_title,
  orderId: row.order_id,
  orderNumber: row.order_number,
  createdAt: new Date(row.created_at),
  publishedAt: row.published_at ? new Date(row.published_at) : null,
  reply: row.reply,
  repliedAt: row.replied_at ? new Date(row.replied_at) : null,
});

/** The moderation queue: the oldest waiting first; any other status newest first. */
export async function listAdminReviews(db: Database, filter: AdminReviewFilter) {
  const page = filter.page ?? 1;
  const limit = filter.limit ?? ADMIN_REVIEWS_PAGE_SIZE;
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    values.push(value);
    conditions.push(condition.replace("?", `$${values.length}`));
  };
  if (filter.status) add("r.status = ?::\"ReviewStatus\"", filter.status);
  if (filter.productId !== undefined) add("r.product_id = ?", filter.productId);
  if (filter.rating !== undefined) add("r.rating = ?", filter.rating);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const order = filter.status === "pending" ? "r.created_at, r.id" : "r.created_at DESC, r.id DESC";
  const [counts] = await db.read<{ total: number; pending: number }>(
    `SELECT (SELECT count(*)::int FROM reviews r ${where}) AS total,
            (SELECT count(*)::int FROM reviews WHERE status = 'pending') AS pending`,
    values,
  );
  const rows = await db.read<AdminRow>(
    `${ADMIN_SELECT} ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${Math.min((page - 1) * limit, 2_000_000_000)}`,
    values,
  );
  const total = counts?.total ?? 0;
  return { reviews: rows.map(toAdmin), total, totalPages: Math.ceil(total / limit), page, pending: counts?.pending ?? 0 };
}

async function readAdminReview(db: Database, id: number): Promise<AdminReview> {
  const [row] = await db.read<AdminRow>(`${ADMIN_SELECT} WHERE r.id = $1`, [id]);
  if (!row) throw notFound(MODERATION_TEXTS.notFound);
  return toAdmin(row);
}

const auditLabel = (row: { product_name: string; author_name: string }) => `${row.product_name} — ${row.author_name}`;

/** Publishes or hides a review; published_at keeps when it first went on the page. */
export async function moderateReview(db: Database, actor: AuditActor | undefined, id: number, status: "published" | "hidden"): Promise<AdminReview> {
  await db.transaction(async (sql) => {
    const [before] = await sql.query<{ status: ReviewStatus; product_name: string; author_name: string }>(
      `SELECT r.status::text AS status, COALESCE(p.name, '') AS product_name, r.author_name
         FROM reviews r LEFT JOIN products p ON p.id = r.product_id WHERE r.id = $1 FOR UPDATE OF r`,
      [id],
    );
    if (!before) throw notFound(MODERATION_TEXTS.notFound);
    if (before.status === status) return;
    await sql.query(
      `UPDATE reviews SET status = $2::"ReviewStatus", updated_at = now(),
              published_at = CASE WHEN $2 = 'published' THEN COALESCE(published_at, now()) ELSE published_at END
        WHERE id = $1`,
      [id, status],
    );
    await recordAudit(sql, actor, {
      kind: "review",
      action: status === "published" ? "publish" : "hide",
      entityId: id,
      label: auditLabel(before),
      before: { status: REVIEW_STATUS_LABELS[before.status] },
      after: { status: REVIEW_STATUS_LABELS[status] },
    });
  });
  return readAdminReview(db, id);
}

/** The seller's public answer under a review; null or blank removes it. */
export async function replyToReview(db: Database, actor: AuditActor | undefined, id: number, reply: string | null): Promise<AdminReview> {
  const text = reply?.replace(/\r\n?/g, "\n").trim() || null;
  if (text && text.length > REVIEW_REPLY_MAX) throw invalid(MODERATION_TEXTS.replyTooLong, { reply: MODERATION_TEXTS.replyTooLong });
  await db.transaction(async (sql) => {
    const [before] = await sql.query<{ reply: string | null; product_name: string; author_name: string }>(
      `SELECT r.reply, COALESCE(p.name, '') AS product_name, r.author_name
         FROM reviews r LEFT JOIN products p ON p.id = r.product_id WHERE r.id = $1 FOR UPDATE OF r`,
      [id],
    );
    if (!before) throw notFound(MODERATION_TEXTS.notFound);
    if (before.reply === text) return;
    await sql.query(`UPDATE reviews SET reply = $2::text, replied_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, updated_at = now() WHERE id = $1`, [id, text]);
    await recordAudit(sql, actor, { kind: "review", action: "reply", entityId: id, label: auditLabel(before), before: { reply: before.reply }, after: { reply: text } });
  });
  return readAdminReview(db, id);
}
