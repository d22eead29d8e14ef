import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderNotifier } from "@shop/core/orders";
import type { Product } from "@shop/shared/schemas/catalog";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { multipart, pngImage } from "./helpers/multipart";
import { CONTACT } from "./helpers/checkout";
import { BOT_ENV, initDataHeader } from "./helpers/telegram";

/**
 * A product with variants waited for as a whole ("tell me when any of them is back"), and a variant's shortage
 * refused before an order number is taken (docs/product.md#back-in-stock, #order-numbers), on whichever database
 * the suite runs on.
 */

let t: TestApp;
let auth: Record<string, string>;
const MANAGER = BigInt(-100777);
const WHOLE = { id: 779001, first_name: "Анна" };
const BLUE_ONLY = { id: 779002, first_name: "Ирина" };
const BOTH = { id: 779003, first_name: "Ольга" };
const BUYER = { id: 779004, first_name: "Вера" };

/** what each message was queued for: the chat, the product's name as the message says it, and whether for any variant */
const notifier: OrderNotifier = {
  orderCreated: (order) => [{ chatId: MANAGER, dedupeKey: `order:${order.id}:created`, payload: { text: `Заказ №${order.number}` } }],
  orderStatusChanged: () => [],
  backInStock: (product, subscribers, event, waiting) =>
    subscribers.map((chatId) => ({
      chatId,
      dedupeKey: `back:${product.id}:${waiting?.anyVariant ? "any" : (product.variantId ?? "")}:${event}`,
      payload: { text: `${waiting?.anyVariant ? "любой" : "этот"}: ${product.name}` },
    })),
};

let scarf: Product;
const admin = (method: "POST" | "PUT" | "GET", url: string, payload?: object) => t.app.inject({ method, url, headers: auth, payload });
const colour = (value: string) => {
  const id = scarf.options![0]!.values.find((v) => v.value === value)!.id;
  return scarf.variants!.find((v) => v.option_value_ids[0] === id)!;
};
const waitFor = (user: { id: number; first_name: string }, method: "POST" | "GET" | "DELETE", variantId?: number) =>
  t.app.inject({
    method,
    url: `/api/products/${scarf.id}/back-in-stock${variantId === undefined ? "" : `?variant_id=${variantId}`}`,
    headers: initDataHeader(user),
  });
const setStock = (value: string, stock: number) => t.prisma.productVariant.update({ where: { id: colour(value).id }, data: { stock, madeToOrderDays: null } });
const outbox = async () =>
  (await t.prisma.outboxMessage.findMany({ orderBy: { id: "asc" } })).map((m) => [Number(m.chatId), (m.payload as { text: string }).text]);
const lastNumber = async () => (await t.db.read<{ last_value: string }>(`SELECT last_value::text FROM order_number_seq`, []))[0]!.last_value;

