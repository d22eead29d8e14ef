import { Prisma, type Database, type PrismaClient } from "@shop/prisma/db";
import type { Category, CatalogQuery, CatalogResponse, Product, ProductCard } from "@shop/shared/schemas/catalog";
import {
  CATALOG_PAGE_SIZE,
  RECOMMENDATIONS_LIMIT,
  SEARCH_DROPDOWN_LIMIT,
  SIMILAR_PRODUCTS_LIMIT,
} from "@shop/shared/constants";
import { normalizeSearchText } from "@shop/shared/text";
import { badRequest, notFound } from "../plugins/app/errors";

/**
 * Shopper-facing reads of the catalogue. Each read is one SQL round trip where it can be (the catalogue page
 * runs its count beside it): product cards carry their images as a JSON sub-select instead of a second query.
 *
 * The hottest reads (catalogue page, product with its similar products, search) go past Prisma through `db.read` (plain driver
 * queries on the same pool): Prisma's raw-query path cost the API process more CPU than the rest of such a
 * request. The product page and the catalogue page are prepared statements: PostgreSQL plans them once per
 * connection instead of on every request (planning a product read took 0.1–0.15 ms on a warm connection, running
 * it 0.05 ms). Search is not: its best plan depends on the query, and planning it is cheap next to running it.
 */

/** What these reads need of the database: plain SQL reads (see Database.read). */
export type CatalogDb = Pick<Database, "read">;
const run = <Row>(db: CatalogDb, query: Prisma.Sql, prepare = false) => db.read<Row>(query.text, query.values, { prepare });

export const PRODUCT_NOT_FOUND = "Товар не найден";
export const PRICE_RANGE_MESSAGE = "Цена «от» не может быть больше цены «до»";
export const PRICE_INVALID_MESSAGE = "Укажите цену числом";

interface CardRow {
  id: number;
  name: string;
  price: string;
  sku: string;
  images: { id: number; image_url: string }[] | string | null;
}

/** The images of product `alias` in their order, as a JSON array (null when it has none). */
const IMAGES_OF = (alias: string) => Prisma.sql`(SELECT json_agg(json_build_object('id', i.id, 'image_url', i.image_url) ORDER BY i.position, i.id)
     FROM product_images i WHERE i.product_id = ${Prisma.raw(alias)}.id)`;

/** Columns of a product card, `p` being the products row. */
const CARD_COLUMNS = Prisma.sql`p.id, p.name, p.price::text AS price, p.sku, ${IMAGES_OF("p")} AS images`;

