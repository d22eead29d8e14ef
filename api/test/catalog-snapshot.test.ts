import { describe, expect, it } from "vitest";
import type { ProductCard, SortOrder } from "@shop/shared/schemas/catalog";
import { normalizeSearchText } from "@shop/shared/text";
import { CatalogSnapshot, type CatalogFilter, type CatalogRows } from "@shop/core/catalog";

/**
 * The in-memory catalogue against a plain reading of its rules (filter everything, sort everything, slice),
 * on a random catalogue big enough for every shortcut of CatalogSnapshot.list to be taken: a walk stopped
 * early, totals from the price index, from a tag union, or counted to the end.
 */

let seed = 42;
// Park–Miller: exact in doubles (a multiplier near 2^30 would lose the low bits and repeat itself)
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const below = (n: number) => Math.floor(random() * n);

const MAINS = [1, 2, 3];
const TAGS = [10, 11, 12, 13];
const WORDS = ["ваза", "свеча", "плед", "кружка", "ёлочка", "тарелка", "набор", "льняная", "(мини)", "«лён»"];

function randomRows(count: number): CatalogRows {
  const products: CatalogRows["products"] = [];
  const links: CatalogRows["links"] = [];
  const images: CatalogRows["images"] = [];
  for (let i = 0; i < count; i++) {
    const id = 1000 + i * 3 + below(3); // gaps, like a shop that deleted some
    const name = Array.from({ length: 1 + below(3) }, () => WORDS[below(WORDS.length)]).join(" ");
    const name1 = name.charAt(0).toUpperCase() + name.slice(1);
    // few distinct prices: ties must be broken by id
    products.push({
      id, name: name1, sku: `HM-${String(id).padStart(6, "0")}`, search_name: normalizeSearchText(name1),
      price: (100 * (1 + below(40)) + (below(4) === 0 ? 0.5 : 0)).toFixed(2),
      description: null, material: null, width: null, height: null, depth: null,
      // a third not counted, a fifth sold out (half of those made to order), the rest 1…12 pieces
      stock: below(3) === 0 ? null : below(5) === 0 ? 0 : 1 + below(12),
      made_to_order_days: below(2) === 0 ? 14 : null,
    });
    if (below(10) > 0) links.push({ product_id: id, category_id: MAINS[below(MAINS.length)]! });
    for (const tag of TAGS) if (below(3) === 0) links.push({ product_id: id, category_id: tag });
    for (let k = below(3); k > 0; k--) images.push({ id: id * 10 + k, product_id: id, image_url: `/uploads/${id}-${k}.webp` });
  }
  const categories = [
    ...MAINS.map((id) => ({ id, name: `Основная ${id}`, type: "main" as const })),
    ...TAGS.map((id) => ({ id, name: `Тег ${id}`, type: "sub" as const })),
  ];
  return { version: "1", categories, products, images, links };
}

function reference(rows: CatalogRows, f: CatalogFilter) {
  const has = (id: number, category: number) => rows.links.some((l) => l.product_id === id && l.category_id === category);
  const matching = rows.products
    .filter((p) => f.mainCategory === undefined || has(p.id, f.mainCategory))
    .filter((p) => f.tags.length === 0 || f.tags.some((tag) => has(p.id, tag)))
    .filter((p) => (f.priceFrom === undefined || Number(p.price) >= f.priceFrom) && (f.priceTo === undefined || Number(p.price) <= f.priceTo))
    .filter((p) => !f.inStock || p.stock !== 0)
    .sort((a, b) =>
      f.sortOrder === "price-asc" ? Number(a.price) - Number(b.price) || a.id - b.id
      : f.sortOrder === "price-desc" ? Number(b.price) - Number(a.price) || b.id - a.id
      : b.id - a.id,
    );
  const start = (f.page - 1) * f.limit;
  return { ids: matching.slice(start, start + f.limit).map((p) => p.id), total: matching.length };
}

