import type { Prisma } from "@shop/prisma/db";
import { type OptionBody, type PersonalizationBody, type VariantBody, VARIANT_LIMITS } from "@shop/shared/schemas/admin";
import { kopecksOf } from "@shop/shared/money";
import { looksEmpty } from "@shop/shared/text";
import { invalid as badRequest } from "../errors";
import type { StockChange } from "../stock";

/**
 * The admin's writes of a product's options, variants and personalisation
 * (docs/product.md#variants-and-personalisation), inside the product's own write transaction, with their checks
 * and Russian messages.
 */

export const VARIANT_MESSAGES = {
  tooManyOptions: `У товара может быть не больше ${VARIANT_LIMITS.options} опций`,
  optionName: "Введите название опции",
  optionTwice: (name: string) => `Опция «${name}» указана дважды`,
  noValues: (name: string) => `Добавьте значения опции «${name}»`,
  valueEmpty: (name: string) => `Значение опции «${name}» не может быть пустым`,
  valueTwice: (name: string, value: string) => `Значение «${value}» опции «${name}» указано дважды`,
  optionNotOwned: (id: number) => `Опция ${id} не принадлежит этому товару`,
  variantsWithoutOptions: "Чтобы добавить варианты, сначала добавьте опции товара",
  variantValues: (count: number) => `У каждого варианта должно быть ${count} ${count === 1 ? "значение" : "значения"} — по одному для каждой опции`,
  unknownValue: (option: string, value: string) => `У опции «${option}» нет значения «${value}»`,
  variantTwice: (title: string) => `Вариант «${title}» указан дважды`,
  suffixInvalid: "Суффикс артикула: буквы, цифры, «-» и «_», не больше 20 знаков",
  suffixTwice: (suffix: string) => `Суффикс артикула «${suffix}» уже есть у другого варианта`,
  variantPrice: "Цена варианта должна быть числом больше 0, не более двух знаков после запятой",
  imageNotOwned: (id: number) => `Изображение ${id} не принадлежит этому товару`,
  tooManyFields: `Не больше ${VARIANT_LIMITS.fields} полей персонализации`,
  fieldLabel: "Введите название поля персонализации",
  fieldNotOwned: (id: number) => `Поле персонализации ${id} не принадлежит этому товару`,
  noChoices: (label: string) => `Добавьте варианты выбора поля «${label}»`,
  choiceEmpty: (label: string) => `Вариант выбора поля «${label}» не может быть пустым`,
  choiceTwice: (label: string, value: string) => `Вариант «${value}» поля «${label}» указан дважды`,
  extraPrice: "Доплата должна быть числом от 0 до 100 000, не более двух знаков после запятой",
} as const;

const MAX_EXTRA = 100_000;
const SUFFIX = /^[\p{L}\p{N}_-]{1,20}$/u;

type Tx = Prisma.TransactionClient;

const clean = (text: string) => text.replace(/\s+/g, " ").trim();
const key = (text: string) => clean(text).toLowerCase();

/** A price as typed (a number, or text with a comma or a dot) → "1234.50"; null for none. `allowZero`: an extra may be 0. */
export function parseMoney(raw: number | string | null | undefined, allowZero: boolean, message: string, max: number): string | null {
  if (raw === null || raw === undefined) return null;
  let cents: number | null;
  if (typeof raw === "number") cents = kopecksOf(raw);
  else {
    const text = raw.replace(/\s/g, "").replace(",", ".");
    if (text === "") return null;
    const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
    cents = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
  }
  if (cents === null || cents < 0 || (!allowZero && cents === 0) || cents > max * 100) throw badRequest(message);
  return (cents / 100).toFixed(2);
}

interface CheckedOption {
  id?: number;
  name: string;
  kind: "text" | "color";
  values: { id?: number; value: string; swatch: string | null }[];
}

