import type { Database } from "@shop/prisma/db";
import { nextTurn } from "@shop/prisma/event-loop-turns";
import type { VariantRows } from "./product-variants";
import { CatalogSnapshot, type CatalogRows } from "./snapshot";
import { productRatings } from "../reviews";

/** How often an API instance asks the database whether the catalogue changed: the most another instance lags. */
export const CATALOG_CHECK_MS = 1_000;

export type CatalogDb = Pick<Database, "read">;

const VERSION_SQL = `SELECT version::text AS version FROM catalog_version`;


/**
 * Products read per query while loading. On the embedded database every query runs in the server's own thread:
 * reading 10 000 products with their pictures and categories in three queries kept it busy for ≈ 1 s, and every
 * shopper's read waited behind it. A thousand at a time keeps each stretch ≈ 50–100 ms, with reads answered
 * between (prisma/src/event-loop-turns.ts). On PostgreSQL the next slice's products are read while this
 * slice's pictures and categories are, so slicing costs little there.
 */
export const LOAD_SLICE = 1_000;
/** the largest int4: the upper bound of the last slice */
const LAST_ID = 2_147_483_647;

type Rows = Omit<CatalogRows, "version" | "categories">;

const readProducts = (db: CatalogDb, afterId: number) =>
  db.read<Rows["products"][number]>(
    `SELECT id, name, sku, search_name, price::text AS price, description, material, width, height, depth, stock,
            made_to_order_days, created_at, hidden
       FROM products WHERE id > $1 ORDER BY id LIMIT $2`,
    [afterId, LOAD_SLICE],
    { prepare: true },
  );

const readImages = (db: CatalogDb, afterId: number, lastId: number) =>
  db.read<Rows["images"][number]>(
    `SELECT id, product_id, image_url FROM product_images WHERE product_id > $1 AND product_id <= $2 ORDER BY product_id, position, id`,
    [afterId, lastId],
    { prepare: true },
  );

const readLinks = (db: CatalogDb, afterId: number, lastId: number) =>
  db.read<Rows["links"][number]>(
    `SELECT product_id, category_id FROM product_categories WHERE product_id > $1 AND product_id <= $2`,
    [afterId, lastId],
    { prepare: true },
  );

/**
 * Products in slices of LOAD_SLICE by id, each with the pictures and links of its id range (the last range open
 * to the end, so a picture is never left out because its product came after the slice was read).
 */
async function readProductRows(db: CatalogDb): Promise<Rows> {
  const rows: Rows = { products: [], images: [], links: [] };
  let afterId = 0;
  let products = await readProducts(db, afterId);
  for (;;) {
    const lastId = products.length < LOAD_SLICE ? LAST_ID : products[products.length - 1]!.id;
    // the next slice's products are read alongside this slice's pictures and links
    const [images, links, next] = await Promise.all([
      readImages(db, afterId, lastId),
      readLinks(db, afterId, lastId),
      lastId === LAST_ID ? null : readProducts(db, lastId),
    ]);
    rows.products.push(...products);
    rows.images.push(...images);
    rows.links.push(...links);
    if (next === null) return rows;
    afterId = lastId;
    products = next;
  }
}

/**
 * Options, variants and personalisation: a share of the products has them, read whole (a few rows per such
 * product), each in display order.
 */
async function readVariantRows(db: CatalogDb): Promise<VariantRows> {
  const [options, option_values, variants, fields, choices] = await Promise.all([
    db.read<VariantRows["options"][number]>(`SELECT id, product_id, name, kind FROM product_options ORDER BY product_id, position, id`, []),
    db.read<VariantRows["option_values"][number]>(
      `SELECT id, option_id, value, swatch FROM product_option_values ORDER BY option_id, position, id`,
      [],
    ),
    db.read<VariantRows["variants"][number]>(
      `SELECT id, product_id, sku, option_value_ids, price::text AS price, stock, made_to_order_days, image_ids, enabled
         FROM product_variants ORDER BY product_id, position, id`,
      [],
    ),
    db.read<VariantRows["fields"][number]>(
      `SELECT id, product_id, kind, label, hint, max_length, required, price::text AS price
         FROM personalization_fields ORDER BY product_id, position, id`,
      [],
    ),
    db.read<VariantRows["choices"][number]>(`SELECT field_id, value, price::text AS price FROM personalization_choices ORDER BY field_id, position, id`, []),
  ]);
  return { options, option_values, variants, fields, choices };
}

/**
 * Reads the whole public catalogue. The version is read first: the data read after it holds at least every
 * change up to that version (perhaps a later one too, which only means one load more).
 */
export async function loadCatalog(db: CatalogDb, previous?: CatalogSnapshot): Promise<CatalogSnapshot> {
  const [row] = await db.read<{ version: string }>(VERSION_SQL, []);
  const [categories, rows, variantRows, ratings] = await Promise.all([
    db.read<CatalogRows["categories"][number]>(`SELECT id, name, type::text AS type FROM categories`, []),
    readProductRows(db),
    readVariantRows(db),
    productRatings(db),
  ]);
  return CatalogSnapshot.build({ version: row?.version ?? "0", categories, ...rows, ...variantRows, ratings }, previous, nextTurn);
}

