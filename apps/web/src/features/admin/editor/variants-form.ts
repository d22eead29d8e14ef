import type { UpdateProductBody } from "@shop/shared/schemas/admin";
import type { Product } from "@shop/shared/schemas/catalog";
import type { ChoiceProduct, PersonalizationField, ProductOption, ProductVariant } from "../../../lib/variant-choice";
import type { EditorImage, ProductForm } from "./payload";
import { parseCount } from "./payload";

/**
 * The editor's options, variants and personalisation fields as the inputs hold them (text as typed), and what they
 * become: the combinations the table lists, the product the preview draws (docs/product.md#product-editor).
 */

export const MAX_OPTIONS = 3;
export const OPTION_NAME_MAX = 40;
export const OPTION_VALUE_MAX = 40;
export const FIELD_LABEL_MAX = 60;
export const FIELD_TEXT_MAX = 500;

let keySeed = 0;
export const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(keySeed += 1)}`;

export interface EditorOptionValue {
  key: string;
  id?: number;
  value: string;
  /** '#rrggbb' for a colour option's value */
  swatch: string;
}

export interface EditorOption {
  key: string;
  id?: number;
  name: string;
  kind: "text" | "color";
  values: EditorOptionValue[];
}

export interface EditorVariant {
  id?: number;
  /** the combination: one value per option (EditorOptionValue keys), in the options' order: a renamed value keeps its variants */
  valueKeys: string[];
  enabled: boolean;
  /** what follows the product's article ('17' → HM-000012-17) */
  suffix: string;
  /** blank: the product's price */
  price: string;
  /** blank: not counted */
  stock: string;
  /** blank: not made to order */
  madeToOrderDays: string;
  /** the product's photos (EditorImage keys) this variant shows, in its order; none: the product's gallery */
  imageKeys: string[];
  /** the variant's stock as the editor read it, for the server's guard against orders meanwhile */
  stockSeen: number | null;
}

export interface EditorChoice {
  key: string;
  value: string;
  price: string;
}

export interface EditorField {
  key: string;
  id?: number;
  kind: PersonalizationField["kind"];
  label: string;
  hint: string;
  maxLength: string;
  required: boolean;
  price: string;
  choices: EditorChoice[];
}

export const FIELD_KIND_LABELS: Record<EditorField["kind"], string> = {
  text: "Текст (гравировка, надпись)",
  choice: "Выбор из списка",
  gift_wrap: "Подарочная упаковка",
  gift_note: "Подарочная открытка",
};

const DEFAULT_FIELD_LABELS: Record<EditorField["kind"], string> = {
  text: "Гравировка",
  choice: "Вариант",
  gift_wrap: "Подарочная упаковка",
  gift_note: "Текст открытки",
};

export function newField(kind: EditorField["kind"]): EditorField {
  return {
    key: newKey("field"),
    kind,
    label: DEFAULT_FIELD_LABELS[kind],
    hint: "",
    maxLength: kind === "text" ? "20" : kind === "gift_note" ? "200" : "",
    required: false,
    price: "",
    choices: kind === "choice" ? [{ key: newKey("choice"), value: "", price: "" }] : [],
  };
}

export const newOption = (): EditorOption => ({ key: newKey("option"), name: "", kind: "text", values: [] });
export const newOptionValue = (value = "", swatch = "#c0c0c0"): EditorOptionValue => ({ key: newKey("value"), value, swatch });

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** A variant's article suffix: what its article adds to the product's ('HM-000012-17' → '17'). */
export function suffixOf(productSku: string, variantSku: string): string {
  return variantSku.startsWith(`${productSku}-`) ? variantSku.slice(productSku.length + 1) : variantSku;
}

export function optionsFromProduct(product: Product): EditorOption[] {
  return (product.options ?? []).map((option) => ({
    key: `option-${option.id}`,
    id: option.id,
    name: option.name,
    kind: option.kind,
    values: option.values.map((value) => ({ key: `value-${value.id}`, id: value.id, value: value.value, swatch: value.swatch ?? "#c0c0c0" })),
  }));
}

export function variantsFromProduct(product: Product): EditorVariant[] {
  const options = product.options ?? [];
  return (product.variants ?? []).map((variant) => ({
    id: variant.id,
    valueKeys: options.map((option, index) => `value-${variant.option_value_ids[index] ?? 0}`),
    enabled: variant.enabled,
    suffix: suffixOf(product.sku, variant.sku),
    price: text(variant.price),
    stock: text(variant.stock),
    madeToOrderDays: text(variant.made_to_order_days),
    imageKeys: variant.image_ids.map((id) => `id-${id}`),
    stockSeen: variant.stock,
  }));
}

export function fieldsFromProduct(product: Product): EditorField[] {
  return (product.personalization ?? []).map((field) => ({
    key: `field-${field.id}`,
    id: field.id,
    kind: field.kind,
    label: field.label,
    hint: field.hint ?? "",
    maxLength: text(field.max_length),
    required: field.required,
    price: Number(field.price) > 0 ? text(field.price) : "",
    choices: field.choices.map((choice, index) => ({
      key: `choice-${field.id}-${index}`,
      value: choice.value,
      price: Number(choice.price) > 0 ? text(choice.price) : "",
    })),
  }));
}

/** The options that name something: a name and at least one value (the table and the save skip the rest). */
export function usableOptions(options: readonly EditorOption[]): EditorOption[] {
  return options
    .map((option) => ({ ...option, name: option.name.trim(), values: option.values.filter((value) => value.value.trim() !== "") }))
    .filter((option) => option.name !== "" && option.values.length > 0);
}

export const comboKey = (variant: Pick<EditorVariant, "valueKeys">) => variant.valueKeys.join(" ");

/** The variant's value texts, one per usable option. */
export function variantValues(options: readonly EditorOption[], variant: Pick<EditorVariant, "valueKeys">): string[] {
  return usableOptions(options).map((option, index) => option.values.find((value) => value.key === variant.valueKeys[index])?.value.trim() ?? "");
}

/**
 * Every combination of the options' values, in their order (the first option changing slowest), each the variant
 * the editor already had for it — or a new one at the product's price, its suffix the values joined: switched on
 * when the seller has just added the value, off for a combination a saved product does not offer.
 */
export function generateVariants(options: readonly EditorOption[], current: readonly EditorVariant[], enabled = true): EditorVariant[] {
  const usable = usableOptions(options);
  if (usable.length === 0) return [];
  let combos: EditorOptionValue[][] = [[]];
  for (const option of usable) combos = combos.flatMap((combo) => option.values.map((value) => [...combo, value]));
  const known = new Map(current.map((variant) => [comboKey(variant), variant]));
  return combos.map((combo) => {
    const valueKeys = combo.map((value) => value.key);
    const existing = known.get(valueKeys.join(" "));
    if (existing) return existing;
    return {
      valueKeys,
      enabled,
      suffix: combo.map((value) => value.value.trim().replace(/\s+/g, "")).join("-"),
      price: "",
      stock: "",
      madeToOrderDays: "",
      imageKeys: [],
      stockSeen: null,
    };
  });
}

export function variantTitleOf(options: readonly EditorOption[], variant: EditorVariant): string {
  const values = variantValues(options, variant);
  return usableOptions(options)
    .map((option, index) => `${option.name}: ${values[index] ?? ""}`)
    .join(", ");
}

/** Pieces over the switched-on variants; null when one of them is not counted. */
export function totalStock(variants: readonly EditorVariant[]): number | null {
  let sum = 0;
  for (const variant of variants) {
    if (!variant.enabled) continue;
    const stock = parseCount(variant.stock);
    if (stock === null) return null;
    sum += stock;
  }
  return sum;
}

const money = (value: string) => {
  const number = Number(value.replace(",", "."));
  return value.trim() !== "" && Number.isFinite(number) && number >= 0 ? Math.round(number * 100) / 100 : null;
};

/** Editor images get preview ids: their own when saved, negative ones while they are new. */
export function previewImageIds(images: readonly EditorImage[]): Map<string, number> {
  return new Map(images.map((image, index) => [image.key, image.id ?? -(index + 1)]));
}

/**
 * The product the preview draws with the shopper's own choice component: options and values, the switched-on
 * variants (their price, stock and photos as typed), the personalisation fields. Ids are positions where nothing
 * is saved yet.
 */
export function previewProduct(
  form: ProductForm,
  images: readonly EditorImage[],
  options: readonly EditorOption[],
  variants: readonly EditorVariant[],
  fields: readonly EditorField[],
  sku: string | null,
): ChoiceProduct {
  const basePrice = money(form.price) ?? 0;
  const imageIds = previewImageIds(images);
  const usable = usableOptions(options);
  const previewOptions: ProductOption[] = usable.map((option, optionIndex) => ({
    id: optionIndex + 1,
    name: option.name,
    kind: option.kind,
    values: option.values.map((value, valueIndex) => ({
      id: (optionIndex + 1) * 1000 + valueIndex + 1,
      value: value.value.trim(),
      swatch: option.kind === "color" ? value.swatch : null,
    })),
  }));
  const previewVariants: ProductVariant[] = variants
    .filter((variant) => variant.enabled)
    .map((variant, index) => ({
      id: index + 1,
      sku: `${sku ?? "HM-…"}-${variant.suffix.trim()}`,
      option_value_ids: usable.map((option, optionIndex) => {
        const at = option.values.findIndex((value) => value.key === variant.valueKeys[optionIndex]);
        return at < 0 ? 0 : (optionIndex + 1) * 1000 + at + 1;
      }),
      price: money(variant.price) ?? basePrice,
      stock: parseCount(variant.stock),
      made_to_order_days: parseCount(variant.madeToOrderDays),
      image_ids: variant.imageKeys.map((key) => imageIds.get(key)).filter((id): id is number => id !== undefined),
      enabled: true,
    }));
  const previewFields: PersonalizationField[] = fields
    .filter((field) => field.label.trim() !== "")
    .map((field, index) => ({
      id: index + 1,
      kind: field.kind,
      label: field.label.trim(),
      hint: field.hint.trim() || null,
      max_length: field.kind === "text" || field.kind === "gift_note" ? parseCount(field.maxLength) : null,
      required: field.required,
      price: field.kind === "text" || field.kind === "gift_wrap" ? (money(field.price) ?? 0) : 0,
      choices:
        field.kind === "choice"
          ? field.choices.filter((choice) => choice.value.trim() !== "").map((choice) => ({ value: choice.value.trim(), price: money(choice.price) ?? 0 }))
          : [],
    }));
  const enabledPrices = previewVariants.map((variant) => Number(variant.price));
  return {
    price: enabledPrices.length > 0 ? Math.min(...enabledPrices) : basePrice,
    sku: sku ?? "",
    images: images.map((image) => ({ id: imageIds.get(image.key)!, image_url: image.previewUrl })),
    stock: previewVariants.length > 0 ? totalStock(variants) : parseCount(form.stock),
    made_to_order_days: previewVariants.length > 0 ? null : parseCount(form.madeToOrderDays),
    ...(previewOptions.length > 0 ? { options: previewOptions, variants: previewVariants } : {}),
    ...(previewFields.length > 0 ? { personalization: previewFields } : {}),
  };
}

const typedPrice = (value: string) => {
  const trimmed = value.trim().replace(",", ".");
  return trimmed === "" ? null : trimmed;
};

/**
 * The options, variants and personalisation as the admin API takes them (docs/api-admin.md): variants named by their
 * value texts; a switched-off combination that was never saved is left out; a variant's stock only when it is new or
 * the seller changed it, so pieces ordered while the editor was open are not written back; photos by the product's
 * image ids (`imageIds`), or, when one of them has none yet (a product being created, a photo just uploaded), all by
 * their URLs (`imageUrls`), which the server finds among the product's photos in the same save. Keys the product
 * never had and the editor leaves empty are left out, so a product without them is saved as before.
 */
export function choicePayload(
  options: readonly EditorOption[],
  variants: readonly EditorVariant[],
  fields: readonly EditorField[],
  imageIds: ReadonlyMap<string, number>,
  had: { options: boolean; personalization: boolean } = { options: false, personalization: false },
  imageUrls: ReadonlyMap<string, string> = new Map(),
): Pick<UpdateProductBody, "options" | "variants" | "personalization"> {
  const usable = usableOptions(options);
  const body: Pick<UpdateProductBody, "options" | "variants" | "personalization"> = {};
  if (usable.length > 0 || had.options) {
    body.options = usable.map((option) => ({
      ...(option.id !== undefined ? { id: option.id } : {}),
      name: option.name,
      kind: option.kind,
      values: option.values.map((value) => ({
        ...(value.id !== undefined ? { id: value.id } : {}),
        value: value.value.trim(),
        swatch: option.kind === "color" ? value.swatch : null,
      })),
    }));
    body.variants = variants
      .filter((variant) => variant.enabled || variant.id !== undefined)
      .map((variant) => {
        const stock = parseCount(variant.stock);
        const stockChanged = variant.id === undefined || stock !== variant.stockSeen;
        const imageIdsOfVariant = variant.imageKeys.map((key) => imageIds.get(key)).filter((id): id is number => id !== undefined);
        const byUrl = variant.imageKeys.some((key) => !imageIds.has(key) && imageUrls.has(key));
        const photos = byUrl
          ? { image_urls: variant.imageKeys.map((key) => imageUrls.get(key)).filter((url): url is string => url !== undefined) }
          : imageIds.size > 0
            ? { image_ids: imageIdsOfVariant }
            : {};
        return {
          option_values: variantValues(options, variant),
          ...(variant.suffix.trim() ? { sku_suffix: variant.suffix.trim() } : {}),
          price: typedPrice(variant.price),
          ...(stockChanged ? { stock } : {}),
          made_to_order_days: parseCount(variant.madeToOrderDays),
          ...photos,
          enabled: variant.enabled,
        };
      });
  }
  const named = fields.filter((field) => field.label.trim() !== "");
  if (named.length > 0 || had.personalization) {
    body.personalization = named.map((field) => ({
      ...(field.id !== undefined ? { id: field.id } : {}),
      kind: field.kind,
      label: field.label.trim(),
      hint: field.hint.trim() || null,
      ...(field.kind === "text" || field.kind === "gift_note" ? { max_length: parseCount(field.maxLength) } : {}),
      required: field.kind === "gift_wrap" ? false : field.required,
      ...(field.kind === "text" || field.kind === "gift_wrap" ? { price: typedPrice(field.price) ?? 0 } : {}),
      ...(field.kind === "choice"
        ? {
            choices: field.choices
              .filter((choice) => choice.value.trim() !== "")
              .map((choice) => ({ value: choice.value.trim(), price: typedPrice(choice.price) ?? 0 })),
          }
        : {}),
    }));
  }
  return body;
}

/** Whether any variant was given photos: a product created with them needs its image ids first. */

/** With variants the product's own stock and days are theirs, summed by the shop: the body leaves them out. */
export function withoutOwnStock<T extends { stock?: unknown; stock_seen?: unknown; made_to_order_days?: unknown }>(body: T, withVariants: boolean): T {
  if (!withVariants) return body;
  const { stock: _stock, stock_seen: _seen, made_to_order_days: _days, ...rest } = body;
  return rest as T;
}
