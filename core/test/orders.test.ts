import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import { toKopecks } from "@shop/shared/money";
import { ShopError } from "@shop/core/errors";
import {
  changeOrderStatus,
  confirmPreparedOrder,
  findPreparedOrder,
  getCustomerOrder,
  getOrder,
  INVALID_STATUS,
  KEY_USED_FOR_ANOTHER_ORDER,
  listCustomerOrders,
  listOrders,
  placeOrder,
  prepareOrder,
  type KnownProducts,
  type PlaceOrderResult,
  type RequestedLine,
} from "@shop/core/orders";
import { syncTelegramCustomer, TELEGRAM_MESSAGES } from "@shop/core/customers";
import { queueMessages } from "@shop/core/outbox";
import { piecesGone } from "@shop/core/stock";
import { CONTACT, MANAGER, checkout, createShop, lastOrderNumber, outbox, refusal, setStock, shopError, stockOf, testNotifier, type ShopFixture } from "./helpers/shop";

/**
 * Orders in the core, called as the API and the bot call them, on a real database: the server prices, the cart is
 * merged and checked, an Idempotency-Key makes one order, stock is taken in the order's own statement (never below
 * 0, however many shoppers buy at once), and a status change moves pieces and queues the customer's message once
 * (docs/architecture.md#the-order-path, docs/product.md#stock).
 */

let db: Database;
let shop: ShopFixture;
const SHOPPER = { id: 880001, username: "anna", first_name: "Анна", last_name: null, language_code: "ru" };

beforeAll(async () => {
  db = await openTestDatabase();
  shop = await createShop(db.prisma);
});
afterAll(async () => db?.close());

/** Every product back to "not counted" and the outbox empty before each test. */
beforeEach(async () => {
  await db.prisma.product.updateMany({ data: { stock: null, madeToOrderDays: null } });
  await db.prisma.outboxMessage.deleteMany({});
});

const vase = () => shop.byName("Ваза керамическая «Лён»"); // 1890
const mug = () => shop.byName("Кружка ручной лепки"); // 650
const plate = () => shop.byName("Тарелка «Ёлочка»"); // 420.50
const orderCount = () => db.prisma.order.count();

