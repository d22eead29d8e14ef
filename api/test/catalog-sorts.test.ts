import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogResponse } from "@shop/shared/schemas/catalog";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT } from "./helpers/checkout";

/**
 * The catalogue's sorts «Новинки» (sortOrder=new: the date a product was put in the catalogue, latest first) and
 * «Популярные» (sortOrder=popular: pieces sold in orders that were not cancelled, most first), with the filters
 * and paging (docs/product.md#catalogue-and-filters, docs/api.md#catalogue).
 */

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createFixture(t.prisma);
  // put in the catalogue on other days than their ids say (an import): «Новинки» goes by the date
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  const dates: [string, number][] = [
    ["Ваза керамическая «Лён»", 30],
    ["Салфетки льняные, 4 шт.", 29],
    ["Тарелка «Ёлочка»", 28],
  ];
  for (const [index, product] of f.products.entries()) {
    const date = dates.find(([name]) => name === product.name)?.[1] ?? 1 + index;
    await t.prisma.product.update({ where: { id: product.id }, data: { createdAt: day(date) } });
  }
});
afterAll(async () => t?.close());

const page = async (query: string) => {
  const response = await t.app.inject({ method: "GET", url: `/api/products?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CatalogResponse;
};
const names = (response: CatalogResponse) => response.products.map((product) => product.name);
const byId = (a: { id: number }, b: { id: number }) => b.id - a.id;

async function order(lines: [string, number][]) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { ...CONTACT, cart_items: lines.map(([name, quantity]) => ({ product_id: f.byName(name).id, quantity })) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

describe("sortOrder=new («Новинки»)", () => {
  it("lists the latest put in the catalogue first, whatever their ids say, then the rest by date", async () => {
    const all = await page("sortOrder=new&limit=100");
    expect(all.total).toBe(10);
    expect(names(all).slice(0, 3)).toEqual(["Ваза керамическая «Лён»", "Салфетки льняные, 4 шт.", "Тарелка «Ёлочка»"]);
    const rest = f.products.filter((product) => !names(all).slice(0, 3).includes(product.name)).sort(byId);
    expect(names(all).slice(3)).toEqual(rest.map((product) => product.name));
    // the default order is still newest by id
    expect(names(await page("limit=100"))).toEqual([...f.products].sort(byId).map((product) => product.name));
  });

  it("keeps the filters and pages without repeating or skipping a product", async () => {
    const ceramics = await page(`sortOrder=new&mainCategory=${f.categories.ceramics}`);
    expect(names(ceramics)).toEqual(["Ваза керамическая «Лён»", "Тарелка «Ёлочка»", "Салатник глазурованный", "Кружка ручной лепки"]);
    const cheap = await page(`sortOrder=new&priceTo=1000`);
    expect(names(cheap).slice(0, 2)).toEqual(["Салфетки льняные, 4 шт.", "Тарелка «Ёлочка»"]);
    expect(cheap.products.every((product) => product.price <= 1000)).toBe(true);
    const paged = [...names(await page("sortOrder=new&limit=3&page=1")), ...names(await page("sortOrder=new&limit=3&page=2")), ...names(await page("sortOrder=new&limit=3&page=3")), ...names(await page("sortOrder=new&limit=3&page=4"))];
    expect(paged).toEqual(names(await page("sortOrder=new&limit=100")));
  });
});

describe("sortOrder=popular («Популярные»)", () => {
  it("lists the most sold first, ties newest first, then the never sold newest first; follows new orders", async () => {
    const before = await page("sortOrder=popular&limit=100");
    // nothing sold yet: the newest first
    expect(names(before)).toEqual([...f.products].sort(byId).map((product) => product.name));

    await order([
      ["Подушка льняная", 3],
      ["Кружка ручной лепки", 2],
      ["Салатник глазурованный", 2],
    ]);
    await order([["Кружка ручной лепки", 2]]);
    const after = await page("sortOrder=popular&limit=100");
    const tie = [f.byName("Подушка льняная"), f.byName("Салатник глазурованный")].sort(byId).map((product) => product.name);
    expect(names(after).slice(0, 3)).toEqual(["Кружка ручной лепки", ...tie]);
    const sold = ["Кружка ручной лепки", "Подушка льняная", "Салатник глазурованный"];
    expect(names(after).slice(3)).toEqual([...f.products].sort(byId).map((product) => product.name).filter((name) => !sold.includes(name)));

    // with a filter and a price range
    const textile = await page(`sortOrder=popular&mainCategory=${f.categories.textile}&priceFrom=500`);
    expect(names(textile)[0]).toBe("Подушка льняная");
    expect(textile.total).toBe(3);
    const paged = [...names(await page("sortOrder=popular&limit=4&page=1")), ...names(await page("sortOrder=popular&limit=4&page=2")), ...names(await page("sortOrder=popular&limit=4&page=3"))];
    expect(paged).toEqual(names(after));
  });

  it("does not count cancelled orders", async () => {
    const candle = "Свеча в бетонном стакане";
    const placed = await order([[candle, 50]]);
    expect(names(await page("sortOrder=popular&limit=1"))).toEqual([candle]);
    const token = await t.adminToken();
    const cancelled = await t.app.inject({
      method: "PUT",
      url: `/api/orders/${placed.id}/status`,
      headers: { authorization: `Bearer ${token}` },
      payload: { status: "cancelled" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(names(await page("sortOrder=popular&limit=1"))).toEqual(["Кружка ручной лепки"]);
  });
});

describe("sortOrder", () => {
  it("refuses an unknown order with a message in Russian", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/products?sortOrder=best" });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe("string");
  });
});
