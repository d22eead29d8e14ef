export {
  BULK_ACTION_INVALID,
  BULK_ACTIONS,
  BULK_CATEGORY_INVALID,
  BULK_PRODUCTS_MISSING,
  BULK_STOCK_INVALID,
  BULK_TAGS_INVALID,
  bulkUpdateProducts,
  COPY_SUFFIX,
  duplicateProduct,
  PERCENT_INVALID,
  type BulkAction,
} from "./bulk";
export { PRODUCT_COLUMNS, type SheetLine } from "./columns";
export { catalogueLines } from "./export";
export { IMPORT_EMPTY, IMPORT_HAS_ERRORS, IMPORT_MAX_LINES, IMPORT_TOO_LONG, importProducts, type ImportResult, type SheetError } from "./import";
