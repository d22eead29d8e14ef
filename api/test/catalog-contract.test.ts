import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextSku } from "@shop/prisma/sequences";
import { normalizeSearchText } from "@shop/shared/text";
import type { Category, Product, ProductCard } from "@shop/shared/schemas/catalog";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { CONTACT } from "./helpers/checkout";

/**
 * One set of catalogue rules for every read: the admin's product list and its search, the admin's category list,
 * recommendations and best sellers answer in the same category order, the same product order and with the same
 * search matching as the shop's pages. The data is chosen where the rules could part: category names whose
 * Russian alphabetical order is not their code-point order (ё, capitals, digits, Latin), products whose
 * created_at disagrees with their id, names with ё, punctuation, '%' and '_', articles searched in part.
 */

let t: TestApp;
let auth: { authorization: string };
const products: { id: number; name: string; sku: string }[] = [];

const MAINS = ["ёлочные игрушки", "Ель и сосна", "Яркое", "Zero waste", "10 вещей", "2 вещи", "абажуры"];
const TAGS = ["Эко", "ёжики", "Авторское", "eco", "Подарок", "подарочное"];
const NAMES = [
  "Ёлка настольная",
  "Елочный шар «Снег»",
  "Тарелка «Ёлочка»",
  "Абажур (лён)",
  "абажур малый",
  "Свеча 100% соя",
  "Подставка_под_горячее",
  "Шар ёлочный, 2 шт.",
  "Zero-waste мешочек",
  "Ёжик из фетра",
  "Игрушка-ёжик",
  "Ель в горшке",
];

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${await t.adminToken()}` };
  const mains = [];
  for (const name of MAINS) mains.push((await t.prisma.category.create({ data: { name, type: "main" } })).id);
  const tags = [];
  for (const name of TAGS) tags.push((await t.prisma.category.create({ data: { name, type: "sub" } })).id);
  const day = 24 * 3600 * 1000;
  for (const [i, name] of NAMES.entries()) {
    const product = await t.prisma.product.create({
      data: {
        sku: await nextSku(t.prisma),
        name,
        searchName: normalizeSearchText(name),
        price: 100 + (i % 4) * 50,
        // created_at out of step with the id: every third product is back-dated, the others dated ahead
        createdAt: new Date(Date.now() + (i % 3 === 0 ? -(i + 1) * day : (NAMES.length - i) * day)),
        images: { create: [{ imageUrl: `/uploads/contract-${i}.webp`, position: 0 }] },
        // one main category each and up to four tags, so products share categories in varied numbers
        categories: { create: [mains[i % mains.length]!, ...tags.filter((_, k) => (i + k) % 3 === 0)].map((categoryId) => ({ categoryId })) },
      },
    });
    products.push({ id: product.id, name: product.name, sku: product.sku });
  }
});
afterAll(async () => t?.close());

const get = async <T>(url: string, headers: Record<string, string> = {}): Promise<T> => {
  const response = await t.app.inject({ method: "GET", url, headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
};
const adminList = (query = "") => get<{ products: Product[]; total: number }>(`/api/admin/products?limit=200${query}`, auth);
/** the shop's catalogue, all of it, in its default order */
const shopPage = async () => (await get<{ products: ProductCard[] }>("/api/products?limit=100")).products;
const shopSearch = async (q: string) => (await get<{ products: ProductCard[] }>(`/api/products/search?q=${encodeURIComponent(q)}&limit=50`)).products;
const recommend = async (cartProductIds: number[]) => {
  const response = await t.app.inject({ method: "POST", url: "/api/cart/recommendations", payload: { cartProductIds } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProductCard[];
};
const idsOf = (list: { id: number }[]) => list.map((p) => p.id);

describe("one set of catalogue rules", () => {
  it("the admin's category list is the shop's: same order, same counts", async () => {
    const shop = await get<Category[]>("/api/categories");
    const admin = await get<Category[]>("/api/admin/categories", auth);
    expect(admin).toEqual(shop);
    // main categories first, then tags, each in Russian alphabetical order (ё next to е, any case), not code-point order
    expect(shop.filter((c) => c.type === "main").map((c) => c.name)).toEqual(["10 вещей", "2 вещи", "абажуры", "ёлочные игрушки", "Ель и сосна", "Яркое", "Zero waste"]);
    expect(shop.filter((c) => c.type === "sub").map((c) => c.name)).toEqual(["Авторское", "ёжики", "Подарок", "подарочное", "Эко", "eco"]);
  });

  it("the admin list shows every product as the shop's product page does, in the shop's order", async () => {
    const shop = await shopPage();
    const admin = await adminList();
    expect(admin.total).toBe(NAMES.length);
    // newest first is id descending everywhere, whatever created_at says
    expect(idsOf(admin.products)).toEqual(idsOf(shop));
    expect(idsOf(shop)).toEqual(idsOf(products).sort((a, b) => b - a));
    for (const product of admin.products) {
      // the same categories in the same order, the same images, prices and fields
      expect(product).toEqual(await get<Product>(`/api/products/${product.id}`));
    }
  });

  it.each(["ел", "ЁЛ", "ёлоч", "елочн", "абажур", "ЛЁН", "%", "100%", "_", "под_", "шт.", "ёжик", "zero", "-", "  шар   ёлочный ", "hm-", "нет такого"])(
    "the admin search for %j finds what the shop's search finds, in the shop's newest-first order",
    async (q) => {
      const shop = await shopSearch(q);
      const admin = await adminList(`&q=${encodeURIComponent(q)}`);
      expect(admin.total).toBe(shop.length);
      const found = new Set(idsOf(shop));
      expect(idsOf(admin.products)).toEqual(idsOf(await shopPage()).filter((id) => found.has(id)));
    },
  );

  it("the admin search finds an article in part and in any case, as the shop's search does", async () => {
    const sku = products[3]!.sku;
    for (const q of [sku, sku.toLowerCase(), sku.slice(-4), sku.slice(0, 5).toLowerCase()]) {
      const shop = idsOf(await shopSearch(q));
      expect(shop.length, q).toBeGreaterThan(0);
      expect(idsOf((await adminList(`&q=${encodeURIComponent(q)}`)).products).sort(), q).toEqual(shop.sort());
    }
  });

  it("recommendations for one product start with the products related to it, as similar products find them, with the shop's cards", async () => {
    const cards = new Map((await shopPage()).map((card) => [card.id, card]));
    let compared = 0;
    for (const product of products) {
      const similar = await get<ProductCard[]>(`/api/products/${product.id}/similar`);
      const recommended = await recommend([product.id]);
      // the same products while fewer than a list's worth are related; similar products rank them by kind and price
      if (similar.length < 8) {
        expect(idsOf(recommended.slice(0, similar.length)).sort(), product.name).toEqual(idsOf(similar).sort());
        compared++;
      }
      for (const card of recommended) expect(card).toEqual(cards.get(card.id));
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("best sellers: most sold first, ties newest first, then the newest products, with the shop's cards", async () => {
    const lonely = await t.prisma.product.create({
      data: { sku: await nextSku(t.prisma), name: "Одиночка", searchName: "одиночка", price: 10, createdAt: new Date(0) },
    });
    const [a, b, c] = [products[2]!, products[7]!, products[5]!];
    const response = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { ...CONTACT, cart_items: [a, b, c].map((p, i) => ({ product_id: p.id, quantity: i === 2 ? 3 : 2 })) },
    });
    expect(response.statusCode, response.body).toBe(201);

    const shop = await shopPage();
    const newest = idsOf(shop);
    const recommended = await recommend([lonely.id]);
    // c sold 3; a and b sold 2 each: the newer of them first, as the shop's default order has them
    const tie = newest.filter((id) => id === a.id || id === b.id);
    expect(idsOf(recommended.slice(0, 3))).toEqual([c.id, ...tie]);
    expect(idsOf(recommended.slice(3))).toEqual(newest.filter((id) => ![a.id, b.id, c.id, lonely.id].includes(id)).slice(0, 5));
    const cards = new Map(shop.map((card) => [card.id, card]));
    for (const card of recommended) expect(card).toEqual(cards.get(card.id));

    // a best seller deleted from the catalogue is never recommended
    await t.app.inject({ method: "DELETE", url: `/api/admin/products/${c.id}`, headers: auth });
    expect(idsOf(await recommend([lonely.id]))).not.toContain(c.id);
  });
});
