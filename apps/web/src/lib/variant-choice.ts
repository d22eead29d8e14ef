import type { PersonalizationField, Product, ProductImage, ProductOption, ProductVariant } from "@shop/shared/schemas/catalog";
import { toKopecks, toRoubles, type Kopecks } from "@shop/shared/money";
import { availabilityOf, type StockFields } from "@shop/shared/stock";
import {
  DEFAULT_MAX_LENGTH,
  GIFT_WRAP_ON,
  PERSONALIZATION_MESSAGES,
  charCount,
  chooseOptionMessage,
  variantTitle as titleOf,
} from "@shop/shared/variants";

/**
 * A product's options, variants and personalisation as the shopper chooses them (docs/product.md#choosing-a-variant): which
 * values can still be picked, the variant a choice makes, what it costs with its extras, its photos, and what the
 * personalisation fields still need. Pure functions: the product page, the admin's preview and the cart share them.
 */

export type { PersonalizationField, ProductOption, ProductVariant };

/** What a product needs for the choice: the page's product, or the admin's preview of one. */
export type ChoiceProduct = Pick<Product, "price" | "sku" | "images" | "stock" | "made_to_order_days" | "options" | "variants" | "personalization">;

/** The chosen value's id per option, in the options' order; null where nothing is chosen yet. */
export type Selection = readonly (number | null)[];

/** What the shopper typed or picked per personalisation field: text, the choice's value, "1" for gift wrap. */
export type FieldValues = Readonly<Record<number, string>>;

/** One personalisation of a cart line, as the order sends it. */
export interface ChosenPersonalization {
  field_id: number;
  value: string;
}

export const optionsOf = (product: ChoiceProduct): readonly ProductOption[] => product.options ?? [];
/** The variants a shopper can choose: the admin's preview may hold switched-off ones too. */
export const variantsOf = (product: ChoiceProduct): readonly ProductVariant[] =>
  (product.variants ?? []).filter((variant) => variant.enabled !== false);
export const fieldsOf = (product: ChoiceProduct): readonly PersonalizationField[] => product.personalization ?? [];

export const hasOptions = (product: ChoiceProduct) => optionsOf(product).length > 0;

/** Whether a variant agrees with every chosen value (option `skip` left out). */
function agrees(variant: ProductVariant, selection: Selection, skip = -1): boolean {
  return selection.every((valueId, index) => index === skip || valueId === null || variant.option_value_ids[index] === valueId);
}

/**
 * The choice a page opens with: the variant the address names (`?variant=`), else the values an option has only one
 * of, else nothing: the shopper picks, and 'Добавить в корзину' asks for what is missing.
 */
export function initialSelection(product: ChoiceProduct, variantId: number | null): Selection {
  const options = optionsOf(product);
  const named = variantId === null ? undefined : variantsOf(product).find((variant) => variant.id === variantId);
  if (named) return options.map((_, index) => named.option_value_ids[index] ?? null);
  return options.map((option) => (option.values.length === 1 ? option.values[0]!.id : null));
}

/** The variant the choice makes once every option has a value; null before that, or for a combination not offered. */
export function chosenVariant(product: ChoiceProduct, selection: Selection): ProductVariant | null {
  const options = optionsOf(product);
  if (options.length === 0 || selection.length !== options.length || selection.some((valueId) => valueId === null)) return null;
  return variantsOf(product).find((variant) => agrees(variant, selection)) ?? null;
}

export type ValueState = "available" | "sold-out" | "missing";

/**
 * What picking `valueId` for option `optionIndex` would give with the other chosen values: some variant to buy,
 * only sold-out ones, or none at all (the seller does not make that combination).
 */
export function valueState(product: ChoiceProduct, selection: Selection, optionIndex: number, valueId: number): ValueState {
  const candidates = variantsOf(product).filter(
    (variant) => variant.option_value_ids[optionIndex] === valueId && agrees(variant, selection, optionIndex),
  );
  if (candidates.length === 0) return "missing";
  return candidates.some((variant) => availabilityOf(variant).orderable) ? "available" : "sold-out";
}

/** The choice with `valueId` picked for option `optionIndex`. */
export function pick(selection: Selection, optionIndex: number, valueId: number): Selection {
  return selection.map((current, index) => (index === optionIndex ? valueId : current));
}

/** The first option still without a value, or null. */
export function missingOption(product: ChoiceProduct, selection: Selection): ProductOption | null {
  return optionsOf(product).find((_, index) => (selection[index] ?? null) === null) ?? null;
}

/** 'Выберите размер': what 'Добавить в корзину' says while an option has no value. */
export const choosePrompt = (option: Pick<ProductOption, "name">) => chooseOptionMessage(option.name);

