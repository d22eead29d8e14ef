import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import { ShopError } from "@shop/core/errors";
import { changeOrderStatus, placeOrder } from "@shop/core/orders";
import { adjustStock, DELTA_INVALID, isSubscribed, PRODUCT_AVAILABLE, STOCK_NOT_COUNTED, subscribe, unsubscribe } from "@shop/core/stock";
import { MANAGER, checkout, createShop, outbox, refusal, setStock, shopError, stockOf, testNotifier, type ShopFixture } from "./helpers/shop";

/**
 * Stock in the core (docs/product.md#stock): the admin's ±change within its bounds and never below 0, the
 * managers' messages when a product falls to the low-stock threshold or sells out, whatever made it fall, and
 * back-in-stock subscriptions with their message on every restock.
 */

let db: Database;
let shop: ShopFixture;
const WAITING = [990001, 990002];

beforeAll(async () => {
  db = await openTestDatabase();
  shop = await createShop(db.prisma);
});
afterAll(async () => db?.close());

beforeEach(async () => {
  await db.prisma.product.updateMany({ data: { stock: null, madeToOrderDays: null } });
  await db.prisma.outboxMessage.deleteMany({});
  await db.prisma.backInStockSubscription.deleteMany({});
});

const vase = () => shop.byName("Ваза керамическая «Лён»");
const pillow = () => shop.byName("Подушка льняная");
const texts = async () => (await outbox(db.prisma)).map(([chat, text]) => `${chat}: ${text}`);

describe("the admin's ±change", () => {
  it("accepts a whole number from −1000 to 1000 but 0, and refuses anything else with one message", async () => {
    await setStock(db.prisma, vase().id, 10);
    expect(DELTA_INVALID).toBe("Изменение остатка — целое число от −1000 до 1000, не 0");
    for (const delta of [0, 1001, -1001, 1.5, Number.NaN]) {
      const error = await refusal(adjustStock(db, testNotifier(), vase().id, delta));
      expect(error).toMatchObject(shopError("invalid", DELTA_INVALID));
      expect(error.fields).toEqual({ delta: DELTA_INVALID });
    }
    expect(await stockOf(db.prisma, vase().id)).toBe(10);
    expect(await adjustStock(db, testNotifier(), vase().id, 1000)).toBe(1010);
    expect(await adjustStock(db, testNotifier(), vase().id, -1000)).toBe(10);
  });

  it("never takes the stock below 0, says how many are left, and changes nothing then", async () => {
    await setStock(db.prisma, vase().id, 2);
    const error = await refusal(adjustStock(db, testNotifier(), vase().id, -3));
    expect(error).toMatchObject(shopError("conflict", "Нельзя списать больше, чем есть: осталось 2 шт."));
    expect(await stockOf(db.prisma, vase().id)).toBe(2);
    expect(await adjustStock(db, testNotifier(), vase().id, -2)).toBe(0);
  });

  it("refuses a product whose stock is not counted, and one that does not exist", async () => {
    expect(await refusal(adjustStock(db, testNotifier(), vase().id, 1))).toMatchObject(shopError("conflict", STOCK_NOT_COUNTED));
    expect(STOCK_NOT_COUNTED).toBe("Остаток этого товара не ведётся: укажите его в карточке товара");
    expect(await stockOf(db.prisma, vase().id)).toBeNull();
    expect(await refusal(adjustStock(db, testNotifier(), 999_999, 1))).toMatchObject(shopError("not-found", "Товар не найден"));
  });

  it("loses no piece among changes and orders made at once, and never goes below 0", async () => {
    await setStock(db.prisma, vase().id, 4);
    const settled = await Promise.allSettled([
      ...Array.from({ length: 10 }, () => adjustStock(db, testNotifier(), vase().id, -1)),
      ...Array.from({ length: 3 }, () => placeOrder(db, testNotifier(), checkout([{ productId: vase().id, quantity: 1 }]))),
    ]);
    const done = settled.filter((outcome) => outcome.status === "fulfilled").length;
    expect(done).toBe(4);
    for (const outcome of settled) {
      if (outcome.status === "rejected") {
        expect(outcome.reason).toBeInstanceOf(ShopError);
        expect((outcome.reason as ShopError).kind).toBe("conflict");
      }
    }
    expect(await stockOf(db.prisma, vase().id)).toBe(0);

    // from 10 pieces, four take one and eight add two each, all at once: every change counts
    await setStock(db.prisma, vase().id, 10);
    await Promise.all(Array.from({ length: 12 }, (_, i) => adjustStock(db, testNotifier(), vase().id, i % 3 === 0 ? -1 : 2)));
    expect(await stockOf(db.prisma, vase().id)).toBe(10 - 4 + 16);
  });
});

