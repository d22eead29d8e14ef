import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderNotifier } from "@shop/core/orders";
import type { AdminProductsResponse } from "@shop/shared/schemas/admin";
import type { CatalogResponse, Product } from "@shop/shared/schemas/catalog";
import type { CreateOrderResponse } from "@shop/shared/schemas/orders";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture, type FixtureProduct } from "./helpers/fixtures";
import { CONTACT, line } from "./helpers/checkout";
import { BOT_ENV, initDataHeader } from "./helpers/telegram";

/**
 * Stock through the real server (docs/product.md#stock): orders take pieces in their own statement and never
 * oversell, made-to-order products stay orderable, cancellations give pieces back, managers hear of sold-out and
 * low stock, subscribers of a restock, all through the outbox.
 */

let t: TestApp;
let f: Fixture;
let auth: Record<string, string>;
const MANAGER = BigInt(-100500);
const SHOPPER = { id: 777001, first_name: "Анна" };
const BUYER = { id: 777002, first_name: "Ирина" };

const notifier: OrderNotifier = {
  orderCreated: (order) => [{ chatId: MANAGER, dedupeKey: `order:${order.id}:created`, payload: { text: `Заказ №${order.number}` } }],
  orderStatusChanged: () => [],
  lowStockThreshold: 2,
  stockFell: (product, left, event) => [
    { chatId: MANAGER, dedupeKey: `stock:${product.id}:${left}:${event}`, payload: { text: left === 0 ? `закончился ${product.name}` : `осталось ${left}: ${product.name}` } },
  ],
  backInStock: (product, subscribers, event) =>
    subscribers.map((chatId) => ({ chatId, dedupeKey: `back:${product.id}:${event}`, payload: { text: `снова в наличии ${product.name}` } })),
};

beforeAll(async () => {
  t = await createTestApp({ notifier, env: BOT_ENV });
  f = await createFixture(t.prisma);
  auth = { authorization: `Bearer ${await t.adminToken()}` };
});
afterAll(async () => t?.close());

/** Every product back to "not counted", and the outbox empty, before each test. */
beforeEach(async () => {
  await t.prisma.product.updateMany({ data: { stock: null, madeToOrderDays: null } });
  await t.prisma.outboxMessage.deleteMany({});
  await t.prisma.backInStockSubscription.deleteMany({});
});

const setStock = (product: FixtureProduct, stock: number | null, madeToOrderDays: number | null = null) =>
  t.prisma.product.update({ where: { id: product.id }, data: { stock, madeToOrderDays } });
const stockOf = async (product: FixtureProduct) => (await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock;
/** A Mini App order (a shop with a bot takes website checkouts through the bot: see the bot's tests). */
const order = (lines: ReturnType<typeof line>[], headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { ...CONTACT, source: "telegram_mini_app", telegram_user_id: BUYER.id, cart_items: lines },
    headers: { ...initDataHeader(BUYER), ...headers },
  });
const outboxTexts = async (): Promise<[bigint, string][]> =>
  (await t.prisma.outboxMessage.findMany({ orderBy: { id: "asc" } })).map((m) => [m.chatId, (m.payload as { text: string }).text]);
const setStatus = (orderId: number, status: string) =>
  t.app.inject({ method: "PUT", url: `/api/orders/${orderId}/status`, headers: auth, payload: { status } });

