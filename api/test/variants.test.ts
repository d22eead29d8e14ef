import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { confirmPreparedOrder } from "@shop/core/orders";
import type { OrderNotifier } from "@shop/core/orders";
import type { AdminProductsResponse, TopProduct } from "@shop/shared/schemas/admin";
import type { CatalogResponse, OptionValues, Product, ProductCard } from "@shop/shared/schemas/catalog";
import type { AdminOrder, CreateOrderResponse, PrepareOrderResponse } from "@shop/shared/schemas/orders";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT } from "./helpers/checkout";
import { BOT_ENV, initDataHeader } from "./helpers/telegram";

/**
 * Options, variants and personalisation through the real server (docs/product.md#variants-and-personalisation):
 * the admin's writes and their checks, what the shop answers, the catalogue's filter and search, and orders priced
 * and taking stock per variant with the shopper's texts, on whichever database the suite runs on.
 */

let t: TestApp;
let f: Fixture;
let auth: Record<string, string>;
const MANAGER = BigInt(-100501);
const SHOPPER = { id: 778001, first_name: "Анна" };
const BUYER = { id: 778002, first_name: "Ирина" };

const notifier: OrderNotifier = {
  orderCreated: (order) => [{ chatId: MANAGER, dedupeKey: `order:${order.id}:created`, payload: { text: `Заказ №${order.number}` } }],
  orderStatusChanged: () => [],
  lowStockThreshold: 1,
  stockFell: (product, left, event) => [
    { chatId: MANAGER, dedupeKey: `stock:${product.id}:${product.variantId ?? ""}:${left}:${event}`, payload: { text: `осталось ${left}: ${product.name} (${product.sku})` } },
  ],
  backInStock: (product, subscribers, event) =>
    subscribers.map((chatId) => ({ chatId, dedupeKey: `back:${product.id}:${product.variantId ?? ""}:${event}`, payload: { text: `снова в наличии ${product.name}` } })),
};

const RING = {
  name: "Кольцо «Веточка»",
  price: 3200,
  options: [{ name: "Размер", kind: "text", values: ["15", "16", "17", "18", "19"].map((value) => ({ value })) }],
  variants: [
    { option_values: ["15"], stock: 1 },
    { option_values: ["16"], stock: 2 },
    { option_values: ["17"], stock: 1 },
    { option_values: ["18"], stock: 0, made_to_order_days: 14 },
    { option_values: ["19"], stock: 1, price: "3400,50" },
  ],
};

const BOARD = {
  name: "Доска разделочная из дуба",
  price: 1890,
  personalization: [
    { kind: "text", label: "Гравировка", hint: "Имя или надпись", max_length: 20, required: true, price: 300 },
    { kind: "choice", label: "Пропитка", choices: [{ value: "Масло", price: 0 }, { value: "Воск", price: "150" }] },
    { kind: "gift_wrap", label: "Подарочная упаковка", price: 150 },
    { kind: "gift_note", label: "Открытка", max_length: 100 },
  ],
};

let ring: Product;
let board: Product;

const admin = (method: "POST" | "PUT" | "GET", url: string, payload?: object) => t.app.inject({ method, url, headers: auth, payload });
const variantOf = (product: Product, value: string) => {
  const option = product.options![0]!;
  const id = option.values.find((v) => v.value === value)!.id;
  return product.variants!.find((v) => v.option_value_ids[0] === id)!;
};
/** A Mini App order. */
const order = (cart: object[], headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { ...CONTACT, source: "telegram_mini_app", telegram_user_id: BUYER.id, cart_items: cart },
    headers: { ...initDataHeader(BUYER), ...headers },
  });
const ringLine = (size: string, quantity = 1, extra: object = {}) => ({ product_id: ring.id, variant_id: variantOf(ring, size).id, quantity, ...extra });
const boardField = (label: string) => board.personalization!.find((field) => field.label === label)!.id;
const variantStock = async (size: string) => (await t.prisma.productVariant.findUniqueOrThrow({ where: { id: variantOf(ring, size).id } })).stock;
const setVariantStock = (size: string, stock: number | null, madeToOrderDays: number | null = null) =>
  t.prisma.productVariant.update({ where: { id: variantOf(ring, size).id }, data: { stock, madeToOrderDays } });
