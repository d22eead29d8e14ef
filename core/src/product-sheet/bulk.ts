import { randomUUID } from "node:crypto";
import { prismaTransactionSql, type PrismaClient } from "@shop/prisma/db";
import { kopecksOf, toDecimal, fromDecimal } from "@shop/shared/money";
import { STOCK_MAX } from "@shop/shared/stock";
import { normalizeSearchText } from "@shop/shared/text";
import { nextSku } from "@shop/prisma/sequences";
import { recordProductChange, type AuditActor } from "../audit";
import { invalid, notFound, PRODUCT_NOT_FOUND } from "../errors";
import { MAX_PRICE, parsePrice, readProduct } from "../products";
import { announceStockChanges, type StockNotifier } from "../stock";

export const BULK_ACTIONS = ["price_percent", "price_set", "stock_set", "category_set", "tags_add", "tags_remove", "hide", "show"] as const;
export type BulkActionKind = (typeof BULK_ACTIONS)[number];

export interface BulkAction {
  action: string;
  /** percent for price_percent, the price for price_set, pieces (or null: not counted) for stock_set */
  value?: number | string | null;
  /** the main category (one, or none) for category_set; tags for tags_add and tags_remove */
  categoryIds?: number[];
}

export const BULK_ACTION_INVALID = `Неизвестное действие. Возможные: ${BULK_ACTIONS.join(", ")}`;
export const PERCENT_INVALID = "Процент — число от −90 до 1000, не 0";
export const BULK_STOCK_INVALID = `Остаток — целое число от 0 до ${STOCK_MAX}, или пусто, если не ведётся`;
export const BULK_CATEGORY_INVALID = "Выберите одну основную категорию или ни одной";
export const BULK_TAGS_INVALID = "Выберите хотя бы один тег";
export const BULK_PRODUCTS_MISSING = "Некоторых выбранных товаров уже нет: обновите список";
const priceOutOfRange = (name: string) => `Цена товара «${name}» выйдет за пределы от 0,01 до 1 000 000 руб.`;

/**
 * One change to the selected products, in one transaction: every product or none. Each product changed is logged
 * with its before and after; stock changes announce themselves as the editor's do.
 */