/** The options as sent, checked: at most 3, names and values present and distinct (any case). */
export function checkOptions(options: readonly OptionBody[]): CheckedOption[] {
  if (options.length > VARIANT_LIMITS.options) throw badRequest(VARIANT_MESSAGES.tooManyOptions, { options: VARIANT_MESSAGES.tooManyOptions });
  const names = new Set<string>();
  return options.map((option) => {
    const name = clean(option.name);
    if (looksEmpty(name)) throw badRequest(VARIANT_MESSAGES.optionName, { options: VARIANT_MESSAGES.optionName });
    if (names.has(key(name))) throw badRequest(VARIANT_MESSAGES.optionTwice(name), { options: VARIANT_MESSAGES.optionTwice(name) });
    names.add(key(name));
    if (option.values.length === 0) throw badRequest(VARIANT_MESSAGES.noValues(name), { options: VARIANT_MESSAGES.noValues(name) });
    const kind = option.kind === "color" ? "color" : "text";
    const seen = new Set<string>();
    const values = option.values.map((v) => {
      const value = clean(v.value);
      if (value === "") throw badRequest(VARIANT_MESSAGES.valueEmpty(name), { options: VARIANT_MESSAGES.valueEmpty(name) });
      if (seen.has(key(value))) throw badRequest(VARIANT_MESSAGES.valueTwice(name, value), { options: VARIANT_MESSAGES.valueTwice(name, value) });
      seen.add(key(value));
      return { id: v.id, value, swatch: kind === "color" ? (v.swatch?.toLowerCase() ?? null) : null };
    });
    return { id: option.id, name, kind, values };
  });
}

interface StoredOption {
  id: number;
  name: string;
  values: { id: number; value: string }[];
}

async function storedOptions(tx: Tx, productId: number): Promise<StoredOption[]> {
  return tx.productOption.findMany({
    where: { productId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, name: true, values: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, value: true } } },
  });
}

/**
 * Writes the options: kept ones (by id, or by the same name) and their values (by id, or the same text) keep
 * their ids, so that variants keep pointing at them; others are added; those left out are removed.
 */
async function writeOptions(tx: Tx, productId: number, options: readonly CheckedOption[]): Promise<StoredOption[]> {
  const stored = await storedOptions(tx, productId);
  const keptIds = new Set<number>();
  for (const [position, option] of options.entries()) {
    let existing = option.id !== undefined ? stored.find((o) => o.id === option.id) : stored.find((o) => key(o.name) === key(option.name) && !keptIds.has(o.id));
    if (option.id !== undefined && !existing) throw badRequest(VARIANT_MESSAGES.optionNotOwned(option.id), { options: VARIANT_MESSAGES.optionNotOwned(option.id) });
    if (existing) await tx.productOption.update({ where: { id: existing.id }, data: { name: option.name, kind: option.kind, position } });
    else existing = { ...(await tx.productOption.create({ data: { productId, name: option.name, kind: option.kind, position }, select: { id: true, name: true } })), values: [] };
    keptIds.add(existing.id);
    const keptValues = new Set<number>();
    for (const [valuePosition, value] of option.values.entries()) {
      const match = value.id !== undefined ? existing.values.find((v) => v.id === value.id) : existing.values.find((v) => key(v.value) === key(value.value) && !keptValues.has(v.id));
      if (match) {
        keptValues.add(match.id);
        await tx.productOptionValue.update({ where: { id: match.id }, data: { value: value.value, swatch: value.swatch, position: valuePosition } });
      } else {
        const created = await tx.productOptionValue.create({ data: { optionId: existing.id, value: value.value, swatch: value.swatch, position: valuePosition }, select: { id: true } });
        keptValues.add(created.id);
      }
    }
    await tx.productOptionValue.deleteMany({ where: { optionId: existing.id, id: { notIn: [...keptValues] } } });
  }
  await tx.productOption.deleteMany({ where: { productId, id: { notIn: [...keptIds] } } });
  return storedOptions(tx, productId);
}

/** The default suffix of a variant's article: its values, letters and digits only, joined by "-". */
function defaultSuffix(values: readonly string[]): string {
  const text = values.map((v) => v.replace(/[^\p{L}\p{N}]+/gu, "")).filter(Boolean).join("-");
  return text.slice(0, VARIANT_LIMITS.skuSuffix).replace(/-+$/, "");
}

interface StoredVariant {
  id: number;
  sku: string;
  optionValueIds: number[];
  stock: number | null;
}

/**
 * Writes the whole set of variants: a variant is its combination of values (one per option); one already stored
 * with the same combination keeps its id, article and (unless sent) its price, stock, photos and state. Variants
 * left out are deleted, or switched off when an order has them. Returns the stock changes of kept variants.
 */
