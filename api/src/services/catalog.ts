import { Prisma, type PrismaClient } from "@shop/prisma/db";
import type { Category, CatalogQuery, CatalogResponse, Product, ProductCard } from "@shop/shared/schemas/catalog";
import { CATALOG_PAGE_SIZE, RECOMMENDATIONS_LIMIT, SIMILAR_PRODUCTS_LIMIT } from "@shop/shared/constants";
import { badRequest, notFound } from "../plugins/app/errors";
import { compareCategories, type CatalogSnapshot } from "./catalog-snapshot";

/**
 * The shop's catalogue reads. Shoppers' reads (catalogue page, product, similar products, search, categories)
 * are answered from the in-memory catalogue (catalog-snapshot.ts); this module checks their input and says
 * what a missing product is. The admin's category list and the cart's recommendations read the database.
 */

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

/** Main categories first, then tags, each by name; product_count counted in one grouped query. */
export async function listCategories(prisma: PrismaClient): Promise<Category[]> {
  const rows = await prisma.$queryRaw<{ id: number; name: string; type: "main" | "sub"; product_count: number }[]>`
    SELECT c.id, c.name, c.type::text AS type, COUNT(pc.product_id)::int AS product_count
      FROM categories c
      LEFT JOIN product_categories pc ON pc.category_id = c.id
     GROUP BY c.id`;
  return rows
    .map((row) => ({ id: row.id, name: row.name, type: row.type, product_count: Number(row.product_count) }))
    .sort(compareCategories);
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

/**
 * A catalogue page (see CatalogSnapshot.list for the rules). mainCategory: products linked to that category;
 * subCategories: products with ANY of the given tags; price bounds inclusive.
 */
export function listProducts(catalog: CatalogSnapshot, query: CatalogQuery): CatalogResponse {
  const { priceFrom, priceTo } = query;
  for (const [field, value] of [["priceFrom", priceFrom], ["priceTo", priceTo]] as const) {
    if (value !== undefined && !Number.isFinite(value)) throw badRequest(PRICE_INVALID_MESSAGE, { [field]: PRICE_INVALID_MESSAGE });
  }
  if (priceFrom !== undefined && priceTo !== undefined && priceFrom > priceTo) {
    throw badRequest(PRICE_RANGE_MESSAGE, { priceFrom: PRICE_RANGE_MESSAGE });
  }
  return catalog.list({
    mainCategory: query.mainCategory,
    tags: parseIdList(query.subCategories),
    priceFrom,
    priceTo,
    sortOrder: query.sortOrder,
    page: query.page ?? 1,
    limit: query.limit ?? CATALOG_PAGE_SIZE,
  });
}

/** The product page and the editor's preview: images in order, categories main first, then tags by name. */
export function getProduct(catalog: CatalogSnapshot, id: number): Product {
  const product = catalog.product(id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** Up to 8 products sharing a category with the given one, most shared categories first, then newest. */
export function similarProducts(catalog: CatalogSnapshot, id: number, limit = SIMILAR_PRODUCTS_LIMIT): ProductCard[] {
  const products = catalog.similar(id, limit);
  if (!products) throw notFound(PRODUCT_NOT_FOUND);
  return products;
}

/** Escapes LIKE's wildcards so that '%' and '_' typed by an admin match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => "\\" + char);
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