describe("CatalogSnapshot.list", () => {
  const rows = randomRows(600);
  const snapshot = CatalogSnapshot.of(rows);

  it("agrees with the plain reading of the rules for 3 000 random filters, sorts and pages", () => {
    for (let i = 0; i < 3000; i++) {
      const filter: CatalogFilter = {
        mainCategory: below(3) === 0 ? undefined : below(8) === 0 ? 99 : MAINS[below(MAINS.length)],
        tags: below(2) === 0 ? [] : Array.from({ length: 1 + below(3) }, () => (below(10) === 0 ? 77 : TAGS[below(TAGS.length)]!)),
        priceFrom: below(3) === 0 ? 100 * below(30) : undefined,
        priceTo: below(3) === 0 ? 1000 + 100 * below(30) + (below(2) ? 0.5 : 0) : undefined,
        sortOrder: (["default", "price-asc", "price-desc", undefined] as (SortOrder | undefined)[])[below(4)],
        inStock: [true, false, undefined][below(3)],
        page: 1 + below(below(4) === 0 ? 60 : 6),
        limit: [1, 5, 12, 100][below(4)]!,
      };
      const got = snapshot.list(filter);
      const want = reference(rows, filter);
      expect({ ids: got.products.map((p) => p.id), total: got.total }, JSON.stringify(filter)).toEqual(want);
      expect(got.totalPages).toBe(Math.ceil(want.total / filter.limit));
    }
  });

  it("gives every card and product its stock and days to make", () => {
    for (const row of rows.products) {
      const fields = { stock: row.stock, made_to_order_days: row.made_to_order_days };
      expect(snapshot.product(row.id)).toMatchObject(fields);
      expect(snapshot.search(row.sku, 1)[0]).toMatchObject({ id: row.id, ...fields });
    }
  });

  it("lists only sold-out products for the admin when asked, by the admin's search too", () => {
    const soldOut = rows.products.filter((p) => p.stock === 0).sort((a, b) => b.id - a.id);
    expect(soldOut.length).toBeGreaterThan(20);
    const all = snapshot.adminList("", 1, 1000, true);
    expect(all.products.map((p) => p.id)).toEqual(soldOut.map((p) => p.id));
    expect(snapshot.adminList("", 2, 10, true).products.map((p) => p.id)).toEqual(soldOut.slice(10, 20).map((p) => p.id));
    const word = soldOut[0]!.search_name.split(" ")[0]!;
    const found = snapshot.adminList(word, 1, 1000, true);
    expect(found.total).toBe(soldOut.filter((p) => p.search_name.includes(word) || p.sku.toLowerCase().includes(word)).length);
    expect(found.products.every((p) => p.stock === 0)).toBe(true);
  });

  it("gives cards with prices as numbers and images in their order", () => {
    const withImages = rows.products.find((p) => rows.images.filter((i) => i.product_id === p.id).length === 2)!;
    const card = snapshot.product(withImages.id)! as ProductCard;
    expect(card.price).toBe(Number(withImages.price));
    expect(card.images.map((i) => i.image_url)).toEqual(rows.images.filter((i) => i.product_id === withImages.id).map((i) => i.image_url));
  });
});

