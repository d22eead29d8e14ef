import type { Prisma } from "@shop/prisma/db";
import type { Product, ProductCard } from "@shop/shared/schemas/catalog";
import { compareCategories, extraKeys, productExtras, shownFigures } from "../catalog";

/** What every product read includes: images in their order; categories for full products. */
export const productCardInclude = {
  images: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, imageUrl: true } },
} satisfies Prisma.ProductInclude;

const byPosition = [{ position: "asc" }, { id: "asc" }] as const;

export const productInclude = {
  ...productCardInclude,
  categories: { select: { category: { select: { id: true, name: true, type: true } } } },
  options: { orderBy: [...byPosition], include: { values: { orderBy: [...byPosition] } } },
  variants: { orderBy: [...byPosition] },
  personalizationFields: { orderBy: [...byPosition], include: { choices: { orderBy: [...byPosition] } } },
} satisfies Prisma.ProductInclude;

type CardRow = Prisma.ProductGetPayload<{ include: typeof productCardInclude }>;
type FullRow = Prisma.ProductGetPayload<{ include: typeof productInclude }>;

export function toProductCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    name: row.name,
    price: Number(row.price),
    sku: row.sku,
    images: row.images.map((image) => ({ id: image.id, image_url: image.imageUrl })),
    stock: row.stock,
    made_to_order_days: row.madeToOrderDays,
  };
}

/** A product as the admin's editor opens it: every variant, switched-off ones included. */
export function toProduct(row: FullRow): Product {
  const extras = productExtras(
    {
      options: row.options.map((o) => ({ id: o.id, product_id: row.id, name: o.name, kind: o.kind })),
      option_values: row.options.flatMap((o) => o.values.map((v) => ({ id: v.id, option_id: o.id, value: v.value, swatch: v.swatch }))),
      variants: row.variants.map((v) => ({
        id: v.id,
        product_id: row.id,
        sku: v.sku,
        option_value_ids: v.optionValueIds,
        price: v.price === null ? null : v.price.toString(),
        stock: v.stock,
        made_to_order_days: v.madeToOrderDays,
        image_ids: v.imageIds,
        enabled: v.enabled,
      })),
      fields: row.personalizationFields.map((f) => ({
        id: f.id,
        product_id: row.id,
        kind: f.kind,
        label: f.label,
        hint: f.hint,
        max_length: f.maxLength,
        required: f.required,
        price: f.price.toString(),
      })),
      choices: row.personalizationFields.flatMap((f) => f.choices.map((c) => ({ field_id: f.id, value: c.value, price: c.price.toString() }))),
    },
    () => Number(row.price),
    () => row.images.map((image) => image.id),
  ).get(row.id);
  const card = toProductCard(row);
  const figures = shownFigures({ price: card.price, stock: card.stock, made_to_order_days: card.made_to_order_days }, extras);
  return {
    ...card,
    price: figures.price,
    stock: figures.stock,
    made_to_order_days: figures.made_to_order_days,
    description: row.description,
    material: row.material,
    width: row.width,
    height: row.height,
    depth: row.depth,
    // the admin's product only, and only once set: the catalogue's answers keep their shape (docs/delivery.md)
    ...(row.weightGrams !== null ? { weight_grams: row.weightGrams } : {}),
    // only a hidden one says so: a shown product's answer keeps its shape
    ...(row.hidden ? { hidden: true } : {}),
    // the catalogue's category order (main first, then tags by name): the admin pills and the editor expect it
    categories: row.categories.map(({ category }) => category).sort(compareCategories),
    ...extraKeys(extras, true),
  };
}
