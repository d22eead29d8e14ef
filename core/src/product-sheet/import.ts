import { randomUUID } from "node:crypto";
import { prismaTransactionSql, type PrismaClient } from "@shop/prisma/db";
import { nextSku } from "@shop/prisma/sequences";
import { MADE_TO_ORDER_DAYS_MAX, STOCK_MAX } from "@shop/shared/stock";
import { looksEmpty, normalizeSearchText } from "@shop/shared/text";
import { recordProductChange, type AuditActor } from "../audit";
import { invalid } from "../errors";
import { parsePrice, readProduct } from "../products";
import { announceStockChanges, type StockNotifier } from "../stock";
import type { SheetLine } from "./columns";

export interface SheetError {
  /** the file's line, the header being line 1 */
  line: number;
  column: string;
  message: string;
}

export interface ImportResult {
  /** false for a dry run, and for a file with errors (nothing is changed then) */
  applied: boolean;
  lines: number;
  created: number;
  updated: number;
  errors: SheetError[];
}

export const IMPORT_EMPTY = "В файле нет ни одной строки с товарами";
export const IMPORT_MAX_LINES = 5000;
export const IMPORT_TOO_LONG = `В файле больше ${IMPORT_MAX_LINES} строк: разделите его на части`;
export const IMPORT_HAS_ERRORS = "В файле есть ошибки: ничего не изменено";
const missingColumn = (column: string) => `Нет столбца «${column}»`;

interface ProductFields {
  name?: string;
  price?: string;
  stock?: number | null;
  madeToOrderDays?: number | null;
  material?: string | null;
  width?: number | null;
  height?: number | null;
  depth?: number | null;
  weightGrams?: number | null;
  description?: string | null;
  /** undefined: the file has neither column; otherwise the product's categories become exactly these */
  categoryIds?: number[];
}

interface CheckedLine {
  line: number;
  /** undefined: a new product */
  productId?: number;
  fields: ProductFields;
}

const cell = (line: SheetLine, column: string) => (line[column] ?? "").trim();
const has = (columns: Set<string>, column: string) => columns.has(column);

function wholeNumber(text: string, min: number, max: number): number | null | "bad" {
  if (text === "") return null;
  if (!/^\d{1,7}$/.test(text.replace(/\s/g, ""))) return "bad";
  const value = Number(text.replace(/\s/g, ""));
  return value < min || value > max ? "bad" : value;
}

/**
 * Reads and checks a spreadsheet of products (lines with their numbers in the file); with `apply`, writes it in
 * one transaction: every line or none. A line without an article creates a product, a line with one updates that
 * product; a column the file does not have leaves that field as it is. Every line's every error is listed, in
 * Russian, with its line and column. Each product created or changed is logged as a change by `actor`.
 */