describe("placing orders", () => {
  it("of 50 shoppers buying the last piece at once exactly one gets it; the others get 409 out_of_stock", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    await setStock(vase, 1);
    const ordersBefore = await t.prisma.order.count();
    const responses = await Promise.all(Array.from({ length: 50 }, () => order([line(vase, 1)])));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual({
        message: "Товар «Ваза керамическая «Лён»» закончился",
        code: "out_of_stock",
        items: [{ product_id: vase.id, name: vase.name, available: 0 }],
      });
    }
    expect(await stockOf(vase)).toBe(0);
    expect(await t.prisma.order.count()).toBe(ordersBefore + 1);
    const winner = responses.find((r) => r.statusCode === 201)!.json() as CreateOrderResponse;
    const item = await t.prisma.orderItem.findFirstOrThrow({ where: { orderId: winner.id } });
    expect([item.stockTaken, item.madeToOrderDays]).toEqual([true, null]);
    // one manager card and one sold-out message, nothing of the 49 refused orders
    expect((await outboxTexts()).map(([, text]) => text).sort()).toEqual([`Заказ №${winner.order_number}`, `закончился ${vase.name}`].sort());
  });

  it("refuses a cart asking for more than is left, lists every short line, and creates nothing", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    const mug = f.byName("Кружка ручной лепки");
    const plate = f.byName("Тарелка «Ёлочка»");
    await setStock(vase, 1);
    await setStock(mug, 0);
    await setStock(plate, 5);
    const ordersBefore = await t.prisma.order.count();
    const numberBefore = (await t.db.read<{ last_value: string }>(`SELECT last_value::text FROM order_number_seq`, []))[0]!.last_value;
    const response = await order([line(plate, 2), line(vase, 2), line(mug, 1)], { "idempotency-key": "stock-short-1" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "Товара «Ваза керамическая «Лён»» осталось 1 шт.",
      code: "out_of_stock",
      items: [
        { product_id: vase.id, name: vase.name, available: 1 },
        { product_id: mug.id, name: mug.name, available: 0 },
      ],
    });
    expect(await t.prisma.order.count()).toBe(ordersBefore);
    expect([await stockOf(plate), await stockOf(vase), await stockOf(mug)]).toEqual([5, 1, 0]);
    expect(await outboxTexts()).toEqual([]);
    // refused before any order number was taken
    expect((await t.db.read<{ last_value: string }>(`SELECT last_value::text FROM order_number_seq`, []))[0]!.last_value).toBe(numberBefore);
    // the key was not stored: once restocked, the same submission creates the order
    await setStock(vase, 3);
    await setStock(mug, 1);
    const retried = await order([line(plate, 2), line(vase, 2), line(mug, 1)], { "idempotency-key": "stock-short-1" });
    expect(retried.statusCode, retried.body).toBe(201);
    expect([await stockOf(plate), await stockOf(vase), await stockOf(mug)]).toEqual([3, 1, 0]);
  });

  it("takes nothing from products whose stock is not counted", async () => {
    const candle = f.byName("Свеча соевая «Ваниль»");
    const response = await order([line(candle, 7)]);
    expect(response.statusCode).toBe(201);
    expect(await stockOf(candle)).toBeNull();
    const item = await t.prisma.orderItem.findFirstOrThrow({ where: { orderId: (response.json() as CreateOrderResponse).id } });
    expect([item.stockTaken, item.madeToOrderDays]).toEqual([false, null]);
  });

  it("a made-to-order product with none left is orderable in any quantity and the line says so", async () => {
    const plaid = f.byName("Плед вязаный из шерсти");
    await setStock(plaid, 0, 21);
    const response = await order([line(plaid, 3)]);
    expect(response.statusCode, response.body).toBe(201);
    expect(await stockOf(plaid)).toBe(0);
    const item = await t.prisma.orderItem.findFirstOrThrow({ where: { orderId: (response.json() as CreateOrderResponse).id } });
    expect([item.stockTaken, item.madeToOrderDays]).toEqual([false, 21]);
    // with pieces in stock it sells those first, and no more than there are
    await setStock(plaid, 2, 21);
    expect((await order([line(plaid, 3)])).json()).toMatchObject({ code: "out_of_stock", items: [{ product_id: plaid.id, available: 2 }] });
    expect((await order([line(plaid, 2)])).statusCode).toBe(201);
    expect(await stockOf(plaid)).toBe(0);
  });

  it("tells the managers once the stock falls to the threshold, and when it sells out", async () => {
    const mug = f.byName("Кружка ручной лепки");
    await setStock(mug, 5);
    await order([line(mug, 2)]); // 3: above the threshold of 2
    const afterFirst = await outboxTexts();
    expect(afterFirst.filter(([, text]) => !text.startsWith("Заказ"))).toEqual([]);
    await order([line(mug, 2)]); // 1: crossed it
    await order([line(mug, 1)]); // 0: sold out
    expect((await outboxTexts()).filter(([, text]) => !text.startsWith("Заказ"))).toEqual([
      [MANAGER, `осталось 1: ${mug.name}`],
      [MANAGER, `закончился ${mug.name}`],
    ]);
  });
});

