import type { PersonalizationKind } from "@shop/shared/schemas/catalog";
import type { ChosenPersonalization } from "../lib/variant-choice";
import type { ProductSnapshot } from "./product-snapshot";

/**
 * A cart line is a product, its variant and its personalisation (docs/product.md#choosing-a-variant): the same variant with
 * another engraving is another line. A line of a product without options or personalisation is keyed by the
 * product's id, as every cart was before variants, so old carts on devices and in Telegram's CloudStorage read as
 * they are; any other line by a text naming all three. (What a product page's choice makes of a product:
 * line-snapshot.ts, kept apart so that the cart every page loads stays small.)
 */
export type CartLineKey = number | string;

/** A personalisation as the line shows it: the field's label, the text or choice, the extra it adds per piece. */
export interface LinePersonalization extends ChosenPersonalization {
  label: string;
  price: number;
  kind: PersonalizationKind;
}

/** What a line keeps beside the product's snapshot: the variant (id and title) and the personalisation. */
export interface LineChoice {
  variant_id?: number;
  variant_title?: string;
  personalization?: LinePersonalization[];
}

/** A line without its quantity: the product's snapshot as the variant and the extras make it (price per piece). */
export type LineSnapshot = ProductSnapshot & LineChoice;

interface LineParts {
  id: number;
  variant_id?: number;
  personalization?: readonly ChosenPersonalization[];
}

export function lineKey(line: LineParts): CartLineKey {
  const personalization = line.personalization ?? [];
  if (line.variant_id === undefined && personalization.length === 0) return line.id;
  return JSON.stringify([line.id, line.variant_id ?? 0, personalization.map((entry) => [entry.field_id, entry.value])]);
}

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** The line's choice as it was stored: anything malformed is dropped (the line is then the plain product). */
export function parseLineChoice(value: Record<string, unknown>): LineChoice {
  const choice: LineChoice = {};
  if (isId(value.variant_id)) {
    choice.variant_id = value.variant_id;
    if (typeof value.variant_title === "string") choice.variant_title = value.variant_title;
  }
  if (Array.isArray(value.personalization)) {
    const entries = value.personalization.filter(
      (entry): entry is LinePersonalization =>
        !!entry &&
        isId((entry as LinePersonalization).field_id) &&
        typeof (entry as LinePersonalization).value === "string" &&
        typeof (entry as LinePersonalization).label === "string" &&
        typeof (entry as LinePersonalization).price === "number" &&
        ["text", "choice", "gift_wrap", "gift_note"].includes((entry as LinePersonalization).kind),
    );
    if (entries.length > 0) {
      choice.personalization = entries.map(({ field_id, value: text, label, price, kind }) => ({ field_id, value: text, label, price, kind }));
    }
  }
  return choice;
}
