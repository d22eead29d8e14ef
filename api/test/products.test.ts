import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextSku } from "@shop/prisma/sequences";
import type { Product, ProductCard } from "@shop/shared/schemas/catalog";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT } from "./helpers/checkout";

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createFixture(t.prisma);
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url });
const recommend = (cartProductIds: unknown) => t.app.inject({ method: "POST", url: "/api/cart/recommendations", payload: { cartProductIds } });

describe("GET /api/products/:id", () => {
  it("returns the full product with images in order and categories, main first", async () => {
    const pillow = f.byName("Подушка льняная");
    const response = await get(`/api/products/${pillow.id}`);
    expect(response.statusCode).toBe(200);
    const product = response.json() as Product;
    expect(product).toEqual({
      id: pillow.id,
      name: "Подушка льняная",
      price: 990,
      sku: pillow.sku,
      description: "Описание: Подушка льняная.",
      material: null,
      width: null,
      height: 55,
      depth: null,
      images: [{ id: expect.any(Number), image_url: "/uploads/fixture-5-0.webp" }],
      categories: [
        { id: f.categories.textile, name: "Текстиль", type: "main" },
        { id: f.categories.gift, name: "В подарок", type: "sub" },
        { id: f.categories.eco, name: "Эко", type: "sub" },
      ],
      stock: null,
      made_to_order_days: null,
    });
    const vase = (await get(`/api/products/${f.byName("Ваза керамическая «Лён»").id}`)).json() as Product;
    expect(vase.images.map((i) => i.image_url)).toEqual(["/uploads/fixture-0-0.webp", "/uploads/fixture-0-1.webp"]);
    expect(vase.price).toBe(1890);
    expect(vase.material).toBe("Глина");
    expect(vase.width).toBe(100);
  });

  it("answers an unknown product with 404 'Товар не найден'", async () => {
    const response = await get("/api/products/999999");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Товар не найден" });
  });

  it("answers a malformed id with 400, never a 500", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const response = await get(`/api/products/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(typeof response.json().message).toBe("string");
    }
  });
});

describe("GET /api/products/:id/similar", () => {
  it("lists products sharing a category: its main category's first, then most tags shared, then the nearest price; never the product itself", async () => {
    const pillow = f.byName("Подушка льняная"); // textile + eco + gift, 990 руб.
    const response = await get(`/api/products/${pillow.id}/similar`);
    expect(response.statusCode).toBe(200);
    const similar = response.json() as ProductCard[];
    expect(similar.map((p) => p.id)).not.toContain(pillow.id);
    expect(similar.map((p) => p.name)).toEqual([
      "Плед вязаный из шерсти", // textile and eco
      "Салфетки льняные, 4 шт.", // textile
      "Свеча соевая «Ваниль»", // eco and gift
      "Кружка ручной лепки", // gift, 650 руб.
      "Набор свечей «Ёлка»", // gift, 1 490.90 руб.
      "Ваза керамическая «Лён»", // gift, 1 890 руб.
    ]);
    expect(similar[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      price: 5400,
      sku: expect.any(String),
      images: expect.any(Array),
      stock: null,
      made_to_order_days: null,
    });
  });

  it("a vase's similar products are vases and ceramics first, not a candle that shares a tag", async () => {
    const vase = f.byName("Ваза керамическая «Лён»"); // ceramics + gift, 1 890 руб.
    const names = ((await get(`/api/products/${vase.id}/similar`)).json() as ProductCard[]).map((p) => p.name);
    expect(names).toEqual([
      "Кружка ручной лепки", // ceramics and gift
      "Салатник глазурованный", // ceramics, 1 240 руб.
      "Тарелка «Ёлочка»", // ceramics, 420.50 руб.
      "Набор свечей «Ёлка»", // gift, 1 490.90 руб.
      "Подушка льняная", // gift, 990 руб.
      "Свеча соевая «Ваниль»", // gift, 350 руб.
    ]);
  });

  it("returns at most 8", async () => {
    const category = await t.prisma.category.create({ data: { name: "Большая", type: "sub" } });
    const all = await t.prisma.product.findMany({ select: { id: true } });
    await t.prisma.productCategory.createMany({ data: all.map((p) => ({ productId: p.id, categoryId: category.id })) });
    const response = await get(`/api/products/${f.products[0]!.id}/similar`);
    expect((response.json() as ProductCard[]).length).toBe(8);
    await t.prisma.category.delete({ where: { id: category.id } });
  });

  it("is empty for a product without categories and 404 for an unknown one", async () => {
    const lonely = await t.prisma.product.create({ data: { sku: await nextSku(t.prisma), name: "Одиночка", searchName: "одиночка", price: 10 } });
    expect((await get(`/api/products/${lonely.id}/similar`)).json()).toEqual([]);
    await t.prisma.product.delete({ where: { id: lonely.id } });
    const unknown = await get("/api/products/999999/similar");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Товар не найден" });
  });
});

describe("POST /api/cart/recommendations", () => {
  it("puts related products first and never a product from the cart", async () => {
    const pillow = f.byName("Подушка льняная");
    const response = await recommend([pillow.id]);
    expect(response.statusCode).toBe(200);
    const list = response.json() as ProductCard[];
    expect(list).toHaveLength(8);
    expect(list[0]!.name).toBe("Свеча соевая «Ваниль»");
    expect(list.map((p) => p.id)).not.toContain(pillow.id);
    expect(new Set(list.map((p) => p.id)).size).toBe(8);
    // the six related products come before the unrelated ones
    const related = ["Свеча соевая «Ваниль»", "Плед вязаный из шерсти", "Салфетки льняные, 4 шт.", "Ваза керамическая «Лён»", "Кружка ручной лепки", "Набор свечей «Ёлка»"];
    expect(list.slice(0, 6).map((p) => p.name).sort()).toEqual([...related].sort());
  });

  it("excludes every cart product and ignores unknown ids", async () => {
    const cart = f.products.slice(0, 8).map((p) => p.id);
    const list = (await recommend([...cart, 999999, 2147483647])).json() as ProductCard[];
    expect(list.map((p) => p.id).sort()).toEqual(f.products.slice(8).map((p) => p.id).sort());
    // an id past what the database can hold is no product id at all
    const tooLarge = await recommend([...cart, 99999999999]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe("Товары корзины: не больше 2147483647");
  });

  it("rejects a malformed body with 400", async () => {
    expect((await recommend("1,2")).statusCode).toBe(400);
    expect((await recommend([0])).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/api/cart/recommendations", payload: {} })).statusCode).toBe(400);
  });

  it("fills with best sellers (cancelled orders do not count), then the newest products", async () => {
    // a product with no categories has no related products
    const lonely = await t.prisma.product.create({ data: { sku: await nextSku(t.prisma), name: "Одиночка", searchName: "одиночка", price: 10 } });
    const plaid = f.byName("Плед вязаный из шерсти");
    const mug = f.byName("Кружка ручной лепки");
    const plate = f.byName("Тарелка «Ёлочка»");
    const order = async (lines: { id: number; quantity: number }[]) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: { ...CONTACT, cart_items: lines.map((l) => ({ product_id: l.id, quantity: l.quantity })) },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const cancelled = await order([{ id: plate.id, quantity: 50 }]);
    await t.prisma.order.update({ where: { id: cancelled }, data: { status: "cancelled" } });
    // taking an order refreshes this process's best-seller ranking
    await order([{ id: mug.id, quantity: 2 }, { id: plaid.id, quantity: 1 }]);
    await order([{ id: plaid.id, quantity: 4 }]);

    const list = (await recommend([lonely.id])).json() as ProductCard[];
    expect(list).toHaveLength(8);
    expect(list[0]!.id).toBe(plaid.id);
    expect(list[1]!.id).toBe(mug.id);
    const newest = f.products.map((p) => p.id).filter((id) => id !== plaid.id && id !== mug.id).sort((a, b) => b - a).slice(0, 6);
    expect(list.slice(2).map((p) => p.id)).toEqual(newest);
    expect(list.map((p) => p.id)).not.toContain(lonely.id);

    // an empty cart still gets best sellers first
    const forEmpty = (await recommend([])).json() as ProductCard[];
    expect(forEmpty.slice(0, 2).map((p) => p.id)).toEqual([plaid.id, mug.id]);
  });
});

describe("sold-out products are never offered", () => {
  it("similar products and recommendations leave out a product with stock 0, and take it back with pieces again", async () => {
    const pillow = f.byName("Подушка льняная");
    const candle = f.byName("Свеча соевая «Ваниль»");
    const plaid = f.byName("Плед вязаный из шерсти");
    const offered = async () => ({
      similar: ((await get(`/api/products/${pillow.id}/similar`)).json() as ProductCard[]).map((p) => p.id),
      recommended: ((await recommend([pillow.id])).json() as ProductCard[]).map((p) => p.id),
    });
    const before = await offered();
    expect(before.similar).toContain(candle.id);
    expect(before.recommended).toContain(candle.id);

    // sold out: the candle is counted and none are left; the plaid has none left but is made to order
    await t.prisma.product.update({ where: { id: candle.id }, data: { stock: 0 } });
    await t.prisma.product.update({ where: { id: plaid.id }, data: { stock: 0, madeToOrderDays: 10 } });
    try {
      const soldOut = await offered();
      expect(soldOut.similar).not.toContain(candle.id);
      expect(soldOut.recommended).not.toContain(candle.id);
      // stock 0 is never offered, made to order or not: the same products 'Только в наличии' hides
      expect(soldOut.similar).not.toContain(plaid.id);
      expect(soldOut.recommended).not.toContain(plaid.id);
      expect(soldOut.recommended).toHaveLength(8);

      await t.prisma.product.update({ where: { id: candle.id }, data: { stock: 2 } });
      const restocked = await offered();
      expect(restocked.similar).toContain(candle.id);
      expect(restocked.recommended).toContain(candle.id);
    } finally {
      await t.prisma.product.update({ where: { id: candle.id }, data: { stock: null } });
      await t.prisma.product.update({ where: { id: plaid.id }, data: { stock: null, madeToOrderDays: null } });
    }
  });
});

describe("GET /api/config", () => {
  it("without a bot: no links, direct checkout, the delivery fee and discount tiers", async () => {
    const response = await get("/api/config");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      botUsername: null,
      botLink: null,
      checkoutMode: "direct",
      miniAppUrl: null,
      deliveryFee: 250,
      payments: false,
      discountTiers: [
        { threshold: 500, percent: 5 },
        { threshold: 1000, percent: 10 },
        { threshold: 1500, percent: 13 },
      ],
    });
  });
});
