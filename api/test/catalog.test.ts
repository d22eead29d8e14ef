import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { normalizeSearchText } from "@shop/shared/text";
import { nextSku } from "@shop/prisma/sequences";
import type { CatalogResponse, Category, Product } from "@shop/shared/schemas/catalog";
import { buildApp, type App } from "../src/app";
import { resolveJwtSecret } from "../src/services/secrets";
import { CATALOG_CHECK_MS, CatalogStore, LOAD_SLICE, loadCatalog } from "@shop/core/catalog";
import { openTestDatabase } from "@shop/prisma/test-database";
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
      stock: null,
      made_to_order_days: null,
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
    const far = await catalog("?limit=100&page=1000000");
    expect(far.products).toEqual([]);
    expect(far.totalPages).toBe(1);
    const past = await t.app.inject({ method: "GET", url: "/api/products?page=1000001" });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ message: "Страница: не больше 1000000", errors: { page: "Страница: не больше 1000000" } });
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

  it("treats tag ids that cannot exist as matching nothing, and refuses a category id past the database's range", async () => {
    for (const query of ["?mainCategory=2147483647", "?subCategories=99999999999", `?subCategories=99999999999,${f.categories.eco}`]) {
      const body = await catalog(query);
      expect(body.total, query).toBe(query.includes(",") ? 3 : 0);
    }
    for (const query of ["?mainCategory=99999999999", "?mainCategory=1e30"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/products${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^Категория: /);
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

describe("the in-memory catalogue stays in step with the database", () => {
  it("shows a change made straight in the database on the next read (tests check on every read)", async () => {
    const candle = f.byName("Свеча соевая «Ваниль»");
    const price = async () => (await t.app.inject({ method: "GET", url: `/api/products/${candle.id}` })).json().price as number;
    expect(await price()).toBe(350);
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 375 } });
    expect(await price()).toBe(375);
    // a category rename reaches the product page, the catalogue filter counts and the category list
    const eco = await t.prisma.category.update({ where: { id: f.categories.eco }, data: { name: "Экологичное" } });
    const product = (await t.app.inject({ method: "GET", url: `/api/products/${candle.id}` })).json() as { categories: Category[] };
    expect(product.categories.map((c) => c.name)).toContain("Экологичное");
    await t.prisma.category.update({ where: { id: eco.id }, data: { name: "Эко" } });
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 350 } });
    expect(await price()).toBe(350);
  });

  it("a second API instance sees another's change within CATALOG_CHECK_MS, and its own admin change at once", async () => {
    const other = await buildApp({ config: t.config, db: t.db, jwtSecret: await resolveJwtSecret(t.db, t.config.jwtSecret), logger: false });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const candle = f.byName("Свеча соевая «Ваниль»");
      const price = async (app: App) => (await app.inject({ method: "GET", url: `/api/products/${candle.id}` })).json().price as number;
      const total = async (app: App) => ((await app.inject({ method: "GET", url: "/api/products" })).json() as CatalogResponse).total;
      expect(await price(other)).toBe(350);
      const before = await total(other);

      // an admin changes the price through the first instance
      const token = await t.adminToken();
      const current = (await t.app.inject({ method: "GET", url: `/api/products/${candle.id}` })).json() as Product;
      const edited = await t.app.inject({
        method: "PUT",
        url: `/api/admin/products/${candle.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { ...current, price: 399, categoryIds: current.categories.map((c) => c.id) },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await price(t.app)).toBe(399);
      // the other instance checked less than CATALOG_CHECK_MS ago: it still answers from its snapshot
      expect(await price(other)).toBe(350);
      vi.setSystemTime(Date.now() + CATALOG_CHECK_MS);
      // then it finds the new version, and answers from the last snapshot until the new one is loaded
      expect(await price(other)).toBe(350);
      await expect.poll(() => price(other)).toBe(399);

      // a product added through the other instance is in its own catalogue on the very next read
      const created = await other.inject({
        method: "POST",
        url: "/api/admin/products",
        headers: { authorization: `Bearer ${token}` },
        payload: { name: "Открытка «Счёт»", price: 90, categoryIds: [], imageUrls: [] },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await total(other)).toBe(before + 1);
      await t.prisma.product.delete({ where: { id: (created.json() as { id: number }).id } });
      await t.prisma.product.update({ where: { id: candle.id }, data: { price: 350 } });
      vi.setSystemTime(Date.now() + CATALOG_CHECK_MS);
      await expect.poll(() => price(other)).toBe(350);
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });

  it("keeps serving the last catalogue while the database cannot be reached", async () => {
    let down = false;
    const db = {
      read: <Row>(text: string, values: readonly unknown[], options?: { prepare?: boolean }) =>
        down ? Promise.reject(new Error("connection refused")) : t.db.read<Row>(text, values, options),
    };
    const errors: unknown[] = [];
    const store = new CatalogStore(db, { checkEveryMs: 0, waitForChanges: true, onStaleError: (error) => errors.push(error) });
    const first = await store.current();
    const candle = f.byName("Свеча соевая «Ваниль»");
    down = true;
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 360 } });
    expect(await store.current()).toBe(first);
    await store.refresh();
    expect(await store.current()).toBe(first);
    expect(errors).toHaveLength(3);
    down = false;
    const next = await store.current();
    expect(next).not.toBe(first);
    expect(next.product(candle.id)?.price).toBe(360);
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 350 } });
    // with no catalogue loaded yet, an unreachable database is an error
    down = true;
    await expect(new CatalogStore(db).current()).rejects.toThrow("connection refused");
  });

  it("answers from the last catalogue while a changed one loads: a change never makes a read wait", async () => {
    let gate: Promise<void> | null = null;
    let open = () => {};
    const db = {
      read: async <Row>(text: string, values: readonly unknown[], options?: { prepare?: boolean }) => {
        if (text.includes("FROM products") && gate) await gate;
        return t.db.read<Row>(text, values, options);
      },
    };
    const store = new CatalogStore(db, { checkEveryMs: 0 });
    const first = await store.current();
    const candle = f.byName("Свеча соевая «Ваниль»");
    gate = new Promise((resolve) => (open = resolve));
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 365 } });
    // the load of the changed catalogue is held up: reads keep getting the last one at once
    for (let i = 0; i < 5; i++) expect(await store.current()).toBe(first);
    // an admin change through this instance waits for the new catalogue itself
    let refreshed = false;
    const refreshing = store.refresh().then(() => (refreshed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(refreshed).toBe(false);
    open();
    await refreshing;
    expect((await store.current()).product(candle.id)?.price).toBe(365);
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 350 } });
    await expect.poll(async () => (await store.current()).product(candle.id)?.price).toBe(350);
  });

  it("shares one load between concurrent reads; a refresh loads only a changed catalogue, again when it changed during a load", async () => {
    let loads = 0;
    const db = {
      read: <Row>(text: string, values: readonly unknown[], options?: { prepare?: boolean }) => {
        if (text.includes("FROM products")) loads++;
        return t.db.read<Row>(text, values, options);
      },
    };
    const store = new CatalogStore(db, { waitForChanges: true });
    const [a, b, c] = await Promise.all([store.current(), store.current(), store.current()]);
    expect(loads).toBe(1);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await store.current()).toBe(a); // fresh: no load, no check
    await store.refresh();
    expect(loads).toBe(1); // nothing changed: nothing loaded

    const candle = f.byName("Свеча соевая «Ваниль»");
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 371 } });
    const first = store.refresh();
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 372 } });
    const second = store.refresh();
    await Promise.all([first, second]);
    const after = await store.current();
    expect(after.product(candle.id)?.price).toBe(372);
    expect(loads).toBeGreaterThanOrEqual(2);
    expect(loads).toBeLessThanOrEqual(3);
    await t.prisma.product.update({ where: { id: candle.id }, data: { price: 350 } });
  });
});

describe("loading the catalogue", () => {
  it(`reads a catalogue of more than ${LOAD_SLICE} products in slices, with every product's pictures in order and its categories`, async () => {
    const db = await openTestDatabase();
    try {
      const COUNT = 2 * LOAD_SLICE + 345;
      const [main, tag] = await Promise.all([
        db.prisma.category.create({ data: { name: "Керамика", type: "main" } }),
        db.prisma.category.create({ data: { name: "В подарок", type: "sub" } }),
      ]);
      await db.prisma.product.createMany({
        data: Array.from({ length: COUNT }, (_, i) => ({
          sku: `HM-${String(i + 1).padStart(6, "0")}`,
          name: `Кружка №${i + 1}`,
          searchName: normalizeSearchText(`Кружка №${i + 1}`),
          price: 100 + i,
        })),
      });
      const products = await db.prisma.product.findMany({ select: { id: true }, orderBy: { id: "asc" } });
      // pictures inserted out of display order, so only ORDER BY position puts them right; every 7th product has none
      await db.prisma.productImage.createMany({
        data: products.flatMap(({ id }, i) =>
          i % 7 === 0 ? [] : [2, 0, 1].map((position) => ({ productId: id, position, imageUrl: `/uploads/${id}-${position}.webp` })),
        ),
      });
      await db.prisma.productCategory.createMany({
        data: products.flatMap(({ id }, i) => [{ productId: id, categoryId: main.id }, ...(i % 2 ? [{ productId: id, categoryId: tag.id }] : [])]),
      });

      const productReads: unknown[][] = [];
      const recording = {
        read: <Row>(text: string, values: readonly unknown[], options?: { prepare?: boolean }) => {
          if (text.includes("FROM products")) productReads.push([...values]);
          return db.read<Row>(text, values, options);
        },
      };
      const snapshot = await loadCatalog(recording);

      expect(productReads).toHaveLength(3);
      expect(snapshot.size).toBe(COUNT);
      products.forEach(({ id }, i) => {
        const product = snapshot.product(id)!;
        expect(product.price).toBe(100 + i);
        expect(product.images.map((image) => image.image_url)).toEqual(i % 7 === 0 ? [] : [0, 1, 2].map((position) => `/uploads/${id}-${position}.webp`));
        expect(product.categories.map((category) => category.id)).toEqual(i % 2 ? [main.id, tag.id] : [main.id]);
      });

      // a read failing half-way (the database gone) fails the whole load: never a catalogue with products missing
      let imageReads = 0;
      const failing = {
        read: <Row>(text: string, values: readonly unknown[], options?: { prepare?: boolean }) =>
          text.includes("FROM product_images") && ++imageReads === 2
            ? Promise.reject(new Error("connection lost"))
            : db.read<Row>(text, values, options),
      };
      await expect(loadCatalog(failing)).rejects.toThrow("connection lost");
    } finally {
      await db.close();
    }
  });
});
