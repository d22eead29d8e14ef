import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { adminShopForTests } from "./helpers/admin-shop";

const shop = adminShopForTests();

const post = (url: string, payload: object) => shop.t.app.inject({ method: "POST", url, headers: shop.auth, payload });
/** Every product's fields and categories (not the time of its last write). */
const snapshot = async () =>
  JSON.stringify(
    (await shop.t.prisma.product.findMany({ orderBy: { id: "asc" }, include: { categories: { orderBy: { categoryId: "asc" } } } })).map(
      ({ updatedAt: _updatedAt, ...product }) => product,
    ),
  );

describe("the catalogue to CSV", () => {
  it("one product a line by article, prices with a decimal comma, categories and tags by name", async () => {
    const response = await shop.t.app.inject({ method: "GET", url: "/api/admin/products/export.csv", headers: shop.auth });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = (parse(response.rawPayload, { bom: true, delimiter: ";" }) as string[][]);
    expect(rows[0]).toEqual(["Артикул", "Название", "Цена", "Остаток", "Срок изготовления, дн.", "Материал", "Ширина, мм", "Высота, мм", "Глубина, мм", "Вес, г", "Категория", "Теги", "Описание"]);
    expect(rows).toHaveLength(11);
    const vase = shop.f.byName("Ваза керамическая «Лён»");
    expect(rows.find((row) => row[0] === vase.sku)).toEqual([vase.sku, vase.name, "1890,00", "", "", "Глина", "100", "50", "", "", "Керамика", "В подарок", "Описание: Ваза керамическая «Лён»."]);
  });
});

describe("a CSV of products in", () => {
  const vase = () => shop.f.byName("Ваза керамическая «Лён»");

  it("reads the parcel weight in grams (empty: the default parcel), refuses one that is not, and exports it back", async () => {
    const bad = await post("/api/admin/products/import", { csv: ["Артикул;Вес, г", `${vase().sku};0,5 кг`].join("\n") });
    expect(bad.json()).toMatchObject({ errors: [{ line: 2, column: "Вес, г", message: "Вес — целое число граммов от 1 до 100000, или пусто" }] });
    const applied = await post("/api/admin/products/import", { csv: ["Артикул;Вес, г", `${vase().sku};1 250`].join("\n"), apply: true });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await shop.t.prisma.product.findUniqueOrThrow({ where: { id: vase().id } })).weightGrams).toBe(1250);
    const exported = await shop.t.app.inject({ method: "GET", url: "/api/admin/products/export.csv", headers: shop.auth });
    const rows = parse(exported.rawPayload, { bom: true, delimiter: ";" }) as string[][];
    expect(rows.find((row) => row[0] === vase().sku)![rows[0]!.indexOf("Вес, г")]).toBe("1250");
    await post("/api/admin/products/import", { csv: ["Артикул;Вес, г", `${vase().sku};`].join("\n"), apply: true });
    expect((await shop.t.prisma.product.findUniqueOrThrow({ where: { id: vase().id } })).weightGrams).toBeNull();
  });
  const header = "Артикул;Название;Цена;Остаток;Категория;Теги";

  it("the dry run lists every line's errors in Russian and changes nothing", async () => {
    const before = await snapshot();
    const csv = [
      header,
      `;Новая чашка;450;3;Керамика;Эко`,
      `HM-999999;Нет такого;100;;;`,
      `;;-5;много;Дерево;Эко, Блёстки`,
      `${vase().sku};Ваза «Лён», большая;2100,50;2;Керамика;В подарок`,
    ].join("\n");
    const response = await post("/api/admin/products/import", { csv });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      applied: false,
      lines: 4,
      created: 1,
      updated: 1,
      errors: [
        { line: 3, column: "Артикул", message: "Товара с артикулом HM-999999 нет" },
        { line: 4, column: "Название", message: "Введите название товара" },
        { line: 4, column: "Цена", message: "Цена должна быть числом больше 0, не более двух знаков после запятой" },
        { line: 4, column: "Остаток", message: "Остаток — целое число от 0 до 100000, или пусто, если не ведётся" },
        { line: 4, column: "Категория", message: "Нет такой категории: «Дерево»" },
        { line: 4, column: "Теги", message: "Нет такого тега: «Блёстки»" },
      ],
    });
    expect(await snapshot()).toBe(before);
  });

  it("applying a file with one bad line changes nothing (422)", async () => {
    const before = await snapshot();
    const csv = [header, `;Новая чашка;450;3;Керамика;Эко`, `${vase().sku};Ваза;0;;;`].join("\n");
    const response = await post("/api/admin/products/import", { csv, apply: true });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: "В файле есть ошибки: ничего не изменено", applied: false, errors: [{ line: 3, column: "Цена" }] });
    expect(await snapshot()).toBe(before);
    expect(await shop.t.prisma.auditEntry.count()).toBe(0);
  });

  it("applying a good file creates and updates by article in one go, each change in the log", async () => {
    const csv = [
      header,
      `;Новая чашка;450;3;Керамика;Эко, новинки`,
      `${vase().sku};Ваза «Лён», большая;2100,50;2;Керамика;В подарок`,
    ].join("\r\n");
    const response = await post("/api/admin/products/import", { csv, apply: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ applied: true, lines: 2, created: 1, updated: 1, errors: [] });
    const cup = await shop.t.prisma.product.findFirstOrThrow({ where: { name: "Новая чашка" }, include: { categories: { include: { category: true } } } });
    expect(Number(cup.price)).toBe(450);
    expect(cup.stock).toBe(3);
    expect(cup.categories.map((link) => link.category.name).sort()).toEqual(["Керамика", "Новинки", "Эко"]);
    const updated = await shop.t.prisma.product.findUniqueOrThrow({ where: { id: vase().id } });
    expect([updated.name, Number(updated.price), updated.stock]).toEqual(["Ваза «Лён», большая", 2100.5, 2]);
    const log = await shop.t.prisma.auditEntry.findMany({ orderBy: { id: "asc" } });
    expect(log.map((entry) => `${entry.kind}:${entry.action}`)).toEqual(["product:create", "product:update"]);
    expect(log[1]!.before).toMatchObject({ name: "Ваза керамическая «Лён»", price: 1890, stock: null });
  });

  it("its own export reads back unchanged", async () => {
    const exported = await shop.t.app.inject({ method: "GET", url: "/api/admin/products/export.csv", headers: shop.auth });
    const before = await snapshot();
    const response = await post("/api/admin/products/import", { csv: exported.body, apply: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ applied: true, created: 0, updated: 0, errors: [] });
    expect(await snapshot()).toBe(before);
  });
});