/** A JSON array column: drivers hand it over parsed or as text; SQL NULL (nothing aggregated) is empty. */
function jsonList<T>(value: T[] | string | null | undefined): T[] {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

function toCard(row: CardRow): ProductCard {
  return { id: row.id, name: row.name, price: Number(row.price), sku: row.sku, images: jsonList(row.images) };
}

/**
 * Russian alphabetical order, as `localeCompare(b, "ru")` gives it; one collator for every call (localeCompare
 * with a locale builds a new one each time, which was the product read's most expensive line of our own).
 */
const byRussianName = new Intl.Collator("ru").compare;

/** Main categories first, then tags, each by name; product_count counted in one grouped query. */
export async function listCategories(prisma: PrismaClient): Promise<Category[]> {
  const rows = await prisma.$queryRaw<{ id: number; name: string; type: "main" | "sub"; product_count: number }[]>`
    SELECT c.id, c.name, c.type::text AS type, COUNT(pc.product_id)::int AS product_count
      FROM categories c
      LEFT JOIN product_categories pc ON pc.category_id = c.id
     GROUP BY c.id`;
  return rows
    .map((row) => ({ id: row.id, name: row.name, type: row.type, product_count: Number(row.product_count) }))
    .sort((a, b) => (a.type === b.type ? byRussianName(a.name, b.name) || a.id - b.id : a.type === "main" ? -1 : 1));
}

/** Largest value of an id column (PostgreSQL integer): a bigger number names nothing, and must not reach SQL. */
export const MAX_DB_ID = 2147483647;
export const isDbId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_DB_ID;

/** Comma-joined ids ("3, 5,7") as distinct numbers; the route schema already allows only digits and commas. */
export function parseIdList(raw: string | undefined): number[] {
  if (!raw) return [];
  const ids = raw.split(",").map((part) => part.trim()).filter(Boolean).map(Number);
  return [...new Set(ids)];
}

/** `column = ANY(ids)` for ids that can exist, as one int[] parameter; FALSE when none can. */
function anyOfIds(column: Prisma.Sql, ids: number[]): Prisma.Sql {
  const valid = ids.filter(isDbId);
  return valid.length > 0 ? Prisma.sql`${column} = ANY(${valid}::int[])` : Prisma.sql`FALSE`;
}

/**
 * Where catalogue totals are kept between requests: the response cache's class (api/src/plugins/app/catalog-cache.ts),
 * a second instance with the same 2 s lifetime, emptied by the same admin writes. Counting a filter's products was
 * most of the database's work for a catalogue page (1.1 ms of 1.4 ms for all 10 000 products).
 */
export interface CountCache {
  get(key: string, produce: () => Promise<string>): Promise<string>;
}

/** The largest OFFSET worth sending: anything further is past the end of any catalogue. */
const MAX_OFFSET = 2_000_000_000;

/**
 * The catalogue page. mainCategory: products linked to that category. subCategories: products that have ANY
 * of the given tags. Price bounds are inclusive. Sort: default = newest first (id desc), price ascending or
 * descending with the id as a stable tiebreak. A page past the end is an empty list with the real totalPages.
 */
export async function listProducts(db: CatalogDb, query: CatalogQuery, counts?: CountCache): Promise<CatalogResponse> {
  const page = query.page ?? 1;
  const limit = query.limit ?? CATALOG_PAGE_SIZE;
  const { priceFrom, priceTo } = query;
  for (const [field, value] of [["priceFrom", priceFrom], ["priceTo", priceTo]] as const) {
    if (value !== undefined && !Number.isFinite(value)) throw badRequest(PRICE_INVALID_MESSAGE, { [field]: PRICE_INVALID_MESSAGE });
  }
  if (priceFrom !== undefined && priceTo !== undefined && priceFrom > priceTo) {
    throw badRequest(PRICE_RANGE_MESSAGE, { priceFrom: PRICE_RANGE_MESSAGE });
  }

  // category ids travel as one array parameter: the statement's text does not depend on how many are given
  const conditions: Prisma.Sql[] = [];
  if (query.mainCategory !== undefined) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM product_categories pc
      WHERE pc.product_id = p.id AND ${anyOfIds(Prisma.sql`pc.category_id`, [query.mainCategory])})`);
  }
  // in order, so that "7,9" and "9,7" share one cached total
  const tags = parseIdList(query.subCategories).sort((x, y) => x - y);
  if (tags.length > 0) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM product_categories pc
      WHERE pc.product_id = p.id AND ${anyOfIds(Prisma.sql`pc.category_id`, tags)})`);
  }
  if (priceFrom !== undefined) conditions.push(Prisma.sql`p.price >= ${priceFrom}::numeric`);
  if (priceTo !== undefined) conditions.push(Prisma.sql`p.price <= ${priceTo}::numeric`);
  const where = conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;

  const orderBy = (alias: string) => {
    const a = Prisma.raw(alias);
    return query.sortOrder === "price-asc"
      ? Prisma.sql`${a}.price ASC, ${a}.id ASC`
      : query.sortOrder === "price-desc"
        ? Prisma.sql`${a}.price DESC, ${a}.id DESC`
        : Prisma.sql`${a}.id DESC`;
  };

  // the count depends on the filters only: every page and sort of one filter shares it (see CountCache)
  const countAll = async () => {
    const [row] = await run<{ total: number }>(db, Prisma.sql`SELECT COUNT(*)::int AS total FROM products p ${where}`, true);
    return String(row?.total ?? 0);
  };
  const counted = counts ? counts.get(`${where.text} ${JSON.stringify(where.values)}`, countAll) : countAll();
  const offset = (page - 1) * limit;
  if (offset > MAX_OFFSET) {
    const total = Number(await counted);
    return { products: [], total, totalPages: Math.ceil(total / limit), page };
  }
  // the page's cards with their images, as JSON
  const [[row], countText] = await Promise.all([
    run<{ products: CardRow[] | string | null }>(
      db,
      Prisma.sql`
      WITH page AS (
        SELECT p.id, p.name, p.price, p.sku FROM products p ${where} ORDER BY ${orderBy("p")} LIMIT ${limit}::int OFFSET ${offset}::int
      )
      SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'price', c.price::text, 'sku', c.sku, 'images', ${IMAGES_OF("c")})
                      ORDER BY ${orderBy("c")}) AS products
        FROM page c`,
      true,
    ),
    counted,
  ]);
  const total = Number(countText);
  return { products: jsonList<CardRow>(row?.products).map(toCard), total, totalPages: Math.ceil(total / limit), page };
}