describe("placing an order", () => {
  it("prices every line from the database, whatever else the client's line carries", async () => {
    // what a client might send besides the product and the quantity: its own idea of the price and the name
    const claimed = { productId: mug().id, quantity: 3, price: 1, total: 3, clientName: "Кружка за рубль" };
    const result = await placeOrder(db, testNotifier(), checkout([claimed, { productId: vase().id, quantity: 1, clientName: null }]));

    expect(result.created).toBe(true);
    expect(result.order.lines.map(({ productId, name, sku, price, quantity }) => ({ productId, name, sku, price, quantity }))).toEqual([
      { productId: mug().id, name: mug().name, sku: mug().sku, price: 650_00, quantity: 3 },
      { productId: vase().id, name: vase().name, sku: vase().sku, price: 1890_00, quantity: 1 },
    ]);
    // in kopecks: 3 × 650 + 1890 = 3840 ₽; 13 % off from 1500 ₽ is 499.20 ₽; delivery 250 ₽
    expect(result.order.totals).toEqual({ subtotal: 3840_00, discountPercent: 13, discount: 499_20, delivery: 250_00, total: 3590_80 });
    expect(result.order).toMatchObject({ status: "new", source: "website", payment: { status: "unpaid", paidAt: null, invoiceNumber: 0 } });
    expect(result.order.contact).toEqual({
      customerName: "Анна Смирнова",
      customerPhone: "+79123456789",
      deliveryAddress: "Москва, ул. Ленина, 1",
      comment: "Позвонить заранее",
    });
    // what was returned is what was stored
    expect(await getOrder(db.prisma, result.order.id)).toEqual(result.order);
  });

  it("prices from the database when the catalogue in memory holds an older price", async () => {
    const stale: KnownProducts = {
      product: (id) => (id === plate().id ? { id, name: plate().name, sku: plate().sku, price: 1, image: null, stock: null, made_to_order_days: null } : undefined),
    };
    const result = await placeOrder(db, testNotifier(), checkout([{ productId: plate().id, quantity: 2 }], { known: stale }));
    expect(result.order.lines.map((line) => line.price)).toEqual([420_50]);
    expect(result.order.totals).toEqual({ subtotal: 841_00, discountPercent: 5, discount: 42_05, delivery: 250_00, total: 1048_95 });
    expect(Number((await db.prisma.order.findUniqueOrThrow({ where: { id: result.order.id } })).total)).toBe(1048.95);
  });

  it("merges repeated lines of one product into one line, quantities added, in the order they first came", async () => {
    const result = await placeOrder(
      db,
      testNotifier(),
      checkout([
        { productId: mug().id, quantity: 1 },
        { productId: vase().id, quantity: 1 },
        { productId: mug().id, quantity: 2 },
      ]),
    );
    expect(result.order.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [mug().id, 3],
      [vase().id, 1],
    ]);
    expect(await db.prisma.orderItem.count({ where: { orderId: result.order.id } })).toBe(2);
  });

  it("refuses merged lines above 99 pieces of one product, naming it", async () => {
    const before = await orderCount();
    const error = await refusal(placeOrder(db, testNotifier(), checkout([{ productId: mug().id, quantity: 60 }, { productId: mug().id, quantity: 40 }])));
    expect(error).toMatchObject(shopError("invalid", "Слишком большое количество товара «Кружка ручной лепки»: не больше 99 шт."));
    expect(await orderCount()).toBe(before);
  });

  it("refuses an empty cart and writes nothing", async () => {
    const before = await orderCount();
    expect(await refusal(placeOrder(db, testNotifier(), checkout([])))).toMatchObject(shopError("invalid", "Корзина пустая"));
    expect(await orderCount()).toBe(before);
    expect(await outbox(db.prisma)).toEqual([]);
  });

  it("refuses a bad form with the checkout's Russian messages, each field named", async () => {
    const line: RequestedLine[] = [{ productId: mug().id, quantity: 1 }];
    const incomplete = await refusal(placeOrder(db, testNotifier(), checkout(line, { contact: { ...CONTACT, customer_phone: "+7 (912) 345-67" } })));
    expect(incomplete).toMatchObject(shopError("invalid", "Введите полный номер"));
    expect(incomplete.fields).toEqual({ customer_phone: "Введите полный номер" });

    const empty = await refusal(placeOrder(db, testNotifier(), checkout(line, { contact: { ...CONTACT, customer_name: " \u200b ", customer_phone: "+7 " } })));
    expect(empty).toMatchObject(shopError("invalid", "Введите имя"));
    expect(empty.fields).toEqual({ customer_name: "Введите имя", customer_phone: "Введите телефон" });
  });

  it("normalises the phone and leaves blank optional fields empty", async () => {
    const contact = { customer_name: "  Иван  ", customer_phone: "8 912 345 67 89", delivery_address: "   ", comment: "" };
    const { order } = await placeOrder(db, testNotifier(), checkout([{ productId: mug().id, quantity: 1 }], { contact }));
    expect(order.contact).toEqual({ customerName: "Иван", customerPhone: "+79123456789", deliveryAddress: null, comment: null });
  });

  it("refuses a product that is gone by the name the client showed, or by its id", async () => {
    const named = await refusal(placeOrder(db, testNotifier(), checkout([{ productId: 999_999, quantity: 1, clientName: " Ваза «Луна» " }])));
    expect(named).toMatchObject(shopError("invalid", "Товар «Ваза «Луна»» больше не продаётся. Удалите его из корзины."));
    const unnamed = await refusal(placeOrder(db, testNotifier(), checkout([{ productId: 999_998, quantity: 1 }])));
    expect(unnamed).toMatchObject(shopError("invalid", "Товар с id 999998 больше не продаётся. Удалите его из корзины."));
  });

  it("queues the managers' card with the order, in the same statement", async () => {
    const notifier = testNotifier();
    const { order } = await placeOrder(db, notifier, checkout([{ productId: mug().id, quantity: 1 }]));
    expect(await outbox(db.prisma)).toEqual([[MANAGER, `Новый заказ №${order.number}`]]);
    expect(notifier.queuedCalls).toBe(1);
  });

  it("records the Telegram user of a Mini App order and creates the customer", async () => {
    const { order } = await placeOrder(db, testNotifier(), checkout([{ productId: mug().id, quantity: 1 }], { source: "telegram_mini_app", telegramUser: SHOPPER }));
    expect(order.telegramUser).toEqual({ id: BigInt(SHOPPER.id), username: "anna", firstName: "Анна", lastName: null });
    expect(await db.prisma.telegramCustomer.findUnique({ where: { telegramUserId: BigInt(SHOPPER.id) } })).toMatchObject({
      username: "anna",
      firstName: "Анна",
      languageCode: "ru",
    });
  });
});

