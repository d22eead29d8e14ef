import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { normalizeSearchText } from "@shop/shared/text";
import { nextSku } from "@shop/prisma/sequences";
import type { CatalogResponse, Category } from "@shop/shared/schemas/catalog";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createFixture(t.prisma);
});
afterAll(async () => t?.close());

async function catalog(query: string): Promise<CatalogResponse> {
  const response = await t.app.inject({ method: "GET", url: `/api/products${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name);
const ids = (body: { products: { id: number }[] }) => body.products.map((p) => p.id);

describe("GET /api/categories", () => {
  it("lists main categories then tags, by name, with product counts", async () => {
    const empty = await t.prisma.category.create({ data: { name: "Дерево", type: "main" } });
    const response = await t.app.inject({ method: "GET", url: "/api/categories" });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Category[];
    expect(list.map((c) => [c.name, c.type, c.product_count])).toEqual([
      ["Дерево", "main", 0],
      ["Керамика", "main", 4],
      ["Свечи", "main", 3],
      ["Текстиль", "main", 3],
      ["В подарок", "sub", 5],
      ["Новинки", "sub", 3],
      ["Эко", "sub", 3],
    ]);
    expect(list.find((c) => c.name === "Керамика")!.id).toBe(f.categories.ceramics);
    await t.prisma.category.delete({ where: { id: empty.id } });
  });
});

describe("GET /api/products", () => {
  it("returns the newest products first, 12 per page by default", async () => {
    const body = await catalog("");
    expect(body.total).toBe(10);
    expect(body.totalPages).toBe(1);
    expect(body.page).toBe(1);
    expect(ids(body)).toEqual(f.products.map((p) => p.id).sort((a, b) => b - a));
  });

  it("returns product cards with prices as numbers and images in order", async () => {
    const body = await catalog("?limit=100");
    const plate = body.products.find((p) => p.name === "Тарелка «Ёлочка»")!;
    expect(plate).toEqual({
      id: f.byName("Тарелка «Ёлочка»").id,
      name: "Тарелка «Ёлочка»",
      price: 420.5,
      sku: f.byName("Тарелка «Ёлочка»").sku,
      images: [{ id: expect.any(Number), image_url: "/uploads/fixture-2-0.webp" }],
    });
    const blanket = body.products.find((p) => p.name === "Плед вязаный из шерсти")!;
    expect(blanket.images.map((i) => i.image_url)).toEqual([
      "/uploads/fixture-4-0.webp",
      "/uploads/fixture-4-1.webp",
      "/uploads/fixture-4-2.webp",
    ]);
    expect(body.products.find((p) => p.name === "Салатник глазурованный")!.images).toEqual([]);
  });

  it("pages with limit and reports totalPages; past the end is an empty page", async () => {
    const first = await catalog("?limit=3&page=1");
    const last = await catalog("?limit=3&page=4");
    const beyond = await catalog("?limit=3&page=5");
    expect(first.totalPages).toBe(4);
    expect(first.products).toHaveLength(3);
    expect(last.products).toHaveLength(1);
    expect(beyond).toEqual({ products: [], totalPages: 4, total: 10, page: 5 });
    const all = [1, 2, 3, 4].map((page) => catalog(`?limit=3&page=${page}`));
    const seen = (await Promise.all(all)).flatMap(ids);
    expect(new Set(seen).size).toBe(10);
    const far = await catalog("?limit=100&page=999999999999");
    expect(far.products).toEqual([]);
    expect(far.totalPages).toBe(1);
  });

  it("filters by main category", async () => {
    const body = await catalog(`?mainCategory=${f.categories.textile}`);
    expect(names(body).sort()).toEqual(["Плед вязаный из шерсти", "Подушка льняная", "Салфетки льняные, 4 шт."].sort());
    expect(body.total).toBe(3);
    expect((await catalog("?mainCategory=999999")).products).toEqual([]);
  });

  it("filters by tags: a product matches when it has any of the given tags", async () => {
    const eco = await catalog(`?subCategories=${f.categories.eco}`);
    expect(names(eco).sort()).toEqual(["Плед вязаный из шерсти", "Подушка льняная", "Свеча соевая «Ваниль»"].sort());
    const ecoOrNew = await catalog(`?subCategories=${encodeURIComponent(`${f.categories.eco}, ${f.categories.new}`)}`);
    expect(names(ecoOrNew).sort()).toEqual(
      ["Плед вязаный из шерсти", "Подушка льняная", "Свеча соевая «Ваниль»", "Кружка ручной лепки", "Тарелка «Ёлочка»", "Свеча в бетонном стакане"].sort(),
    );
    const combined = await catalog(`?mainCategory=${f.categories.candles}&subCategories=${f.categories.eco},${f.categories.new}`);
    expect(names(combined).sort()).toEqual(["Свеча в бетонном стакане", "Свеча соевая «Ваниль»"].sort());
    expect((await catalog("?subCategories=")).total).toBe(10);
  });

  it("filters by an inclusive price range", async () => {
    const body = await catalog("?priceFrom=650&priceTo=1240&sortOrder=price-asc");
    expect(body.products.map((p) => p.price)).toEqual([650, 780, 990, 1240]);
    expect((await catalog("?priceFrom=5400")).products.map((p) => p.price)).toEqual([5400]);
    expect((await catalog("?priceTo=350")).products.map((p) => p.price)).toEqual([350]);
    expect((await catalog("?priceFrom=420.5&priceTo=420.5")).products.map((p) => p.name)).toEqual(["Тарелка «Ёлочка»"]);
    expect((await catalog("?priceFrom=100&priceTo=100")).products).toEqual([]);
  });

  it("refuses priceFrom greater than priceTo with a Russian message", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/products?priceFrom=1000&priceTo=500" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Цена «от» не может быть больше цены «до»");
  });

  it("sorts by price both ways", async () => {
    const asc = await catalog("?sortOrder=price-asc");
    const desc = await catalog("?sortOrder=price-desc");
    const prices = f.products.map((p) => p.price).sort((a, b) => a - b);
    expect(asc.products.map((p) => p.price)).toEqual(prices);
    expect(desc.products.map((p) => p.price)).toEqual([...prices].reverse());
    expect(ids(await catalog("?sortOrder=default"))).toEqual(ids(await catalog("")));
  });

  it("treats ids that cannot exist as matching nothing", async () => {
    for (const query of ["?mainCategory=99999999999", "?mainCategory=1e30", "?subCategories=99999999999", `?subCategories=99999999999,${f.categories.eco}`]) {
      const body = await catalog(query);
      expect(body.total, query).toBe(query.includes(",") ? 3 : 0);
    }
  });

  it("rejects malformed parameters with a JSON 400, never a 500", async () => {
    for (const query of [
      "?limit=0",
      "?limit=101",
      "?page=0",
      "?page=abc",
      "?sortOrder=cheapest",
      "?subCategories=1;DROP",
      "?subCategories=a,b",
      "?priceFrom=-1",
      "?priceTo=abc",
      "?mainCategory=0",
      "?priceFrom=Infinity",
      "?priceTo=1e400",
    ]) {
      const response = await t.app.inject({ method: "GET", url: `/api/products${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message, query).toBe("string");
    }
  });

  it("breaks price ties by id so that pages never repeat or skip a product", async () => {
    const category = await t.prisma.category.create({ data: { name: "Одинаковые", type: "main" } });
    const created: number[] = [];
    for (let i = 0; i < 7; i++) {
      const product = await t.prisma.product.create({
        data: {
          sku: await nextSku(t.prisma),
          name: `Открытка №${i}`,
          searchName: normalizeSearchText(`Открытка №${i}`),
          price: 100,
          categories: { create: [{ categoryId: category.id }] },
        },
      });
      created.push(product.id);
    }
    const pages = async (sort: string) => {
      const out: number[] = [];
      for (let page = 1; page <= 3; page++) out.push(...ids(await catalog(`?mainCategory=${category.id}&limit=3&page=${page}&sortOrder=${sort}`)));
      return out;
    };
    expect(await pages("price-asc")).toEqual([...created].sort((a, b) => a - b));
    expect(await pages("price-desc")).toEqual([...created].sort((a, b) => b - a));
    expect(await pages("default")).toEqual([...created].sort((a, b) => b - a));
  });
});