const adminOrder = async (id: number) => {
  return (await admin("GET", `/api/orders/${id}`)).json() as AdminOrder;
};

beforeAll(async () => {
  t = await createTestApp({ notifier, env: BOT_ENV, statsFoldEveryMs: 0 });
  f = await createFixture(t.prisma);
  auth = { authorization: `Bearer ${await t.adminToken()}` };
  const created = await admin("POST", "/api/admin/products", { ...RING, categoryIds: [f.categories.ceramics, f.categories.gift] });
  expect(created.statusCode, created.body).toBe(201);
  ring = created.json() as Product;
  const createdBoard = await admin("POST", "/api/admin/products", { ...BOARD, categoryIds: [f.categories.ceramics] });
  expect(createdBoard.statusCode, createdBoard.body).toBe(201);
  board = createdBoard.json() as Product;
});
afterAll(async () => t?.close());

beforeEach(async () => {
  await t.prisma.outboxMessage.deleteMany({});
});

describe("the admin's writes", () => {
  it("create options in order, variants with their own article, price and stock, and personalisation fields", async () => {
    expect(ring.options).toEqual([{ id: expect.any(Number), name: "Размер", kind: "text", values: ["15", "16", "17", "18", "19"].map((value) => ({ id: expect.any(Number), value, swatch: null })) }]);
    expect(ring.variants!.map((v) => [v.sku, v.price, v.stock, v.made_to_order_days, v.enabled, v.image_ids])).toEqual([
      [`${ring.sku}-15`, 3200, 1, null, true, []],
      [`${ring.sku}-16`, 3200, 2, null, true, []],
      [`${ring.sku}-17`, 3200, 1, null, true, []],
      [`${ring.sku}-18`, 3200, 0, 14, true, []],
      [`${ring.sku}-19`, 3400.5, 1, null, true, []],
    ]);
    // the product's own figures are its variants': the lowest price, the pieces of all of them
    // made to order: every sold-out variant is (size 18), so the product says so once none are left
    expect([ring.price, ring.stock, ring.made_to_order_days]).toEqual([3200, 5, 14]);
    expect(board.personalization).toEqual([
      { id: expect.any(Number), kind: "text", label: "Гравировка", hint: "Имя или надпись", max_length: 20, required: true, price: 300, choices: [] },
      { id: expect.any(Number), kind: "choice", label: "Пропитка", hint: null, max_length: null, required: false, price: 0, choices: [{ value: "Масло", price: 0 }, { value: "Воск", price: 150 }] },
      { id: expect.any(Number), kind: "gift_wrap", label: "Подарочная упаковка", hint: null, max_length: null, required: false, price: 150, choices: [] },
      { id: expect.any(Number), kind: "gift_note", label: "Открытка", hint: null, max_length: 100, required: false, price: 0, choices: [] },
    ]);
    expect(board.options).toBeUndefined();
    expect(board.variants).toBeUndefined();
  });

  it("refuse what cannot be a variant with a Russian message, saving nothing", async () => {
    const cases: [object, string][] = [
      [{ options: ["А", "Б", "В", "Г"].map((name) => ({ name, values: [{ value: "1" }] })) }, "У товара может быть не больше 3 опций"],
      [{ options: [{ name: "Размер", values: [{ value: "17" }, { value: " 17 " }] }] }, "Значение «17» опции «Размер» указано дважды"],
      [{ options: [{ name: "Размер", values: [] }] }, "Добавьте значения опции «Размер»"],
      [{ options: [{ name: "Размер", values: [{ value: "17" }] }], variants: [{ option_values: ["17"] }, { option_values: ["17"] }] }, "Вариант «Размер: 17» указан дважды"],
      [{ options: [{ name: "Размер", values: [{ value: "17" }] }], variants: [{ option_values: ["20"] }] }, "У опции «Размер» нет значения «20»"],
      [{ options: [{ name: "Размер", values: [{ value: "17" }] }, { name: "Цвет", kind: "color", values: [{ value: "синий", swatch: "#0000ff" }] }], variants: [{ option_values: ["17"] }] }, "У каждого варианта должно быть 2 значения — по одному для каждой опции"],
      [{ personalization: [{ kind: "choice", label: "Пропитка", choices: [] }] }, "Добавьте варианты выбора поля «Пропитка»"],
      [{ personalization: [{ kind: "text", label: "Гравировка", price: -5 }] }, "Доплата должна быть числом от 0 до 100 000, не более двух знаков после запятой"],
    ];
    const before = await t.prisma.product.count();
    for (const [body, message] of cases) {
      const response = await admin("POST", "/api/admin/products", { name: "Пробный товар", price: 100, ...body });
      expect([response.statusCode, response.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(await t.prisma.product.count()).toBe(before);
  });

  it("replace the set on PUT: an ordered variant left out is switched off (the admin still sees it), another is deleted", async () => {
    const created = (await admin("POST", "/api/admin/products", {
      name: "Шарф «Вереск»",
      price: 2500,
      options: [{ name: "Цвет", kind: "color", values: [{ value: "синий", swatch: "#1E3A8A" }, { value: "красный", swatch: "#b91c1c" }, { value: "серый", swatch: "#6b7280" }] }],
      variants: [{ option_values: ["синий"], stock: 3 }, { option_values: ["красный"], stock: 3 }, { option_values: ["серый"], stock: 3 }],
    })).json() as Product;
    expect(created.options![0]!.values.map((v) => v.swatch)).toEqual(["#1e3a8a", "#b91c1c", "#6b7280"]);
    const blue = created.variants![0]!;
    expect((await order([{ product_id: created.id, variant_id: blue.id, quantity: 1 }])).statusCode).toBe(201);
    const updated = await admin("PUT", `/api/admin/products/${created.id}`, {
      name: created.name,
      price: 2500,
      variants: [{ option_values: ["серый"], stock: 5, price: 2700 }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const edited = updated.json() as Product;
    expect(edited.variants!.map((v) => [v.sku, v.enabled, v.stock, v.price])).toEqual([
      [created.variants![2]!.sku, true, 5, 2700],
      [blue.sku, false, 2, 2500],
    ]);
    const shop = (await t.app.inject({ url: `/api/products/${created.id}` })).json() as Product;
    expect(shop.variants!.map((v) => v.sku)).toEqual([created.variants![2]!.sku]);
    expect([shop.price, shop.stock]).toEqual([2700, 5]);
    const list = (await admin("GET", `/api/admin/products?q=${encodeURIComponent("Вереск")}`)).json() as AdminProductsResponse;
    expect(list.products[0]!.variants!.map((v) => v.enabled)).toEqual([true, false]);
    // a switched-off variant cannot be ordered
    const refused = await order([{ product_id: created.id, variant_id: blue.id, quantity: 1 }]);
    expect([refused.statusCode, refused.json().message]).toEqual([400, "Вариант товара «Шарф «Вереск»» больше не продаётся. Выберите другой."]);
  });
});

describe("what the shop answers", () => {
  it("leaves a product without options exactly as it was", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    const product = (await t.app.inject({ url: `/api/products/${vase.id}` })).json() as Product;
    expect(Object.keys(product)).toEqual(["id", "name", "price", "sku", "description", "material", "width", "height", "depth", "images", "categories", "stock", "made_to_order_days"]);
    const page = (await t.app.inject({ url: `/api/products?limit=100` })).json() as CatalogResponse;
    const card = page.products.find((p) => p.id === vase.id)!;
    expect(Object.keys(card)).toEqual(["id", "name", "price", "sku", "images", "stock", "made_to_order_days"]);
  });

  it("gives a card of a product with variants its lowest price, price_max when prices differ, and has_options", async () => {
    const page = (await t.app.inject({ url: `/api/products?limit=100` })).json() as CatalogResponse;
    const card = page.products.find((p) => p.id === ring.id)!;
    expect(card).toMatchObject({ price: 3200, price_max: 3400.5, has_options: true, stock: 5 });
    // a required text makes the card open the product as well; no options: no price_max
    const boardCard = page.products.find((p) => p.id === board.id)!;
    expect([boardCard.has_options, boardCard.price_max]).toEqual([true, undefined]);
  });

  it("filters the catalogue by option values and lists the values that exist", async () => {
    const filtered = (await t.app.inject({ url: `/api/products?option=${encodeURIComponent("17, СИНИЙ")}` })).json() as CatalogResponse;
    expect(filtered.products.map((p) => p.id)).toEqual([ring.id]);
    const none = (await t.app.inject({ url: `/api/products?option=42` })).json() as CatalogResponse;
    expect(none.total).toBe(0);
    const values = (await t.app.inject({ url: `/api/products/option-values?mainCategory=${f.categories.ceramics}` })).json() as OptionValues[];
    expect(values).toEqual([{ name: "Размер", values: ["15", "16", "17", "18", "19"] }]);
  });

  it("finds a product by its variant's article", async () => {
    const sku = variantOf(ring, "17").sku;
    const found = (await t.app.inject({ url: `/api/products/search?q=${encodeURIComponent(sku.toLowerCase())}` })).json() as { products: ProductCard[] };
    expect(found.products.map((p) => p.id)).toEqual([ring.id]);
    const admins = (await admin("GET", `/api/admin/products?q=${encodeURIComponent(sku)}`)).json() as AdminProductsResponse;
    expect(admins.products.map((p) => p.id)).toEqual([ring.id]);
  });
});

describe("orders", () => {
  it("need the variant of a product with options: «Выберите размер»", async () => {
    const response = await order([{ product_id: ring.id, quantity: 1 }]);
    expect([response.statusCode, response.json()]).toEqual([400, { message: "Выберите размер" }]);
  });

  it("price a variant at its own price, take its pieces, and keep its article and title on the order", async () => {
    const response = await order([ringLine("19", 1, { price: 1 }), ringLine("16", 2)]);
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json() as CreateOrderResponse;
    expect(placed.subtotal).toBe(3400.5 + 2 * 3200);
    expect([await variantStock("19"), await variantStock("16")]).toEqual([0, 0]);
    const items = (await adminOrder(placed.id)).items;
    expect(items.map((i) => [i.product_sku, i.price, i.quantity, i.variant_id, i.variant_title, i.personalization])).toEqual([
      [`${ring.sku}-19`, 3400.5, 1, variantOf(ring, "19").id, "Размер: 19", undefined],
      [`${ring.sku}-16`, 3200, 2, variantOf(ring, "16").id, "Размер: 16", undefined],
    ]);
    // the managers hear that each variant sold out, by its own name and article
    const texts = (await t.prisma.outboxMessage.findMany()).map((m) => (m.payload as { text: string }).text).sort();
    expect(texts).toEqual([`Заказ №${placed.order_number}`, `осталось 0: Кольцо «Веточка» (Размер: 16) (${ring.sku}-16)`, `осталось 0: Кольцо «Веточка» (Размер: 19) (${ring.sku}-19)`].sort());
    // cancelling returns the variants' pieces
    expect((await admin("PUT", `/api/orders/${placed.id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect([await variantStock("19"), await variantStock("16")]).toEqual([1, 2]);
  });

  it("refuse more pieces of a variant than are left, naming the variant, and make a sold-out variant made to order", async () => {
    const short = await order([ringLine("17", 2)]);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({
      message: "Товара «Кольцо «Веточка» (Размер: 17)» осталось 1 шт.",
      code: "out_of_stock",
      items: [{ product_id: ring.id, name: "Кольцо «Веточка» (Размер: 17)", available: 1, variant_id: variantOf(ring, "17").id }],
    });
    const made = await order([ringLine("18", 3)]);
    expect(made.statusCode).toBe(201);
    const line = await t.prisma.orderItem.findFirstOrThrow({ where: { orderId: (made.json() as CreateOrderResponse).id } });
    expect([line.madeToOrderDays, line.stockTaken, line.variantSku]).toEqual([14, false, `${ring.sku}-18`]);
  });

  it("check the personalisation on the server: required, too long, unknown choice, unknown field", async () => {
    const engraving = boardField("Гравировка");
    const cases: [object[] | undefined, string][] = [
      [undefined, "Заполните поле «Гравировка»"],
      [[{ field_id: engraving, value: "   " }], "Заполните поле «Гравировка»"],
      [[{ field_id: engraving, value: "Машенька и Серёженька" }], "Гравировка: не больше 20 символов"],
      [[{ field_id: engraving, value: "Маша" }, { field_id: boardField("Пропитка"), value: "Лак" }], "Пропитка: выберите значение из списка"],
      [[{ field_id: engraving, value: "Маша" }, { field_id: 999999, value: "x" }], "Поле персонализации не найдено: обновите страницу товара"],
    ];
    for (const [personalization, message] of cases) {
      const response = await order([{ product_id: board.id, quantity: 1, personalization }]);
      expect([response.statusCode, response.json().message], JSON.stringify(personalization)).toEqual([400, message]);
    }
  });

  it("price the extras from the product, whatever the client says, and keep the texts exactly", async () => {
    const response = await order([
      {
        product_id: board.id,
        quantity: 2,
        price: 1,
        personalization: [
          { field_id: boardField("Гравировка"), value: "  Маша  ", price: 0 },
          { field_id: boardField("Пропитка"), value: "воск", price: 0 },
          { field_id: boardField("Подарочная упаковка"), value: "1" },
          { field_id: boardField("Открытка"), value: "С днём рождения!\nЛюбим" },
        ],
      },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json() as CreateOrderResponse;
    const piece = 1890 + 300 + 150 + 150;
    expect(placed.subtotal).toBe(2 * piece);
    const [item] = (await adminOrder(placed.id)).items;
    // no variant: no variant keys
    expect(Object.keys(item!)).not.toContain("variant_id");
    expect(item).toMatchObject({
      price: piece,
      quantity: 2,
      personalization: [
        { label: "Гравировка", value: "Маша", price: 300 },
        { label: "Пропитка", value: "Воск", price: 150 },
        { label: "Подарочная упаковка", value: "Да", price: 150 },
        { label: "Открытка", value: "С днём рождения!\nЛюбим", price: 0 },
      ],
    });
  });

  it("keep two engravings as two lines, and merge the same one", async () => {
    const engraving = boardField("Гравировка");
    const line = (value: string) => ({ product_id: board.id, quantity: 1, personalization: [{ field_id: engraving, value }] });
    const response = await order([line("Маша"), line("Петя"), line("Маша")]);
    expect(response.statusCode, response.body).toBe(201);
    const items = (await adminOrder((response.json() as CreateOrderResponse).id)).items;
    expect(items.map((i) => [i.quantity, (i.personalization ?? []).map((p) => p.value)])).toEqual([
      [2, ["Маша"]],
      [1, ["Петя"]],
    ]);
  });

  it("of 50 shoppers buying the last piece of one variant at once exactly one gets it", async () => {
    await setVariantStock("15", 1);
    const other = await variantStock("16");
    const ordersBefore = await t.prisma.order.count();
    const responses = await Promise.all(Array.from({ length: 50 }, () => order([ringLine("15")])));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: "out_of_stock", items: [{ product_id: ring.id, variant_id: variantOf(ring, "15").id, available: 0 }] });
    }
    expect([await variantStock("15"), await variantStock("16")]).toEqual([0, other]);
    expect(await t.prisma.order.count()).toBe(ordersBefore + 1);
  });

  it("refuse a key used for another variant or another text (422)", async () => {
    const key = { "idempotency-key": "variants-key-1" };
    expect((await order([ringLine("16")], key)).statusCode).toBe(201);
    expect((await order([ringLine("16")], key)).statusCode).toBe(200);
    expect((await order([ringLine("17")], key)).statusCode).toBe(422);
    const engraving = boardField("Гравировка");
    const textKey = { "idempotency-key": "variants-key-2" };
    expect((await order([{ product_id: board.id, quantity: 1, personalization: [{ field_id: engraving, value: "А" }] }], textKey)).statusCode).toBe(201);
    expect((await order([{ product_id: board.id, quantity: 1, personalization: [{ field_id: engraving, value: "Б" }] }], textKey)).statusCode).toBe(422);
  });

  it("carry the variant and the texts through a website checkout confirmed in the bot", async () => {
    await setVariantStock("17", 1);
    const prepared = await t.app.inject({
      method: "POST",
      url: "/api/orders/prepare",
      payload: {
        order: CONTACT,
        source: "website",
        cart: [
          { id: ring.id, variant_id: variantOf(ring, "17").id, quantity: 1 },
          { id: board.id, quantity: 1, personalization: [{ field_id: boardField("Гравировка"), value: "Дача" }] },
        ],
      },
    });
    expect(prepared.statusCode, prepared.body).toBe(201);
    const ticket = prepared.json() as PrepareOrderResponse;
    expect(ticket.subtotal).toBe(3200 + 1890 + 300);
    const stored = await t.prisma.preparedOrder.findUniqueOrThrow({ where: { token: ticket.token } });
    expect((stored.payload as { version: number }).version).toBe(5);
    const confirmed = await confirmPreparedOrder(t.db, notifier, ticket.token, { id: SHOPPER.id, first_name: SHOPPER.first_name });
    expect(confirmed.status).toBe("created");
    if (confirmed.status !== "created") return;
    expect(confirmed.order.lines.map((l) => [l.variantTitle ?? null, l.variantSku ?? null, l.personalization?.map((p) => p.value) ?? []])).toEqual([
      ["Размер: 17", `${ring.sku}-17`, []],
      [null, null, ["Дача"]],
    ]);
    expect(await variantStock("17")).toBe(0);
  });

  it("reads a checkout prepared before variants existed (payload version 3)", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    const token = "v3-token-variants";
    await t.prisma.preparedOrder.create({
      data: {
        token,
        payload: {
          version: 3,
          contact: { customerName: "Анна", customerPhone: "+79123456789", deliveryAddress: null, comment: null },
          lines: [{ productId: vase.id, name: vase.name, sku: vase.sku, image: null, price: 189000, quantity: 1 }],
          totals: { subtotal: 189000, discountPercent: 0, discount: 0, delivery: 0, total: 189000 },
          source: "website",
        },
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    const confirmed = await confirmPreparedOrder(t.db, notifier, token, { id: SHOPPER.id });
    expect(confirmed.status).toBe("created");
  });
});

describe("stock of a variant", () => {
  it("is changed by the admin per variant, and its restock messages only those waiting for it", async () => {
    await setVariantStock("18", 0);
    const waiting = (url: string, method: "POST" | "GET", user = SHOPPER) => t.app.inject({ method, url, headers: initDataHeader(user) });
    const base = `/api/products/${ring.id}/back-in-stock`;
    const noVariant = await waiting(base, "POST");
    // waiting for any size while other sizes can be ordered: nothing to wait for
    expect([noVariant.statusCode, noVariant.json().message]).toEqual([409, "Товар есть в наличии"]);
    expect((await waiting(`${base}?variant_id=${variantOf(ring, "18").id}`, "POST")).json()).toEqual({ subscribed: true });
    expect((await waiting(`${base}?variant_id=${variantOf(ring, "18").id}`, "GET")).json()).toEqual({ subscribed: true });
    expect((await waiting(`${base}?variant_id=${variantOf(ring, "17").id}`, "GET")).json()).toEqual({ subscribed: false });

    const noChoice = await admin("POST", `/api/admin/products/${ring.id}/stock`, { delta: 1 });
    expect([noChoice.statusCode, noChoice.json().message]).toEqual([409, "У товара есть варианты: укажите, остаток какого варианта меняется"]);
    const added = await admin("POST", `/api/admin/products/${ring.id}/stock`, { delta: 2, variant_id: variantOf(ring, "18").id });
    expect([added.statusCode, added.json()]).toEqual([200, { stock: 2 }]);
    const messages = await t.prisma.outboxMessage.findMany();
    expect(messages.map((m) => [m.chatId, (m.payload as { text: string }).text])).toEqual([[BigInt(SHOPPER.id), "снова в наличии Кольцо «Веточка» (Размер: 18)"]]);
  });
});

describe("statistics", () => {
  it("rank best sellers per product, and per variant on demand", async () => {
    const byProduct = (await admin("GET", "/api/admin/stats/top-products?period=all&limit=100")).json() as TopProduct[];
    const ringRows = byProduct.filter((row) => row.productId === ring.id);
    expect(ringRows).toHaveLength(1);
    expect(ringRows[0]!.variantId).toBeUndefined();
    const byVariant = (await admin("GET", "/api/admin/stats/top-products?period=all&limit=100&byVariant=true")).json() as TopProduct[];
    const variantRows = byVariant.filter((row) => row.productId === ring.id);
    expect(variantRows.length).toBeGreaterThan(1);
    expect(variantRows.reduce((sum, row) => sum + row.quantitySold, 0)).toBe(ringRows[0]!.quantitySold);
    for (const row of variantRows) expect(row.sku).toBe(`${ring.sku}-${row.variantTitle!.replace("Размер: ", "")}`);
  });
});
