import { describe, expect, it } from "vitest";
import { multipart, pngImage } from "./helpers/multipart";
import { insertOrder } from "./helpers/order-rows";
import { adminShopForTests } from "./helpers/admin-shop";

const shop = adminShopForTests();

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  shop.t.app.inject({ method, url, headers: shop.auth, ...(payload ? { payload } : {}) });

async function uploadImages(count: number): Promise<string[]> {
  const png = await pngImage(60, 40);
  const body = multipart(Array.from({ length: count }, (_, i) => ({ filename: `${i}.png`, data: png })));
  const response = await shop.t.app.inject({ method: "POST", url: "/api/admin/upload", payload: body.payload, headers: { ...body.headers, ...shop.auth } });
  expect(response.statusCode).toBe(200);
  return response.json().filePaths;
}

const base = { name: "Кашпо из бетона", price: 990, material: "Бетон", description: "Серое кашпо", width: 120, height: 110, depth: null };

describe("GET /api/admin/products", () => {
  it("lists every product newest first with its categories (main first) and images", async () => {
    const response = await call("GET", "/api/admin/products");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(10);
    expect(body.totalPages).toBe(1);
    expect(body.page).toBe(1);
    expect(body.products.map((p: { id: number }) => p.id)).toEqual(shop.f.products.map((p) => p.id).reverse());
    const vase = body.products.find((p: { name: string }) => p.name === "Ваза керамическая «Лён»");
    expect(vase).toMatchObject({ price: 1890, sku: shop.f.byName("Ваза керамическая «Лён»").sku, material: "Глина" });
    expect(vase.categories).toEqual([
      { id: shop.f.categories.ceramics, name: "Керамика", type: "main" },
      { id: shop.f.categories.gift, name: "В подарок", type: "sub" },
    ]);
    expect(vase.images.map((i: { image_url: string }) => i.image_url)).toEqual(["/uploads/fixture-0-0.webp", "/uploads/fixture-0-1.webp"]);
  });

  it("pages through the list", async () => {
    const page2 = (await call("GET", "/api/admin/products?limit=3&page=2")).json();
    expect(page2.totalPages).toBe(4);
    expect(page2.page).toBe(2);
    expect(page2.products.map((p: { id: number }) => p.id)).toEqual(shop.f.products.map((p) => p.id).reverse().slice(3, 6));
    const past = (await call("GET", "/api/admin/products?limit=3&page=9")).json();
    expect(past.products).toEqual([]);
    expect(past.totalPages).toBe(4);
    expect((await call("GET", "/api/admin/products?limit=0")).statusCode).toBe(400);
  });

  it("searches the name in any case with ё = е, and the article", async () => {
    const names = async (q: string) =>
      ((await call("GET", `/api/admin/products?q=${encodeURIComponent(q)}`)).json().products as { name: string }[]).map((p) => p.name).sort();
    expect(await names("ЕЛ")).toEqual(["Набор свечей «Ёлка»", "Тарелка «Ёлочка»"]);
    expect(await names("ёлоч")).toEqual(["Тарелка «Ёлочка»"]);
    expect(await names(shop.f.byName("Подушка льняная").sku.toLowerCase())).toEqual(["Подушка льняная"]);
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
  });
});

