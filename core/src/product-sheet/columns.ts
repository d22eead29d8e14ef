/**
 * The catalogue's spreadsheet (docs/product.md#products-in-spreadsheets): one product a line, these columns, the
 * same for the export and the import. The article names the product to update; a line without one is a new product.
 */
export const PRODUCT_COLUMNS = [
  "Артикул",
  "Название",
  "Цена",
  "Остаток",
  "Срок изготовления, дн.",
  "Материал",
  "Ширина, мм",
  "Высота, мм",
  "Глубина, мм",
  "Вес, г",
  "Категория",
  "Теги",
  "Описание",
] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

/** A line of the spreadsheet as read: column → text, absent columns left out. */
export type SheetLine = Partial<Record<string, string>>;