describe("the managers' stock messages", () => {
  it("tell of the fall to the threshold once, then of the sell-out, and nothing between", async () => {
    await setStock(db.prisma, vase().id, 5);
    const notifier = testNotifier({ lowStockThreshold: 2 });
    await adjustStock(db, notifier, vase().id, -2); // 3: above the threshold
    expect(await texts()).toEqual([]);
    await adjustStock(db, notifier, vase().id, -1); // 2: at the threshold
    await adjustStock(db, notifier, vase().id, -1); // 1: already below it
    await adjustStock(db, notifier, vase().id, -1); // 0
    expect(await texts()).toEqual([
      `${MANAGER}: Товар заканчивается: ${vase().name} — осталось 2 шт.`,
      `${MANAGER}: Товар закончился: ${vase().name}`,
    ]);
    expect(notifier.queuedCalls).toBe(2);
  });

  it("tell of a fall past the threshold in one step with the number left", async () => {
    await setStock(db.prisma, vase().id, 9);
    await adjustStock(db, testNotifier({ lowStockThreshold: 3 }), vase().id, -8);
    expect(await texts()).toEqual([`${MANAGER}: Товар заканчивается: ${vase().name} — осталось 1 шт.`]);
  });

  it("say only that it sold out with the threshold at 0, and use 1 when none is set", async () => {
    await setStock(db.prisma, vase().id, 2);
    await adjustStock(db, testNotifier({ lowStockThreshold: 0 }), vase().id, -1);
    expect(await texts()).toEqual([]);
    await setStock(db.prisma, pillow().id, 3);
    await adjustStock(db, testNotifier(), pillow().id, -2);
    expect(await texts()).toEqual([`${MANAGER}: Товар заканчивается: ${pillow().name} — осталось 1 шт.`]);
  });

  it("come with the orders that make the stock fall, in the order's own statement", async () => {
    await setStock(db.prisma, vase().id, 4);
    const notifier = testNotifier({ lowStockThreshold: 2 });
    /** places an order and returns the messages it queued (one statement writes them: in no particular order) */
    const order = async (quantity: number) => {
      await db.prisma.outboxMessage.deleteMany({});
      const { order } = await placeOrder(db, notifier, checkout([{ productId: vase().id, quantity }]));
      return { number: order.number, messages: (await texts()).sort() };
    };
    const first = await order(1); // 3
    expect(first.messages).toEqual([`${MANAGER}: Новый заказ №${first.number}`]);
    const second = await order(1); // 2: at the threshold
    expect(second.messages).toEqual([`${MANAGER}: Новый заказ №${second.number}`, `${MANAGER}: Товар заканчивается: ${vase().name} — осталось 2 шт.`]);
    const third = await order(2); // 0
    expect(third.messages).toEqual([`${MANAGER}: Новый заказ №${third.number}`, `${MANAGER}: Товар закончился: ${vase().name}`]);
  });

  it("are not written for an order that is refused", async () => {
    await setStock(db.prisma, vase().id, 1);
    await refusal(placeOrder(db, testNotifier({ lowStockThreshold: 2 }), checkout([{ productId: vase().id, quantity: 2 }])));
    expect(await texts()).toEqual([]);
  });
});

describe("back in stock", () => {
  it("cannot be asked for a product that can be ordered now", async () => {
    await setStock(db.prisma, pillow().id, 2);
    for (const [stock, days] of [
      [null, null],
      [2, null],
      [0, 10],
    ] as const) {
      await setStock(db.prisma, vase().id, stock, days);
      expect(await refusal(subscribe(db, WAITING[0]!, vase().id))).toMatchObject(shopError("conflict", PRODUCT_AVAILABLE));
    }
    expect(PRODUCT_AVAILABLE).toBe("Товар есть в наличии");
    expect(await isSubscribed(db, WAITING[0]!, vase().id)).toBe(false);
  });

  it("is a subscription to a sold-out product until the user ends it; asking twice is one subscription", async () => {
    await setStock(db.prisma, vase().id, 0);
    await subscribe(db, WAITING[0]!, vase().id);
    await subscribe(db, WAITING[0]!, vase().id);
    expect(await isSubscribed(db, WAITING[0]!, vase().id)).toBe(true);
    expect(await isSubscribed(db, WAITING[1]!, vase().id)).toBe(false);
    expect(await db.prisma.backInStockSubscription.count()).toBe(1);
    expect(await unsubscribe(db, WAITING[0]!, vase().id)).toBe(true);
    expect(await unsubscribe(db, WAITING[0]!, vase().id)).toBe(false);
    expect(await isSubscribed(db, WAITING[0]!, vase().id)).toBe(false);
  });

  it("of a product that does not exist is not found", async () => {
    expect(await refusal(subscribe(db, WAITING[0]!, 999_999))).toMatchObject(shopError("not-found", "Товар не найден"));
    expect(await refusal(isSubscribed(db, WAITING[0]!, 999_999))).toMatchObject(shopError("not-found", "Товар не найден"));
  });

  it("messages every subscriber on each restock, from the admin's change or a cancelled order, and the subscription stays", async () => {
    await setStock(db.prisma, vase().id, 0);
    for (const user of WAITING) await subscribe(db, user, vase().id);
    const notifier = testNotifier();

    await adjustStock(db, notifier, vase().id, 2);
    expect(await texts()).toEqual(WAITING.map((user) => `${user}: Снова в наличии: ${vase().name}`));
    // more pieces on top of some are no restock
    await adjustStock(db, notifier, vase().id, 1);
    expect(await texts()).toHaveLength(2);

    await db.prisma.outboxMessage.deleteMany({});
    const { order } = await placeOrder(db, notifier, checkout([{ productId: vase().id, quantity: 3 }]));
    expect(await stockOf(db.prisma, vase().id)).toBe(0);
    await db.prisma.outboxMessage.deleteMany({});
    await changeOrderStatus(db, notifier, order.id, "cancelled");
    expect(await stockOf(db.prisma, vase().id)).toBe(3);
    expect(await texts()).toEqual(WAITING.map((user) => `${user}: Снова в наличии: ${vase().name}`));
    expect(await db.prisma.backInStockSubscription.count()).toBe(2);
  });

  it("ends with the product", async () => {
    const doomed = await db.prisma.product.create({ data: { sku: "HM-DOOMED-1", name: "Ваза «Луна»", searchName: "ваза «луна»", price: 900, stock: 0 } });
    await subscribe(db, WAITING[0]!, doomed.id);
    await db.prisma.product.delete({ where: { id: doomed.id } });
    expect(await db.prisma.backInStockSubscription.count({ where: { productId: doomed.id } })).toBe(0);
    expect(await unsubscribe(db, WAITING[0]!, doomed.id)).toBe(false);
  });
});