describe("catalogue response cache", () => {
  it("serves repeated reads from memory until an admin write in this process clears it", async () => {
    const candle = f.byName("Свеча соевая «Ваниль»");
    const url = `/api/products/${candle.id}`;
    const price = async () => (await t.app.inject({ method: "GET", url })).json().price as number;
    expect(await price()).toBe(350);
    // a change behind the API's back is not seen while the entry is fresh
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 375 } });
    expect(await price()).toBe(350);
    // a failed admin write keeps the cache
    const token = await t.adminToken();
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/admin/categories",
      headers: { authorization: `Bearer ${token}` },
      payload: { name: " ", type: "sub" },
    });
    expect(refused.statusCode).toBe(400);
    expect(await price()).toBe(350);
    // any successful admin write empties it before its response is sent
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/categories",
      headers: { authorization: `Bearer ${token}` },
      payload: { name: "Сезонное", type: "sub" },
    });
    expect(created.statusCode).toBeLessThan(300);
    expect(await price()).toBe(375);
    const categories = (await t.app.inject({ method: "GET", url: "/api/categories" })).json() as Category[];
    expect(categories.map((c) => c.name)).toContain("Сезонное");
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 350 } });
  });

  it("keeps one total per filter for every page and sort, until an admin write in this process", async () => {
    const token = await t.adminToken();
    vi.useFakeTimers({ toFake: ["Date"] }); // the 2 s lifetime must not run out halfway on a slow machine
    try {
      const before = (await catalog("?page=1")).total;
      const extra = await t.prisma.product.create({
        data: { sku: await nextSku(t.prisma), name: "Открытка «Счёт»", searchName: normalizeSearchText("Открытка «Счёт»"), price: 90 },
      });
      // another page and sort of the same filter: new rows, the shared total
      const other = await catalog("?page=2&limit=3&sortOrder=price-asc");
      expect(other.total).toBe(before);
      expect(other.totalPages).toBe(Math.ceil(before / 3));
      // a different filter is counted on its own
      expect((await catalog("?priceTo=90")).products.map((p) => p.id)).toContain(extra.id);
      const created = await t.app.inject({
        method: "POST",
        url: "/api/admin/categories",
        headers: { authorization: `Bearer ${token}` },
        payload: { name: "Счётная", type: "sub" },
      });
      expect(created.statusCode).toBeLessThan(300);
      expect((await catalog("?page=3&sortOrder=price-desc")).total).toBe(before + 1);
      await t.prisma.product.delete({ where: { id: extra.id } });
    } finally {
      vi.useRealTimers();
    }
  });
});
