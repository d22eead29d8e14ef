import { formatPrice } from "./format";
import { toKopecks, type Kopecks } from "./money";
import type { PersonalizationField, ProductOption, ProductVariant } from "./schemas/catalog";

/**
 * Options, variants and personalisation (docs/product.md#variants-and-personalisation): the rules the shop's
 * server decides by and the web app shows by, one copy.
 */

/** 'В корзину' without a value of an option: «Выберите размер». */
export const chooseOptionMessage = (optionName: string) => `Выберите ${optionName.trim().toLowerCase()}`;

export const PERSONALIZATION_MESSAGES = {
  required: (label: string) => `Заполните поле «${label}»`,
  tooLong: (label: string, max: number) => `${label}: не больше ${max} символов`,
  unknownChoice: (label: string) => `${label}: выберите значение из списка`,
  unknownField: "Поле персонализации не найдено: обновите страницу товара",
  repeatedField: (label: string) => `Поле «${label}» указано дважды`,
  variantUnknown: (name: string) => `Вариант товара «${name}» больше не продаётся. Выберите другой.`,
  noVariants: (name: string) => `У товара «${name}» нет вариантов: обновите страницу товара`,
} as const;

/** What a gift_wrap field's value is when the shopper ticked it. */
export const GIFT_WRAP_ON = "1";
/** How a ticked gift wrap reads wherever a line's texts are shown: «Подарочная упаковка: Да». */
export const GIFT_WRAP_SHOWN = "Да";

/**
 * A line's personalisation entry as people read it, the same in the cart, the checkout, on the order, in the
 * manager's card and in receipts: the field's label and the text (a gift wrap: «Да»). A cart's line knows the
 * field's kind; an order's keeps the text as shown.
 */
export const shownValue = (entry: { value: string; kind?: string }) => (entry.kind === "gift_wrap" ? GIFT_WRAP_SHOWN : entry.value);
export const personalizationText = (entry: { label: string; value: string; kind?: string }) => `${entry.label}: ${shownValue(entry)}`;
/** The default longest text of a field left without max_length. */
export const DEFAULT_MAX_LENGTH = { text: 100, gift_note: 300 } as const;

/** "Размер: 17, Цвет: синий": a variant named by its options' values, in the options' order. */
export function variantTitle(options: readonly ProductOption[], optionValueIds: readonly number[]): string {
  const parts: string[] = [];
  options.forEach((option, index) => {
    const value = option.values.find((v) => v.id === optionValueIds[index]);
    if (value) parts.push(`${option.name}: ${value.value}`);
  });
  return parts.join(", ");
}

/** Length as a shopper counts characters (an emoji is one). */
export const charCount = (text: string) => [...text].length;

/** A line's personalisation as priced: the field's label, the text, the extra per piece (kopecks). */
export interface PricedPersonalization {
  fieldId: number;
  /** the chosen value of a choice field (its price is the value's); null for the other kinds */
  choice: string | null;
  label: string;
  value: string;
  price: Kopecks;
}

export type PersonalizationCheck = { ok: true; items: PricedPersonalization[] } | { ok: false; message: string };

/**
 * The shopper's entries checked against the product's fields: texts trimmed, empty ones left out, required ones
 * present, lengths within limits, choices from the list; a gift wrap not ticked is left out. The extras are the
 * fields' prices (roubles in `fields`), never anything the shopper sends. Items come in the fields' order.
 */