describe("CatalogSnapshot.search", () => {
  const rows = randomRows(400);
  const snapshot = CatalogSnapshot.of(rows);
  const WORD_SEPARATORS = /[«»"'()[\]\-–—/.,:;!?+]/g;

  function referenceSearch(query: string, limit: number): number[] {
    const needle = normalizeSearchText(query);
    if (!needle) return [];
    const rank = (p: CatalogRows["products"][number]) =>
      p.search_name.startsWith(needle) || p.sku.toLowerCase() === needle ? 0
      : (" " + p.search_name.replace(WORD_SEPARATORS, " ")).includes(" " + needle) ? 1
      : 2;
    return rows.products
      .filter((p) => p.search_name.includes(needle) || p.sku.toLowerCase().includes(needle))
      .sort((a, b) => rank(a) - rank(b) || (a.search_name < b.search_name ? -1 : a.search_name > b.search_name ? 1 : 0) || a.id - b.id)
      .slice(0, limit)
      .map((p) => p.id);
  }

  it("agrees with the plain reading of the rules: rank, then name, then id", () => {
    const queries = ["в", "ва", "ваз", "ваза", "Ёлоч", "елочка", "ка", "а н", "лён", "«лён", "мини", "(мини", "hm-00", "HM-001", "свеча пл", "нет такого", " ", "ная", "ёло", "«ел", "н (", "00"];
    for (const id of rows.products.slice(0, 20).map((p) => p.id)) queries.push(`hm-${String(id).padStart(6, "0")}`);
    // pieces of real names: word starts, the middle of a word, across words
    for (let i = 0; i < 300; i++) {
      const name = rows.products[below(rows.products.length)]!.name;
      const start = below(name.length);
      queries.push(name.slice(start, start + 1 + below(8)));
    }
    for (const query of queries) {
      for (const limit of [1, 5, 50]) expect(snapshot.search(query, limit).map((p) => p.id), `${query} / ${limit}`).toEqual(referenceSearch(query, limit));
    }
  });
});

describe("a snapshot replacing another", () => {
  it("takes over the search index when no name or article changed, and builds it again when one did", () => {
    const rows = randomRows(300);
    const first = CatalogSnapshot.of(rows);
    const query = (snapshot: CatalogSnapshot) => snapshot.search("ваз", 50).map((p) => [p.id, p.price]);
    // prices and categories changed: same index, the new prices in the answers
    const repriced: CatalogRows = { ...rows, products: rows.products.map((p) => ({ ...p, price: (Number(p.price) + 1).toFixed(2) })), links: rows.links.slice(1) };
    const second = CatalogSnapshot.of(repriced, first);
    expect((second as unknown as { index: unknown }).index).toBe((first as unknown as { index: unknown }).index);
    expect(query(second)).toEqual(query(CatalogSnapshot.of(repriced)));
    expect(query(second)[0]![1]).toBe(query(first)[0]![1]! + 1);
    // a product renamed: a new index that finds it by its new name
    const renamed: CatalogRows = {
      ...rows,
      products: rows.products.map((p, i) => (i === 7 ? { ...p, name: "Шкатулка резная", search_name: normalizeSearchText("Шкатулка резная") } : p)),
    };
    const third = CatalogSnapshot.of(renamed, second);
    expect((third as unknown as { index: unknown }).index).not.toBe((second as unknown as { index: unknown }).index);
    expect(third.search("шкатулка", 5).map((p) => p.id)).toEqual([rows.products[7]!.id]);
    // a product added or removed: a new index too
    const fewer = CatalogSnapshot.of({ ...rows, products: rows.products.slice(1) }, first);
    expect((fewer as unknown as { index: unknown }).index).not.toBe((first as unknown as { index: unknown }).index);
  });
});

describe("CatalogSnapshot.build", () => {
  it("builds in slices, pausing between them, the same snapshot as in one go", async () => {
    const rows = randomRows(2_500);
    let pauses = 0;
    const sliced = await CatalogSnapshot.build(rows, undefined, async () => void pauses++);
    // the products, then the search index, a thousand at a time
    expect(pauses).toBeGreaterThanOrEqual(6);
    const whole = CatalogSnapshot.of(rows);
    for (const filter of [{ tags: [], page: 2, limit: 50 }, { mainCategory: 2, tags: [11, 12], page: 1, limit: 20, sortOrder: "price-desc" as const }]) {
      expect(sliced.list(filter)).toEqual(whole.list(filter));
    }
    for (const query of ["ваз", "ка", "hm-0010", "лён"]) expect(sliced.search(query, 50)).toEqual(whole.search(query, 50));
    expect(sliced.categories).toEqual(whole.categories);
  });
});

describe("CatalogSnapshot.similar", () => {
  it("ranks by the main category, then tags shared, then the nearest price, then newest; never the product itself nor a sold-out one; unknown → undefined", () => {
    const rows = randomRows(200);
    const snapshot = CatalogSnapshot.of(rows);
    const typeOf = new Map(rows.categories.map((c) => [c.id, c.type] as const));
    const categoriesOf = (id: number) => new Set(rows.links.filter((l) => l.product_id === id).map((l) => l.category_id));
    const priceOf = (id: number) => snapshot.product(id)!.price;
    expect(rows.products.some((p) => p.stock === 0)).toBe(true);
    for (const product of rows.products.slice(0, 50)) {
      const mine = categoriesOf(product.id);
      const want = rows.products
        .filter((p) => p.id !== product.id && snapshot.product(p.id)!.stock !== 0)
        .map((p) => {
          const shared = [...categoriesOf(p.id)].filter((c) => mine.has(c));
          return {
            id: p.id,
            shared: shared.length,
            main: shared.filter((c) => typeOf.get(c) === "main").length,
            tags: shared.filter((c) => typeOf.get(c) === "sub").length,
            gap: Math.abs(priceOf(p.id) - priceOf(product.id)),
          };
        })
        .filter((p) => p.shared > 0)
        .sort((a, b) => b.main - a.main || b.tags - a.tags || a.gap - b.gap || b.id - a.id)
        .slice(0, 8)
        .map((p) => p.id);
      expect(snapshot.similar(product.id, 8)!.map((p) => p.id)).toEqual(want);
    }
    expect(snapshot.similar(1, 8)).toBeUndefined();
  });
});

describe("CatalogSnapshot.recommendations and adminList", () => {
  const rows = randomRows(600);
  const snapshot = CatalogSnapshot.of(rows);
  const ids = rows.products.map((p) => p.id);
  const newest = [...ids].sort((a, b) => b - a);
  const soldOut = new Set(rows.products.filter((p) => p.stock === 0).map((p) => p.id));
  const categoriesOf = (id: number) => rows.links.filter((l) => l.product_id === id).map((l) => l.category_id);

  /**
   * the rules read plainly: related (each category's `perCategory` newest outside the cart), best sellers, newest;
   * never a sold-out product (stock 0)
   */
  function reference(cart: number[], sellers: number[], limit: number, perCategory: number): number[] {
    const inCart = new Set(cart.filter((id) => ids.includes(id)));
    const shared = new Map<number, number>();
    for (const category of new Set([...inCart].flatMap(categoriesOf))) {
      const members = newest.filter((id) => !inCart.has(id) && !soldOut.has(id) && categoriesOf(id).includes(category)).slice(0, perCategory);
      for (const id of members) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    const list = [...shared].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, limit).map(([id]) => id);
    for (const id of [...sellers.filter((id) => ids.includes(id)), ...newest]) {
      if (list.length < limit && !inCart.has(id) && !soldOut.has(id) && !list.includes(id)) list.push(id);
    }
    return list;
  }

  it("agrees with the plain reading of the rules for 500 random carts", () => {
    for (let i = 0; i < 500; i++) {
      const cart = Array.from({ length: below(4) }, () => (below(10) === 0 ? 5 : ids[below(ids.length)]!));
      const sellers = Array.from({ length: below(12) }, () => (below(10) === 0 ? 7 : ids[below(ids.length)]!));
      const limit = [1, 8, 30][below(3)]!;
      const perCategory = [3, 40, 200][below(3)]!;
      const got = snapshot.recommendations(cart, [...new Set(sellers)], limit, perCategory).map((card) => card.id);
      expect(got, JSON.stringify({ cart, sellers, limit, perCategory })).toEqual(reference(cart, [...new Set(sellers)], limit, perCategory));
    }
  });

  it("lists every product newest first, or those the search matching keeps, with the real totals", () => {
    for (const query of ["", "  ", "ёлоч", "ЛЁН", "«", "hm-0012", "ва", "нет такого"]) {
      const needle = normalizeSearchText(query);
      const want = newest.filter((id) => {
        const product = rows.products.find((p) => p.id === id)!;
        return needle === "" || product.search_name.includes(needle) || product.sku.toLowerCase().includes(needle);
      });
      for (const [page, limit] of [[1, 50], [2, 7], [99, 10]] as const) {
        const got = snapshot.adminList(query, page, limit);
        expect(got.products.map((p) => p.id), query).toEqual(want.slice((page - 1) * limit, page * limit));
        expect(got.total).toBe(want.length);
        expect(got.totalPages).toBe(Math.ceil(want.length / limit));
      }
    }
  });
});
