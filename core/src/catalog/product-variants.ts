import type { OptionKind, PersonalizationField, PersonalizationKind, ProductOption, ProductVariant } from "@shop/shared/schemas/catalog";
import { variantSummary } from "@shop/shared/variants";

/**
 * A product's options, variants and personalisation as the catalogue shows them
 * (docs/product.md#variants-and-personalisation), put together from their rows; and what they change of the
 * product's own price, stock and card.
 */

/** The rows of options, variants and personalisation, each list in display order (position, then id). */
export interface VariantRows {
  options: { id: number; product_id: number; name: string; kind: string }[];
  option_values: { id: number; option_id: number; value: string; swatch: string | null }[];
  variants: {
    id: number;
    product_id: number;
    sku: string;
    option_value_ids: number[] | null;
    price: string | null;
    stock: number | null;
    made_to_order_days: number | null;
    image_ids: number[] | null;
    enabled: boolean;
  }[];
  fields: {
    id: number;
    product_id: number;
    kind: string;
    label: string;
    hint: string | null;
    max_length: number | null;
    required: boolean;
    price: string;
  }[];
  choices: { field_id: number; value: string; price: string }[];
}

export interface ProductExtras {
  options: ProductOption[];
  /** every variant, switched-off ones included */
  variants: ProductVariant[];
  personalization: PersonalizationField[];
}

const group = <T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    let list = map.get(k);
    if (!list) map.set(k, (list = []));
    list.push(row);
  }
  return map;
};

/**
 * Per product id, its options, variants and fields. `productPrice` and `imageIds` give a variant without a price
 * the product's and drop photos the product no longer has.
 */
export function productExtras(
  rows: Partial<VariantRows>,
  productPrice: (productId: number) => number | undefined,
  imageIds: (productId: number) => readonly number[],
): Map<number, ProductExtras> {
  const extras = new Map<number, ProductExtras>();
  const of = (productId: number) => {
    let entry = extras.get(productId);
    if (!entry) extras.set(productId, (entry = { options: [], variants: [], personalization: [] }));
    return entry;
  };
  const valuesOf = group(rows.option_values ?? [], (row) => row.option_id);
  for (const option of rows.options ?? []) {
    const kind: OptionKind = option.kind === "color" ? "color" : "text";
    of(option.product_id).options.push({
      id: option.id,
      name: option.name,
      kind,
      values: (valuesOf.get(option.id) ?? []).map((v) => ({ id: v.id, value: v.value, swatch: kind === "color" ? v.swatch : null })),
    });
  }
  for (const variant of rows.variants ?? []) {
    const base = productPrice(variant.product_id);
    if (base === undefined) continue;
    const images = imageIds(variant.product_id);
    of(variant.product_id).variants.push({
      id: variant.id,
      sku: variant.sku,
      option_value_ids: variant.option_value_ids ?? [],
      price: variant.price === null ? base : Number(variant.price),
      stock: variant.stock,
      made_to_order_days: variant.made_to_order_days,
      image_ids: (variant.image_ids ?? []).filter((id) => images.includes(id)),
      enabled: variant.enabled,
    });
  }
  const choicesOf = group(rows.choices ?? [], (row) => row.field_id);
  for (const field of rows.fields ?? []) {
    const kind = field.kind as PersonalizationKind;
    const textual = kind === "text" || kind === "gift_note";
    of(field.product_id).personalization.push({
      id: field.id,
      kind,
      label: field.label,
      hint: field.hint,
      max_length: textual ? field.max_length : null,
      required: field.required,
      price: kind === "text" || kind === "gift_wrap" ? Number(field.price) : 0,
      choices: kind === "choice" ? (choicesOf.get(field.id) ?? []).map((c) => ({ value: c.value, price: Number(c.price) })) : [],
    });
  }
  return extras;
}

export interface ProductFigures {
  price: number;
  stock: number | null;
  made_to_order_days: number | null;
}

/**
 * The product's price, stock and made-to-order days as a shopper sees them: its own without options; with
 * options, those of its enabled variants (variantSummary), and sold out when none is enabled.
 */
export function shownFigures(own: ProductFigures, extras: ProductExtras | undefined): ProductFigures & { priceMax: number | null } {
  if (!extras || extras.options.length === 0) return { ...own, priceMax: null };
  const summary = variantSummary(extras.variants);
  if (!summary) return { price: own.price, stock: 0, made_to_order_days: null, priceMax: null };
  return { price: summary.price, stock: summary.stock, made_to_order_days: summary.made_to_order_days, priceMax: summary.priceMax };
}

/** The product's option and personalisation keys: only those it has (a product with neither answers as before). */
export function extraKeys(extras: ProductExtras | undefined, forAdmin: boolean): Partial<ProductExtras> {
  if (!extras) return {};
  const keys: Partial<ProductExtras> = {};
  if (extras.options.length > 0) {
    keys.options = extras.options;
    keys.variants = forAdmin ? extras.variants : extras.variants.filter((v) => v.enabled);
  }
  if (extras.personalization.length > 0) keys.personalization = extras.personalization;
  return keys;
}

/** The card opens the product instead of adding it: options to choose, or a text the shopper must write. */
export const needsChoice = (extras: ProductExtras | undefined) =>
  extras !== undefined && (extras.options.length > 0 || extras.personalization.some((field) => field.required));