async function writeVariants(
  tx: Tx,
  product: { id: number; sku: string; name: string },
  options: readonly StoredOption[],
  variants: readonly VariantBody[],
  imageIds: ReadonlySet<number> | null,
): Promise<StockChange[]> {
  if (variants.length > 0 && options.length === 0) throw badRequest(VARIANT_MESSAGES.variantsWithoutOptions, { variants: VARIANT_MESSAGES.variantsWithoutOptions });
  const stored: StoredVariant[] = await tx.productVariant.findMany({ where: { productId: product.id }, select: { id: true, sku: true, optionValueIds: true, stock: true } });
  const resolvedSkus = new Set<string>();
  const combinationOf = (ids: readonly number[]) => ids.join(".");
  const storedByCombination = new Map(stored.map((v) => [combinationOf(v.optionValueIds), v]));

  // every variant's values as ids, checked, before anything is written
  const resolved = variants.map((variant) => {
    if (variant.option_values.length !== options.length) throw badRequest(VARIANT_MESSAGES.variantValues(options.length), { variants: VARIANT_MESSAGES.variantValues(options.length) });
    const values = options.map((option, index) => {
      const text = variant.option_values[index]!;
      const value = option.values.find((v) => key(v.value) === key(text));
      if (!value) throw badRequest(VARIANT_MESSAGES.unknownValue(option.name, clean(text)), { variants: VARIANT_MESSAGES.unknownValue(option.name, clean(text)) });
      return value;
    });
    const title = options.map((option, index) => `${option.name}: ${values[index]!.value}`).join(", ");
    return { variant, values, title, combination: combinationOf(values.map((v) => v.id)) };
  });
  const combinations = new Set<string>();
  for (const { combination, title } of resolved) {
    if (combinations.has(combination)) throw badRequest(VARIANT_MESSAGES.variantTwice(title), { variants: VARIANT_MESSAGES.variantTwice(title) });
    combinations.add(combination);
  }
  // articles taken: those of variants that stay as they are, or that go (an ordered one stays, switched off)
  const taken = new Set(stored.filter((v) => !combinations.has(combinationOf(v.optionValueIds))).map((v) => v.sku.toLowerCase()));
  for (const { variant, combination } of resolved) {
    const existing = storedByCombination.get(combination);
    if (variant.sku_suffix === undefined && existing) resolvedSkus.add(existing.sku.toLowerCase());
  }
  const skuOf = resolved.map(({ variant, values, combination }, position) => {
    const existing = storedByCombination.get(combination);
    if (variant.sku_suffix === undefined && existing) return existing.sku;
    let suffix: string;
    if (variant.sku_suffix !== undefined) {
      suffix = variant.sku_suffix.trim();
      if (!SUFFIX.test(suffix)) throw badRequest(VARIANT_MESSAGES.suffixInvalid, { variants: VARIANT_MESSAGES.suffixInvalid });
    } else {
      const base = defaultSuffix(values.map((v) => v.value)) || String(position + 1);
      suffix = base;
      for (let n = 2; taken.has(`${product.sku}-${suffix}`.toLowerCase()) || resolvedSkus.has(`${product.sku}-${suffix}`.toLowerCase()); n++) {
        suffix = `${base.slice(0, VARIANT_LIMITS.skuSuffix - String(n).length - 1)}-${n}`;
      }
    }
    const sku = `${product.sku}-${suffix}`;
    if (taken.has(sku.toLowerCase()) || resolvedSkus.has(sku.toLowerCase())) throw badRequest(VARIANT_MESSAGES.suffixTwice(suffix), { variants: VARIANT_MESSAGES.suffixTwice(suffix) });
    resolvedSkus.add(sku.toLowerCase());
    return sku;
  });

  const keptIds = new Set<number>();
  const changes: StockChange[] = [];
  const written: { id: number; sku: string }[] = [];
  for (const [position, { variant, values, title, combination }] of resolved.entries()) {
    const existing = storedByCombination.get(combination);
    const sku = skuOf[position]!;
    const images = variant.image_ids === undefined ? undefined : [...new Set(variant.image_ids)];
    if (images && imageIds) {
      const foreign = images.find((id) => !imageIds.has(id));
      if (foreign !== undefined) throw badRequest(VARIANT_MESSAGES.imageNotOwned(foreign), { variants: VARIANT_MESSAGES.imageNotOwned(foreign) });
    }
    const data = {
      optionValueIds: values.map((v) => v.id),
      position,
      ...(variant.price !== undefined ? { price: parseMoney(variant.price, false, VARIANT_MESSAGES.variantPrice, 1_000_000) } : {}),
      ...(variant.stock !== undefined ? { stock: variant.stock } : {}),
      ...(variant.made_to_order_days !== undefined ? { madeToOrderDays: variant.made_to_order_days } : {}),
      ...(images !== undefined && imageIds ? { imageIds: images } : {}),
      // listed: offered, unless it says otherwise
      enabled: variant.enabled ?? true,
    };
    // an article is unique across the shop: one moved from a variant to another is set once every variant let go of it
    const interim = `~${product.id}-${position}`;
    if (existing) {
      keptIds.add(existing.id);
      await tx.productVariant.update({ where: { id: existing.id }, data: { ...data, ...(sku === existing.sku ? {} : { sku: interim }) } });
      if (sku !== existing.sku) written.push({ id: existing.id, sku });
      if (variant.stock !== undefined && variant.stock !== existing.stock) {
        changes.push({ product: { id: product.id, name: `${product.name} (${title})`, sku, variantId: existing.id }, before: existing.stock, after: variant.stock });
      }
    } else {
      const created = await tx.productVariant.create({ data: { ...data, sku: interim, productId: product.id }, select: { id: true } });
      keptIds.add(created.id);
      written.push({ id: created.id, sku });
    }
  }
  const removed = stored.filter((v) => !keptIds.has(v.id));
  if (removed.length > 0) {
    const ordered = await tx.orderItem.findMany({ where: { variantId: { in: removed.map((v) => v.id) } }, select: { variantId: true }, distinct: ["variantId"] });
    const orderedIds = new Set(ordered.map((row) => row.variantId));
    // switched off, after the listed ones
    for (const [index, variant] of removed.filter((v) => orderedIds.has(v.id)).entries()) {
      await tx.productVariant.update({ where: { id: variant.id }, data: { enabled: false, position: variants.length + index } });
    }
    await tx.productVariant.deleteMany({ where: { id: { in: removed.filter((v) => !orderedIds.has(v.id)).map((v) => v.id) } } });
  }
  for (const { id, sku } of written) await tx.productVariant.update({ where: { id }, data: { sku } });
  return changes;
}

