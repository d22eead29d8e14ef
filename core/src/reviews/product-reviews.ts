import type { Database } from "@shop/prisma/db";
import { REVIEWS_PAGE_SIZE } from "@shop/shared/reviews";

/** A product's rating: the mean of its published reviews, one decimal, and how many there are. */
export interface RatingRow {
  product_id: number;
  count: number;
  average: number;
}

export interface PublishedReview {
  id: number;
  rating: number;
  text: string | null;
  photoUrl: string | null;
  author: string;
  variantTitle: string | null;
  publishedAt: Date;
  reply: string | null;
}

export interface ProductReviewsPage {
  rating: { average: number; count: number } | null;
  reviews: PublishedReview[];
  page: number;
  totalPages: number;
  total: number;
}

/** Every product's rating, for the catalogue's loader (cards and pages show it). */
export const RATINGS_SQL = `SELECT product_id, count(*)::int AS count, round(avg(rating), 1)::float8 AS average
  FROM reviews WHERE status = 'published' GROUP BY product_id`;

export const productRatings = (db: Pick<Database, "read">) => db.read<RatingRow>(RATINGS_SQL, []);

/** A page of a product's published reviews, newest first, with its rating. */
export async function productReviews(db: Pick<Database, "read">, productId: number, page = 1, limit = REVIEWS_PAGE_SIZE): Promise<ProductReviewsPage> {
  const [stats] = await db.read<{ count: number; average: number | null }>(
    `SELECT count(*)::int AS count, round(avg(rating), 1)::float8 AS average FROM reviews WHERE product_id = $1 AND status = 'published'`,
    [productId],
    { prepare: true },
  );
  const total = stats?.count ?? 0;
  const rows =
    total === 0
      ? []
      : await db.read<{ id: number; rating: number; text: string | null; photo_url: string | null; author_name: string; variant_title: string | null; published_at: Date; reply: string | null }>(
          `SELECT r.id, r.rating, r.text, r.photo_url, r.author_name, i.variant_title, r.published_at, r.reply
             FROM reviews r JOIN order_items i ON i.id = r.order_item_id
            WHERE r.product_id = $1 AND r.status = 'published'
            ORDER BY r.published_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
          [productId, limit, Math.min((page - 1) * limit, 2_000_000_000)],
          { prepare: true },
        );
  return {
    rating: total > 0 ? { average: stats!.average!, count: total } : null,
    reviews: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      text: row.text,
      photoUrl: row.photo_url,
      author: row.author_name,
      variantTitle: row.variant_title,
      publishedAt: new Date(row.published_at),
      reply: row.reply,
    })),
    page,
    totalPages: Math.ceil(total / limit),
    total,
  };
}