/** 'Размер: 17, Цвет: синий': the variant as the cart and the order name it. */
export const variantTitle = (product: ChoiceProduct, variant: ProductVariant) => titleOf(optionsOf(product), variant.option_value_ids);

/** The most characters a text or a gift note takes (the shop's default when the seller set none); null for the others. */
export function maxLengthOf(field: PersonalizationField): number | null {
  if (field.kind !== "text" && field.kind !== "gift_note") return null;
  return field.max_length ?? DEFAULT_MAX_LENGTH[field.kind];
}

/** A text as the shop keeps it: a gift note without its outer spaces, any other text with its spaces collapsed too. */
export const normalizedText = (field: PersonalizationField, value: string) =>
  field.kind === "gift_note" ? value.trim() : value.replace(/\s+/g, " ").trim();

/** The lowest and highest price among the variants the choice still allows (the product's price without variants). */
export function priceRange(product: ChoiceProduct, selection: Selection): { min: number; max: number } {
  const prices = variantsOf(product)
    .filter((variant) => agrees(variant, selection))
    .map((variant) => Number(variant.price));
  if (prices.length === 0) return { min: Number(product.price), max: Number(product.price) };
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** Stock fields of what is chosen: the variant's once there is one, else the product's (its variants' sum). */
export function stockOf(product: ChoiceProduct, variant: ProductVariant | null): StockFields {
  return variant ?? product;
}

/**
 * The photos for the choice: the chosen variant's own order of the product's photos, else those of the first
 * variant the values chosen so far allow that has photos of its own (a colour picked before its size already shows
 * that colour), else the product's gallery.
 */
export function galleryOf(product: ChoiceProduct, selection: Selection): ProductImage[] {
  const variant =
    chosenVariant(product, selection) ??
    (selection.some((valueId) => valueId !== null)
      ? variantsOf(product).find((candidate) => agrees(candidate, selection) && candidate.image_ids.length > 0)
      : undefined);
  if (!variant || variant.image_ids.length === 0) return product.images;
  const byId = new Map(product.images.map((image) => [image.id, image]));
  const images = variant.image_ids.map((id) => byId.get(id)).filter((image): image is ProductImage => image !== undefined);
  return images.length > 0 ? images : product.images;
}

const isFilled = (field: PersonalizationField, value: string | undefined): value is string =>
  value !== undefined && (field.kind === "gift_wrap" ? value === GIFT_WRAP_ON : value.trim() !== "");

/** The extra price of one filled field, in kopecks. */
function extraOf(field: PersonalizationField, value: string): Kopecks {
  if (field.kind === "choice") return toKopecks(Number(field.choices.find((choice) => choice.value === value)?.price ?? 0));
  return toKopecks(Number(field.price));
}

/** What the filled fields add to one piece's price, in roubles. */
export function extrasOf(product: ChoiceProduct, values: FieldValues): number {
  let sum: Kopecks = 0;
  for (const field of fieldsOf(product)) {
    const value = values[field.id];
    if (isFilled(field, value)) sum += extraOf(field, value);
  }
  return toRoubles(sum);
}

/** A piece's price: the variant's (or the product's) and the extras, in roubles. */
export const piecePrice = (base: number | string, extras: number) => toRoubles(toKopecks(Number(base)) + toKopecks(extras));

/** The filled fields as the order sends them, in the fields' order; texts as the shop keeps them. */
export function chosenPersonalization(product: ChoiceProduct, values: FieldValues): ChosenPersonalization[] {
  return fieldsOf(product).flatMap((field) => {
    const value = values[field.id];
    if (!isFilled(field, value)) return [];
    return [{ field_id: field.id, value: field.kind === "gift_wrap" ? GIFT_WRAP_ON : normalizedText(field, value) }];
  });
}

/**
 * What a field still needs before the piece can go to the cart, field id → message: the server's own words
 * («Заполните поле «Гравировка»», «Гравировка: не больше 20 символов»). Empty when everything is in order.
 */
export function personalizationErrors(product: ChoiceProduct, values: FieldValues): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const field of fieldsOf(product)) {
    const value = values[field.id] ?? "";
    const max = maxLengthOf(field);
    if (field.required && !isFilled(field, value)) {
      errors[field.id] = PERSONALIZATION_MESSAGES.required(field.label);
    } else if (max !== null && charCount(normalizedText(field, value)) > max) {
      errors[field.id] = PERSONALIZATION_MESSAGES.tooLong(field.label, max);
    } else if (field.kind === "choice" && value !== "" && !field.choices.some((choice) => choice.value === value)) {
      errors[field.id] = PERSONALIZATION_MESSAGES.unknownChoice(field.label);
    }
  }
  return errors;
}
