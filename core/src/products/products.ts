import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { prismaTransactionSql, type Database, type Prisma, type PrismaClient } from "@shop/prisma/db";
import { noopNotifier, type OrderNotifier } from "../orders";
import { announceStockChanges } from "../stock";
import { nextSku } from "@shop/prisma/sequences";
import { retryingConflicts } from "@shop/prisma/unavailable";
import { isUploadedImageUrl } from "@shop/shared/images";
import type { CreateProductBody, UpdateProductBody, VariantBody } from "@shop/shared/schemas/admin";
import type { Product } from "@shop/shared/schemas/catalog";
import { looksEmpty, normalizeSearchText } from "@shop/shared/text";
import { conflict, invalid as badRequest, notFound, PRODUCT_NOT_FOUND } from "../errors";
import { kopecksOf } from "@shop/shared/money";
import { productInclude, toProduct } from "./product-mapping";
import { checkVariantWrite, writeProductVariants } from "./variants";
import { recordProductChange, type AuditActor } from "../audit";

/**
 * Product management for the admin panel: create, edit (images reordered, added, removed), delete. The admin's
 * product list is a catalogue read (@shop/core/catalog, reads.ts), by the shop's own rules.
 */

export const NAME_REQUIRED = "Введите название товара";
export const PRICE_REQUIRED = "Укажите цену";
export const PRICE_INVALID = "Цена должна быть числом больше 0, не более двух знаков после запятой";
/** 99 pieces of 100 lines at this price still fit an order total (numeric(12,2)). */
export const MAX_PRICE = 1_000_000;
export const PRICE_TOO_HIGH = "Цена не может быть больше 1 000 000 руб.";
export const ONE_MAIN_CATEGORY = "У товара может быть только одна основная категория";
export const IMAGE_URL_INVALID = "Недопустимый адрес изображения: загрузите файл через форму";
export const IMAGE_FILE_MISSING = "Изображение не найдено на сервере: загрузите его заново";
/** PUT with `stock_seen`: the stock moved (an order, another admin) after the edit began */
export const stockChangedMeanwhile = (now: number | null) =>
  `Пока вы редактировали товар, остаток изменился: ${now === null ? "теперь он не ведётся." : `сейчас ${now} шт.`} Проверьте остаток и сохраните снова.`;

type ProductFields = Pick<
  CreateProductBody,
  "name" | "price" | "material" | "description" | "width" | "height" | "depth" | "weight_grams" | "stock" | "made_to_order_days" | "hidden"
>;

/** A price as the admin typed it (number or text, comma or dot) → "1234.50", or a Russian 400. */
export function parsePrice(raw: number | string): string {
  let cents: number;
  if (typeof raw === "number") {
    // at least a kopeck once rounded: 1e-10 is not a price of 0
    const kopecks = kopecksOf(raw);
    if (kopecks === null || kopecks < 1) throw badRequest(PRICE_INVALID, { price: PRICE_INVALID });
    cents = kopecks;
  } else {
    const text = raw.replace(/\s/g, "").replace(",", ".");
    if (!text) throw badRequest(PRICE_REQUIRED, { price: PRICE_REQUIRED });
    const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
    if (!match) throw badRequest(PRICE_INVALID, { price: PRICE_INVALID });
    cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
    if (cents <= 0) throw badRequest(PRICE_INVALID, { price: PRICE_INVALID });
  }
  if (cents > MAX_PRICE * 100) throw badRequest(PRICE_TOO_HIGH, { price: PRICE_TOO_HIGH });
  return (cents / 100).toFixed(2);
}

const optionalText = (value: string | null | undefined) => (value === undefined ? undefined : looksEmpty(value) ? null : value!.trim());

/** The plain fields, checked and cleaned; undefined means "not sent" (left as it is on update). */
function productData(body: ProductFields) {
  const name = body.name.replace(/\s+/g, " ").trim();
  if (looksEmpty(name)) throw badRequest(NAME_REQUIRED, { name: NAME_REQUIRED });
  return {
    name,
    searchName: normalizeSearchText(name),
    price: parsePrice(body.price),
    material: optionalText(body.material),
    description: optionalText(body.description),
    width: body.width,
    height: body.height,
    depth: body.depth,
    weightGrams: body.weight_grams,
    stock: body.stock,
    madeToOrderDays: body.made_to_order_days,
    hidden: body.hidden,
  };
}

type Db = PrismaClient | Prisma.TransactionClient;

