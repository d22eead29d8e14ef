import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import type { CatalogQuery } from "@shop/shared/schemas/catalog";
import {
  CatalogStore,
  forgetBestSellers,
  getProduct,
  listAdminProducts,
  listProducts,
  PRICE_INVALID_MESSAGE,
  PRICE_RANGE_MESSAGE,
  recommendations,
  shopCatalog,
  similarProducts,
  type CatalogSnapshot,
} from "@shop/core/catalog";
import { changeOrderStatus, placeOrder } from "@shop/core/orders";
import { createProduct } from "@shop/core/products";
import { checkout, createShop, refusal, setStock, shopError, testNotifier, type ShopFixture } from "./helpers/shop";

/**
 * The catalogue in memory (docs/architecture.md, docs/api.md#catalogue): loaded from the database, loaded again
 * once the database's catalogue version moves, and every read answered by the shop's rules — filters, the sort
 * orders with their tiebreaks, search ranking, similar products, recommendations and best sellers.
 */

let db: Database;
let shop: ShopFixture;
let store: CatalogStore;

beforeAll(async () => {
  db = await openTestDatabase();
  shop = await createShop(db.prisma);
  // never checks on its own during a test: only refresh() and latest() look for changes
  store = new CatalogStore(db, { checkEveryMs: 3_600_000 });
});
afterAll(async () => db?.close());

/** Every product back to "not counted"; the store sees it. */
beforeEach(async () => {
  await db.prisma.product.updateMany({ where: { NOT: { stock: null } }, data: { stock: null, madeToOrderDays: null } });
  await store.refresh();
});

const p = (name: string) => shop.byName(name);
const names = (products: readonly { id: number }[]) => products.map((product) => shop.products.find((known) => known.id === product.id)?.name ?? `#${product.id}`);
/** the product names, newest (last created) first */
const newestFirst = (...list: string[]) => [...list].sort((a, b) => p(b).id - p(a).id);
const list = async (query: CatalogQuery) => listProducts(await store.current(), query);
const version = async () => (await db.read<{ version: string }>(`SELECT version::text AS version FROM catalog_version`, []))[0]!.version;

describe("the store", () => {
  it("loads the database's catalogue: products, their pictures and categories, and categories with their counts", async () => {
    const catalog = await store.current();
    expect(catalog.size).toBe(10);
    expect(catalog.version).toBe(await version());
    expect(catalog.categories.map((category) => [category.name, category.type, category.product_count])).toEqual([
      ["Керамика", "main", 4],
      ["Свечи", "main", 3],
      ["Текстиль", "main", 3],
      ["В подарок", "sub", 5],
      ["Новинки", "sub", 3],
      ["Эко", "sub", 3],
    ]);
    const vase = getProduct(catalog, p("Ваза керамическая «Лён»").id);
    expect(vase).toMatchObject({ name: "Ваза керамическая «Лён»", price: 1890, sku: p("Ваза керамическая «Лён»").sku, stock: null, made_to_order_days: null });
    expect(vase.images.map((image) => image.image_url)).toEqual(["/uploads/shop-0-0.webp", "/uploads/shop-0-1.webp"]);
    expect(vase.categories.map((category) => category.name)).toEqual(["Керамика", "В подарок"]);
    expect(await refusal(Promise.resolve().then(() => getProduct(catalog, 999_999)))).toMatchObject(shopError("not-found", "Товар не найден"));
  });

  it("keeps answering from its snapshot until the database's version moves and it is asked to look", async () => {
    const before = await store.current();
    const bowl = await createProduct(db.prisma, "/nonexistent", { name: "Миска «Море»", price: "777,70", categoryIds: [shop.categories.ceramics] });
    // not looked yet: the old snapshot, at once
    expect(store.ready()).toBe(before);
    expect((await store.current()).product(bowl.id)).toBeUndefined();

    await store.refresh();
    const after = await store.current();
    expect(after).not.toBe(before);
    expect(after.version).toBe(await version());
    expect(getProduct(after, bowl.id)).toMatchObject({ name: "Миска «Море»", price: 777.7 });
    expect(listProducts(after, { mainCategory: shop.categories.ceramics }).total).toBe(5);

    // a change made elsewhere (another instance, a script): latest() asks the database first
    await db.prisma.product.delete({ where: { id: bowl.id } });
    expect((await store.latest()).product(bowl.id)).toBeUndefined();
    // nothing moved: the same snapshot, no load
    const same = await store.current();
    await store.refresh();
    expect(await store.current()).toBe(same);
  });

  it("reloads, with a store that asks on every read, as soon as a change is committed", async () => {
    const eager = new CatalogStore(db, { checkEveryMs: 0, waitForChanges: true });
    const vase = p("Ваза керамическая «Лён»");
    expect((await eager.current()).product(vase.id)!.price).toBe(1890);
    await db.prisma.product.update({ where: { id: vase.id }, data: { price: 1990 } });
    expect((await eager.current()).product(vase.id)!.price).toBe(1990);
    await db.prisma.product.update({ where: { id: vase.id }, data: { price: 1890 } });
    await store.refresh();
  });

  it("is not reloaded by a sale that leaves more than 3 pieces, and is by one that leaves 3 or fewer", async () => {
    const plaid = p("Плед вязаный из шерсти");
    await setStock(db.prisma, plaid.id, 10);
    await store.refresh();
    const loaded = await store.current();
    expect(loaded.product(plaid.id)!.stock).toBe(10);

    await placeOrder(db, testNotifier(), checkout([{ productId: plaid.id, quantity: 2 }])); // 8: nothing a shopper sees
    await store.refresh();
    expect(await store.current()).toBe(loaded);

    await placeOrder(db, testNotifier(), checkout([{ productId: plaid.id, quantity: 5 }])); // 3: "Осталось 3 шт."
    await store.refresh();
    expect((await store.current()).product(plaid.id)!.stock).toBe(3);
  });
});