describe("the Idempotency-Key", () => {
  const line = () => [{ productId: vase().id, quantity: 1 }];

  it("makes one order of a checkout sent twice: the second call returns the first order", async () => {
    const notifier = testNotifier();
    const before = await orderCount();
    const first = await placeOrder(db, notifier, checkout(line(), { idempotencyKey: "core-key-1" }));
    const again = await placeOrder(db, notifier, checkout(line(), { idempotencyKey: "core-key-1" }));
    expect(first.created).toBe(true);
    expect(again).toEqual({ created: false, order: first.order });
    expect(await orderCount()).toBe(before + 1);
    expect(await outbox(db.prisma)).toEqual([[MANAGER, `Новый заказ №${first.order.number}`]]);
  });

  it("makes one order of the same checkout sent several times at once", async () => {
    const before = await orderCount();
    const results = await Promise.all(Array.from({ length: 8 }, () => placeOrder(db, testNotifier(), checkout(line(), { idempotencyKey: "core-key-burst" }))));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.order.id)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it("refuses the key for another checkout (unprocessable) and writes nothing", async () => {
    await placeOrder(db, testNotifier(), checkout(line(), { idempotencyKey: "core-key-2" }));
    const before = await orderCount();
    for (const other of [
      checkout([{ productId: vase().id, quantity: 2 }], { idempotencyKey: "core-key-2" }),
      checkout(line(), { idempotencyKey: "core-key-2", contact: { ...CONTACT, comment: "Другой комментарий" } }),
      checkout(line(), { idempotencyKey: "core-key-2", source: "telegram_mini_app", telegramUser: SHOPPER }),
    ]) {
      expect(await refusal(placeOrder(db, testNotifier(), other))).toMatchObject(shopError("unprocessable", KEY_USED_FOR_ANOTHER_ORDER));
    }
    expect(await orderCount()).toBe(before);
  });
});

describe("stock taken by orders", () => {
  it("refuses a cart asking for more than is left, naming the first short line and listing every one, and takes nothing", async () => {
    await setStock(db.prisma, plate().id, 5);
    await setStock(db.prisma, vase().id, 1);
    await setStock(db.prisma, mug().id, 0);
    const before = { orders: await orderCount(), number: await lastOrderNumber(db) };
    const cart = [
      { productId: plate().id, quantity: 2 },
      { productId: vase().id, quantity: 2 },
      { productId: mug().id, quantity: 1 },
    ];
    const error = await refusal(placeOrder(db, testNotifier(), checkout(cart, { idempotencyKey: "core-short-1" })));
    expect(error).toMatchObject(shopError("conflict", "Товара «Ваза керамическая «Лён»» осталось 1 шт."));
    expect(error.details).toEqual({
      code: "out_of_stock",
      items: [
        { product_id: vase().id, name: vase().name, available: 1 },
        { product_id: mug().id, name: mug().name, available: 0 },
      ],
    });
    expect(await orderCount()).toBe(before.orders);
    expect(await lastOrderNumber(db)).toBe(before.number);
    expect([await stockOf(db.prisma, plate().id), await stockOf(db.prisma, vase().id), await stockOf(db.prisma, mug().id)]).toEqual([5, 1, 0]);
    expect(await outbox(db.prisma)).toEqual([]);

    // the key was not used up: once restocked, the same submission makes the order
    await setStock(db.prisma, vase().id, 2);
    await setStock(db.prisma, mug().id, 1);
    const retried = await placeOrder(db, testNotifier(), checkout(cart, { idempotencyKey: "core-short-1" }));
    expect(retried.created).toBe(true);
    expect([await stockOf(db.prisma, plate().id), await stockOf(db.prisma, vase().id), await stockOf(db.prisma, mug().id)]).toEqual([3, 0, 0]);
  });

  it("sells a made-to-order product with none left in any quantity, and keeps the days on the line", async () => {
    await setStock(db.prisma, plate().id, 0, 14);
    const { order } = await placeOrder(db, testNotifier(), checkout([{ productId: plate().id, quantity: 5 }]));
    expect(order.lines[0]).toMatchObject({ productId: plate().id, quantity: 5, madeToOrderDays: 14 });
    expect(await stockOf(db.prisma, plate().id)).toBe(0);
  });

  /** `count` shoppers at once, each buying `quantity` pieces of one product; `known`: priced from memory first */
  async function rush(productId: number, count: number, quantity: number, known?: KnownProducts) {
    const settled = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        placeOrder(db, testNotifier(), checkout([{ productId, quantity }], { idempotencyKey: `rush-${productId}-${count}-${quantity}-${known ? "m" : "d"}-${i}` })),
      ),
    );
    const placed = settled.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    const refused = settled.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
    return { placed, refused };
  }

  const expectOutOfStock = (refused: unknown[]) => {
    for (const error of refused) {
      expect(error).toBeInstanceOf(ShopError);
      expect(error).toMatchObject({ kind: "conflict", details: { code: "out_of_stock" } });
    }
  };

  it("of 16 shoppers buying the last 3 pieces at once, exactly 3 get one and the stock ends at 0", async () => {
    await setStock(db.prisma, vase().id, 3);
    const before = await orderCount();
    const { placed, refused } = await rush(vase().id, 16, 1);
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(13);
    expectOutOfStock(refused);
    expect(await stockOf(db.prisma, vase().id)).toBe(0);
    expect(await orderCount()).toBe(before + 3);
    const lines = await db.prisma.orderItem.findMany({ where: { orderId: { in: placed.map((p: PlaceOrderResult) => p.order.id) } } });
    expect(lines.map((line) => [line.quantity, line.stockTaken])).toEqual([
      [1, true],
      [1, true],
      [1, true],
    ]);
  });

  it("does the same when every order is priced from a catalogue in memory that believes the pieces are there", async () => {
    await setStock(db.prisma, mug().id, 5);
    const plenty: KnownProducts = {
      product: (id) => (id === mug().id ? { id, name: mug().name, sku: mug().sku, price: toKopecks(mug().price), image: null, stock: 100, made_to_order_days: null } : undefined),
    };
    // two pieces each: two orders fit in five pieces, the third would leave -1
    const { placed, refused } = await rush(mug().id, 12, 2, plenty);
    expect(placed).toHaveLength(2);
    expect(refused).toHaveLength(10);
    expectOutOfStock(refused);
    expect(await stockOf(db.prisma, mug().id)).toBe(1);
  });

  it("lets every shopper buy a product whose stock is not counted, and touches no stock", async () => {
    const { placed, refused } = await rush(plate().id, 10, 3);
    expect([placed.length, refused.length]).toEqual([10, 0]);
    expect(await stockOf(db.prisma, plate().id)).toBeNull();
  });
});

