import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { parse } from "csv-parse/sync";
import { bulkUpdateProducts, catalogueLines, duplicateProduct, IMPORT_HAS_ERRORS, importProducts, PRODUCT_COLUMNS } from "@shop/core/product-sheet";
import { Product } from "@shop/shared/schemas/catalog";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import { BulkBody, BulkResponse, ImportBody, ImportResponse } from "@shop/shared/schemas/product-sheet";
import type { App } from "../app-type";
import { badRequest } from "../http-errors";
import { attachment, csvMoney, CSV_CONTENT_TYPE, toCsv } from "../wire/csv";

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
export const CSV_UNREADABLE = "Не удалось прочитать файл: сохраните его как CSV (UTF-8, разделитель «;»)";

/** A cell our own export neutralised ('=…) reads back as it was. */
const restore = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** The file's lines with their numbers (the header is line 1), keyed by the header's column names. */
function readSheet(text: string): { header: string[]; lines: { line: number; cells: Record<string, string> }[] } {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") || !firstLine.includes(",") ? ";" : ",";
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch {
    throw badRequest(CSV_UNREADABLE);
  }
  const [head, ...rest] = records;
  if (!head) return { header: [], lines: [] };
  const header = head.record.map((name) => restore(name.trim()));
  return {
    header,
    lines: rest
      .filter(({ record }) => record.some((value) => value.trim() !== ""))
      .map(({ record, info }) => ({ line: info.lines, cells: Object.fromEntries(header.map((name, i) => [name, restore(record[i] ?? "")])) })),
  };
}

/** Products in and out of spreadsheets, and changes to many at once (docs/api-admin.md#products-in-spreadsheets). */
export default async function adminProductSheetRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = app.requireAdmin;

  app.get(
    "/api/admin/products/export.csv",
    {
      onRequest,
      schema: { tags: ["admin"], summary: "The catalogue as a CSV file (UTF-8 with BOM, `;`), one product a line", security, response: { 401: ErrorResponse, 403: ErrorResponse } },
    },
    async (_request, reply) => {
      const lines = await catalogueLines(app.prisma);
      const csv = toCsv(
        PRODUCT_COLUMNS,
        lines.map((line) => PRODUCT_COLUMNS.map((column) => (column === "Цена" ? csvMoney(line[column] as number) : line[column]))),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("Content-Type", CSV_CONTENT_TYPE)
        .header("Content-Disposition", attachment(`products-${day}.csv`))
        .header("Cache-Control", "no-store")
        .send(csv as never);
    },
  );

  app.post(
    "/api/admin/products/import",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Check a CSV of products (apply=false: the dry run) or apply it in one transaction, all lines or none",
        description: "Every line's errors are listed with the line, the column and what is wrong; with errors apply answers 422 and changes nothing.",
        security,
        body: ImportBody,
        response: { 200: ImportResponse, 422: ImportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { header, lines } = readSheet(request.body.csv);
      const apply = request.body.apply === true;
      const result = await importProducts(app.prisma, app.notifier, request.staff!.actor, header, lines, apply);
      if (apply && !result.applied) return reply.status(422).send({ message: IMPORT_HAS_ERRORS, ...result });
      return result;
    },
  );

  app.post(
    "/api/admin/products/bulk",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "One change to many products: price_percent, price_set, stock_set, category_set, tags_add, tags_remove",
        security,
        body: BulkBody,
        response: { 200: BulkResponse, ...errors },
      },
    },
    async (request) =>
      bulkUpdateProducts(app.prisma, app.notifier, request.staff!.actor, request.body.ids, {
        action: request.body.action,
        value: request.body.value,
        categoryIds: request.body.category_ids,
      }),
  );

  app.post(
    "/api/admin/products/:id/duplicate",
    {
      onRequest,
      schema: { tags: ["admin"], summary: "A copy of a product with a new article", security, params: IdParams, response: { 201: Product, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await duplicateProduct(app.prisma, request.staff!.actor, request.params.id)),
  );
}