/** Escapes LIKE's wildcards so that '%' and '_' typed by a shopper match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => "\\" + char);
}

/** Punctuation that may open a word inside a name: 'Тарелка «Ёлочка»', 'Салфетки (4 шт.)'. */
const WORD_SEPARATORS = `«»"'()[]-–—/.,:;!?+`;
const SEPARATOR_SPACES = " ".repeat(WORD_SEPARATORS.length);

/**
 * Search by name or article, case-insensitive, ё = е (names are matched through products.search_name).
 * Ranking: names starting with the query (and an exact article) first, then names with a word starting with
 * it, then any other match (inside a word, or part of the article); within a rank by name.
 */
export async function searchProducts(db: CatalogDb, q: string, limit = SEARCH_DROPDOWN_LIMIT): Promise<ProductCard[]> {
  const needle = normalizeSearchText(q);
  if (needle.length < 1) return [];
  const pattern = escapeLike(needle);
  // not prepared: the best plan depends on the query (trigram index from 3 characters, a scan below; a generic
  // plan was slower for queries that match thousands of names)
  const rows = await run<CardRow>(db, Prisma.sql`
    SELECT ${CARD_COLUMNS}
      FROM products p
     WHERE p.search_name LIKE '%' || ${pattern} || '%' OR lower(p.sku) LIKE '%' || ${pattern} || '%'
     ORDER BY CASE
                WHEN p.search_name LIKE ${pattern} || '%' OR lower(p.sku) = ${needle} THEN 0
                WHEN ' ' || translate(p.search_name, ${WORD_SEPARATORS}, ${SEPARATOR_SPACES}) LIKE '% ' || ${pattern} || '%' THEN 1
                ELSE 2
              END,
              p.search_name COLLATE "C", p.id
     LIMIT ${limit}::int`);
  return rows.map(toCard);
}

interface ProductRow extends CardRow {
  description: string | null;
  material: string | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  categories: { id: number; name: string; type: "main" | "sub" }[] | string | null;
}

/** The product page and the editor: images in order, categories (main first, then tags by name). One query. */
export async function getProduct(db: CatalogDb, id: number): Promise<Product> {
  if (!isDbId(id)) throw notFound(PRODUCT_NOT_FOUND);
  const [row] = await run<ProductRow>(
    db,
    Prisma.sql`
    SELECT ${CARD_COLUMNS}, p.description, p.material, p.width, p.height, p.depth,
           (SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'type', c.type))
              FROM product_categories pc JOIN categories c ON c.id = pc.category_id
             WHERE pc.product_id = p.id) AS categories
      FROM products p
     WHERE p.id = ${id}::int`,
    true,
  );
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return {
    ...toCard(row),
    description: row.description,
    material: row.material,
    width: row.width,
    height: row.height,
    depth: row.depth,
    categories: jsonList(row.categories).sort((a, b) =>
      a.type === b.type ? byRussianName(a.name, b.name) || a.id - b.id : a.type === "main" ? -1 : 1,
    ),
  };
}

/** Up to 8 products sharing a category with the given one, most shared categories first, then newest. */
export async function similarProducts(db: CatalogDb, id: number, limit = SIMILAR_PRODUCTS_LIMIT): Promise<ProductCard[]> {
  if (!isDbId(id)) throw notFound(PRODUCT_NOT_FOUND);
  // every product page asks for it next to the product: a prepared statement like the product itself
  const [row] = await run<{ found: boolean; products: CardRow[] | string | null }>(
    db,
    Prisma.sql`
    WITH shared AS (
      SELECT other.product_id, COUNT(*) AS shared
        FROM product_categories mine
        JOIN product_categories other ON other.category_id = mine.category_id AND other.product_id <> mine.product_id
       WHERE mine.product_id = ${id}::int
       GROUP BY other.product_id
       ORDER BY shared DESC, other.product_id DESC
       LIMIT ${limit}::int
    )
    SELECT EXISTS (SELECT 1 FROM products WHERE id = ${id}::int) AS found,
           (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price::text, 'sku', p.sku, 'images', ${IMAGES_OF("p")})
                            ORDER BY s.shared DESC, p.id DESC)
              FROM shared s JOIN products p ON p.id = s.product_id) AS products`,
    true,
  );
  if (!row?.found) throw notFound(PRODUCT_NOT_FOUND);
  return jsonList<CardRow>(row.products).map(toCard);
}

