import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeSearchText } from "@shop/shared/text";
import { nextSku } from "@shop/prisma/sequences";
import type { SearchResponse } from "@shop/shared/schemas/catalog";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createFixture(t.prisma);
  for (const name of ["Лента атласная", "Оленёнок из фетра", "Хлопок 100% натуральный", "Подставка_под_горячее"]) {
    await t.prisma.product.create({ data: { sku: await nextSku(t.prisma), name, searchName: normalizeSearchText(name), price: 300 } });
  }
});
afterAll(async () => t?.close());

async function search(q: string, limit?: number): Promise<string[]> {
  const params = new URLSearchParams({ q });
  if (limit !== undefined) params.set("limit", String(limit));
  const response = await t.app.inject({ method: "GET", url: `/api/products/search?${params}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SearchResponse).products.map((p) => p.name);
}

describe("GET /api/products/search", () => {
  it("finds by name regardless of case", async () => {
    expect(await search("ваза")).toEqual(["Ваза керамическая «Лён»"]);
    expect(await search("ВАЗА")).toEqual(["Ваза керамическая «Лён»"]);
    expect(await search("  КерамическАЯ ")).toEqual(["Ваза керамическая «Лён»"]);
  });

  it("treats ё and е as the same letter both ways", async () => {
    // 'тарЕЛКА' contains it inside a word, so it comes after the word match
    expect(await search("елка")).toEqual(["Набор свечей «Ёлка»", "Тарелка «Ёлочка»"]);
    expect(await search("ЁЛОЧКА")).toEqual(["Тарелка «Ёлочка»"]);
    expect(await search("олененок")).toEqual(["Оленёнок из фетра"]);
  });

  it("finds by article, whole or in part, in any case", async () => {
    const sku = f.byName("Подушка льняная").sku;
    expect(await search(sku)).toEqual(["Подушка льняная"]);
    expect(await search(sku.toLowerCase())).toEqual(["Подушка льняная"]);
    const partial = await search(sku.slice(0, 3), 50);
    expect(partial.length).toBeGreaterThanOrEqual(f.products.length);
  });

  it("ranks names starting with the query first, then a word starting with it, then the rest", async () => {
    expect(await search("свеч")).toEqual(["Свеча в бетонном стакане", "Свеча соевая «Ваниль»", "Набор свечей «Ёлка»"]);
    expect(await search("лен")).toEqual(["Лента атласная", "Ваза керамическая «Лён»", "Оленёнок из фетра"]);
  });

  it("returns the full card: id, name, price, sku, images and stock", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/products/search?q=${encodeURIComponent("кружка")}` });
    const mug = f.byName("Кружка ручной лепки");
    expect(response.json()).toEqual({
      products: [
        {
          id: mug.id,
          name: mug.name,
          price: 650,
          sku: mug.sku,
          images: [{ id: expect.any(Number), image_url: "/uploads/fixture-1-0.webp" }],
          stock: null,
          made_to_order_days: null,
        },
      ],
    });
  });

  it("returns 5 results by default and up to 50 on request", async () => {
    const many = await search("а", 50);
    expect(many.length).toBeGreaterThan(5);
    expect(await search("а")).toHaveLength(5);
    expect(await search("а", 2)).toHaveLength(2);
    const over = await t.app.inject({ method: "GET", url: "/api/products/search?q=a&limit=51" });
    expect(over.statusCode).toBe(400);
  });

  it("answers a blank query with no products and a missing one with 400", async () => {
    expect(await search("")).toEqual([]);
    expect(await search("   ")).toEqual([]);
    const missing = await t.app.inject({ method: "GET", url: "/api/products/search" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toEqual(expect.any(String));
  });

  it("matches % and _ literally, not as wildcards", async () => {
    expect(await search("%")).toEqual(["Хлопок 100% натуральный"]);
    expect(await search("100%")).toEqual(["Хлопок 100% натуральный"]);
    expect(await search("10_")).toEqual([]);
    expect(await search("_")).toEqual(["Подставка_под_горячее"]);
    expect(await search("\\")).toEqual([]);
    expect(await search("'; DROP TABLE products; --")).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/products?limit=1" })).json().total).toBe(14);
  });
});