describe("bulk actions and duplicates", () => {
  const ids = () => [shop.f.byName("Кружка ручной лепки").id, shop.f.byName("Тарелка «Ёлочка»").id];
  const prices = async () => (await shop.t.prisma.product.findMany({ where: { id: { in: ids() } }, orderBy: { id: "asc" } })).map((p) => Number(p.price));

  it("raises prices by a percent, rounded to the kopeck, and sets them to a value", async () => {
    expect((await post("/api/admin/products/bulk", { ids: ids(), action: "price_percent", value: 10 })).json()).toEqual({ changed: 2 });
    expect(await prices()).toEqual([715, 462.55]);
    expect((await post("/api/admin/products/bulk", { ids: ids(), action: "price_set", value: "500" })).json()).toEqual({ changed: 2 });
    expect(await prices()).toEqual([500, 500]);
  });

  it("refuses a percent that takes a price out of range, changing none", async () => {
    const response = await post("/api/admin/products/bulk", { ids: ids(), action: "price_percent", value: -95 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Процент — число от −90 до 1000, не 0");
    expect(await prices()).toEqual([500, 500]);
  });

  it("sets stock, the main category and tags", async () => {
    await post("/api/admin/products/bulk", { ids: ids(), action: "stock_set", value: 7 });
    await post("/api/admin/products/bulk", { ids: ids(), action: "category_set", category_ids: [shop.f.categories.textile] });
    await post("/api/admin/products/bulk", { ids: ids(), action: "tags_add", category_ids: [shop.f.categories.eco] });
    await post("/api/admin/products/bulk", { ids: ids(), action: "tags_remove", category_ids: [shop.f.categories.new] });
    for (const id of ids()) {
      const product = await shop.t.prisma.product.findUniqueOrThrow({ where: { id }, include: { categories: { include: { category: true } } } });
      expect(product.stock).toBe(7);
      const names = product.categories.map((link) => link.category.name);
      expect(names).toContain("Текстиль");
      expect(names).toContain("Эко");
      expect(names).not.toContain("Керамика");
      expect(names).not.toContain("Новинки");
    }
    const tags = await post("/api/admin/products/bulk", { ids: ids(), action: "tags_add", category_ids: [shop.f.categories.textile] });
    expect(tags.statusCode).toBe(400);
    expect(tags.json().message).toBe("Выберите хотя бы один тег");
  });

  it("duplicates a product with a new article", async () => {
    const source = shop.f.byName("Плед вязаный из шерсти");
    const response = await post(`/api/admin/products/${source.id}/duplicate`, {});
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({ name: "Плед вязаный из шерсти (копия)", price: 5400 });
    expect(copy.sku).not.toBe(source.sku);
    expect(copy.images).toHaveLength(3);
    expect(copy.categories.map((category: { name: string }) => category.name)).toEqual(["Текстиль", "Эко"]);
  });
});