/**
 * Best sellers: product ids by pieces sold in orders that were not cancelled. Summing every order line is the
 * one expensive read here, so each API process keeps the ranking for a minute (recommendations tolerate that)
 * and drops it when it takes an order itself.
 */
class BestSellers {
  private cached: { ids: number[]; at: number } | null = null;
  private pending: Promise<number[]> | null = null;

  constructor(private readonly prisma: PrismaClient) {}

  async ids(): Promise<number[]> {
    if (this.cached && Date.now() - this.cached.at < BEST_SELLERS_TTL_MS) return this.cached.ids;
    this.pending ??= this.prisma.$queryRaw<{ product_id: number }[]>`
        SELECT oi.product_id
          FROM order_items oi JOIN orders o ON o.id = oi.order_id
         WHERE oi.product_id IS NOT NULL AND o.status <> 'cancelled'
         GROUP BY oi.product_id
         ORDER BY SUM(oi.quantity) DESC, oi.product_id DESC
         LIMIT ${BEST_SELLERS_KEPT}`
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

const BEST_SELLERS_TTL_MS = 60_000;
const BEST_SELLERS_KEPT = 50;
const bestSellerCaches = new WeakMap<PrismaClient, BestSellers>();

function bestSellersOf(prisma: PrismaClient): BestSellers {
  let cache = bestSellerCaches.get(prisma);
  if (!cache) bestSellerCaches.set(prisma, (cache = new BestSellers(prisma)));
  return cache;
}

/** Called after this process created an order, so that the next recommendations see it. */
export function forgetBestSellers(prisma: PrismaClient): void {
  bestSellerCaches.get(prisma)?.invalidate();
}

/** Related products are looked for among the newest this many of each cart category: bounded work per request. */
const RELATED_PER_CATEGORY = 200;

/**
 * "Вам может понравиться": up to 8 products that are not in the cart. Related ones first (sharing categories
 * with the cart, most shared first; in a big category only its 200 newest products are candidates), then best
 * sellers, then the newest products to fill the list.
 */
export async function recommendations(
  prisma: PrismaClient,
  cartProductIds: number[],
  limit = RECOMMENDATIONS_LIMIT,
): Promise<ProductCard[]> {
  const cart = [...new Set(cartProductIds.filter(isDbId))];
  // ids start at 1: an empty cart becomes (-1), never NULL, which would make NOT IN reject every row
  const cartList = cart.length > 0 ? Prisma.join(cart) : Prisma.sql`-1`;
  const topSellers = await bestSellersOf(prisma).ids();
  const sellerList = topSellers.length > 0 ? Prisma.join(topSellers) : Prisma.sql`NULL`;
  const rows = await prisma.$queryRaw<(CardRow & { tier: number; score: number })[]>`
    WITH cart_categories AS (
      SELECT DISTINCT category_id FROM product_categories WHERE product_id IN (${cartList})
    ),
    related AS (
      SELECT candidate.product_id, 0 AS tier, COUNT(*)::int AS score
        FROM cart_categories cc
       CROSS JOIN LATERAL (
              SELECT pc.product_id FROM product_categories pc
               WHERE pc.category_id = cc.category_id AND pc.product_id NOT IN (${cartList})
               ORDER BY pc.product_id DESC
               LIMIT ${RELATED_PER_CATEGORY}
            ) candidate
       GROUP BY candidate.product_id
       ORDER BY score DESC, candidate.product_id DESC
       LIMIT ${limit}
    ),
    sellers AS (
      SELECT s.id AS product_id, 1 AS tier, -s.rank AS score
        FROM unnest(ARRAY[${sellerList}]::int[]) WITH ORDINALITY AS s(id, rank)
       WHERE s.id IS NOT NULL AND s.id NOT IN (${cartList})
       LIMIT ${limit}
    ),
    newest AS (
      SELECT p.id AS product_id, 2 AS tier, 0 AS score
        FROM products p
       WHERE p.id NOT IN (${cartList})
       ORDER BY p.id DESC
       LIMIT ${limit * 3}
    ),
    ranked AS (
      SELECT DISTINCT ON (c.product_id) c.product_id, c.tier, c.score
        FROM (SELECT * FROM related UNION ALL SELECT * FROM sellers UNION ALL SELECT * FROM newest) c
       ORDER BY c.product_id, c.tier, c.score DESC
    )
    SELECT ${CARD_COLUMNS}, r.tier, r.score
      FROM ranked r JOIN products p ON p.id = r.product_id
     ORDER BY r.tier, r.score DESC, p.id DESC
     LIMIT ${limit}`;
  return rows.map(toCard);
}