describe("cancelling", () => {
  it("returns the pieces, tells the subscribers of the restock, and taking the order back takes them again or is refused", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    await setStock(vase, 1);
    const placed = (await order([line(vase, 1)])).json() as CreateOrderResponse;
    expect(await stockOf(vase)).toBe(0);
    await t.prisma.backInStockSubscription.create({ data: { telegramUserId: BigInt(SHOPPER.id), productId: vase.id } });
    await t.prisma.outboxMessage.deleteMany({});

    expect((await setStatus(placed.id, "cancelled")).statusCode).toBe(200);
    expect(await stockOf(vase)).toBe(1);
    expect(await outboxTexts()).toEqual([[BigInt(SHOPPER.id), `снова в наличии ${vase.name}`]]);

    // back to "new" while the piece is there: taken again
    expect((await setStatus(placed.id, "new")).statusCode).toBe(200);
    expect(await stockOf(vase)).toBe(0);

    // cancelled again, and the piece sold to someone else: the order cannot come back
    await setStatus(placed.id, "cancelled");
    expect((await order([line(vase, 1)])).statusCode).toBe(201);
    const refused = await setStatus(placed.id, "processing");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "Нельзя вернуть заказ из отменённых: товар «Ваза керамическая «Лён»» закончился" });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: placed.id } })).status).toBe("cancelled");
    expect(await stockOf(vase)).toBe(0);
  });

  it("returns nothing for made-to-order lines, lines of uncounted products and deleted products, whose orders stay whole", async () => {
    const plaid = f.byName("Плед вязаный из шерсти");
    const candle = f.byName("Свеча соевая «Ваниль»");
    await setStock(plaid, 0, 10);
    const placed = (await order([line(plaid, 2), line(candle, 1)])).json() as CreateOrderResponse;
    await setStock(candle, 4);
    expect((await setStatus(placed.id, "cancelled")).statusCode).toBe(200);
    expect([await stockOf(plaid), await stockOf(candle)]).toEqual([0, 4]);

    // a product deleted after it was ordered: its order keeps the line, cancelling and taking it back still work
    const gone = await t.prisma.product.create({ data: { sku: "HM-STOCK-GONE", name: "Брошь «Снегирь»", searchName: "брошь «снегирь»", price: 900, stock: 2 } });
    const withGone = (await order([line({ id: gone.id, name: gone.name, price: 900, sku: gone.sku }, 1)])).json() as CreateOrderResponse;
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: gone.id } })).stock).toBe(1);
    await t.prisma.product.delete({ where: { id: gone.id } });
    expect((await setStatus(withGone.id, "cancelled")).statusCode).toBe(200);
    expect((await setStatus(withGone.id, "new")).statusCode).toBe(200);
    const items = await t.prisma.orderItem.findMany({ where: { orderId: withGone.id } });
    expect(items.map((item) => [item.productId, item.productName, item.quantity, item.stockTaken])).toEqual([[null, "Брошь «Снегирь»", 1, true]]);
  });
});