describe("a catalogue page", () => {
  it("is newest first by default, every product once across the pages, a page past the end empty with the real totals", async () => {
    const all = newestFirst(...shop.products.map((product) => product.name));
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const response = await list({ page, limit: 4 });
      expect([response.total, response.totalPages, response.page]).toEqual([10, 3, page]);
      pages.push(...names(response.products));
    }
    expect(pages).toEqual(all);
    expect(await list({ page: 4, limit: 4 })).toEqual({ products: [], total: 10, totalPages: 3, page: 4 });
  });

  it("sorts by price with the id as the tiebreak, in both directions, bounds included", async () => {
    const ascending = await list({ priceFrom: 650, priceTo: 1240, sortOrder: "price-asc" });
    // two products cost 650: the older first going up, the newer first going down
    expect(names(ascending.products)).toEqual(["Кружка ручной лепки", "Свеча в бетонном стакане", "Салфетки льняные, 4 шт.", "Подушка льняная", "Салатник глазурованный"]);
    const descending = await list({ priceFrom: 650, priceTo: 1240, sortOrder: "price-desc" });
    expect(names(descending.products)).toEqual(["Салатник глазурованный", "Подушка льняная", "Салфетки льняные, 4 шт.", "Свеча в бетонном стакане", "Кружка ручной лепки"]);
    // the default order within price bounds
    expect(names((await list({ priceFrom: 650, priceTo: 1240 })).products)).toEqual(
      newestFirst("Кружка ручной лепки", "Свеча в бетонном стакане", "Салфетки льняные, 4 шт.", "Подушка льняная", "Салатник глазурованный"),
    );
    expect((await list({ priceFrom: 420.5, priceTo: 420.5 })).products.map((product) => product.price)).toEqual([420.5]);
  });

  it("«Популярные» ranks by the sales given, most first, then the never sold newest first, within the filters and price bounds", async () => {
    const catalog = await store.current();
    const sold = [p("Салатник глазурованный").id, p("Свеча соевая «Ваниль»").id, 999_999, p("Подушка льняная").id];
    const all = listProducts(catalog, { sortOrder: "popular", limit: 100 }, sold);
    const others = newestFirst(...shop.products.map((x) => x.name)).filter((name) => !["Салатник глазурованный", "Свеча соевая «Ваниль»", "Подушка льняная"].includes(name));
    expect(names(all.products)).toEqual(["Салатник глазурованный", "Свеча соевая «Ваниль»", "Подушка льняная", ...others]);
    const ceramics = listProducts(catalog, { sortOrder: "popular", mainCategory: shop.categories.ceramics, priceTo: 1500 }, sold);
    expect(names(ceramics.products)).toEqual(["Салатник глазурованный", ...newestFirst("Кружка ручной лепки", "Тарелка «Ёлочка»")]);
    expect(ceramics.total).toBe(3);
    // page 2 of 3-product pages goes on where page 1 stopped
    const second = listProducts(catalog, { sortOrder: "popular", limit: 3, page: 2 }, sold);
    expect(names(second.products)).toEqual(others.slice(0, 3));
    // no sales known: the newest first
    expect(names(listProducts(catalog, { sortOrder: "popular", limit: 100 }).products)).toEqual(newestFirst(...shop.products.map((x) => x.name)));
  });

  it("«Новинки» is the newest by the date each product was put in the catalogue", async () => {
    const plate = p("Тарелка «Ёлочка»");
    const vase = p("Ваза керамическая «Лён»");
    await db.prisma.product.update({ where: { id: plate.id }, data: { createdAt: new Date("2099-01-01T00:00:00Z") } });
    await db.prisma.product.update({ where: { id: vase.id }, data: { createdAt: new Date("2000-01-01T00:00:00Z") } });
    await store.refresh();
    const latest = names(listProducts(await store.current(), { sortOrder: "new", limit: 100 }).products);
    expect(latest[0]).toBe("Тарелка «Ёлочка»");
    expect(latest.at(-1)).toBe("Ваза керамическая «Лён»");
  });

  it("filters by main category, by any of the tags, and by both", async () => {
    const { ceramics, candles, gift, new: fresh, eco } = shop.categories;
    expect(names((await list({ mainCategory: ceramics })).products)).toEqual(
      newestFirst("Ваза керамическая «Лён»", "Кружка ручной лепки", "Тарелка «Ёлочка»", "Салатник глазурованный"),
    );
    expect(names((await list({ subCategories: `${fresh}, ${eco}` })).products)).toEqual(
      newestFirst("Кружка ручной лепки", "Тарелка «Ёлочка»", "Свеча в бетонном стакане", "Плед вязаный из шерсти", "Подушка льняная", "Свеча соевая «Ваниль»"),
    );
    expect(names((await list({ mainCategory: candles, subCategories: String(gift) })).products)).toEqual(newestFirst("Свеча соевая «Ваниль»", "Набор свечей «Ёлка»"));
    expect(names((await list({ mainCategory: candles, subCategories: String(gift), sortOrder: "price-desc", priceTo: 1000 })).products)).toEqual(["Свеча соевая «Ваниль»"]);
    expect((await list({ mainCategory: 999_999 })).total).toBe(0);
  });

  it("with inStock hides sold-out products and made-to-order ones with none left, and keeps the last few pieces", async () => {
    await setStock(db.prisma, p("Ваза керамическая «Лён»").id, 0);
    await setStock(db.prisma, p("Тарелка «Ёлочка»").id, 0, 7);
    await setStock(db.prisma, p("Кружка ручной лепки").id, 1);
    await store.refresh();
    const ceramics = await list({ mainCategory: shop.categories.ceramics, inStock: true });
    expect(names(ceramics.products)).toEqual(newestFirst("Кружка ручной лепки", "Салатник глазурованный"));
    expect((await list({ inStock: true })).total).toBe(8);
    expect(names((await list({ inStock: true, sortOrder: "price-asc", priceTo: 700 })).products)).toEqual([
      "Свеча соевая «Ваниль»",
      "Кружка ручной лепки",
      "Свеча в бетонном стакане",
    ]);
    // without the filter they keep their cards
    expect((await list({ mainCategory: shop.categories.ceramics })).total).toBe(4);
  });

  it("refuses price bounds the wrong way round, and a bound that is not a number", async () => {
    const reversed = await refusal(list({ priceFrom: 1000, priceTo: 500 }));
    expect(reversed).toMatchObject(shopError("invalid", "Цена «от» не может быть больше цены «до»"));
    expect(reversed.fields).toEqual({ priceFrom: PRICE_RANGE_MESSAGE });
    const nan = await refusal(list({ priceTo: Number.NaN }));
    expect(nan).toMatchObject(shopError("invalid", PRICE_INVALID_MESSAGE));
    expect(nan.fields).toEqual({ priceTo: "Укажите цену числом" });
  });
});