describe("changing an order's status", () => {
  async function counted(stock: number, quantity: number) {
    await setStock(db.prisma, vase().id, stock);
    const { order } = await placeOrder(db, testNotifier(), checkout([{ productId: vase().id, quantity }], { source: "telegram_mini_app", telegramUser: SHOPPER }));
    await db.prisma.outboxMessage.deleteMany({});
    return order;
  }
  const customerMessages = async () => (await outbox(db.prisma)).filter(([chat]) => chat === BigInt(SHOPPER.id)).map(([, text]) => text);

  it("returns the pieces on cancel, takes them again on leaving 'cancelled', and queues one message per change", async () => {
    const order = await counted(3, 2);
    expect(await stockOf(db.prisma, vase().id)).toBe(1);
    const notifier = testNotifier();

    const processing = await changeOrderStatus(db, notifier, order.id, "processing");
    expect(processing).toMatchObject({ changed: true, previousStatus: "new", order: { id: order.id, status: "processing" } });
    expect(await stockOf(db.prisma, vase().id)).toBe(1);

    await changeOrderStatus(db, notifier, order.id, "cancelled");
    expect(await stockOf(db.prisma, vase().id)).toBe(3);

    // the same status again: nothing changes, nobody hears of it
    const again = await changeOrderStatus(db, notifier, order.id, "cancelled");
    expect(again).toMatchObject({ changed: false, previousStatus: "cancelled" });
    expect(await stockOf(db.prisma, vase().id)).toBe(3);

    await changeOrderStatus(db, notifier, order.id, "new");
    expect(await stockOf(db.prisma, vase().id)).toBe(1);

    expect(await customerMessages()).toEqual([
      `Заказ №${order.number}: new → processing`,
      `Заказ №${order.number}: processing → cancelled`,
      `Заказ №${order.number}: cancelled → new`,
    ]);
    expect(notifier.queuedCalls).toBe(3);
  });

  it("refuses to leave 'cancelled' when the pieces are gone, and changes nothing", async () => {
    const order = await counted(2, 2);
    await changeOrderStatus(db, testNotifier(), order.id, "cancelled");
    // another shopper buys one of the two returned pieces
    await placeOrder(db, testNotifier(), checkout([{ productId: vase().id, quantity: 1 }]));
    await db.prisma.outboxMessage.deleteMany({});

    const error = await refusal(changeOrderStatus(db, testNotifier(), order.id, "processing"));
    expect(error).toMatchObject(shopError("conflict", piecesGone(vase().name, 1)));
    expect(error.message).toBe("Нельзя вернуть заказ из отменённых: товара «Ваза керамическая «Лён»» осталось 1 шт.");
    expect((await getOrder(db.prisma, order.id)).status).toBe("cancelled");
    expect(await stockOf(db.prisma, vase().id)).toBe(1);
    expect(await customerMessages()).toEqual([]);
  });

  it("leaves alone lines whose product was deleted or whose stock is not counted", async () => {
    const salad = shop.byName("Салатник глазурованный");
    await setStock(db.prisma, salad.id, 4);
    const gone = await db.prisma.product.create({ data: { sku: "HM-GONE-01", name: "Снятый с продажи товар", searchName: "снятый с продажи товар", price: 300, stock: 2 } });
    const { order } = await placeOrder(
      db,
      testNotifier(),
      checkout([
        { productId: salad.id, quantity: 1 },
        { productId: plate().id, quantity: 2 },
        { productId: gone.id, quantity: 1 },
      ]),
    );
    await setStock(db.prisma, salad.id, null);
    await db.prisma.product.delete({ where: { id: gone.id } });
    const cancelled = await changeOrderStatus(db, testNotifier(), order.id, "cancelled");
    expect(cancelled.order.status).toBe("cancelled");
    expect(cancelled.order.lines.map((line) => line.productId)).toEqual([salad.id, plate().id, null]);
    expect([await stockOf(db.prisma, salad.id), await stockOf(db.prisma, plate().id)]).toEqual([null, null]);
    // and back: nothing to take either
    expect((await changeOrderStatus(db, testNotifier(), order.id, "new")).changed).toBe(true);
  });

  it("refuses an unknown status (invalid) and an unknown order (not found)", async () => {
    const order = await counted(5, 1);
    const unknownStatus = await refusal(changeOrderStatus(db, testNotifier(), order.id, "lost"));
    expect(unknownStatus).toMatchObject(shopError("invalid", INVALID_STATUS));
    expect(INVALID_STATUS).toBe("Недопустимый статус заказа. Возможные: new, processing, shipped, completed, cancelled");
    expect(await refusal(changeOrderStatus(db, testNotifier(), 999_999, "processing"))).toMatchObject(shopError("not-found", "Заказ не найден"));
  });
});