/** Distinct ids that all exist, with at most one main category among them. */
async function checkCategories(db: Db, categoryIds: number[] | undefined): Promise<number[] | undefined> {
  if (categoryIds === undefined) return undefined;
  const ids = [...new Set(categoryIds)];
  if (ids.length === 0) return ids;
  const found = await db.category.findMany({ where: { id: { in: ids } }, select: { id: true, type: true } });
  const missing = ids.filter((id) => !found.some((category) => category.id === id));
  if (missing.length > 0) {
    const message = `Категория не найдена: ${missing.join(", ")}`;
    throw badRequest(message, { categoryIds: message });
  }
  if (found.filter((category) => category.type === "main").length > 1) {
    throw badRequest(ONE_MAIN_CATEGORY, { categoryIds: ONE_MAIN_CATEGORY });
  }
  return ids;
}

/** A new image must be one the upload endpoint produced, and its file must be there. */
function checkNewImageUrl(uploadDir: string, url: string): string {
  const trimmed = url.trim();
  if (!isUploadedImageUrl(trimmed)) throw badRequest(IMAGE_URL_INVALID, { images: IMAGE_URL_INVALID });
  if (!existsSync(path.join(uploadDir, path.basename(trimmed)))) {
    throw badRequest(IMAGE_FILE_MISSING, { images: IMAGE_FILE_MISSING });
  }
  return trimmed;
}

/** A product as the database has it now (the admin's editor: its stock is exact, unlike the catalogue's, docs/database.md). */
export async function readProduct(db: Db, id: number): Promise<Product> {
  const row = await db.product.findUnique({ where: { id }, include: productInclude });
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toProduct(row);
}

/**
 * The stock of these products as the database has it now, by id. The catalogue in memory is loaded again when a
 * product's stock crosses what a shopper sees (sold out, 1–3 left), not on every order (docs/database.md, «The
 * catalogue version»): the admin's list shows the exact count.
 */
export async function stockNow(db: Database, products: readonly { id: number }[]): Promise<Map<number, number | null>> {
  if (products.length === 0) return new Map();
  // a product with variants: the sum over its enabled ones (null when one is not counted), as the catalogue shows it
  const rows = await db.read<{ id: number; stock: number | null }>(
    `SELECT p.id, CASE WHEN NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id) THEN p.stock
                       ELSE (SELECT CASE WHEN count(*) = 0 THEN 0 WHEN bool_or(v.stock IS NULL) THEN NULL ELSE sum(v.stock)::int END
                               FROM product_variants v WHERE v.product_id = p.id AND v.enabled) END AS stock
       FROM products p WHERE p.id = ANY($1::int[])`,
    [products.map((product) => product.id)],
  );
  return new Map(rows.map((row) => [row.id, row.stock]));
}

export const VARIANT_IMAGE_UNKNOWN = (url: string) => `Фото ${url} нет среди фото товара`;

/**
 * The product's images after the write, and the variants with their photos as ids: a variant may name its photos
 * by URL (image_urls), as a new product's, or a new upload's, have no id the body could know.
 */
async function variantImages(tx: Prisma.TransactionClient, productId: number, variants: VariantBody[] | undefined): Promise<{ variants: VariantBody[] | undefined; imageIds: Set<number> }> {
  const images = await tx.productImage.findMany({ where: { productId }, select: { id: true, imageUrl: true }, orderBy: [{ position: "asc" }, { id: "asc" }] });
  const idOf = new Map<string, number>();
  for (const image of images) if (!idOf.has(image.imageUrl)) idOf.set(image.imageUrl, image.id);
  const named = variants?.map(({ image_urls, ...variant }): VariantBody => {
    if (image_urls === undefined) return variant;
    const ids = image_urls.map((url) => {
      const id = idOf.get(url.trim());
      if (id === undefined) throw badRequest(VARIANT_IMAGE_UNKNOWN(url.trim()), { variants: VARIANT_IMAGE_UNKNOWN(url.trim()) });
      return id;
    });
    return { ...variant, image_ids: ids };
  });
  return { variants: named, imageIds: new Set(images.map((image) => image.id)) };
}

/** Creates a product with a new article; images in the given order (the first is the main image). */
export async function createProduct(prisma: PrismaClient, uploadDir: string, body: CreateProductBody, actor?: AuditActor): Promise<Product> {
  const data = productData(body);
  const variantWrite = checkVariantWrite(body);
  const imageUrls = [...new Set((body.imageUrls ?? []).map((url) => checkNewImageUrl(uploadDir, url)))];
  return retryingConflicts(() => prisma.$transaction(async (tx) => {
    const categoryIds = (await checkCategories(tx, body.categoryIds)) ?? [];
    const product = await tx.product.create({
      data: {
        ...data,
        sku: await nextSku(tx),
        images: { create: imageUrls.map((imageUrl, position) => ({ imageUrl, position })) },
        categories: { create: categoryIds.map((categoryId) => ({ categoryId })) },
      },
      select: { id: true, sku: true, name: true },
    });
    // a new product's photos have no ids the body could name yet: its variants name theirs by URL (image_urls)
    const { variants, imageIds } = await variantImages(tx, product.id, body.variants);
    await writeProductVariants(tx, product, { ...body, variants }, variantWrite, imageIds);
    const created = await readProduct(tx, product.id);
    await recordProductChange(prismaTransactionSql(tx), actor, null, created);
    return created;
  }));
}

