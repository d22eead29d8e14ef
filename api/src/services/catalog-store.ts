import type { Database } from "@shop/prisma/db";
import { CatalogSnapshot, type CatalogRows } from "./catalog-snapshot";

/** How often an API instance asks the database whether the catalogue changed: the most another instance lags. */
export const CATALOG_CHECK_MS = 1_000;

export type CatalogDb = Pick<Database, "read">;

const VERSION_SQL = `SELECT version::text AS version FROM catalog_version`;

/**
 * Reads the whole public catalogue. The version is read first: the data read after it holds at least every
 * change up to that version (perhaps a later one too, which only means one load more).
 */
export async function loadCatalog(db: CatalogDb): Promise<CatalogSnapshot> {
  const [row] = await db.read<{ version: string }>(VERSION_SQL, []);
  const [categories, products, images, links] = await Promise.all([
    db.read<CatalogRows["categories"][number]>(`SELECT id, name, type::text AS type FROM categories`, []),
    db.read<CatalogRows["products"][number]>(
      `SELECT id, name, sku, search_name, price::text AS price, description, material, width, height, depth FROM products`,
      [],
    ),
    db.read<CatalogRows["images"][number]>(`SELECT id, product_id, image_url FROM product_images ORDER BY product_id, position, id`, []),
    db.read<CatalogRows["links"][number]>(`SELECT product_id, category_id FROM product_categories`, []),
  ]);
  return new CatalogSnapshot({ version: row?.version ?? "0", categories, products, images, links });
}

export interface CatalogStoreOptions {
  /** see CATALOG_CHECK_MS; 0 asks on every read (tests that change the database behind the API's back) */
  checkEveryMs?: number;
  onLoad?(snapshot: CatalogSnapshot, ms: number): void;
  /** a check or a reload failed while an older snapshot could still be served */
  onStaleError?(error: unknown): void;
}

/**
 * The catalogue snapshot an API instance serves, kept fresh:
 * - a write made through this instance (an admin change) calls invalidate(): the next read waits for a new
 *   snapshot, so the admin sees the change at once;
 * - a write made anywhere else (another instance, the bot, a script) raises catalog_version in the database
 *   (migration 0004); a read finds out at most CATALOG_CHECK_MS later and waits for the new snapshot.
 * Concurrent reads share one check and one load. When the database can't be reached the last snapshot is
 * still served: shoppers keep browsing, and orders (always priced from the database) wait for it.
 */
export class CatalogStore {
  private snapshot: CatalogSnapshot | null = null;
  /** the invalidate() count the current snapshot was loaded after */
  private loadedAfter = -1;
  private invalidations = 0;
  private checkedAt = 0;
  private loading: { after: number; promise: Promise<CatalogSnapshot> } | null = null;
  private checking: Promise<CatalogSnapshot> | null = null;
  private readonly checkEveryMs: number;

  constructor(
    private readonly db: CatalogDb,
    private readonly options: CatalogStoreOptions = {},
  ) {
    this.checkEveryMs = options.checkEveryMs ?? CATALOG_CHECK_MS;
  }

  /** The snapshot to answer a read from. */
  current(): Promise<CatalogSnapshot> {
    const snapshot = this.snapshot;
    if (!snapshot || this.loadedAfter !== this.invalidations) return this.load();
    if (this.checkEveryMs > 0 && Date.now() - this.checkedAt < this.checkEveryMs) return Promise.resolve(snapshot);
    this.checking ??= this.check(snapshot).finally(() => (this.checking = null));
    return this.checking;
  }

  /** The catalogue was changed through this instance: the next read loads it again. */
  invalidate(): void {
    this.invalidations++;
  }

  private async check(snapshot: CatalogSnapshot): Promise<CatalogSnapshot> {
    const startedAt = Date.now();
    try {
      const [row] = await this.db.read<{ version: string }>(VERSION_SQL, [], { prepare: true });
      if (row?.version === snapshot.version) {
        this.checkedAt = startedAt;
        return this.snapshot ?? snapshot;
      }
    } catch (error) {
      this.checkedAt = startedAt;
      this.options.onStaleError?.(error);
      return snapshot;
    }
    return this.load();
  }

  private load(): Promise<CatalogSnapshot> {
    const after = this.invalidations;
    if (this.loading?.after === after) return this.loading.promise;
    const startedAt = Date.now();
    const promise = loadCatalog(this.db)
      .then((snapshot) => {
        // loads may overlap (an invalidation during a load): the one started last wins
        if (after >= this.loadedAfter) {
          this.snapshot = snapshot;
          this.loadedAfter = after;
          this.checkedAt = startedAt;
        }
        this.options.onLoad?.(snapshot, Date.now() - startedAt);
        return this.snapshot!;
      })
      .catch((error: unknown) => {
        if (!this.snapshot) throw error;
        this.options.onStaleError?.(error);
        return this.snapshot;
      })
      .finally(() => {
        if (this.loading?.promise === promise) this.loading = null;
      });
    this.loading = { after, promise };
    return promise;
  }
}