describe("order lists", () => {
  it("the admin's list is newest first, filtered by status and paged", async () => {
    const first = await placeOrder(db, testNotifier(), checkout([{ productId: mug().id, quantity: 1 }]));
    const second = await placeOrder(db, testNotifier(), checkout([{ productId: mug().id, quantity: 2 }]));
    await changeOrderStatus(db, testNotifier(), first.order.id, "shipped");
    const shipped = await listOrders(db.prisma, { status: "shipped" });
    expect(shipped.orders.map((order) => order.id)).toContain(first.order.id);
    expect(shipped.orders.every((order) => order.status === "shipped")).toBe(true);
    const all = await listOrders(db.prisma, { status: "all", limit: 1, page: 1 });
    expect(all.orders.map((order) => order.id)).toEqual([second.order.id]);
    expect(all.totalPages).toBe(all.total);
    expect(all.total).toBe(await orderCount());
    expect(await refusal(getOrder(db.prisma, 999_999))).toMatchObject(shopError("not-found", "Заказ не найден"));
  });

  it("a customer sees only their own orders, and another's order is not found", async () => {
    const other = { id: 880002, first_name: "Ирина" };
    const mine = await placeOrder(db, testNotifier(), checkout([{ productId: mug().id, quantity: 1 }], { source: "telegram_mini_app", telegramUser: SHOPPER }));
    const theirs = await placeOrder(db, testNotifier(), checkout([{ productId: mug().id, quantity: 1 }], { source: "telegram_mini_app", telegramUser: other }));
    const list = await listCustomerOrders(db.prisma, SHOPPER.id);
    expect(list.orders.map((order) => order.id)).toContain(mine.order.id);
    expect(list.orders.map((order) => order.id)).not.toContain(theirs.order.id);
    expect(list.lastAddress).toBe("Москва, ул. Ленина, 1");
    expect((await getCustomerOrder(db.prisma, SHOPPER.id, mine.order.id)).id).toBe(mine.order.id);
    expect(await refusal(getCustomerOrder(db.prisma, SHOPPER.id, theirs.order.id))).toMatchObject(shopError("not-found", "Заказ не найден"));
  });
});