export async function importProducts(
  prisma: PrismaClient,
  notifier: StockNotifier,
  actor: AuditActor,
  header: readonly string[],
  lines: readonly { line: number; cells: SheetLine }[],
  apply: boolean,
): Promise<ImportResult> {
  if (lines.length === 0) throw invalid(IMPORT_EMPTY);
  if (lines.length > IMPORT_MAX_LINES) throw invalid(IMPORT_TOO_LONG);
  const columns = new Set(header.map((name) => name.trim()));
  const errors: SheetError[] = [];
  const fail = (line: number, column: string, message: string) => errors.push({ line, column, message });
  if (!has(columns, "Артикул") && !has(columns, "Название")) fail(1, "Артикул", missingColumn("Артикул"));

  const [products, categories] = await Promise.all([
    prisma.product.findMany({ select: { id: true, sku: true } }),
    prisma.category.findMany({ select: { id: true, name: true, type: true } }),
  ]);
  const bySku = new Map(products.map((product) => [product.sku.toLowerCase(), product.id]));
  const category = (type: "main" | "sub", name: string) =>
    categories.find((candidate) => candidate.type === type && candidate.name.toLowerCase() === name.toLowerCase());
  const seenSku = new Map<string, number>();

  const checked: CheckedLine[] = [];
  for (const { line, cells } of lines) {
    const before = errors.length;
    const fields: ProductFields = {};
    const sku = cell(cells, "Артикул");
    let productId: number | undefined;
    if (sku) {
      productId = bySku.get(sku.toLowerCase());
      const earlier = seenSku.get(sku.toLowerCase());
      if (productId === undefined) fail(line, "Артикул", `Товара с артикулом ${sku} нет`);
      else if (earlier !== undefined) fail(line, "Артикул", `Артикул ${sku} уже был в строке ${earlier}`);
      seenSku.set(sku.toLowerCase(), line);
    }
    const creating = !sku;

    if (has(columns, "Название") || creating) {
      const name = cell(cells, "Название").replace(/\s+/g, " ");
      if (!has(columns, "Название")) fail(line, "Название", missingColumn("Название"));
      else if (looksEmpty(name)) fail(line, "Название", "Введите название товара");
      else if (name.length > 200) fail(line, "Название", "Название длиннее 200 символов");
      else fields.name = name;
    }
    if (has(columns, "Цена") || creating) {
      const price = cell(cells, "Цена");
      if (!has(columns, "Цена")) fail(line, "Цена", missingColumn("Цена"));
      else {
        try {
          fields.price = parsePrice(price);
        } catch (error) {
          fail(line, "Цена", (error as Error).message);
        }
      }
    }
    const number = (column: string, min: number, max: number, message: string, set: (value: number | null) => void) => {
      if (!has(columns, column)) return;
      const value = wholeNumber(cell(cells, column), min, max);
      if (value === "bad") fail(line, column, message);
      else set(value);
    };
    number("Остаток", 0, STOCK_MAX, `Остаток — целое число от 0 до ${STOCK_MAX}, или пусто, если не ведётся`, (value) => (fields.stock = value));
    number("Срок изготовления, дн.", 1, MADE_TO_ORDER_DAYS_MAX, `Срок изготовления — от 1 до ${MADE_TO_ORDER_DAYS_MAX} дней, или пусто`, (value) => (fields.madeToOrderDays = value));
    number("Ширина, мм", 0, 100000, "Ширина — целое число миллиметров, или пусто", (value) => (fields.width = value));
    number("Высота, мм", 0, 100000, "Высота — целое число миллиметров, или пусто", (value) => (fields.height = value));
    number("Глубина, мм", 0, 100000, "Глубина — целое число миллиметров, или пусто", (value) => (fields.depth = value));
    // the parcel weight of one piece (docs/delivery.md): empty leaves it to the seller's default parcel
    number("Вес, г", 1, 100000, "Вес — целое число граммов от 1 до 100000, или пусто", (value) => (fields.weightGrams = value));
    if (has(columns, "Материал")) {
      const material = cell(cells, "Материал");
      if (material.length > 200) fail(line, "Материал", "Материал длиннее 200 символов");
      else fields.material = material || null;
    }
    if (has(columns, "Описание")) fields.description = cell(cells, "Описание") || null;
    if (has(columns, "Категория") || has(columns, "Теги")) {
      const ids: number[] = [];
      const main = cell(cells, "Категория");
      if (main) {
        const found = category("main", main);
        if (found) ids.push(found.id);
        else fail(line, "Категория", `Нет такой категории: «${main}»`);
      }
      for (const tag of cell(cells, "Теги").split(",").map((name) => name.trim()).filter(Boolean)) {
        const found = category("sub", tag);
        if (found) ids.push(found.id);
        else fail(line, "Теги", `Нет такого тега: «${tag}»`);
      }
      fields.categoryIds = [...new Set(ids)];
    }
    if (errors.length === before) checked.push({ line, productId, fields });
  }

  const result = { lines: lines.length, created: checked.filter((line) => line.productId === undefined).length, errors };
  if (!apply || errors.length > 0) return { ...result, applied: false, updated: checked.length - result.created };

  let queued = false;
  const updated = await prisma.$transaction(
    async (tx) => {
      const sql = prismaTransactionSql(tx);
      const stockChanges: { product: { id: number; name: string; sku: string }; before: number | null; after: number | null }[] = [];
      let changedCount = 0;
      for (const { productId, fields } of checked) {
        const data = {
          ...(fields.name !== undefined ? { name: fields.name, searchName: normalizeSearchText(fields.name) } : {}),
          price: fields.price,
          stock: fields.stock,
          madeToOrderDays: fields.madeToOrderDays,
          material: fields.material,
          width: fields.width,
          height: fields.height,
          depth: fields.depth,
          weightGrams: fields.weightGrams,
          description: fields.description,
        };
        if (productId === undefined) {
          // a new product's name and price were checked present above
          const created = await tx.product.create({
            data: {
              ...data,
              name: fields.name!,
              searchName: normalizeSearchText(fields.name!),
              price: fields.price!,
              sku: await nextSku(tx),
              categories: { create: (fields.categoryIds ?? []).map((categoryId) => ({ categoryId })) },
            },
            select: { id: true },
          });
          await recordProductChange(sql, actor, null, await readProduct(tx, created.id));
          continue;
        }
        const before = await readProduct(tx, productId);
        await tx.product.update({ where: { id: productId }, data });
        if (fields.categoryIds !== undefined) {
          await tx.productCategory.deleteMany({ where: { productId, categoryId: { notIn: fields.categoryIds } } });
          await tx.productCategory.createMany({ data: fields.categoryIds.map((categoryId) => ({ productId, categoryId })), skipDuplicates: true });
        }
        const after = await readProduct(tx, productId);
        if (JSON.stringify(before) !== JSON.stringify(after)) changedCount++;
        await recordProductChange(sql, actor, before, after);
        if (before.stock !== after.stock) stockChanges.push({ product: { id: productId, name: after.name, sku: after.sku }, before: before.stock, after: after.stock });
      }
      if (stockChanges.length > 0) queued = await announceStockChanges(sql, notifier, stockChanges, `import:${randomUUID()}`);
      return changedCount;
    },
    { timeout: 120_000 },
  );
  if (queued) notifier.queued?.();
  return { ...result, applied: true, updated };
}


