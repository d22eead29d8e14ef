import type { Prisma } from "@shop/prisma/db";
import type { Product, ProductCard } from "@shop/shared/schemas/catalog";
import { compareCategories } from "../catalog";

/** What every product read includes: images in their order; categories for full products. */
export const productCardInclude = {
  images: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, imageUrl: true } },
} satisfies Prisma.ProductInclude;

export const productInclude = {
  ...productCardInclude,
  categories: { select: { category: { select: { id: true, name: true, type: true } } } },
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

export function toProduct(row: FullRow): Product {
  return {
    ...toProductCard(row),
    description: row.description,
    material: row.material,
    width: row.width,
    height: row.height,
    depth: row.depth,
    // the admin's product only, and only once set: the catalogue's answers keep their shape (docs/delivery.md)
    ...(row.weightGrams !== null ? { weight_grams: row.weightGrams } : {}),
    // the catalogue's category order (main first, then tags by name): the admin pills and the editor expect it
    categories: row.categories.map(({ category }) => category).sort(compareCategories),
  };
}