export async function bulkUpdateProducts(
  prisma: PrismaClient,
  notifier: StockNotifier,
  actor: AuditActor,
  ids: readonly number[],
  bulk: BulkAction,
): Promise<{ changed: number }> {
  if (!(BULK_ACTIONS as readonly string[]).includes(bulk.action)) throw invalid(BULK_ACTION_INVALID, { action: BULK_ACTION_INVALID });
  const action = bulk.action as BulkActionKind;
  const productIds = [...new Set(ids)];
  let percent = 0;
  let price: string | null = null;
  let stock: number | null = null;
  if (action === "price_percent") {
    percent = Number(typeof bulk.value === "string" ? bulk.value.replace(",", ".") : bulk.value);
    if (!Number.isFinite(percent) || percent === 0 || percent < -90 || percent > 1000) throw invalid(PERCENT_INVALID, { value: PERCENT_INVALID });
  } else if (action === "price_set") {
    price = parsePrice(bulk.value ?? "");
  } else if (action === "stock_set") {
    const value = bulk.value === null || bulk.value === "" ? null : Number(bulk.value);
    if (value !== null && (!Number.isInteger(value) || value < 0 || value > STOCK_MAX)) throw invalid(BULK_STOCK_INVALID, { value: BULK_STOCK_INVALID });
    stock = value;
  }
  const categoryIds = [...new Set(bulk.categoryIds ?? [])];

  let queued = false;
  const changed = await prisma.$transaction(
    async (tx) => {
      const sql = prismaTransactionSql(tx);
      // the ids as one text: an array parameter is not passed alike by every driver under Prisma's raw queries
      const locked = await sql.query<{ id: number }>(
        `SELECT id FROM products WHERE id = ANY(string_to_array($1, ',')::int[]) ORDER BY id FOR UPDATE`,
        [productIds.join(",")],
      );
      if (locked.length !== productIds.length) throw notFound(locked.length === 0 ? PRODUCT_NOT_FOUND : BULK_PRODUCTS_MISSING);
      const categories = await tx.category.findMany({ where: { id: { in: categoryIds } }, select: { id: true, type: true } });
      if (action === "category_set" && (categories.length !== categoryIds.length || categories.length > 1 || categories.some((c) => c.type !== "main"))) {
        throw invalid(BULK_CATEGORY_INVALID, { categoryIds: BULK_CATEGORY_INVALID });
      }
      if ((action === "tags_add" || action === "tags_remove") && (categories.length === 0 || categories.length !== categoryIds.length || categories.some((c) => c.type !== "sub"))) {
        throw invalid(BULK_TAGS_INVALID, { categoryIds: BULK_TAGS_INVALID });
      }
      const stockChanges: { product: { id: number; name: string; sku: string }; before: number | null; after: number | null }[] = [];
      let count = 0;
      for (const id of productIds) {
        const before = await readProduct(tx, id);
        if (action === "price_percent") {
          const now = kopecksOf(before.price)!;
          const next = Math.round((now * (100 + percent)) / 100);
          if (next < 1 || next > MAX_PRICE * 100) throw invalid(priceOutOfRange(before.name), { value: priceOutOfRange(before.name) });
          await tx.product.update({ where: { id }, data: { price: toDecimal(next) } });
        } else if (action === "price_set") {
          await tx.product.update({ where: { id }, data: { price: price! } });
        } else if (action === "stock_set") {
          await tx.product.update({ where: { id }, data: { stock } });
        } else if (action === "category_set") {
          await tx.productCategory.deleteMany({ where: { productId: id, category: { type: "main" } } });
          if (categoryIds[0] !== undefined) await tx.productCategory.create({ data: { productId: id, categoryId: categoryIds[0] } });
        } else if (action === "hide" || action === "show") {
          await tx.product.update({ where: { id }, data: { hidden: action === "hide" } });
        } else if (action === "tags_add") {
          await tx.productCategory.createMany({ data: categoryIds.map((categoryId) => ({ productId: id, categoryId })), skipDuplicates: true });
        } else {
          await tx.productCategory.deleteMany({ where: { productId: id, categoryId: { in: categoryIds } } });
        }
        const after = await readProduct(tx, id);
        if (JSON.stringify(before) === JSON.stringify(after)) continue;
        count++;
        await recordProductChange(sql, actor, before, after);
        if (before.stock !== after.stock) stockChanges.push({ product: { id, name: after.name, sku: after.sku }, before: before.stock, after: after.stock });
      }
      if (stockChanges.length > 0) queued = await announceStockChanges(sql, notifier, stockChanges, `bulk:${randomUUID()}`);
      return count;
    },
    { timeout: 60_000 },
  );
  if (queued) notifier.queued?.();
  return { changed };
}

export const COPY_SUFFIX = " (копия)";

/**
 * A new product with another's fields, categories and pictures, a new article and «(копия)» after its name: a
 * draft, hidden from shoppers until the admin shows it.
 */
export async function duplicateProduct(prisma: PrismaClient, actor: AuditActor, id: number) {
  return prisma.$transaction(async (tx) => {
    const source = await tx.product.findUnique({ where: { id }, include: { images: true, categories: true } });
    if (!source) throw notFound(PRODUCT_NOT_FOUND);
    const name = (source.name.slice(0, 200 - COPY_SUFFIX.length) + COPY_SUFFIX).trim();
    const copy = await tx.product.create({
      data: {
        sku: await nextSku(tx),
        name,
        searchName: normalizeSearchText(name),
        price: toDecimal(fromDecimal(source.price)),
        description: source.description,
        material: source.material,
        width: source.width,
        height: source.height,
        depth: source.depth,
        stock: source.stock,
        madeToOrderDays: source.madeToOrderDays,
        weightGrams: source.weightGrams,
        // a copy is a draft until the admin shows it (docs/product.md#drafts-and-hidden-products)
        hidden: true,
        images: { create: [...source.images].sort((a, b) => a.position - b.position).map((image, position) => ({ imageUrl: image.imageUrl, position })) },
        categories: { create: source.categories.map((link) => ({ categoryId: link.categoryId })) },
      },
      select: { id: true },
    });
    const product = await readProduct(tx, copy.id);
    await recordProductChange(prismaTransactionSql(tx), actor, null, product);
    return product;
  });
}
