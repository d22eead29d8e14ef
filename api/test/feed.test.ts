import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogResponse, Product } from "@shop/shared/schemas/catalog";
import { availabilityOf } from "@shop/shared/stock";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * The product feed for Яндекс, /feed.yml (docs/product.md#product-feed): the YML structure with its required
 * fields, exactly the products that can be ordered (variants as offers of their own), and the sitemap listing the
 * same products.
 */

const ORIGIN = "https://shop.example.ru";
let t: TestApp;
let fixture: Fixture;
let scarf: Product;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
  fixture = await createFixture(t.prisma);
  // sold out and not made to order: left out
  await t.prisma.product.update({ where: { id: fixture.byName("Салатник глазурованный").id }, data: { stock: 0 } });
  // none left but made to order: listed
  await t.prisma.product.update({ where: { id: fixture.byName("Плед вязаный из шерсти").id }, data: { stock: 0, madeToOrderDays: 14 } });
  // a few left: listed
  await t.prisma.product.update({ where: { id: fixture.byName("Тарелка «Ёлочка»").id }, data: { stock: 2 } });
  // in no category: listed under the feed's own
  await t.prisma.product.create({ data: { sku: "HM-900100", name: "Подставка & «крючок» <дуб>", searchName: "подставка", price: 300 } });
  const product = await t.prisma.product.create({
    data: {
      sku: "HM-900001",
      name: "Шарф «Вереск»",
      searchName: "шарф «вереск»",
      price: 2500,
      description: "Тёплый шарф",
      images: { create: [0, 1].map((position) => ({ imageUrl: `/uploads/scarf-${position}.webp`, position })) },
      categories: { create: [{ categoryId: fixture.categories.textile }, { categoryId: fixture.categories.gift }] },
    },
  });
  const images = await t.prisma.productImage.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
  const saved = await t.app.inject({
    method: "PUT",
    url: `/api/admin/products/${product.id}`,
    headers: { authorization: `Bearer ${await t.adminToken()}` },
    payload: {
      name: product.name,
      price: 2500,
      description: "Тёплый шарф",
      categories: [fixture.categories.textile, fixture.categories.gift],
      options: [{ name: "Цвет", kind: "color", values: [{ value: "синий", swatch: "#1e3a8a" }, { value: "красный", swatch: "#b91c1c" }, { value: "белый", swatch: "#ffffff" }] }],
      variants: [
        { option_values: ["синий"], stock: 2, image_ids: [images[1]!.id] },
        { option_values: ["красный"], stock: 0, price: 2700 },
        { option_values: ["белый"], stock: 0, made_to_order_days: 10, price: 2900 },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  scarf = saved.json() as Product;
  // a product with variants none of which can be ordered: left out
  const gone = await t.prisma.product.create({ data: { sku: "HM-900002", name: "Шарф «Иней»", searchName: "шарф «иней»", price: 2500 } });
  const savedGone = await t.app.inject({
    method: "PUT",
    url: `/api/admin/products/${gone.id}`,
    headers: { authorization: `Bearer ${await t.adminToken()}` },
    payload: { name: gone.name, price: 2500, options: [{ name: "Цвет", values: [{ value: "серый" }] }], variants: [{ option_values: ["серый"], stock: 0 }] },
  });
  expect(savedGone.statusCode, savedGone.body).toBe(200);
});

afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

interface Offer {
  "@_id": string;
  "@_available": string;
  "@_group_id"?: string;
  url: string;
  price: string;
  currencyId: string;
  categoryId: string;
  picture?: string | string[];
  name: string;
  vendorCode: string;
  description?: string;
  sales_notes?: string;
  param?: { "@_name": string; "#text": string } | { "@_name": string; "#text": string }[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ["category", "offer", "currency"].includes(name),
});

async function feed() {
  const response = await get("/feed.yml");
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/xml/);
  expect(XMLValidator.validate(response.body)).toBe(true);
  const doc = parser.parse(response.body) as {
    yml_catalog: {
      "@_date": string;
      shop: {
        name: string;
        company: string;
        url: string;
        currencies: { currency: { "@_id": string; "@_rate": string }[] };
        categories: { category: { "@_id": string; "@_parentId"?: string; "#text": string }[] };
        offers: { offer: Offer[] };
      };
    };
  };
  return { response, doc, shop: doc.yml_catalog.shop, offers: doc.yml_catalog.shop.offers.offer };
}

/** Every product the shop shows, as the catalogue answers them, with each one's page. */
async function shopProducts(): Promise<Product[]> {
  const page = (await get("/api/products?limit=100")).json() as CatalogResponse;
  return Promise.all(page.products.map(async (card) => (await get(`/api/products/${card.id}`)).json() as Product));
}

describe("/feed.yml", () => {
  it("is a YML catalogue: the shop's name, company, address, roubles, categories and offers with their required fields", async () => {
    const { response, doc, shop, offers } = await feed();
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(response.headers["cache-control"]).toBe("public, max-age=600");
    expect(doc.yml_catalog["@_date"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(shop.name).toBe("Ремесло");
    expect(shop.company).toBe("Ремесло");
    expect(shop.url).toBe(`${ORIGIN}/`);
    expect(shop.currencies.currency).toEqual([{ "@_id": "RUR", "@_rate": "1" }]);

    const categories = shop.categories.category;
    const categoryIds = new Set(categories.map((category) => category["@_id"]));
    expect(categoryIds.size).toBe(categories.length);
    for (const category of categories) {
      expect(category["@_id"]).toMatch(/^\d+$/);
      expect(category["#text"].length).toBeGreaterThan(0);
      if (category["@_parentId"] !== undefined) expect(categoryIds).toContain(category["@_parentId"]);
    }
    expect(categories.map((category) => category["#text"])).toEqual(["Керамика", "Свечи", "Текстиль", "Другие товары"]);

    const offerIds = new Set(offers.map((offer) => offer["@_id"]));
    expect(offerIds.size).toBe(offers.length);
    for (const offer of offers) {
      expect(offer["@_id"], offer.name).toMatch(/^[0-9a-z]{1,20}$/);
      expect(offer["@_available"]).toBe("true");
      expect(offer.url.startsWith(`${ORIGIN}/product/`)).toBe(true);
      expect(offer.price).toMatch(/^\d+\.\d\d$/);
      expect(offer.currencyId).toBe("RUR");
      expect(categoryIds, offer.name).toContain(offer.categoryId);
      for (const picture of [offer.picture ?? []].flat()) expect(picture).toMatch(/^https:\/\/shop\.example\.ru\/uploads\/.+\.webp$/);
      expect(offer.name.length).toBeGreaterThan(0);
      expect(offer.vendorCode).toMatch(/^HM-/);
    }
    // text is escaped, not broken
    expect(offers.find((offer) => offer.vendorCode === "HM-900100")).toMatchObject({ name: "Подставка & «крючок» <дуб>", categoryId: "999999" });
  });

  it("lists exactly the products that can be ordered now: in stock, not counted, a few left or made to order", async () => {
    const { offers } = await feed();
    const products = await shopProducts();
    const orderable = products.filter((product) => availabilityOf(product).orderable);
    expect(orderable.length).toBeLessThan(products.length);
    const listed = new Set(offers.map((offer) => Number(offer["@_group_id"] ?? offer["@_id"])));
    expect([...listed].sort((a, b) => a - b)).toEqual(orderable.map((product) => product.id).sort((a, b) => a - b));
    expect(listed).not.toContain(fixture.byName("Салатник глазурованный").id);

    const plaid = offers.find((offer) => offer["@_id"] === String(fixture.byName("Плед вязаный из шерсти").id))!;
    expect(plaid).toMatchObject({ "@_available": "true", price: "5400.00", sales_notes: "Под заказ: 14 дн." });
    expect(plaid.picture).toHaveLength(3);
    const vase = offers.find((offer) => offer["@_id"] === String(fixture.byName("Ваза керамическая «Лён»").id))!;
    expect(vase).toMatchObject({
      url: `${ORIGIN}/product/${fixture.byName("Ваза керамическая «Лён»").id}`,
      price: "1890.00",
      categoryId: String(fixture.categories.ceramics),
      name: "Ваза керамическая «Лён»",
      vendorCode: fixture.byName("Ваза керамическая «Лён»").sku,
      description: "Описание: Ваза керамическая «Лён».",
    });
  });

  it("gives each orderable variant an offer of its own in the product's group, with its own price, article, photos and option", async () => {
    const { offers } = await feed();
    const group = offers.filter((offer) => offer["@_group_id"] === String(scarf.id));
    const [blue, red, white] = scarf.variants!;
    expect(group.map((offer) => offer["@_id"])).toEqual([`${scarf.id}v${blue!.id}`, `${scarf.id}v${white!.id}`]);
    expect(group.map((offer) => offer["@_id"])).not.toContain(`${scarf.id}v${red!.id}`);
    expect(group[0]).toMatchObject({
      url: `${ORIGIN}/product/${scarf.id}?variant=${blue!.id}`,
      price: "2500.00",
      name: "Шарф «Вереск» (Цвет: синий)",
      vendorCode: blue!.sku,
      categoryId: String(fixture.categories.textile),
      picture: `${ORIGIN}/uploads/scarf-1.webp`,
      param: { "@_name": "Цвет", "#text": "синий" },
    });
    expect(group[1]).toMatchObject({ price: "2900.00", sales_notes: "Под заказ: 10 дн.", picture: [`${ORIGIN}/uploads/scarf-0.webp`, `${ORIGIN}/uploads/scarf-1.webp`] });
    expect(offers.some((offer) => offer.name.startsWith("Шарф «Иней»"))).toBe(false);
  });

  it("follows the catalogue: a product that sells out leaves the feed and the sitemap, and comes back with pieces again", async () => {
    const candle = fixture.byName("Свеча соевая «Ваниль»");
    const listedIn = async () => ({
      feed: (await feed()).offers.some((offer) => offer["@_id"] === String(candle.id)),
      sitemap: (await get("/sitemap.xml")).body.includes(`<loc>${ORIGIN}/product/${candle.id}</loc>`),
    });
    expect(await listedIn()).toEqual({ feed: true, sitemap: true });
    await t.prisma.product.update({ where: { id: candle.id }, data: { stock: 0 } });
    expect(await listedIn()).toEqual({ feed: false, sitemap: false });
    await t.prisma.product.update({ where: { id: candle.id }, data: { stock: 5 } });
    expect(await listedIn()).toEqual({ feed: true, sitemap: true });
  });
});

describe("sitemap.xml keeps pace with the feed", () => {
  it("lists the same products as the feed, and the main categories that have them", async () => {
    const { offers } = await feed();
    const body = (await get("/sitemap.xml")).body;
    const locs = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
    const productIds = locs.filter((loc) => loc.startsWith(`${ORIGIN}/product/`)).map((loc) => Number(loc.slice(`${ORIGIN}/product/`.length)));
    const feedIds = [...new Set(offers.map((offer) => Number(offer["@_group_id"] ?? offer["@_id"])))];
    expect(productIds.sort((a, b) => a - b)).toEqual(feedIds.sort((a, b) => a - b));
    const { ceramics, textile, candles } = fixture.categories;
    for (const id of [ceramics, textile, candles]) expect(locs).toContain(`${ORIGIN}/?mainCategory=${id}`);
  });
});
