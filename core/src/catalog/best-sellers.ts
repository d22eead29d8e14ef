import type { Database } from "@shop/prisma/db";

type SalesDb = Pick<Database, "read">;

/**
 * Best sellers: product ids by pieces sold in orders that were not cancelled, most sold first, then newest (id
 * descending, sort-order.ts): every product ever sold, so that the catalogue's «Популярные» sort ranks them all. Sales are the one thing the in-memory catalogue does not hold, so this is the only
 * catalogue read left in SQL, and it reads ids only: which of them are shown, and how, is the catalogue's
 * (CatalogSnapshot.recommendations). Summing every order line is expensive, so each API process keeps the
 * ranking for a minute (recommendations tolerate that) and drops it when it takes an order itself: whoever places
 * an order in this process calls forgetBestSellers(db) once it is committed.
 */

const BEST_SELLERS_TTL_MS = 60_000;

class BestSellers {
  private cached: { ids: number[]; at: number } | null = null;
  private pending: Promise<number[]> | null = null;

  constructor(private readonly db: SalesDb) {}

  /** the ranking when it is kept and fresh, else null */
  known(): number[] | null {
    return this.cached && Date.now() - this.cached.at < BEST_SELLERS_TTL_MS ? this.cached.ids : null;
  }

  async ids(): Promise<number[]> {
    const known = this.known();
    if (known) return known;
    this.pending ??= this.db
      .read<{ product_id: number }>(
        `SELECT oi.product_id
           FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE oi.product_id IS NOT NULL AND o.status <> 'cancelled'
          GROUP BY oi.product_id
          ORDER BY SUM(oi.quantity) DESC, oi.product_id DESC`,
        [],
      )
      .then((rows) => {
        const ids = rows.map((row) => row.product_id);
        this.cached = { ids, at: Date.now() };
        return ids;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  invalidate(): void {
    this.cached = null;
  }
}

const bestSellerCaches = new WeakMap<SalesDb, BestSellers>();

function bestSellersOf(db: SalesDb): BestSellers {
  let cache = bestSellerCaches.get(db);
  if (!cache) bestSellerCaches.set(db, (cache = new BestSellers(db)));
  return cache;
}

/** The best-selling product ids, best first (kept for a minute per process). */
export function bestSellerIds(db: SalesDb): Promise<number[]> {
  return bestSellersOf(db).ids();
}

/** The same when they are kept and fresh, without a promise; null when they have to be read (bestSellerIds). */
export function knownBestSellerIds(db: SalesDb): number[] | null {
  return bestSellersOf(db).known();
}

/** Called after this process created an order, so that the next recommendations see it. */
export function forgetBestSellers(db: SalesDb): void {
  bestSellerCaches.get(db)?.invalidate();
}
