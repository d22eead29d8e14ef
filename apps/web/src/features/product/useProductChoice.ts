import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { Product, ProductImage } from "@shop/shared/schemas/catalog";
import type { StockFields } from "@shop/shared/stock";
import {
  chosenPersonalization,
  chosenVariant,
  extrasOf,
  galleryOf,
  hasOptions,
  initialSelection,
  missingOption,
  personalizationErrors,
  pick,
  piecePrice,
  priceRange,
  stockOf,
  choosePrompt,
  type FieldValues,
  type ProductVariant,
  type Selection,
} from "../../lib/variant-choice";
import { lineKey, type CartLineKey, type LineSnapshot } from "../../stores/cart-line";
import { lineSnapshot } from "../../stores/line-snapshot";

export const VARIANT_PARAM = "variant";

export interface ProductChoiceState {
  selection: Selection;
  pick(optionIndex: number, valueId: number): void;
  values: FieldValues;
  setValue(fieldId: number, value: string): void;
  variant: ProductVariant | null;
  /** the option 'Добавить в корзину' asked for, until it has a value */
  askedOptionId: number | null;
  errors: Readonly<Record<number, string>>;
  /** one piece with the extras: the variant's price, or the lowest the choice still allows */
  price: number;
  /** the choice still allows different prices: the page says 'от …' */
  priceFrom: boolean;
  stock: StockFields;
  sku: string;
  images: ProductImage[];
  /** 'Выберите размер' while an option has no value, else null */
  prompt: string | null;
  /** the cart line the choice makes (its key), or null while an option has no value */
  key: CartLineKey | null;
  /**
   * The line to add, or null after telling the shopper what is missing: the option by name, or each personalisation
   * field's message (the first such field gets the focus).
   */
  takeLine(): LineSnapshot | null;
}

const parseVariantId = (raw: string | null) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

/**
 * The product page's choice (docs/product.md#choosing-a-variant): the values picked, the personalisation typed, and what
 * follows from them — price, stock, article, photos, the cart line. The address keeps the variant (`?variant=<id>`,
 * replacing the history entry) so that a shared link opens the same choice.
 */
export function useProductChoice(product: Product): ProductChoiceState {
  const [searchParams, setSearchParams] = useSearchParams();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product, parseVariantId(searchParams.get(VARIANT_PARAM))));
  const [values, setValues] = useState<FieldValues>({});
  const [askedOptionId, setAskedOptionId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Readonly<Record<number, string>>>({});

  const variant = chosenVariant(product, selection);
  const withOptions = hasOptions(product);
  const variantParam = searchParams.get(VARIANT_PARAM);
  const wantedParam = variant ? String(variant.id) : null;
  useEffect(() => {
    if (!withOptions || variantParam === wantedParam) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (wantedParam === null) next.delete(VARIANT_PARAM);
        else next.set(VARIANT_PARAM, wantedParam);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [withOptions, variantParam, wantedParam, setSearchParams]);

  const extras = extrasOf(product, values);
  const range = priceRange(product, selection);
  const missing = missingOption(product, selection);
  const chosen = chosenPersonalization(product, values);
  const ready = !withOptions || variant !== null;
  const key = ready ? lineKey({ id: product.id, variant_id: variant?.id, personalization: chosen }) : null;

  return {
    selection,
    pick(optionIndex, valueId) {
      setSelection((current) => pick(current, optionIndex, valueId));
      setAskedOptionId(null);
    },
    values,
    setValue(fieldId, value) {
      setValues((current) => ({ ...current, [fieldId]: value }));
      setErrors((current) => {
        if (!(fieldId in current)) return current;
        const { [fieldId]: _dropped, ...rest } = current;
        return rest;
      });
    },
    variant,
    askedOptionId,
    errors,
    price: piecePrice(variant ? variant.price : range.min, extras),
    priceFrom: !variant && range.min !== range.max,
    stock: stockOf(product, variant),
    sku: variant?.sku ?? product.sku,
    images: galleryOf(product, selection),
    prompt: missing ? choosePrompt(missing) : null,
    key,
    takeLine() {
      if (missing) {
        setAskedOptionId(missing.id);
        return null;
      }
      const found = personalizationErrors(product, values);
      setErrors(found);
      if (Object.keys(found).length > 0) return null;
      return lineSnapshot(product, variant?.id ?? null, chosen);
    },
  };
}
