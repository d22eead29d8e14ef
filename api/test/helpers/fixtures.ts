import type { PrismaClient } from "@shop/prisma/db";
import { nextSku } from "@shop/prisma/sequences";
import { normalizeSearchText } from "@shop/shared/text";

export interface FixtureProduct {
  id: number;
  name: string;
  price: number;
  sku: string;
}

export interface Fixture {
  categories: { ceramics: number; textile: number; candles: number; gift: number; eco: number; new: number };
  products: FixtureProduct[];
  byName(name: string): FixtureProduct;
}

const PRODUCTS: { name: string; price: number; main: "ceramics" | "textile" | "candles"; tags: ("gift" | "eco" | "new")[]; images: number }[] = [
  { name: "Ваза керамическая «Лён»", price: 1890, main: "ceramics", tags: ["gift"], images: 2 },
  { name: "Кружка ручной лепки", price: 650, main: "ceramics", tags: ["gift", "new"], images: 1 },
  { name: "Тарелка «Ёлочка»", price: 420.5, main: "ceramics", tags: ["new"], images: 1 },
  { name: "Салатник глазурованный", price: 1240, main: "ceramics", tags: [], images: 0 },
  { name: "Плед вязаный из шерсти", price: 5400, main: "textile", tags: ["eco"], images: 3 },
  { name: "Подушка льняная", price: 990, main: "textile", tags: ["eco", "gift"], images: 1 },
  { name: "Салфетки льняные, 4 шт.", price: 780, main: "textile", tags: [], images: 1 },
  { name: "Свеча соевая «Ваниль»", price: 350, main: "candles", tags: ["eco", "gift"], images: 1 },
  { name: "Свеча в бетонном стакане", price: 560, main: "candles", tags: ["new"], images: 2 },
  { name: "Набор свечей «Ёлка»", price: 1490.9, main: "candles", tags: ["gift"], images: 1 },
];

/** A small known catalogue: 3 main categories, 3 tags, 10 products with fixed prices. */
export async function createFixture(prisma: PrismaClient): Promise<Fixture> {
  const cat = async (name: string, type: "main" | "sub") => (await prisma.category.create({ data: { name, type } })).id;
  const categories = {
    ceramics: await cat("Керамика", "main"),
    textile: await cat("Текстиль", "main"),
    candles: await cat("Свечи", "main"),
    gift: await cat("В подарок", "sub"),
    eco: await cat("Эко", "sub"),
    new: await cat("Новинки", "sub"),
  };
  const products: FixtureProduct[] = [];
  for (const [index, item] of PRODUCTS.entries()) {
    const sku = await nextSku(prisma);
    const product = await prisma.product.create({
      data: {
        sku,
        name: item.name,
        searchName: normalizeSearchText(item.name),
        price: item.price,
        description: `Описание: ${item.name}.`,
        material: index % 2 === 0 ? "Глина" : null,
        width: index % 3 === 0 ? 100 + index : null,
        height: 50 + index,
        depth: null,
        images: { create: Array.from({ length: item.images }, (_, i) => ({ imageUrl: `/uploads/fixture-${index}-${i}.webp`, position: i })) },
        categories: { create: [item.main, ...item.tags].map((key) => ({ categoryId: categories[key] })) },
      },
    });
    products.push({ id: product.id, name: product.name, price: item.price, sku });
  }
  return {
    categories,
    products,
    byName(name) {
      const found = products.find((p) => p.name === name);
      if (!found) throw new Error(`no fixture product ${name}`);
      return found;
    },
  };
}