describe("website checkouts prepared for the bot", () => {
  const lines = () => [{ productId: vase().id, quantity: 1 }];

  it("are priced and stored under one token per key, create nothing until confirmed, and create one order", async () => {
    const before = await orderCount();
    const prepared = await prepareOrder(db, { contact: CONTACT, lines: lines(), idempotencyKey: "prepare-1" });
    const again = await prepareOrder(db, { contact: CONTACT, lines: lines(), idempotencyKey: "prepare-1" });
    expect(again).toEqual({ created: false, prepared: prepared.prepared });
    expect(prepared.prepared.order.totals).toEqual({ subtotal: 1890_00, discountPercent: 13, discount: 245_70, delivery: 250_00, total: 1894_30 });
    expect(await orderCount()).toBe(before);

    const token = prepared.prepared.token;
    expect(await findPreparedOrder(db, token)).toMatchObject({ status: "ok" });
    const confirmed = await confirmPreparedOrder(db, testNotifier(), token, SHOPPER);
    expect(confirmed.status).toBe("created");
    if (confirmed.status !== "created") return;
    expect(confirmed.order).toMatchObject({ source: "website", telegramUser: { id: BigInt(SHOPPER.id) }, totals: { total: 1894_30 } });
    expect(await confirmPreparedOrder(db, testNotifier(), token, SHOPPER)).toEqual({ status: "used", orderNumber: confirmed.order.number });
    expect(await orderCount()).toBe(before + 1);
  });

  it("take the pieces only when confirmed; when they are gone the token stays open for after a restock", async () => {
    await setStock(db.prisma, vase().id, 1);
    const { prepared } = await prepareOrder(db, { contact: CONTACT, lines: lines(), idempotencyKey: null });
    expect(await stockOf(db.prisma, vase().id)).toBe(1);
    await placeOrder(db, testNotifier(), checkout(lines()));

    const refused = await confirmPreparedOrder(db, testNotifier(), prepared.token, SHOPPER);
    expect(refused).toEqual({
      status: "out-of-stock",
      message: "Товар «Ваза керамическая «Лён»» закончился",
      items: [{ product_id: vase().id, name: vase().name, available: 0 }],
    });
    expect(await findPreparedOrder(db, prepared.token)).toMatchObject({ status: "ok" });

    await setStock(db.prisma, vase().id, 2);
    expect((await confirmPreparedOrder(db, testNotifier(), prepared.token, SHOPPER)).status).toBe("created");
    expect(await stockOf(db.prisma, vase().id)).toBe(1);
  });

  it("refuse a key used for another checkout, and an unknown token is not found", async () => {
    await prepareOrder(db, { contact: CONTACT, lines: lines(), idempotencyKey: "prepare-2" });
    const error = await refusal(prepareOrder(db, { contact: CONTACT, lines: [{ productId: vase().id, quantity: 2 }], idempotencyKey: "prepare-2" }));
    expect(error).toMatchObject(shopError("unprocessable", KEY_USED_FOR_ANOTHER_ORDER));
    expect(await confirmPreparedOrder(db, testNotifier(), "no-such-token", SHOPPER)).toEqual({ status: "not-found" });
  });
});

