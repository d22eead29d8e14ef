import { describe, expect, it } from "vitest";
import fastJson from "fast-json-stringify";
import { AdminProductsResponse } from "@shop/shared/schemas/admin";
import { CatalogResponse, CategoryList, Product, ProductCardList, SearchResponse } from "@shop/shared/schemas/catalog";
import { CatalogJson } from "../src/wire/catalog-json";
import { CatalogSnapshot, type CatalogRows } from "@shop/core/catalog";

/**
 * The catalogue's answers joined from pieces must be byte for byte what the routes' response schemas would
 * serialise, for text a shop really has: Russian, quotes, backslashes, line breaks, emoji, empty fields.
 */

const NAMES = ['Ваза «Лён» 20 см', 'Свеча "Ёлочка"', "Плед\\клетка", "Кружка\nс надписью", "Набор 🎄 (4 шт.)", "Tab\there", "Салфетки — лён/хлопок"];

function rows(): CatalogRows {
  const products: CatalogRows["products"] = NAMES.map((name, i) => ({
    id: 10 + i,
    name,
    sku: `HM-00001${i}`,
    search_name: name.toLowerCase(),
    price: ["990.00", "1500.50", "0.99", "120000.00", "15.00", "2500.00", "310.10"][i]!,
    description: i % 2 === 0 ? `Описание «${name}»\r\nвторая строка` : null,
    material: i % 3 === 0 ? "лён" : null,
    width: i % 2 === 0 ? 20 : null,
    height: i % 3 === 0 ? 35 : null,
    depth: null,
    stock: [null, 0, 1, 250][i % 4]!,
    made_to_order_days: i % 3 === 0 ? 21 : null,
  }));
  const images = products.flatMap((p, i) => Array.from({ length: i % 4 }, (_, k) => ({ id: p.id * 10 + k, product_id: p.id, image_url: `/uploads/${p.id}-${k}.webp` })));
  const categories = [
    { id: 1, name: "Декор для дома", type: "main" as const },
    { id: 2, name: 'Тег "подарок"', type: "sub" as const },
  ];
  const links = products.flatMap((p, i) => [{ product_id: p.id, category_id: 1 }, ...(i % 2 ? [{ product_id: p.id, category_id: 2 }] : [])]);
  return { version: "1", categories, products, images, links };
}

describe("CatalogJson", () => {
  const snapshot = CatalogSnapshot.of(rows());
  const json = new CatalogJson();

  it("writes catalogue pages as the CatalogResponse schema does", () => {
    const serialize = fastJson(CatalogResponse);
    for (const filter of [
      { tags: [], page: 1, limit: 12 },
      { tags: [2], page: 1, limit: 2, sortOrder: "price-desc" as const },
      { tags: [], page: 9, limit: 5 },
      { mainCategory: 1, tags: [], page: 2, limit: 3, sortOrder: "price-asc" as const },
    ]) {
      const page = snapshot.list(filter);
      expect(json.page(page).toString("utf8")).toBe(serialize(page));
    }
  });

  it("writes search answers, similar products, product pages and categories as their schemas do", () => {
    expect(json.search(snapshot.search("а", 50)).toString("utf8")).toBe(fastJson(SearchResponse)({ products: snapshot.search("а", 50) }));
    expect(json.search([]).toString("utf8")).toBe('{"products":[]}');
    const similar = snapshot.similar(11, 8)!;
    expect(similar.length).toBeGreaterThan(1);
    expect(json.cards(similar).toString("utf8")).toBe(fastJson(ProductCardList)(similar));
    expect(json.cards([]).toString("utf8")).toBe("[]");
    for (const product of NAMES.map((_, i) => snapshot.product(10 + i)!)) {
      expect(json.product(product).toString("utf8")).toBe(fastJson(Product)(product));
    }
    expect(json.categories(snapshot.categories).toString("utf8")).toBe(fastJson(CategoryList)(snapshot.categories));
  });

  it("writes the admin's product list as the AdminProductsResponse schema does", () => {
    const serialize = fastJson(AdminProductsResponse);
    for (const [query, page, limit] of [["", 1, 50], ["", 2, 3], ["ё", 1, 50], ["нет такого", 1, 50], ["", 9, 5]] as const) {
      const answer = snapshot.adminList(query, page, limit);
      expect(json.adminPage(answer).toString("utf8")).toBe(serialize(answer));
    }
  });

  it("serialises a card once and reuses its bytes", () => {
    const card = snapshot.search("ваза", 1)[0]!;
    expect(json.card(card)).toBe(json.card(card));
    expect(JSON.parse(json.card(card).toString("utf8"))).toEqual(card);
  });
});
