import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import type { CreateProductBody, UpdateProductBody } from "@shop/shared/schemas/admin";
import { getOrder, placeOrder } from "@shop/core/orders";
import {
  createProduct,
  deleteProduct,
  IMAGE_FILE_MISSING,
  IMAGE_URL_INVALID,
  NAME_REQUIRED,
  ONE_MAIN_CATEGORY,
  PRICE_INVALID,
  PRICE_REQUIRED,
  PRICE_TOO_HIGH,
  readProduct,
  stockChangedMeanwhile,
  updateProduct,
} from "@shop/core/products";
import { subscribe } from "@shop/core/stock";
import { MANAGER, checkout, createShop, outbox, refusal, shopError, testNotifier, type ShopFixture } from "./helpers/shop";

/**
 * The admin's product writes in the core (docs/product.md#products-and-categories, #product-editor): what a new or
 * edited product must be, with the Russian messages the editor shows, and the stock edit that never undoes a sale.
 */

let db: Database;
let shop: ShopFixture;
let uploads: string;

beforeAll(async () => {
  db = await openTestDatabase();
  shop = await createShop(db.prisma);
  uploads = mkdtempSync(path.join(tmpdir(), "core-products-"));
  for (const name of ["first", "second", "third"]) writeFileSync(path.join(uploads, `${name}.webp`), "webp");
});
afterAll(async () => {
  await db?.close();
  rmSync(uploads, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.prisma.outboxMessage.deleteMany({});
});

const create = (body: Partial<CreateProductBody>) => createProduct(db.prisma, uploads, { name: "Ваза «Луна»", price: 900, ...body });
const update = (id: number, body: Partial<UpdateProductBody>, notifier = testNotifier()) =>
  updateProduct(db.prisma, uploads, id, { name: "Ваза «Луна»", price: 900, ...body }, notifier);
const productCount = () => db.prisma.product.count();

describe("creating a product", () => {
  it("cleans the name, reads the price as typed, gives a new article, and keeps pictures and categories in order", async () => {
    const { ceramics, gift, new: fresh } = shop.categories;
    const created = await create({
      name: "  Ваза\t«Луна»   большая ",
      price: "1 234,5",
      material: "  ",
      description: " Глина, глазурь ",
      categoryIds: [gift, ceramics, fresh, gift],
      imageUrls: ["/uploads/second.webp", "/uploads/first.webp", "/uploads/second.webp"],
      stock: 3,
      made_to_order_days: 10,
    });
    expect(created).toMatchObject({ name: "Ваза «Луна» большая", price: 1234.5, material: null, description: "Глина, глазурь", stock: 3, made_to_order_days: 10 });
    expect(created.sku).toMatch(/^HM-\d{6}$/);
    expect(shop.products.map((product) => product.sku)).not.toContain(created.sku);
    expect(created.images.map((image) => image.image_url)).toEqual(["/uploads/second.webp", "/uploads/first.webp"]);
    expect(created.categories.map((category) => category.name)).toEqual(["Керамика", "В подарок", "Новинки"]);
    expect(await readProduct(db.prisma, created.id)).toEqual(created);

    const next = await create({ name: "Ваза «Солнце»" });
    expect(Number(next.sku.slice(3))).toBe(Number(created.sku.slice(3)) + 1);
  });

  it("takes a price above 0, at most 1 000 000 ₽, to the kopeck, as a number or as text with a comma or a dot", async () => {
    for (const [typed, stored] of [
      [0.01, 0.01],
      ["0,01", 0.01],
      ["15.5", 15.5],
      [" 1 000 000 ", 1_000_000],
      [999_999.99, 999_999.99],
    ] as const) {
      expect((await create({ price: typed })).price, String(typed)).toBe(stored);
    }
  });

  it("refuses a blank name and a bad price with the editor's messages, and creates nothing", async () => {
    const before = await productCount();
    for (const name of ["", "   ", "\u200b\u00ad"]) {
      const error = await refusal(create({ name }));
      expect(error).toMatchObject(shopError("invalid", "Введите название товара"));
      expect(error.fields).toEqual({ name: NAME_REQUIRED });
    }
    expect(await refusal(create({ price: " " }))).toMatchObject(shopError("invalid", PRICE_REQUIRED));
    expect(PRICE_REQUIRED).toBe("Укажите цену");
    for (const price of [0, -1, 10.005, Number.NaN, "0", "0,00", "-5", "abc", "1.234", "1,2,3", "1e3", "0x10"]) {
      const error = await refusal(create({ price }));
      expect(error, String(price)).toMatchObject(shopError("invalid", "Цена должна быть числом больше 0, не более двух знаков после запятой"));
      expect(error.fields).toEqual({ price: PRICE_INVALID });
    }
    for (const price of [1_000_000.01, "1000001"]) {
      expect(await refusal(create({ price }))).toMatchObject(shopError("invalid", PRICE_TOO_HIGH));
    }
    expect(PRICE_TOO_HIGH).toBe("Цена не может быть больше 1 000 000 руб.");
    expect(await productCount()).toBe(before);
  });

  it("refuses two main categories, unknown categories, and pictures that were not uploaded", async () => {
    const before = await productCount();
    const { ceramics, textile, gift } = shop.categories;
    const twoMains = await refusal(create({ categoryIds: [ceramics, gift, textile] }));
    expect(twoMains).toMatchObject(shopError("invalid", ONE_MAIN_CATEGORY));
    expect(twoMains.fields).toEqual({ categoryIds: "У товара может быть только одна основная категория" });
    expect(await refusal(create({ categoryIds: [ceramics, 999_998, 999_999] }))).toMatchObject(shopError("invalid", "Категория не найдена: 999998, 999999"));
    for (const url of ["https://example.com/vase.webp", "/uploads/../secret.webp", "/uploads/first.png"]) {
      expect(await refusal(create({ imageUrls: [url] })), url).toMatchObject(shopError("invalid", IMAGE_URL_INVALID));
    }
    expect(await refusal(create({ imageUrls: ["/uploads/first.webp", "/uploads/never-uploaded.webp"] }))).toMatchObject(
      shopError("invalid", "Изображение не найдено на сервере: загрузите его заново"),
    );
    expect(IMAGE_FILE_MISSING).toBe("Изображение не найдено на сервере: загрузите его заново");
    expect(await productCount()).toBe(before);
  });
});

describe("editing a product", () => {
  it("changes what is sent, keeps what is left out, clears what is null, and never changes the article", async () => {
    const { ceramics, textile, eco } = shop.categories;
    const created = await create({ material: "Глина", description: "Описание", width: 100, height: 200, categoryIds: [ceramics], stock: 5 });
    const updated = await update(created.id, { name: "Ваза «Луна» II", price: "950,00", material: null, height: 210, categoryIds: [textile, eco] });
    expect(updated).toMatchObject({
      id: created.id,
      sku: created.sku,
      name: "Ваза «Луна» II",
      price: 950,
      material: null,
      description: "Описание",
      width: 100,
      height: 210,
      stock: 5,
    });
    expect(updated.categories.map((category) => category.name)).toEqual(["Текстиль", "Эко"]);
    // without categoryIds the categories stay
    expect((await update(created.id, { name: "Ваза «Луна» III" })).categories.map((category) => category.name)).toEqual(["Текстиль", "Эко"]);
  });

  it("reorders, keeps, adds and removes pictures, and refuses another product's picture", async () => {
    const created = await create({ imageUrls: ["/uploads/first.webp", "/uploads/second.webp"] });
    const [first, second] = created.images;
    const updated = await update(created.id, {
      images: [{ id: second!.id, image_url: second!.image_url }, { image_url: "/uploads/third.webp" }, { id: second!.id, image_url: second!.image_url }],
    });
    expect(updated.images.map((image) => image.image_url)).toEqual(["/uploads/second.webp", "/uploads/third.webp"]);
    expect(updated.images[0]!.id).toBe(second!.id);
    expect(await db.prisma.productImage.count({ where: { id: first!.id } })).toBe(0);

    const other = await readProduct(db.prisma, shop.byName("Ваза керамическая «Лён»").id);
    const foreign = other.images[0]!;
    const error = await refusal(update(created.id, { images: [{ id: foreign.id, image_url: foreign.image_url }] }));
    expect(error).toMatchObject(shopError("invalid", `Изображение ${foreign.id} не принадлежит этому товару`));
    expect((await readProduct(db.prisma, created.id)).images).toEqual(updated.images);
  });

  it("refuses a stock edit begun from a stock that has changed since, and saves nothing", async () => {
    const created = await create({ stock: 5 });
    // a shopper buys two pieces while the editor is open on 5
    await placeOrder(db, testNotifier(), checkout([{ productId: created.id, quantity: 2 }]));
    const error = await refusal(update(created.id, { name: "Ваза «Луна» (новая)", stock: 10, stock_seen: 5 }));
    expect(error).toMatchObject(shopError("conflict", "Пока вы редактировали товар, остаток изменился: сейчас 3 шт. Проверьте остаток и сохраните снова."));
    expect(await readProduct(db.prisma, created.id)).toMatchObject({ name: "Ваза «Луна»", stock: 3 });

    await db.prisma.product.update({ where: { id: created.id }, data: { stock: null } });
    expect(await refusal(update(created.id, { stock: 10, stock_seen: 3 }))).toMatchObject(shopError("conflict", stockChangedMeanwhile(null)));
    expect(stockChangedMeanwhile(null)).toBe("Пока вы редактировали товар, остаток изменился: теперь он не ведётся. Проверьте остаток и сохраните снова.");

    // begun from the stock as it is: saved
    expect((await update(created.id, { stock: 10, stock_seen: null })).stock).toBe(10);
    expect((await update(created.id, { stock: 4, stock_seen: 10 })).stock).toBe(4);
    // an edit that does not touch the stock saves whatever stock it saw
    expect(await update(created.id, { name: "Ваза «Луна» (правка)", stock_seen: 99 })).toMatchObject({ name: "Ваза «Луна» (правка)", stock: 4 });
  });

  it("announces the stock it sets: sold out to the managers, back in stock to those waiting", async () => {
    const created = await create({ stock: 2 });
    const notifier = testNotifier();
    await update(created.id, { stock: 0, stock_seen: 2 }, notifier);
    expect(await outbox(db.prisma)).toEqual([[MANAGER, "Товар закончился: Ваза «Луна»"]]);
    await subscribe(db, 660001, created.id);
    await db.prisma.outboxMessage.deleteMany({});
    await update(created.id, { stock: 6, stock_seen: 0 }, notifier);
    expect(await outbox(db.prisma)).toEqual([[BigInt(660001), "Снова в наличии: Ваза «Луна»"]]);
    expect(notifier.queuedCalls).toBe(2);
  });

  it("refuses a product that does not exist", async () => {
    expect(await refusal(update(999_999, { name: "Нет такого" }))).toMatchObject(shopError("not-found", "Товар не найден"));
    expect(await refusal(readProduct(db.prisma, 999_999))).toMatchObject(shopError("not-found", "Товар не найден"));
  });
});

describe("deleting a product", () => {
  it("removes it, its pictures and links, while its orders keep their lines", async () => {
    const created = await create({ price: 555, imageUrls: ["/uploads/first.webp"], categoryIds: [shop.categories.candles], stock: 4 });
    const { order } = await placeOrder(db, testNotifier(), checkout([{ productId: created.id, quantity: 1 }]));
    expect(await deleteProduct(db.prisma, created.id)).toEqual({ ok: true });
    expect(await db.prisma.productImage.count({ where: { productId: created.id } })).toBe(0);
    expect(await db.prisma.productCategory.count({ where: { productId: created.id } })).toBe(0);
    const kept = await getOrder(db.prisma, order.id);
    expect(kept.lines).toEqual([{ ...order.lines[0], productId: null }]);
    expect(kept.lines[0]).toMatchObject({ name: "Ваза «Луна»", sku: created.sku, price: 555_00, image: "/uploads/first.webp" }); // kopecks
    expect(await refusal(deleteProduct(db.prisma, created.id))).toMatchObject(shopError("not-found", "Товар не найден"));
  });
});