describe("search", () => {
  const search = async (query: string, limit = 50) => names((await store.current()).search(query, limit));

  it("ranks names starting with the query first, then names with a word starting with it, then any other match", async () => {
    // "свеч": two names start with it (in code-point order), one has a word starting with it
    expect(await search("свеч")).toEqual(["Свеча в бетонном стакане", "Свеча соевая «Ваниль»", "Набор свечей «Ёлка»"]);
    // "ва": one name starts with it, one has a word starting with it (after «), one has it inside a word
    expect(await search("ва")).toEqual(["Ваза керамическая «Лён»", "Свеча соевая «Ваниль»", "Салатник глазурованный"]);
  });

  it("ignores letter case, treats ё as е, looks at the article, and takes no wildcards", async () => {
    expect(await search("ЛЁН")).toEqual(["Ваза керамическая «Лён»"]);
    // a word starting with it, then inside «тарелка»
    expect(await search("ёлк")).toEqual(["Набор свечей «Ёлка»", "Тарелка «Ёлочка»"]);
    const napkins = p("Салфетки льняные, 4 шт.");
    // an exact article comes first, before names starting with the query
    expect((await search(napkins.sku.toLowerCase()))[0]).toBe(napkins.name);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    expect(await search("   ")).toEqual([]);
    expect(await search("свеч", 2)).toEqual(["Свеча в бетонном стакане", "Свеча соевая «Ваниль»"]);
  });

  it("the admin's list finds the same products newest first, and can show only sold-out ones", async () => {
    await setStock(db.prisma, p("Свеча соевая «Ваниль»").id, 0);
    await store.refresh();
    const catalog = await store.current();
    expect(names(listAdminProducts(catalog, { q: "СВЕЧ" }).products)).toEqual(newestFirst("Свеча в бетонном стакане", "Свеча соевая «Ваниль»", "Набор свечей «Ёлка»"));
    expect(names(listAdminProducts(catalog, { q: "свеч", soldOut: true }).products)).toEqual(["Свеча соевая «Ваниль»"]);
    expect(listAdminProducts(catalog, { soldOut: true }).total).toBe(1);
    expect(listAdminProducts(catalog, { page: 2, limit: 4 }).products).toHaveLength(4);
  });
});

