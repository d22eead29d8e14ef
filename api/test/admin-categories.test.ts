import { describe, expect, it } from "vitest";
import { adminShopForTests } from "./helpers/admin-shop";

const shop = adminShopForTests();

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  shop.t.app.inject({ method, url, headers: shop.auth, ...(payload ? { payload } : {}) });

describe("admin categories", () => {
  it("lists main categories then tags, by name, with product counts", async () => {
    const response = await call("GET", "/api/admin/categories");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: shop.f.categories.ceramics, name: "Керамика", type: "main", product_count: 4 },
      { id: shop.f.categories.candles, name: "Свечи", type: "main", product_count: 3 },
      { id: shop.f.categories.textile, name: "Текстиль", type: "main", product_count: 3 },
      { id: shop.f.categories.gift, name: "В подарок", type: "sub", product_count: 5 },
      { id: shop.f.categories.new, name: "Новинки", type: "sub", product_count: 3 },
      { id: shop.f.categories.eco, name: "Эко", type: "sub", product_count: 3 },
    ]);
  });

  it("creates a category with a trimmed name", async () => {
    const response = await call("POST", "/api/admin/categories", { name: "  Дерево   и  лоза ", type: "main" });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({ id: expect.any(Number), name: "Дерево и лоза", type: "main", product_count: 0 });
    const list = (await call("GET", "/api/admin/categories")).json() as { id: number }[];
    expect(list.map((c) => c.id)).toContain(created.id);
  });

  it("refuses a blank name on create with the shop's message", async () => {
    for (const name of ["   ", "\u200b", "\u00ad\u2060"]) {
      const response = await call("POST", "/api/admin/categories", { name, type: "sub" });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json()).toEqual({ message: "Введите название категории", errors: { name: "Введите название категории" } });
    }
  });

  it("refuses a bad type or a missing field", async () => {
    expect((await call("POST", "/api/admin/categories", { name: "Х", type: "other" })).statusCode).toBe(400);
    expect((await call("POST", "/api/admin/categories", { type: "main" })).statusCode).toBe(400);
  });

  it("refuses a duplicate name of the same type, whatever its letter case", async () => {
    const same = await call("POST", "/api/admin/categories", { name: "керамика", type: "main" });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ message: "Категория «Керамика» уже существует" });
    const tag = await call("POST", "/api/admin/categories", { name: "Эко", type: "sub" });
    expect(tag.statusCode).toBe(409);
    expect(tag.json()).toEqual({ message: "Тег «Эко» уже существует" });
    // the same name as a tag and as a main category is allowed
    const other = await call("POST", "/api/admin/categories", { name: "Керамика", type: "sub" });
    expect(other.statusCode).toBe(201);
  });

  it("renames and retypes a category", async () => {
    const created = (await call("POST", "/api/admin/categories", { name: "Сезонное", type: "sub" })).json();
    const renamed = await call("PUT", `/api/admin/categories/${created.id}`, { name: "Сезонное предложение", type: "sub" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: created.id, name: "Сезонное предложение", type: "sub", product_count: 0 });
    const retyped = await call("PUT", `/api/admin/categories/${created.id}`, { name: "Сезонное предложение", type: "main" });
    expect(retyped.json().type).toBe("main");

    const ceramics = await call("PUT", `/api/admin/categories/${shop.f.categories.ceramics}`, { name: "Керамика ручной работы", type: "main" });
    expect(ceramics.json()).toEqual({ id: shop.f.categories.ceramics, name: "Керамика ручной работы", type: "main", product_count: 4 });
    // the same name with a changed case is a rename of itself, not a clash
    const recased = await call("PUT", `/api/admin/categories/${shop.f.categories.ceramics}`, { name: "керамика ручной работы", type: "main" });
    expect(recased.statusCode).toBe(200);
    await call("PUT", `/api/admin/categories/${shop.f.categories.ceramics}`, { name: "Керамика", type: "main" });
  });

  it("refuses an empty name, a clash and an unknown id on update", async () => {
    const empty = await call("PUT", `/api/admin/categories/${shop.f.categories.eco}`, { name: " ", type: "sub" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Название не может быть пустым");
    const clash = await call("PUT", `/api/admin/categories/${shop.f.categories.eco}`, { name: "Новинки", type: "sub" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe("Тег «Новинки» уже существует");
    const missing = await call("PUT", "/api/admin/categories/999999", { name: "Х", type: "sub" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Категория не найдена" });
    const badId = await call("PUT", "/api/admin/categories/abc", { name: "Х", type: "sub" });
    expect(badId.statusCode).toBe(400);
  });

  it("refuses to turn a tag into a main category while its products already have one", async () => {
    const response = await call("PUT", `/api/admin/categories/${shop.f.categories.gift}`, { name: "В подарок", type: "main" });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "Нельзя сделать тег основной категорией: у 5 шт. товаров с этим тегом уже есть основная категория",
    );
  });

  it("deletes a category and detaches its products, which stay", async () => {
    const response = await call("DELETE", `/api/admin/categories/${shop.f.categories.new}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, detachedProducts: 3 });
    expect(await shop.t.prisma.category.findUnique({ where: { id: shop.f.categories.new } })).toBeNull();
    expect(await shop.t.prisma.product.count()).toBe(10);
    expect(await shop.t.prisma.productCategory.count({ where: { categoryId: shop.f.categories.new } })).toBe(0);
    const again = await call("DELETE", `/api/admin/categories/${shop.f.categories.new}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "Категория не найдена" });
  });
});