describe("admin", () => {
  const adminCall = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  it("creates and edits the stock and the days to make; left out on edit, they stay", async () => {
    const created = await adminCall("POST", "/api/admin/products", { name: "Шкатулка резная", price: 2300, stock: 2, made_to_order_days: 30 });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as Product;
    expect([product.stock, product.made_to_order_days]).toEqual([2, 30]);
    const renamed = (await adminCall("PUT", `/api/admin/products/${product.id}`, { name: "Шкатулка", price: 2300 })).json() as Product;
    expect([renamed.name, renamed.stock, renamed.made_to_order_days]).toEqual(["Шкатулка", 2, 30]);
    const cleared = (await adminCall("PUT", `/api/admin/products/${product.id}`, { name: "Шкатулка", price: 2300, stock: null, made_to_order_days: null })).json() as Product;
    expect([cleared.stock, cleared.made_to_order_days]).toEqual([null, null]);
    for (const bad of [{ stock: -1 }, { stock: 100001 }, { stock: 1.5 }, { made_to_order_days: 0 }, { made_to_order_days: 366 }]) {
      const response = await adminCall("PUT", `/api/admin/products/${product.id}`, { name: "Шкатулка", price: 2300, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/^(Остаток|Дней на изготовление): /);
    }
    await t.prisma.product.delete({ where: { id: product.id } });
  });

  it("an edit that sells out or restocks a product is announced like an order", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    await setStock(vase, 3);
    await t.prisma.backInStockSubscription.create({ data: { telegramUserId: BigInt(SHOPPER.id), productId: vase.id } });
    const edit = (stock: number) => adminCall("PUT", `/api/admin/products/${vase.id}`, { name: vase.name, price: vase.price, stock });
    expect((await edit(0)).statusCode).toBe(200);
    expect((await edit(4)).statusCode).toBe(200);
    expect(await outboxTexts()).toEqual([
      [MANAGER, `закончился ${vase.name}`],
      [BigInt(SHOPPER.id), `снова в наличии ${vase.name}`],
    ]);
  });

  it("adds and takes pieces with POST /api/admin/products/{id}/stock, never below 0", async () => {
    const mug = f.byName("Кружка ручной лепки");
    const delta = (id: number, value: number) => adminCall("POST", `/api/admin/products/${id}/stock`, { delta: value });
    expect((await delta(mug.id, 5)).json()).toEqual({ message: "Остаток этого товара не ведётся: укажите его в карточке товара" });
    await setStock(mug, 0);
    await t.prisma.backInStockSubscription.create({ data: { telegramUserId: BigInt(SHOPPER.id), productId: mug.id } });
    const added = await delta(mug.id, 5);
    expect([added.statusCode, added.json()]).toEqual([200, { stock: 5 }]);
    expect((await delta(mug.id, -4)).json()).toEqual({ stock: 1 });
    const tooMany = await delta(mug.id, -2);
    expect([tooMany.statusCode, tooMany.json()]).toEqual([409, { message: "Нельзя списать больше, чем есть: осталось 1 шт." }]);
    expect((await delta(mug.id, -1)).json()).toEqual({ stock: 0 });
    expect((await delta(999999, 1)).statusCode).toBe(404);
    for (const bad of [0, 1001, -1001, 1.5]) expect((await delta(mug.id, bad)).statusCode, String(bad)).toBe(400);
    expect(await outboxTexts()).toEqual([
      [BigInt(SHOPPER.id), `снова в наличии ${mug.name}`],
      [MANAGER, `осталось 1: ${mug.name}`],
      [MANAGER, `закончился ${mug.name}`],
    ]);
    // the subscription stays: the next restock tells the shopper again
    await delta(mug.id, 2);
    expect((await outboxTexts()).filter(([chat]) => chat === BigInt(SHOPPER.id))).toHaveLength(2);
    // concurrent adjustments lose nothing (from 10 pieces, so that no taking meets an empty shelf whatever the order)
    expect((await delta(mug.id, 8)).json()).toEqual({ stock: 10 });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => delta(mug.id, i % 2 ? 3 : -1)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await stockOf(mug)).toBe(10 + 10 * 3 - 10);
  });

  it("shows the admin the exact stock after orders that leave it above 'few left', and an edit never undoes them", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    await setStock(vase, 10);
    expect(((await t.app.inject({ method: "GET", url: `/api/products/${vase.id}` })).json() as Product).stock).toBe(10);
    // 10 → 8: no level a shopper sees is crossed, so the catalogue in memory is not loaded again for it
    for (let i = 0; i < 2; i++) expect((await order([line(vase)])).statusCode).toBe(201);
    const listed = (await adminCall("GET", `/api/admin/products?q=${encodeURIComponent(vase.name)}`)).json() as AdminProductsResponse;
    expect(listed.products.map((p) => [p.id, p.stock])).toEqual([[vase.id, 8]]);
    const opened = await adminCall("GET", `/api/admin/products/${vase.id}`);
    expect([opened.statusCode, (opened.json() as Product).stock]).toEqual([200, 8]);
    expect((await adminCall("GET", "/api/admin/products/999999")).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/admin/products/${vase.id}` })).statusCode).toBe(401);

    // an edit without the stock leaves what the orders left
    const described = await adminCall("PUT", `/api/admin/products/${vase.id}`, { name: vase.name, price: vase.price, description: "Глазурь цвета льна" });
    expect([described.statusCode, (described.json() as Product).stock]).toEqual([200, 8]);
    // a stock typed over the figure the editor opened with, which orders have changed since: nothing is saved
    const stale = await adminCall("PUT", `/api/admin/products/${vase.id}`, {
      name: vase.name,
      price: vase.price,
      description: "Другое описание",
      stock: 12,
      stock_seen: 10,
    });
    expect([stale.statusCode, stale.json()]).toEqual([
      409,
      { message: "Пока вы редактировали товар, остаток изменился: сейчас 8 шт. Проверьте остаток и сохраните снова." },
    ]);
    const kept = await t.prisma.product.findUniqueOrThrow({ where: { id: vase.id } });
    expect([kept.stock, kept.description]).toEqual([8, "Глазурь цвета льна"]);
    for (const bad of [-1, 1.5, "восемь", 100001]) {
      const refused = await adminCall("PUT", `/api/admin/products/${vase.id}`, { name: vase.name, price: vase.price, stock: 12, stock_seen: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect((refused.json() as { message: string }).message, JSON.stringify(bad)).toMatch(/^Остаток до правки: /);
    }
    const counted = await adminCall("PUT", `/api/admin/products/${vase.id}`, { name: vase.name, price: vase.price, stock: 12, stock_seen: 8 });
    expect([counted.statusCode, (counted.json() as Product).stock]).toEqual([200, 12]);
    await setStock(vase, null);
    const uncounted = await adminCall("PUT", `/api/admin/products/${vase.id}`, { name: vase.name, price: vase.price, stock: 3, stock_seen: 12 });
    expect([uncounted.statusCode, (uncounted.json() as { message: string }).message]).toEqual([
      409,
      "Пока вы редактировали товар, остаток изменился: теперь он не ведётся. Проверьте остаток и сохраните снова.",
    ]);
  });

  it("lists only sold-out products with soldOut=true, with their stock", async () => {
    const plate = f.byName("Тарелка «Ёлочка»");
    const candle = f.byName("Свеча соевая «Ваниль»");
    await setStock(plate, 0);
    await setStock(candle, 0, 7);
    await setStock(f.byName("Кружка ручной лепки"), 2);
    const list = (await adminCall("GET", "/api/admin/products?soldOut=true")).json() as AdminProductsResponse;
    expect(list.products.map((p) => [p.id, p.stock, p.made_to_order_days]).sort()).toEqual([[plate.id, 0, null], [candle.id, 0, 7]].sort());
    expect(list.total).toBe(2);
    const all = (await adminCall("GET", "/api/admin/products?limit=200")).json() as AdminProductsResponse;
    expect(all.total).toBe(f.products.length);
  });
});

describe("the shop's answers", () => {
  it("carry stock and days to make, and the catalogue's inStock=true leaves out what is sold out", async () => {
    const plate = f.byName("Тарелка «Ёлочка»");
    const candle = f.byName("Свеча соевая «Ваниль»");
    await setStock(plate, 0);
    await setStock(candle, 0, 7);
    const page = (await t.app.inject({ method: "GET", url: "/api/products?limit=100" })).json() as CatalogResponse;
    expect(page.products.find((p) => p.id === plate.id)).toMatchObject({ stock: 0, made_to_order_days: null });
    expect(page.products.find((p) => p.id === candle.id)).toMatchObject({ stock: 0, made_to_order_days: 7 });
    const inStock = (await t.app.inject({ method: "GET", url: "/api/products?limit=100&inStock=true" })).json() as CatalogResponse;
    expect(inStock.products.map((p) => p.id).sort()).toEqual(f.products.filter((p) => p.id !== plate.id && p.id !== candle.id).map((p) => p.id).sort());
    expect(inStock.total).toBe(f.products.length - 2);
    const ceramics = (await t.app.inject({ method: "GET", url: `/api/products?mainCategory=${f.categories.ceramics}&inStock=true` })).json() as CatalogResponse;
    expect(ceramics.products.map((p) => p.id)).not.toContain(plate.id);
    const product = (await t.app.inject({ method: "GET", url: `/api/products/${candle.id}` })).json() as Product;
    expect([product.stock, product.made_to_order_days]).toEqual([0, 7]);
    const search = (await t.app.inject({ method: "GET", url: "/api/products/search?q=тарелка" })).json() as { products: Product[] };
    expect(search.products[0]).toMatchObject({ id: plate.id, stock: 0, made_to_order_days: null });
  });

  it("lists the new endpoints and fields in the API reference", async () => {
    const spec = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as { paths: Record<string, object> };
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(["/api/admin/products/{id}/stock", "/api/products/{id}/back-in-stock"]));
    expect(JSON.stringify(spec)).toContain("made_to_order_days");
  });
});

describe("back in stock", () => {
  const call = (method: "GET" | "POST" | "DELETE", product: FixtureProduct | number, headers: Record<string, string> = initDataHeader(SHOPPER)) =>
    t.app.inject({ method, url: `/api/products/${typeof product === "number" ? product : product.id}/back-in-stock`, headers });

  it("subscribes a Mini App user to a sold-out product until they unsubscribe", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    expect((await call("GET", vase, {})).statusCode).toBe(401);
    const available = await call("POST", vase);
    expect([available.statusCode, available.json()]).toEqual([409, { message: "Товар есть в наличии" }]);
    await setStock(vase, 0, 5);
    expect((await call("POST", vase)).statusCode).toBe(409); // made to order: orderable
    await setStock(vase, 0);
    expect((await call("GET", vase)).json()).toEqual({ subscribed: false });
    expect((await call("POST", vase)).json()).toEqual({ subscribed: true });
    expect((await call("POST", vase)).json()).toEqual({ subscribed: true });
    expect((await call("GET", vase)).json()).toEqual({ subscribed: true });
    expect((await call("GET", vase, initDataHeader({ id: 1234 }))).json()).toEqual({ subscribed: false });
    expect(await t.prisma.backInStockSubscription.count({ where: { productId: vase.id } })).toBe(1);
    expect((await call("DELETE", vase)).json()).toEqual({ subscribed: false });
    expect((await call("GET", vase)).json()).toEqual({ subscribed: false });
    expect((await call("GET", 999999)).statusCode).toBe(404);
    expect((await call("POST", 999999)).statusCode).toBe(404);
  });
});
