import type { CreateProductBody, UpdateProductBody } from "@shop/shared/schemas/admin";
import type { Product } from "@shop/shared/schemas/catalog";

/** What the editor's inputs hold: text as typed, categories as ids. */
export interface ProductForm {
  name: string;
  price: string;
  material: string;
  description: string;
  width: string;
  height: string;
  depth: string;
  /** the parcel weight of one piece in grams; blank: the seller's default parcel weight (docs/delivery.md) */
  weightGrams: string;
  mainCategoryId: number | null;
  tagIds: number[];
  /** pieces left; blank: not counted (docs/product.md#stock) */
  stock: string;
  /** days to make it once none are left; blank: not made to order */
  madeToOrderDays: string;
  /** a draft: hidden from shoppers, the bot and the feeds (docs/product.md#drafts-and-hidden-products) */
  hidden: boolean;
}

/** An image in the editor: kept from the product (id + url), uploaded during this edit (url), or still a local file. */
export interface EditorImage {
  /** stable key for React and the drag-and-drop list */
  key: string;
  id?: number;
  url?: string;
  file?: File;
  /** what the preview shows: the server URL or an object URL of the local file */
  previewUrl: string;
}

/** An image ready to be saved: every local file has been uploaded and has its URL. */
export interface SavedImage {
  id?: number;
  url: string;
}

export const EMPTY_FORM: ProductForm = {
  name: "",
  price: "",
  material: "",
  description: "",
  width: "",
  height: "",
  depth: "",
  weightGrams: "",
  mainCategoryId: null,
  tagIds: [],
  stock: "",
  madeToOrderDays: "",
  hidden: false,
};

export function formFromProduct(product: Product): ProductForm {
  const main = product.categories.find((category) => category.type === "main");
  return {
    name: product.name,
    price: String(product.price),
    material: product.material ?? "",
    description: product.description ?? "",
    width: product.width == null ? "" : String(product.width),
    height: product.height == null ? "" : String(product.height),
    depth: product.depth == null ? "" : String(product.depth),
    weightGrams: product.weight_grams == null ? "" : String(product.weight_grams),
    mainCategoryId: main?.id ?? null,
    tagIds: product.categories.filter((category) => category.type === "sub" && category.id !== main?.id).map((c) => c.id),
    stock: product.stock === null ? "" : String(product.stock),
    madeToOrderDays: product.made_to_order_days === null ? "" : String(product.made_to_order_days),
    hidden: product.hidden === true,
  };
}

/** Width, height, depth: a whole number of millimetres, or null when left blank (or not a number). */
export function parseDimension(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed.replace(",", "."));
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.round(value);
}

/** Stock and made-to-order days: a whole number, or null when left blank (the inputs' own limits check the range). */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isInteger(value) ? value : null;
}

/** The unique set of the main category and the selected tags, main first. */
export function buildCategoryIds(mainCategoryId: number | null, tagIds: readonly number[]): number[] {
  const ids = mainCategoryId == null ? [...tagIds] : [mainCategoryId, ...tagIds];
  return [...new Set(ids)];
}

function optionalText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : trimmed;
}

function commonFields(form: ProductForm) {
  return {
    name: form.name.trim(),
    price: Number(form.price.replace(",", ".")),
    material: optionalText(form.material),
    description: optionalText(form.description),
    width: parseDimension(form.width),
    height: parseDimension(form.height),
    depth: parseDimension(form.depth),
    weight_grams: parseCount(form.weightGrams),
    categoryIds: buildCategoryIds(form.mainCategoryId, form.tagIds),
    stock: parseCount(form.stock),
    made_to_order_days: parseCount(form.madeToOrderDays),
    hidden: form.hidden,
  };
}

/** POST /api/admin/products: the images as URLs in their order, the first is the main image. */
export function buildCreatePayload(form: ProductForm, images: readonly SavedImage[]): CreateProductBody {
  return { ...commonFields(form), imageUrls: images.map((image) => image.url) };
}

/**
 * PUT /api/admin/products/{id}: kept images with their id, new uploads with the URL only, in the new order. The
 * stock goes only when the admin changed it, with the stock the edit started from (`stockSeen`): orders taking
 * pieces while the editor is open are never undone by a save, and a stock typed over a figure that has moved since
 * is refused (docs/product.md#stock).
 */
export function buildUpdatePayload(form: ProductForm, images: readonly SavedImage[], stockSeen: number | null): UpdateProductBody {
  const { stock, ...fields } = commonFields(form);
  return {
    ...fields,
    ...(stock === stockSeen ? {} : { stock, stock_seen: stockSeen }),
    images: images.map((image) => (image.id != null ? { id: image.id, image_url: image.url } : { image_url: image.url })),
  };
}

/** What the unsaved-changes check compares: the inputs, the image order, the options, variants and personalisation. */
export function editorSnapshot(form: ProductForm, images: readonly EditorImage[], choice?: unknown): string {
  return JSON.stringify({ form, images: images.map((image) => image.key), ...(choice === undefined ? {} : { choice }) });
}