export function checkPersonalization(
  fields: readonly PersonalizationField[],
  entries: readonly { field_id: number; value: string }[] | undefined,
): PersonalizationCheck {
  const byField = new Map<number, string>();
  for (const entry of entries ?? []) {
    const field = fields.find((f) => f.id === entry.field_id);
    if (!field) return { ok: false, message: PERSONALIZATION_MESSAGES.unknownField };
    if (byField.has(field.id)) return { ok: false, message: PERSONALIZATION_MESSAGES.repeatedField(field.label) };
    byField.set(field.id, entry.value);
  }
  const items: PricedPersonalization[] = [];
  for (const field of fields) {
    const raw = byField.get(field.id);
    const value = raw === undefined ? "" : field.kind === "gift_note" ? raw.trim() : raw.replace(/\s+/g, " ").trim();
    if (field.kind === "gift_wrap") {
      const on = value !== "" && value !== "0" && value.toLowerCase() !== "false";
      if (!on) {
        if (field.required) return { ok: false, message: PERSONALIZATION_MESSAGES.required(field.label) };
        continue;
      }
      items.push({ fieldId: field.id, choice: null, label: field.label, value: GIFT_WRAP_SHOWN, price: toKopecks(field.price) });
      continue;
    }
    if (value === "") {
      if (field.required) return { ok: false, message: PERSONALIZATION_MESSAGES.required(field.label) };
      continue;
    }
    if (field.kind === "choice") {
      const choice = field.choices.find((c) => c.value.toLowerCase() === value.toLowerCase());
      if (!choice) return { ok: false, message: PERSONALIZATION_MESSAGES.unknownChoice(field.label) };
      items.push({ fieldId: field.id, choice: choice.value, label: field.label, value: choice.value, price: toKopecks(choice.price) });
      continue;
    }
    const max = field.max_length ?? DEFAULT_MAX_LENGTH[field.kind];
    if (charCount(value) > max) return { ok: false, message: PERSONALIZATION_MESSAGES.tooLong(field.label, max) };
    items.push({ fieldId: field.id, choice: null, label: field.label, value, price: field.kind === "text" ? toKopecks(field.price) : 0 });
  }
  return { ok: true, items };
}

/** The extras of a line per piece, in kopecks. */
export const extrasOf = (items: readonly { price: Kopecks }[]): Kopecks => items.reduce((sum, item) => sum + item.price, 0);

/**
 * What makes two cart lines one: the product, the variant and exactly the same personalisation. Lines that differ
 * in any text are two lines (two engravings are two pieces made differently).
 */
export function lineKey(productId: number, variantId: number | null | undefined, personalization: readonly { field_id: number; value: string }[] | undefined): string {
  const entries = [...(personalization ?? [])].sort((a, b) => a.field_id - b.field_id).map((e) => [e.field_id, e.value]);
  return JSON.stringify([productId, variantId ?? null, entries]);
}

/**
 * The product's own figures when it has variants: the lowest price among the enabled ones, stock summed over them
 * (null when any is not counted), made-to-order days only when every sold-out one is made to order (the
 * shortest), and the highest price when prices differ.
 */
export function variantSummary(variants: readonly Pick<ProductVariant, "price" | "stock" | "made_to_order_days" | "enabled">[]): {
  price: number;
  priceMax: number | null;
  stock: number | null;
  made_to_order_days: number | null;
} | null {
  const enabled = variants.filter((v) => v.enabled);
  if (enabled.length === 0) return null;
  let price = Infinity;
  let max = -Infinity;
  let stock: number | null = 0;
  for (const v of enabled) {
    price = Math.min(price, v.price);
    max = Math.max(max, v.price);
    stock = stock === null || v.stock === null ? null : stock + v.stock;
  }
  const soldOut = enabled.filter((v) => v.stock === 0);
  let days: number | null = null;
  if (soldOut.length > 0 && soldOut.every((v) => v.made_to_order_days !== null)) {
    days = Math.min(...soldOut.map((v) => v.made_to_order_days!));
  }
  return { price, priceMax: max > price ? max : null, stock, made_to_order_days: days };
}

/** «от 1 200 руб.» when the product's variants differ in price (a card's price_max, or its variants), else the price. */
export function priceFromLabel(product: { price: number; price_max?: number; variants?: readonly { price: number }[] }): string {
  const varies = product.price_max !== undefined || (product.variants ?? []).some((variant) => variant.price !== product.price);
  return varies ? `от ${formatPrice(product.price)}` : formatPrice(product.price);
}

/** A line as one text for people: «Кольцо (Размер: 17) — Гравировка: Маша; Подарочная упаковка: Да». */
export function lineDescription(line: { name: string; variantTitle?: string | null; personalization?: readonly { label: string; value: string }[] }): string {
  const name = line.variantTitle ? `${line.name} (${line.variantTitle})` : line.name;
  const texts = (line.personalization ?? []).map(personalizationText);
  return texts.length > 0 ? `${name} — ${texts.join("; ")}` : name;
}