describe("similar products and recommendations", () => {
  const current = (): Promise<CatalogSnapshot> => store.current();

  it("similar products: the same main category first, then most tags shared, then the nearest price; never the product itself nor a sold-out one", async () => {
    const vase = p("Ваза керамическая «Лён»"); // Керамика, В подарок; 1 890 руб.
    expect(names(similarProducts(await current(), vase.id))).toEqual([
      "Кружка ручной лепки", // Керамика and В подарок
      "Салатник глазурованный", // Керамика, 1 240 руб.
      "Тарелка «Ёлочка»", // Керамика, 420.50 руб.
      "Набор свечей «Ёлка»", // В подарок, 1 490.90 руб.
      "Подушка льняная", // В подарок, 990 руб.
      "Свеча соевая «Ваниль»", // В подарок, 350 руб.
    ]);
    await setStock(db.prisma, p("Кружка ручной лепки").id, 0);
    await store.refresh();
    expect(names(similarProducts(await current(), vase.id, 2))).toEqual(["Салатник глазурованный", "Тарелка «Ёлочка»"]);
    expect(await refusal(current().then((catalog) => similarProducts(catalog, 999_999)))).toMatchObject(shopError("not-found", "Товар не найден"));
  });

  it("similar products: the main category outweighs a shared tag, the tags outweigh the price", async () => {
    const plate = p("Тарелка «Ёлочка»"); // Керамика, Новинки; 420.50 руб.
    const catalog = await current();
    // the same main category first, whatever the tags and prices of the others
    const ranked = names(similarProducts(catalog, plate.id));
    expect(ranked.slice(0, 3)).toEqual(["Кружка ручной лепки", "Салатник глазурованный", "Ваза керамическая «Лён»"]);
    // then the products sharing only the tag Новинки
    expect(ranked.slice(3)).toEqual(["Свеча в бетонном стакане"]);
  });

  it("recommendations: related to the cart first, then best sellers, then the newest; never the cart's products nor sold-out ones", async () => {
    const vase = p("Ваза керамическая «Лён»");
    const plaid = p("Плед вязаный из шерсти");
    const napkins = p("Салфетки льняные, 4 шт.");
    const related = ["Кружка ручной лепки", ...newestFirst("Набор свечей «Ёлка»", "Свеча соевая «Ваниль»", "Подушка льняная", "Салатник глазурованный", "Тарелка «Ёлочка»")];
    expect(names(recommendations(await current(), [vase.id], [plaid.id, vase.id, napkins.id]))).toEqual([...related, "Плед вязаный из шерсти", "Салфетки льняные, 4 шт."]);
    // no best sellers: the newest fill the list
    expect(names(recommendations(await current(), [vase.id], []))).toEqual([...related, ...newestFirst("Свеча в бетонном стакане", "Салфетки льняные, 4 шт.", "Плед вязаный из шерсти").slice(0, 2)]);
    // an empty cart: best sellers, then the newest
    expect(names(recommendations(await current(), [], [napkins.id], 3))).toEqual(["Салфетки льняные, 4 шт.", ...newestFirst(...shop.products.map((x) => x.name)).filter((name) => name !== napkins.name).slice(0, 2)]);

    await setStock(db.prisma, plaid.id, 0);
    await store.refresh();
    const withoutSoldOut = names(recommendations(await current(), [vase.id, 999_999], [plaid.id, napkins.id]));
    expect(withoutSoldOut).not.toContain("Плед вязаный из шерсти");
    expect(withoutSoldOut).toEqual([...related, "Салфетки льняные, 4 шт.", "Свеча в бетонном стакане"]);
  });
});