/** Variants whose combination no longer exists once options changed (a value or an option removed). */
async function dropStaleVariants(tx: Tx, productId: number, options: readonly StoredOption[]): Promise<void> {
  const stored = await tx.productVariant.findMany({ where: { productId }, select: { id: true, optionValueIds: true } });
  const stale = stored.filter(
    (v) => v.optionValueIds.length !== options.length || options.some((option, index) => !option.values.some((value) => value.id === v.optionValueIds[index])),
  );
  if (stale.length === 0) return;
  await tx.productVariant.deleteMany({ where: { id: { in: stale.map((v) => v.id) } } });
}

interface CheckedField {
  id?: number;
  kind: PersonalizationBody["kind"];
  label: string;
  hint: string | null;
  maxLength: number | null;
  required: boolean;
  price: string;
  choices: { value: string; price: string }[];
}

/** The personalisation fields as sent, checked. */
export function checkPersonalization(fields: readonly PersonalizationBody[]): CheckedField[] {
  if (fields.length > VARIANT_LIMITS.fields) throw badRequest(VARIANT_MESSAGES.tooManyFields, { personalization: VARIANT_MESSAGES.tooManyFields });
  return fields.map((field) => {
    const label = clean(field.label);
    if (label === "") throw badRequest(VARIANT_MESSAGES.fieldLabel, { personalization: VARIANT_MESSAGES.fieldLabel });
    const extra = (raw: number | string | undefined) => parseMoney(raw, true, VARIANT_MESSAGES.extraPrice, MAX_EXTRA) ?? "0.00";
    const textual = field.kind === "text" || field.kind === "gift_note";
    const choices: CheckedField["choices"] = [];
    if (field.kind === "choice") {
      const seen = new Set<string>();
      for (const choice of field.choices ?? []) {
        const value = clean(choice.value);
        if (value === "") throw badRequest(VARIANT_MESSAGES.choiceEmpty(label), { personalization: VARIANT_MESSAGES.choiceEmpty(label) });
        if (seen.has(key(value))) throw badRequest(VARIANT_MESSAGES.choiceTwice(label, value), { personalization: VARIANT_MESSAGES.choiceTwice(label, value) });
        seen.add(key(value));
        choices.push({ value, price: extra(choice.price) });
      }
      if (choices.length === 0) throw badRequest(VARIANT_MESSAGES.noChoices(label), { personalization: VARIANT_MESSAGES.noChoices(label) });
    }
    const hint = field.hint == null || looksEmpty(field.hint) ? null : field.hint.trim();
    return {
      id: field.id,
      kind: field.kind,
      label,
      hint,
      maxLength: textual ? (field.max_length ?? null) : null,
      required: field.required ?? false,
      price: field.kind === "text" || field.kind === "gift_wrap" ? extra(field.price) : "0.00",
      choices,
    };
  });
}