beforeAll(async () => {
  t = await createTestApp({ notifier, env: BOT_ENV });
  auth = { authorization: `Bearer ${await t.adminToken()}` };
  const created = await admin("POST", "/api/admin/products", {
    name: "Шарф вязаный",
    price: 2400,
    options: [{ name: "Цвет", kind: "color", values: [{ value: "синий", swatch: "#1e3a8a" }, { value: "красный", swatch: "#b91c1c" }] }],
    variants: [
      { option_values: ["синий"], stock: 0 },
      { option_values: ["красный"], stock: 0 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  scarf = created.json() as Product;
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.prisma.outboxMessage.deleteMany({});
});

describe("waiting for any variant of a product", () => {
  it("is a subscription without a variant, allowed while none of the variants can be ordered", async () => {
    await setStock("синий", 0);
    await setStock("красный", 0);
    expect((await waitFor(WHOLE, "GET")).json()).toEqual({ subscribed: false });
    expect((await waitFor(WHOLE, "POST")).json()).toEqual({ subscribed: true });
    expect((await waitFor(WHOLE, "POST")).json()).toEqual({ subscribed: true });
    expect((await waitFor(WHOLE, "GET")).json()).toEqual({ subscribed: true });
    // it is not a subscription to one of the variants
    expect((await waitFor(WHOLE, "GET", colour("синий").id)).json()).toEqual({ subscribed: false });
    expect(await t.prisma.backInStockSubscription.count({ where: { telegramUserId: WHOLE.id, productId: scarf.id } })).toBe(1);

    expect((await waitFor(BLUE_ONLY, "POST", colour("синий").id)).json()).toEqual({ subscribed: true });
    expect((await waitFor(BOTH, "POST", colour("синий").id)).json()).toEqual({ subscribed: true });
    expect((await waitFor(BOTH, "POST")).json()).toEqual({ subscribed: true });
  });

  it("messages those waiting for any variant once when one comes back, named by the variant; the variant's own subscribers as before", async () => {
    const added = await admin("POST", `/api/admin/products/${scarf.id}/stock`, { delta: 2, variant_id: colour("синий").id });
    expect([added.statusCode, added.json()]).toEqual([200, { stock: 2 }]);
    // BOTH waits for the product and for the blue one: one message, the variant's
    expect((await outbox()).sort()).toEqual(
      [
        [BLUE_ONLY.id, "этот: Шарф вязаный (Цвет: синий)"],
        [BOTH.id, "этот: Шарф вязаный (Цвет: синий)"],
        [WHOLE.id, "любой: Шарф вязаный (Цвет: синий)"],
      ].sort(),
    );
    // the subscriptions stay until unsubscribed
    expect((await waitFor(WHOLE, "GET")).json()).toEqual({ subscribed: true });
  });

  it("refuses a new wait for any variant while one can be ordered (409)", async () => {
    const refused = await waitFor(BUYER, "POST");
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: "Товар есть в наличии" }]);
    // the red one is still sold out: waiting for it is allowed
    expect((await waitFor(BUYER, "POST", colour("красный").id)).json()).toEqual({ subscribed: true });
    expect((await waitFor(BUYER, "DELETE", colour("красный").id)).json()).toEqual({ subscribed: false });
  });

  it("hears once per change when several variants come back in one edit", async () => {
    await setStock("синий", 0);
    await setStock("красный", 0);
    const saved = await admin("PUT", `/api/admin/products/${scarf.id}`, {
      name: scarf.name,
      price: 2400,
      options: [{ name: "Цвет", kind: "color", values: [{ value: "синий", swatch: "#1e3a8a" }, { value: "красный", swatch: "#b91c1c" }] }],
      variants: [
        { option_values: ["синий"], stock: 1 },
        { option_values: ["красный"], stock: 3 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const messages = await outbox();
    expect(messages.filter(([chat]) => chat === WHOLE.id)).toHaveLength(1);
    expect(messages.filter(([chat]) => chat === BOTH.id)).toEqual([[BOTH.id, "этот: Шарф вязаный (Цвет: синий)"]]);
    expect(messages.filter(([chat]) => chat === BLUE_ONLY.id)).toEqual([[BLUE_ONLY.id, "этот: Шарф вязаный (Цвет: синий)"]]);
    expect(messages).toHaveLength(3);
  });

  it("ends with «Отписаться» (DELETE without a variant), leaving the variant's own subscription", async () => {
    expect((await waitFor(BOTH, "DELETE")).json()).toEqual({ subscribed: false });
    expect((await waitFor(BOTH, "GET")).json()).toEqual({ subscribed: false });
    expect((await waitFor(BOTH, "GET", colour("синий").id)).json()).toEqual({ subscribed: true });
  });
});

describe("a variant short of pieces", () => {
  const order = (cart: object[], key: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { ...CONTACT, source: "telegram_mini_app", telegram_user_id: BUYER.id, cart_items: cart },
      headers: { ...initDataHeader(BUYER), "idempotency-key": key },
    });

  it("is refused before an order number is taken: the next order gets the next number", async () => {
    await setStock("синий", 1);
    await setStock("красный", 0);
    const first = await order([{ product_id: scarf.id, variant_id: colour("синий").id, quantity: 1 }], "short-variant-1");
    expect(first.statusCode, first.body).toBe(201);
    const firstNumber = Number((first.json() as { order_number: string }).order_number);
    const before = await lastNumber();

    // the blue one sold out by that order, the red one never there: both refused, as plain products are
    for (const [cart, key] of [
      [[{ product_id: scarf.id, variant_id: colour("синий").id, quantity: 1 }], "short-variant-2"],
      [[{ product_id: scarf.id, variant_id: colour("красный").id, quantity: 2 }], "short-variant-3"],
    ] as const) {
      const refused = await order([...cart], key);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: "out_of_stock", items: [{ product_id: scarf.id, variant_id: cart[0]!.variant_id, available: 0 }] });
    }
    expect(await lastNumber()).toBe(before);

    await setStock("красный", 2);
    const next = await order([{ product_id: scarf.id, variant_id: colour("красный").id, quantity: 2 }], "short-variant-4");
    expect(next.statusCode, next.body).toBe(201);
    expect(Number((next.json() as { order_number: string }).order_number)).toBe(firstNumber + 1);
  });

  it("counts the lines of one variant together before the number is taken", async () => {
    await setStock("синий", 1);
    const before = await lastNumber();
    const refused = await order(
      [
        { product_id: scarf.id, variant_id: colour("синий").id, quantity: 1 },
        { product_id: scarf.id, variant_id: colour("синий").id, quantity: 1 },
      ],
      "short-variant-5",
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await lastNumber()).toBe(before);
  });
});

describe("a variant's photos named by their addresses", () => {
  const upload = async (count: number): Promise<string[]> => {
    const png = await pngImage(60, 40);
    const body = multipart(Array.from({ length: count }, (_, i) => ({ filename: `${i}.png`, data: png })));
    const response = await t.app.inject({ method: "POST", url: "/api/admin/upload", payload: body.payload, headers: { ...body.headers, ...auth } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { filePaths: string[] }).filePaths;
  };
  const OPTIONS = [{ name: "Цвет", kind: "color", values: [{ value: "синий", swatch: "#1e3a8a" }, { value: "красный", swatch: "#b91c1c" }] }];

  it("are given in the save that creates the product, and in an edit that uploads a new one", async () => {
    const [first, second] = await upload(2);
    const created = await admin("POST", "/api/admin/products", {
      name: "Шарф с фото",
      price: 2400,
      imageUrls: [first, second],
      options: OPTIONS,
      variants: [
        { option_values: ["синий"], stock: 1, image_urls: [second, first] },
        { option_values: ["красный"], stock: 1 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as Product;
    const idOf = (url: string) => product.images.find((image) => image.image_url === url)!.id;
    expect(product.variants!.map((variant) => variant.image_ids)).toEqual([[idOf(second!), idOf(first!)], []]);

    // an edit adds a photo and gives it to the red one at once
    const [third] = await upload(1);
    const saved = await admin("PUT", `/api/admin/products/${product.id}`, {
      name: product.name,
      price: 2400,
      images: [...product.images.map((image) => ({ id: image.id, image_url: image.image_url })), { image_url: third }],
      options: OPTIONS,
      variants: [
        { option_values: ["синий"], image_ids: [idOf(second!), idOf(first!)] },
        { option_values: ["красный"], image_urls: [third, first] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = saved.json() as Product;
    const thirdId = edited.images.find((image) => image.image_url === third)!.id;
    expect(edited.variants!.map((variant) => variant.image_ids)).toEqual([[idOf(second!), idOf(first!)], [thirdId, idOf(first!)]]);
  });

  it("must be the product's own photos (400, nothing saved)", async () => {
    const [own] = await upload(1);
    const before = await t.prisma.product.count();
    const refused = await admin("POST", "/api/admin/products", {
      name: "Шарф без фото",
      price: 2400,
      imageUrls: [own],
      options: OPTIONS,
      variants: [{ option_values: ["синий"], image_urls: ["/uploads/someone-else.webp"] }, { option_values: ["красный"] }],
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, "Фото /uploads/someone-else.webp нет среди фото товара"]);
    expect(await t.prisma.product.count()).toBe(before);
  });
});