describe("the catalogue for the bot (shopCatalog)", () => {
  it("searches as the shop searches, returning whole products", async () => {
    const found = await shopCatalog(store, db).search("свеч", 2);
    expect(found.map((product) => product.name)).toEqual(["Свеча в бетонном стакане", "Свеча соевая «Ваниль»"]);
    expect(found[1]!.categories.map((category) => category.name)).toEqual(["Свечи", "В подарок", "Эко"]);
  });

  it("ranks best sellers by pieces sold in orders that were not cancelled, then the newest", async () => {
    const napkins = p("Салфетки льняные, 4 шт.");
    const plaid = p("Плед вязаный из шерсти");
    const pillow = p("Подушка льняная");
    // only this test's orders count
    await db.prisma.order.deleteMany({});
    await placeOrder(db, testNotifier(), checkout([{ productId: napkins.id, quantity: 3 }, { productId: plaid.id, quantity: 1 }]));
    await placeOrder(db, testNotifier(), checkout([{ productId: plaid.id, quantity: 1 }, { productId: napkins.id, quantity: 2 }]));
    const cancelled = await placeOrder(db, testNotifier(), checkout([{ productId: pillow.id, quantity: 20 }]));
    await changeOrderStatus(db, testNotifier(), cancelled.order.id, "cancelled");
    forgetBestSellers(db);

    const best = await shopCatalog(store, db).bestSellers(4);
    expect(best.map((product) => product.name)).toEqual(["Салфетки льняные, 4 шт.", "Плед вязаный из шерсти", ...newestFirst("Набор свечей «Ёлка»", "Свеча в бетонном стакане")]);
    expect(best[0]!.categories.map((category) => category.name)).toEqual(["Текстиль"]);
  });
});