async function writePersonalization(tx: Tx, productId: number, fields: readonly CheckedField[]): Promise<void> {
  const stored = await tx.personalizationField.findMany({ where: { productId }, select: { id: true } });
  const kept = new Set<number>();
  for (const [position, field] of fields.entries()) {
    const data = { kind: field.kind, label: field.label, hint: field.hint, maxLength: field.maxLength, required: field.required, price: field.price, position };
    let id: number;
    if (field.id !== undefined) {
      if (!stored.some((f) => f.id === field.id)) throw badRequest(VARIANT_MESSAGES.fieldNotOwned(field.id), { personalization: VARIANT_MESSAGES.fieldNotOwned(field.id) });
      await tx.personalizationField.update({ where: { id: field.id }, data });
      await tx.personalizationChoice.deleteMany({ where: { fieldId: field.id } });
      id = field.id;
    } else {
      id = (await tx.personalizationField.create({ data: { ...data, productId }, select: { id: true } })).id;
    }
    kept.add(id);
    if (field.choices.length > 0) {
      await tx.personalizationChoice.createMany({ data: field.choices.map((choice, index) => ({ fieldId: id, value: choice.value, price: choice.price, position: index })) });
    }
  }
  await tx.personalizationField.deleteMany({ where: { productId, id: { notIn: [...kept] } } });
}

export interface VariantWrite {
  options?: OptionBody[];
  variants?: VariantBody[];
  personalization?: PersonalizationBody[];
}

/** The write's options and personalisation checked before any statement runs. */
export function checkVariantWrite(body: VariantWrite): { options?: CheckedOption[]; personalization?: CheckedField[] } {
  return {
    options: body.options === undefined ? undefined : checkOptions(body.options),
    personalization: body.personalization === undefined ? undefined : checkPersonalization(body.personalization),
  };
}

/**
 * Writes what the body says of options, variants and personalisation (keys left out stay as they are). A product
 * with variants keeps no stock of its own: its stock is its variants' (docs/product.md#variants-and-personalisation).
 * `imageIds`: the product's images after the write (null for a new product: its variants take no photos yet).
 * Returns the variants' stock changes, for the stock messages.
 */
export async function writeProductVariants(
  tx: Tx,
  product: { id: number; sku: string; name: string },
  body: VariantWrite,
  checked: ReturnType<typeof checkVariantWrite>,
  imageIds: ReadonlySet<number> | null,
): Promise<StockChange[]> {
  let changes: StockChange[] = [];
  if (checked.options !== undefined || body.variants !== undefined) {
    const options = checked.options !== undefined ? await writeOptions(tx, product.id, checked.options) : await storedOptions(tx, product.id);
    if (body.variants !== undefined) changes = await writeVariants(tx, product, options, body.variants, imageIds);
    else await dropStaleVariants(tx, product.id, options);
    if (options.length === 0) await tx.productVariant.deleteMany({ where: { productId: product.id } });
  }
  // a product with variants counts no pieces of its own, whatever the body said of its stock
  await tx.product.updateMany({
    where: { id: product.id, variants: { some: {} }, OR: [{ stock: { not: null } }, { madeToOrderDays: { not: null } }] },
    data: { stock: null, madeToOrderDays: null },
  });
  if (checked.personalization !== undefined) await writePersonalization(tx, product.id, checked.personalization);
  return changes;
}
