import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import { CATEGORY_NAME_EMPTY, CATEGORY_NAME_REQUIRED, CATEGORY_NOT_FOUND, createCategory, deleteCategory, updateCategory } from "@shop/core/categories";
import { readProduct } from "@shop/core/products";
import { createShop, refusal, shopError, type ShopFixture } from "./helpers/shop";

/**
 * The admin's categories and tags in the core (docs/product.md#products-and-categories): names unique per type
 * whatever their letter case, a product never with two main categories, and deleting a category detaching its
 * products without deleting them.
 */

let db: Database;
let shop: ShopFixture;

beforeAll(async () => {
  db = await openTestDatabase();
  shop = await createShop(db.prisma);
});
afterAll(async () => db?.close());

describe("creating a category", () => {
  it("cleans the name and starts with no products", async () => {
    expect(await createCategory(db.prisma, { name: "  Деревянные   игрушки ", type: "main" })).toMatchObject({
      name: "Деревянные игрушки",
      type: "main",
      product_count: 0,
    });
  });

  it("refuses a blank name", async () => {
    for (const name of ["", "   ", "\u200b"]) {
      const error = await refusal(createCategory(db.prisma, { name, type: "sub" }));
      expect(error).toMatchObject(shopError("invalid", "Введите название категории"));
      expect(error.fields).toEqual({ name: CATEGORY_NAME_REQUIRED });
    }
  });

  it("refuses a name its type already has, whatever the letter case, and allows it in the other type", async () => {
    expect(await refusal(createCategory(db.prisma, { name: "керамика", type: "main" }))).toMatchObject(shopError("conflict", "Категория «Керамика» уже существует"));
    expect(await refusal(createCategory(db.prisma, { name: " ЭКО ", type: "sub" }))).toMatchObject(shopError("conflict", "Тег «Эко» уже существует"));
    expect(await createCategory(db.prisma, { name: "Керамика", type: "sub" })).toMatchObject({ name: "Керамика", type: "sub" });
  });
});

describe("editing a category", () => {
  it("renames it and says how many products it has", async () => {
    const renamed = await updateCategory(db.prisma, shop.categories.new, { name: "Новинки сезона", type: "sub" });
    expect(renamed).toEqual({ id: shop.categories.new, name: "Новинки сезона", type: "sub", product_count: 3 });
    // its own name in another case is no clash
    expect((await updateCategory(db.prisma, shop.categories.new, { name: "новинки сезона", type: "sub" })).name).toBe("новинки сезона");
  });

  it("refuses an empty name, another category's name, and a category that does not exist", async () => {
    const empty = await refusal(updateCategory(db.prisma, shop.categories.gift, { name: "  ", type: "sub" }));
    expect(empty).toMatchObject(shopError("invalid", "Название не может быть пустым"));
    expect(empty.fields).toEqual({ name: CATEGORY_NAME_EMPTY });
    expect(await refusal(updateCategory(db.prisma, shop.categories.textile, { name: "СВЕЧИ", type: "main" }))).toMatchObject(
      shopError("conflict", "Категория «Свечи» уже существует"),
    );
    expect(await refusal(updateCategory(db.prisma, 999_999, { name: "Что-то", type: "main" }))).toMatchObject(shopError("not-found", CATEGORY_NOT_FOUND));
    expect(CATEGORY_NOT_FOUND).toBe("Категория не найдена");
  });

  it("refuses to make a tag a main category while products with it already have one, and allows it otherwise", async () => {
    // «В подарок» is on five products, each with its main category
    expect(await refusal(updateCategory(db.prisma, shop.categories.gift, { name: "В подарок", type: "main" }))).toMatchObject(
      shopError("conflict", "Нельзя сделать тег основной категорией: у 5 шт. товаров с этим тегом уже есть основная категория"),
    );
    expect((await db.prisma.category.findUniqueOrThrow({ where: { id: shop.categories.gift } })).type).toBe("sub");

    const lonely = await createCategory(db.prisma, { name: "Ручная работа", type: "sub" });
    expect(await updateCategory(db.prisma, lonely.id, { name: "Ручная работа", type: "main" })).toMatchObject({ type: "main", product_count: 0 });
  });
});

describe("deleting a category", () => {
  it("detaches its products, which stay, and is then not found", async () => {
    const plaid = shop.byName("Плед вязаный из шерсти");
    expect(await deleteCategory(db.prisma, shop.categories.eco)).toEqual({ ok: true, detachedProducts: 3 });
    expect((await readProduct(db.prisma, plaid.id)).categories.map((category) => category.name)).toEqual(["Текстиль"]);
    expect(await refusal(deleteCategory(db.prisma, shop.categories.eco))).toMatchObject(shopError("not-found", CATEGORY_NOT_FOUND));
    expect(await db.prisma.product.count()).toBe(10);
  });
});