export interface CatalogStoreOptions {
  /** see CATALOG_CHECK_MS; 0 asks on every read */
  checkEveryMs?: number;
  /**
   * Reads wait for a newer catalogue once a change is known (after refresh(), or a check that found a new
   * version) instead of being answered from the last one while it loads. With checkEveryMs 0, every read
   * then sees every committed change: for tests that change the database behind the API's back.
   */
  waitForChanges?: boolean;
  onLoad?(snapshot: CatalogSnapshot, ms: number): void;
  /** a check or a reload failed while an older snapshot could still be served */
  onStaleError?(error: unknown): void;
}

/**
 * The catalogue snapshot an API instance serves, kept fresh:
 * - a write made through this instance (an admin change) calls refresh() before its response goes out: the
 *   new snapshot is in place when the admin sees "saved", so the admin's next read shows the change;
 * - a write made anywhere else (another instance, the bot, a script) raises catalog_version in the database
 *   (migration 0004_catalog_version); a read finds out at most CATALOG_CHECK_MS later and a new snapshot is loaded.
 * While a new snapshot loads (a few hundred milliseconds at 10 000 products), reads are answered from the last
 * one: a change never makes shoppers wait. Concurrent reads share one check and one load. When the database
 * can't be reached the last snapshot is still served: shoppers keep browsing, and orders (always priced from
 * the database) wait for it.
 */
export class CatalogStore {
  private snapshot: CatalogSnapshot | null = null;
  /** the invalidation count the current snapshot was loaded after */
  private loadedAfter = -1;
  private invalidations = 0;
  private checkedAt = 0;
  private loading: { after: number; promise: Promise<CatalogSnapshot> } | null = null;
  private checking: Promise<CatalogSnapshot> | null = null;
  private readonly checkEveryMs: number;
  private readonly waitForChanges: boolean;

  constructor(
    private readonly db: CatalogDb,
    private readonly options: CatalogStoreOptions = {},
  ) {
    this.checkEveryMs = options.checkEveryMs ?? CATALOG_CHECK_MS;
    this.waitForChanges = options.waitForChanges ?? false;
  }

  /** The snapshot to answer a read from. Only the very first read waits for a load, unless waitForChanges. */
  current(): Promise<CatalogSnapshot> {
    return this.due() ?? Promise.resolve(this.snapshot!);
  }

  /**
   * As `current`, when the snapshot can be given at once (every read but the first, unless waitForChanges): null
   * when the read has to wait, then use `current`. For the shop's hottest reads, which so go without a promise.
   */
  ready(): CatalogSnapshot | null {
    return this.due() === null ? this.snapshot : null;
  }

  /** Starts the check or the load that is due; what a read has to wait for, or null when the snapshot serves it now. */
  private due(): Promise<CatalogSnapshot> | null {
    const snapshot = this.snapshot;
    if (!snapshot) return this.load();
    let next: Promise<CatalogSnapshot> | null = null;
    if (this.loadedAfter !== this.invalidations) next = this.load();
    else if (this.checkEveryMs === 0 || Date.now() - this.checkedAt >= this.checkEveryMs) {
      next = this.checking ??= this.check(snapshot).finally(() => (this.checking = null));
    }
    return this.waitForChanges ? next : null;
  }

  /**
   * As `current` once a catalogue is loaded; before that null, with the first load started (for a caller that can
   * do without rather than wait for it).
   */
  currentIfLoaded(): Promise<CatalogSnapshot> | null {
    if (this.snapshot) return this.current();
    this.load().catch(() => {});
    return null;
  }

  /**
   * The catalogue may have been changed through this instance: asks the database for its version now and,
   * when it moved, resolves once the new snapshot is in place. Never rejects (a failure keeps the last one).
   */
  async refresh(): Promise<void> {
    const snapshot = this.snapshot;
    if (!snapshot) return; // nothing loaded yet: the first read loads the catalogue as it is
    try {
      const [row] = await this.db.read<{ version: string }>(VERSION_SQL, [], { prepare: true });
      if (row?.version === this.snapshot?.version) return;
    } catch (error) {
      this.options.onStaleError?.(error);
      return;
    }
    this.invalidations++;
    await this.load().catch(() => {});
  }

  /**
   * The snapshot holding every change committed before this call, whoever made it: asks the database for its
   * version first (one small query) and waits for the load when it moved. For the admin's lists, which must show
   * what was just saved, whichever API instance saved it.
   */
  async latest(): Promise<CatalogSnapshot> {
    await this.refresh();
    return this.current();
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
    const promise = loadCatalog(this.db, this.snapshot ?? undefined)
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
        // no new load on every read while the database is away: the version check (once per checkEveryMs)
        // notices the change again and loads it then
        if (after > this.loadedAfter) {
          this.loadedAfter = after;
          this.checkedAt = startedAt;
        }
        return this.snapshot;
      })
      .finally(() => {
        if (this.loading?.promise === promise) this.loading = null;
      });
    this.loading = { after, promise };
    return promise;
  }
}
