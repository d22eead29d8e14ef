import type { PrismaClient } from "@shop/prisma/db";
import type { ProductColumn } from "./columns";

/** Every product as a line of the spreadsheet, by article: what the export writes. Prices in roubles. */
export async function catalogueLines(prisma: PrismaClient): Promise<Record<ProductColumn, string | number | null>[]> {
  const rows = await prisma.product.findMany({
    orderBy: { sku: "asc" },
    include: { categories: { select: { category: { select: { name: true, type: true } } } } },
  });
  return rows.map((row) => {
    const categories = row.categories.map(({ category }) => category);
    return {
      Артикул: row.sku,
      Название: row.name,
      Цена: Number(row.price),
      Остаток: row.stock,
      "Срок изготовления, дн.": row.madeToOrderDays,
      Материал: row.material,
      "Ширина, мм": row.width,
      "Высота, мм": row.height,
      "Глубина, мм": row.depth,
      "Вес, г": row.weightGrams,
      Категория: categories.find((category) => category.type === "main")?.name ?? null,
      Теги: categories
        .filter((category) => category.type === "sub")
        .map((category) => category.name)
        .sort((a, b) => a.localeCompare(b, "ru"))
        .join(", "),
      Описание: row.description,
    };
  });
}