describe("the outbox", () => {
  it("queues a message once per chat and event, and only with a committed change", async () => {
    const message = { chatId: MANAGER, dedupeKey: "test:event:1", payload: { text: "Первое" } };
    await db.transaction((sql) => queueMessages(sql, [message, { ...message, payload: { text: "Повтор" } }, { ...message, chatId: BigInt(42) }]));
    await db.transaction((sql) => queueMessages(sql, [{ ...message, payload: { text: "Ещё повтор" } }]));
    const rolledBack = db.transaction(async (sql) => {
      await queueMessages(sql, [{ ...message, dedupeKey: "test:event:2", payload: { text: "Откат" } }]);
      throw new Error("the change failed");
    });
    await expect(rolledBack).rejects.toThrow("the change failed");
    expect(await outbox(db.prisma)).toEqual([
      [MANAGER, "Первое"],
      [BigInt(42), "Первое"],
    ]);
  });
});

describe("Telegram customers", () => {
  it("sync only the user the request proves, keep what a later sync leaves out, and count their orders", async () => {
    const user = { id: 880010, username: "olga", first_name: "Ольга", last_name: null, language_code: "ru" };
    expect(await refusal(syncTelegramCustomer(db, null, { id: user.id }))).toMatchObject(shopError("unauthorized", TELEGRAM_MESSAGES.identityRequired));
    expect(await refusal(syncTelegramCustomer(db, user, { id: 880011 }))).toMatchObject(
      shopError("forbidden", "Данные пользователя Telegram не подтверждены. Откройте магазин из Telegram заново."),
    );
    // the client fills in only what Telegram did not prove
    const first = await syncTelegramCustomer(db, user, { id: String(user.id), username: "someone-else", lastName: "Петрова" });
    expect(first).toEqual({
      customer: { telegram_user_id: BigInt(user.id), username: "olga", first_name: "Ольга", last_name: "Петрова" },
      orderCount: 0,
    });
    await placeOrder(db, testNotifier(), checkout([{ productId: mug().id, quantity: 1 }], { source: "telegram_mini_app", telegramUser: user }));
    const again = await syncTelegramCustomer(db, { id: user.id }, { id: user.id });
    expect(again).toEqual({ customer: { telegram_user_id: BigInt(user.id), username: "olga", first_name: "Ольга", last_name: "Петрова" }, orderCount: 1 });
  });
});