describe("POST /api/admin/products", () => {
  it("creates a product with a new article, its images in order and its categories", async () => {
    const urls = await uploadImages(2);
    const response = await call("POST", "/api/admin/products", {
      ...base,
      name: "  Ёжик   из шерсти ",
      price: "1 234,5",
      categoryIds: [shop.f.categories.gift, shop.f.categories.textile, shop.f.categories.gift],
      imageUrls: urls,
    });
    expect(response.statusCode).toBe(201);
    const product = response.json();
    expect(product).toMatchObject({
      name: "Ёжик из шерсти",
      price: 1234.5,
      material: "Бетон",
      description: "Серое кашпо",
      width: 120,
      height: 110,
      depth: null,
    });
    expect(product.sku).toMatch(/^HM-\d{6}$/);
    expect(shop.f.products.map((p) => p.sku)).not.toContain(product.sku);
    expect(product.images.map((i: { image_url: string }) => i.image_url)).toEqual(urls);
    expect(product.categories).toEqual([
      { id: shop.f.categories.textile, name: "Текстиль", type: "main" },
      { id: shop.f.categories.gift, name: "В подарок", type: "sub" },
    ]);
    const row = await shop.t.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row.searchName).toBe("ежик из шерсти");

    const list = (await call("GET", "/api/admin/products?limit=1")).json();
    expect(list.products[0].id).toBe(product.id);
    const search = (await call("GET", "/api/admin/products?q=ежик")).json();
    expect(search.products.map((p: { id: number }) => p.id)).toEqual([product.id]);
  });

  it("creates a product without images, categories or optional fields", async () => {
    const response = await call("POST", "/api/admin/products", { name: "Простой товар", price: 100 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ images: [], categories: [], material: null, description: null, width: null });
  });

  it.each([
    [{ name: "   " }, "Введите название товара"],
    [{ name: "\u200b\u3164" }, "Введите название товара"],
    [{ price: "" }, "Укажите цену"],
    // null is not a price of 0: the body's types are taken as sent
    [{ price: null }, "Цена: должно быть числом или текстом"],
    [{ price: 0 }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: -5 }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: "abc" }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: 12.345 }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    // numbers that round to 0 kopecks are not a price of 0
    [{ price: 1e-10 }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: 1e-7 }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: 0.004 }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: "12,345" }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: "12.3.4" }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    // text that JavaScript reads as a number is not a price as typed
    [{ price: "0x10" }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: "0b11" }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: " 0x1F " }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: "1e3" }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: "Infinity" }, "Цена должна быть числом больше 0, не более двух знаков после запятой"],
    [{ price: 2_000_000 }, "Цена не может быть больше 1 000 000 руб."],
    [{ categoryIds: [999999] }, "Категория не найдена: 999999"],
    [{ imageUrls: ["https://example.com/a.png"] }, "Недопустимый адрес изображения: загрузите файл через форму"],
    [{ imageUrls: ["/uploads/../secret.webp"] }, "Недопустимый адрес изображения: загрузите файл через форму"],
    [{ imageUrls: ["/uploads/a.svg"] }, "Недопустимый адрес изображения: загрузите файл через форму"],
    [{ imageUrls: ["/uploads/neverUploaded123.webp"] }, "Изображение не найдено на сервере: загрузите его заново"],
  ])("refuses %j with a Russian 400", async (change, message) => {
    const before = await shop.t.prisma.product.count();
    const response = await call("POST", "/api/admin/products", { ...base, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await shop.t.prisma.product.count()).toBe(before);
  });

  it("accepts prices as numeric strings with a dot or a comma", async () => {
    for (const [price, expected] of [["99.9", 99.9], ["1500", 1500], ["0,01", 0.01], [420.5, 420.5]] as const) {
      const response = await call("POST", "/api/admin/products", { ...base, price });
      expect(response.statusCode).toBe(201);
      expect(response.json().price).toBe(expected);
    }
  });

  it("refuses two main categories", async () => {
    const response = await call("POST", "/api/admin/products", { ...base, categoryIds: [shop.f.categories.ceramics, shop.f.categories.textile] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("У товара может быть только одна основная категория");
  });
});

describe("PUT /api/admin/products/:id", () => {
  it("reorders, adds and removes images, replaces categories and keeps the article", async () => {
    const [a, b, c] = await uploadImages(3);
    const created = (await call("POST", "/api/admin/products", { ...base, categoryIds: [shop.f.categories.ceramics], imageUrls: [a, b, c] })).json();
    const [imgA, imgB, imgC] = created.images as { id: number; image_url: string }[];
    const [d] = await uploadImages(1);

    const response = await call("PUT", `/api/admin/products/${created.id}`, {
      ...base,
      name: "Кашпо из бетона, большое",
      price: 1490.9,
      depth: 100,
      material: "  ",
      categoryIds: [shop.f.categories.candles, shop.f.categories.eco],
      images: [{ id: imgC!.id, image_url: imgC!.image_url }, { image_url: d }, { id: imgA!.id, image_url: "ignored" }],
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({ id: created.id, sku: created.sku, name: "Кашпо из бетона, большое", price: 1490.9, depth: 100, material: null });
    expect(updated.images.map((i: { image_url: string }) => i.image_url)).toEqual([c, d, a]);
    expect(updated.images[0].id).toBe(imgC!.id);
    expect(updated.images[2].id).toBe(imgA!.id);
    expect(await shop.t.prisma.productImage.findUnique({ where: { id: imgB!.id } })).toBeNull();
    expect(updated.categories.map((cat: { id: number }) => cat.id)).toEqual([shop.f.categories.candles, shop.f.categories.eco]);
    const row = await shop.t.prisma.product.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.searchName).toBe("кашпо из бетона, большое");

    // the same list read back in the admin list
    const listed = (await call("GET", `/api/admin/products?q=${encodeURIComponent(created.sku)}`)).json().products[0];
    expect(listed).toEqual(updated);
  });

  it("leaves images and categories alone when they are not sent, and removes all images for an empty list", async () => {
    const [a] = await uploadImages(1);
    const created = (await call("POST", "/api/admin/products", { ...base, categoryIds: [shop.f.categories.textile], imageUrls: [a] })).json();
    const same = (await call("PUT", `/api/admin/products/${created.id}`, { name: "Новое имя", price: 5 })).json();
    expect(same.images).toEqual(created.images);
    expect(same.categories).toEqual(created.categories);
    expect(same.material).toBe(created.material);
    const cleared = (await call("PUT", `/api/admin/products/${created.id}`, { name: "Новое имя", price: 5, images: [], categoryIds: [] })).json();
    expect(cleared.images).toEqual([]);
    expect(cleared.categories).toEqual([]);
  });

  it("refuses an image of another product, a foreign URL, bad fields and an unknown product", async () => {
    const created = (await call("POST", "/api/admin/products", { ...base, imageUrls: await uploadImages(1) })).json();
    const other = await shop.t.prisma.productImage.findFirstOrThrow({ where: { productId: shop.f.products[0]!.id } });
    const foreign = await call("PUT", `/api/admin/products/${created.id}`, { ...base, images: [{ id: other.id, image_url: other.imageUrl }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`Изображение ${other.id} не принадлежит этому товару`);
    // nothing changed
    expect((await shop.t.prisma.productImage.count({ where: { productId: created.id } }))).toBe(1);
    expect((await shop.t.prisma.productImage.count({ where: { id: other.id } }))).toBe(1);

    const url = await call("PUT", `/api/admin/products/${created.id}`, { ...base, images: [{ image_url: "http://evil.example/x.webp" }] });
    expect(url.statusCode).toBe(400);
    const price = await call("PUT", `/api/admin/products/${created.id}`, { ...base, price: "0" });
    expect(price.json().message).toBe("Цена должна быть числом больше 0, не более двух знаков после запятой");
    const name = await call("PUT", `/api/admin/products/${created.id}`, { ...base, name: "" });
    expect(name.json().message).toBe("Введите название товара");
    const twoMain = await call("PUT", `/api/admin/products/${created.id}`, { ...base, categoryIds: [shop.f.categories.candles, shop.f.categories.ceramics] });
    expect(twoMain.json().message).toBe("У товара может быть только одна основная категория");

    const missing = await call("PUT", "/api/admin/products/999999", base);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Товар не найден" });
  });
});

describe("DELETE /api/admin/products/:id", () => {
  it("deletes the product; past orders keep their copy of it", async () => {
    const created = (await call("POST", "/api/admin/products", { ...base, imageUrls: await uploadImages(1), categoryIds: [shop.f.categories.eco] })).json();
    const order = await insertOrder(shop.t.prisma, {
      items: [{ productId: created.id, name: created.name, sku: created.sku, price: 990, quantity: 2, image: created.images[0].image_url }],
    });

    const response = await call("DELETE", `/api/admin/products/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await shop.t.prisma.product.findUnique({ where: { id: created.id } })).toBeNull();
    expect(await shop.t.prisma.productImage.count({ where: { productId: created.id } })).toBe(0);
    expect(await shop.t.prisma.productCategory.count({ where: { productId: created.id } })).toBe(0);

    const item = await shop.t.prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
    expect(item).toMatchObject({ productId: null, productName: created.name, productSku: created.sku, quantity: 2 });
    expect(item.productImage).toBe(created.images[0].image_url);

    const again = await call("DELETE", `/api/admin/products/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "Товар не найден" });
  });
});
