import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { canonicals, createPageApp, PAGE_ORIGIN as ORIGIN, structuredData, type PageApp } from "./helpers/page-app";
import { DEFAULT_PRIVACY_POLICY } from "../src/pages/privacy-policy";

/** robots.txt, the sitemap, canonical links, a product's structured data and the privacy policy (docs/product.md#search-engines). */

let t: PageApp;
let fixture: Fixture;
let policyDir: string;
let policyFile: string;

beforeAll(async () => {
  // the policy's file is not there yet: a test writes it
  policyDir = mkdtempSync(path.join(tmpdir(), "shop-policy-"));
  policyFile = path.join(policyDir, "policy", "privacy.txt");
  t = await createPageApp({ PRIVACY_POLICY_FILE: policyFile });
  fixture = await createFixture(t.prisma);
});

afterAll(async () => {
  await t?.close();
  rmSync(policyDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("robots.txt", () => {
  it("is text that allows the shop, keeps robots out of /admin and /api and names the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = response.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /api");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(response.body).not.toMatch(/<html/i);
  });
});

describe("sitemap.xml", () => {
  it("lists the catalogue, every main category and every product with the day it last changed", async () => {
    const response = await get("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/xml/);
    const urls = [...response.body.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => ({
      loc: m[1]!.replace(/&#38;/g, "&"),
      lastmod: m[2],
    }));
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);

    const rows = await t.prisma.product.findMany({ select: { id: true, updatedAt: true } });
    expect(rows.length).toBe(fixture.products.length);
    for (const row of rows) {
      const entry = urls.find((url) => url.loc === `${ORIGIN}/product/${row.id}`);
      expect(entry, `product ${row.id} is listed`).toBeDefined();
      expect(entry!.lastmod).toBe(row.updatedAt.toISOString().slice(0, 10));
    }
    const { ceramics, textile, candles, gift } = fixture.categories;
    for (const id of [ceramics, textile, candles]) {
      expect(urls.map((url) => url.loc)).toContain(`${ORIGIN}/?mainCategory=${id}`);
    }
    expect(urls.map((url) => url.loc)).not.toContain(`${ORIGIN}/?mainCategory=${gift}`);
    expect(urls[0]!.loc).toBe(`${ORIGIN}/`);
    expect(urls).toHaveLength(rows.length + 4);
  });

  it("follows the catalogue: a new product appears, a deleted one is gone", async () => {
    const added = await t.prisma.product.create({ data: { name: "Кашпо из джута", price: 700, sku: "HM-SITEMAP-1", searchName: "кашпо из джута" } });
    const removed = fixture.byName("Салатник глазурованный");
    await t.prisma.product.delete({ where: { id: removed.id } });
    const body = (await get("/sitemap.xml")).body;
    expect(body).toContain(`<loc>${ORIGIN}/product/${added.id}</loc>`);
    expect(body).not.toContain(`<loc>${ORIGIN}/product/${removed.id}</loc>`);
  });
});

describe("structured data and canonical links", () => {
  it("gives a product page a Product with its Offer and the breadcrumbs, and one canonical link", async () => {
    const vase = fixture.byName("Ваза керамическая «Лён»");
    const html = (await get(`/product/${vase.id}`)).body;
    expect(canonicals(html)).toEqual([`${ORIGIN}/product/${vase.id}`]);
    const blocks = structuredData(html);
    const product = blocks.find((block) => block["@type"] === "Product") as { image: string[] } & Record<string, unknown>;
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      name: "Ваза керамическая «Лён»",
      sku: vase.sku,
      url: `${ORIGIN}/product/${vase.id}`,
      category: "Керамика",
      offers: { "@type": "Offer", price: "1890.00", priceCurrency: "RUB", availability: "https://schema.org/InStock" },
    });
    expect(product.image).toHaveLength(2);
    for (const image of product.image) expect(image.startsWith(`${ORIGIN}/uploads/`)).toBe(true);

    const crumbs = blocks.find((block) => block["@type"] === "BreadcrumbList") as {
      itemListElement: { "@type": string; position: number; name: string; item: string }[];
    };
    expect(crumbs.itemListElement.every((item) => item["@type"] === "ListItem")).toBe(true);
    expect(crumbs.itemListElement.map((item) => [item.position, item.name, item.item])).toEqual([
      [1, "Ремесло", `${ORIGIN}/`],
      [2, "Керамика", `${ORIGIN}/?mainCategory=${fixture.categories.ceramics}`],
      [3, "Ваза керамическая «Лён»", `${ORIGIN}/product/${vase.id}`],
    ]);
  });

  it("tells search engines the product's availability as its page shows it", async () => {
    const mug = fixture.byName("Кружка ручной лепки");
    const token = await t.adminToken();
    const offer = async () => {
      const html = (await get(`/product/${mug.id}`)).body;
      const blocks = structuredData(html) as { "@type": string; offers?: { availability: string } }[];
      return blocks.find((block) => block["@type"] === "Product")?.offers?.availability;
    };
    const cases: [Record<string, number | null>, string][] = [
      [{ stock: 2, made_to_order_days: null }, "https://schema.org/LimitedAvailability"],
      [{ stock: 0, made_to_order_days: 10 }, "https://schema.org/MadeToOrder"],
      [{ stock: 0, made_to_order_days: null }, "https://schema.org/OutOfStock"],
      [{ stock: null, made_to_order_days: null }, "https://schema.org/InStock"],
    ];
    for (const [stock, availability] of cases) {
      const saved = await t.app.inject({
        method: "PUT",
        url: `/api/admin/products/${mug.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { name: mug.name, price: mug.price, ...stock },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await offer()).toBe(availability);
    }
  });

  it("gives every shop page one canonical link: the catalogue keeps only its category", async () => {
    const { ceramics } = fixture.categories;
    const cases: [string, string][] = [
      ["/", `${ORIGIN}/`],
      ["/catalog", `${ORIGIN}/`],
      [`/?mainCategory=${ceramics}&page=2&sortOrder=price-asc`, `${ORIGIN}/?mainCategory=${ceramics}`],
      ["/?priceFrom=100", `${ORIGIN}/`],
      ["/cart", `${ORIGIN}/cart`],
      ["/checkout", `${ORIGIN}/checkout`],
      ["/privacy", `${ORIGIN}/privacy`],
    ];
    for (const [url, canonical] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(canonicals(response.body), url).toEqual([canonical]);
    }
    expect(canonicals((await get("/admin/dashboard")).body)).toEqual([]);
  });
});

describe("privacy policy", () => {
  it("is the shop's general text until the seller puts a file in place, then that file's text", async () => {
    const before = await get("/api/privacy");
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ text: DEFAULT_PRIVACY_POLICY });
    expect(DEFAULT_PRIVACY_POLICY).toContain("152-ФЗ");

    mkdirSync(path.dirname(policyFile), { recursive: true });
    writeFileSync(policyFile, "Политика ИП Иванова\n\nМы храним только телефон.\n");
    expect((await get("/api/privacy")).json()).toEqual({ text: "Политика ИП Иванова\n\nМы храним только телефон." });
  });
});