/**
 * Updates a product; the article never changes. `images` is the complete new list in its order: kept images
 * by id (they must belong to this product), new uploads by URL; images left out are removed. Without `images`
 * or `categoryIds` those stay as they are; optional fields left out stay too, null clears them.
 */
export async function updateProduct(
  prisma: PrismaClient,
  uploadDir: string,
  id: number,
  body: UpdateProductBody,
  notifier: OrderNotifier = noopNotifier,
  actor?: AuditActor,
): Promise<Product> {
  const data = productData(body);
  const variantWrite = checkVariantWrite(body);
  const images = body.images?.map((image): { id: number } | { imageUrl: string } => {
    const id = image.id;
    return id !== undefined ? { id } : { imageUrl: checkNewImageUrl(uploadDir, image.image_url) };
  });
  let queued = false;
  // a deadlock with an order taking pieces of the same products is run again (@shop/prisma/unavailable)
  const product = await retryingConflicts(() => prisma.$transaction(async (tx) => {
    // the row is locked while it changes: an order taking its last piece waits, and the stock it started from is exact
    const sql = prismaTransactionSql(tx);
    const [locked] = await sql.query<{ stock: number | null }>(`SELECT stock FROM products WHERE id = $1 FOR UPDATE`, [id]);
    const current = locked && (await tx.product.findUnique({ where: { id }, select: { id: true, images: { select: { id: true } } } }));
    if (!current) throw notFound(PRODUCT_NOT_FOUND);
    const before = actor && (await readProduct(tx, id));
    if (body.stock !== undefined && body.stock_seen !== undefined && body.stock_seen !== locked.stock) {
      throw conflict(stockChangedMeanwhile(locked.stock));
    }
    const categoryIds = await checkCategories(tx, body.categoryIds);

    const updated = await tx.product.update({ where: { id }, data, select: { name: true, sku: true, stock: true } });

    if (categoryIds !== undefined) {
      await tx.productCategory.deleteMany({ where: { productId: id, categoryId: { notIn: categoryIds } } });
      await tx.productCategory.createMany({ data: categoryIds.map((categoryId) => ({ productId: id, categoryId })), skipDuplicates: true });
    }

    if (images !== undefined) {
      const owned = new Set(current.images.map((image) => image.id));
      const keptIds = new Set<number>();
      for (const image of images) {
        if (!("id" in image)) continue;
        if (!owned.has(image.id)) {
          const message = `Изображение ${image.id} не принадлежит этому товару`;
          throw badRequest(message, { images: message });
        }
        keptIds.add(image.id);
      }
      await tx.productImage.deleteMany({ where: { productId: id, id: { notIn: [...keptIds] } } });
      const placed = new Set<number>();
      let position = 0;
      for (const image of images) {
        if ("id" in image) {
          if (placed.has(image.id)) continue; // listed twice: the first place counts
          placed.add(image.id);
          await tx.productImage.update({ where: { id: image.id }, data: { position: position++ } });
        } else {
          await tx.productImage.create({ data: { productId: id, imageUrl: image.imageUrl, position: position++ } });
        }
      }
    }

    const { variants, imageIds } = await variantImages(tx, id, body.variants);
    const changes = await writeProductVariants(tx, { id, name: updated.name, sku: updated.sku }, { ...body, variants }, variantWrite, imageIds);
    const [stockNow] = await sql.query<{ stock: number | null }>(`SELECT stock FROM products WHERE id = $1`, [id]);
    if (stockNow!.stock !== locked.stock) changes.unshift({ product: { id, name: updated.name, sku: updated.sku }, before: locked.stock, after: stockNow!.stock });
    if (changes.length > 0) queued = await announceStockChanges(sql, notifier, changes, `edit:${randomUUID()}`);
    const after = await readProduct(tx, id);
    if (before) await recordProductChange(sql, actor, before, after);
    return after;
  }));
  if (queued) notifier.queued?.();
  return product;
}

/**
 * Deletes a product with its images and category links. Past orders keep their snapshot (name, article, image,
 * price); their item's product_id becomes null. Image files stay on disk: order snapshots may show them.
 */
export async function deleteProduct(prisma: PrismaClient, id: number, actor?: AuditActor): Promise<{ ok: true }> {
  if (actor) {
    return prisma.$transaction(async (tx) => {
      const before = await readProduct(tx, id);
      await tx.product.delete({ where: { id } });
      await recordProductChange(prismaTransactionSql(tx), actor, before, null);
      return { ok: true as const };
    });
  }
  const { count } = await prisma.product.deleteMany({ where: { id } });
  if (count === 0) throw notFound(PRODUCT_NOT_FOUND);
  return { ok: true };
}
