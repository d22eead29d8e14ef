import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import { ShopError } from "@shop/core/errors";
import { ORDER_MESSAGES } from "@shop/core/orders/checkout";
import { noopNotifier, type OrderNotifier } from "@shop/core/orders/notifications";
import { placeOrder } from "@shop/core/orders/place-order";
import { KEY_USED_FOR_ANOTHER_ORDER } from "@shop/core/orders/idempotency";
import { confirmPreparedOrder } from "@shop/core/orders/prepared-orders";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT } from "./helpers/checkout";

/**
 * The order core below the HTTP layer: what happens when a price changes between the two statements that place
 * an order, and website checkouts prepared in the first stored form.
 */

let db: Database;
let f: Fixture;

beforeAll(async () => {
  db = await openTestDatabase();
  f = await createFixture(db.prisma);
});
afterAll(async () => {
  await db.close();
});

const MANAGER = BigInt(-100555);
const notifier: OrderNotifier = {
  orderCreated: (order) => [{ chatId: MANAGER, dedupeKey: `order:${order.id}:created`, payload: { text: `№${order.number}` } }],
  orderStatusChanged: () => [],
};

/**
 * The database, with a price change slipped in right after the statement that prices the cart, `times` times:
 * as if an admin saved a new price at that very moment.
 */
function withPriceChanges(productId: number, prices: number[]): Database {
  const pending = [...prices];
  return {
    ...db,
    async read(text, values, options) {
      const rows = await db.read(text, values, options);
      if (text.includes("order_number_seq") && pending.length > 0) {
        await db.prisma.product.update({ where: { id: productId }, data: { price: pending.shift()! } });
      }
      return rows;
    },
  } as Database;
}

const counts = async () => ({
  orders: await db.prisma.order.count(),
  lines: await db.prisma.orderItem.count(),
  messages: await db.prisma.outboxMessage.count({ where: { chatId: MANAGER } }),
});

describe("placing an order while a price changes", () => {
  it("prices the cart again and writes the order at the new price", async () => {
    const mug = f.byName("Кружка ручной лепки");
    const before = await counts();
    const result = await placeOrder(withPriceChanges(mug.id, [700]), notifier, {
      contact: CONTACT,
      lines: [{ productId: mug.id, quantity: 2 }],
      source: "website",
      telegramUser: null,
      idempotencyKey: null,
    });
    expect(result.created).toBe(true);
    expect(result.order.lines.map((line) => line.price)).toEqual([700]);
    expect(result.order.totals).toMatchObject({ subtotal: 1400, discountPercent: 10, total: 1400 - 140 + 250 });
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: result.order.id }, include: { items: true } });
    expect([Number(stored.subtotal), Number(stored.items[0]!.price)]).toEqual([1400, 700]);
    expect(await counts()).toEqual({ orders: before.orders + 1, lines: before.lines + 1, messages: before.messages + 1 });
  });

  it("gives up with a conflict and writes nothing when the price keeps changing", async () => {
    const plate = f.byName("Тарелка «Ёлочка»");
    const before = await counts();
    const attempt = placeOrder(withPriceChanges(plate.id, [421, 422, 423]), notifier, {
      contact: CONTACT,
      lines: [{ productId: plate.id, quantity: 1 }],
      source: "website",
      telegramUser: null,
      idempotencyKey: "changing-prices-1",
    });
    await expect(attempt).rejects.toThrow(ORDER_MESSAGES.pricesChanged);
    await expect(attempt).rejects.toBeInstanceOf(ShopError);
    await expect(attempt).rejects.toMatchObject({ kind: "conflict" });
    expect(await counts()).toEqual(before);
  });

  it("returns the first order for a key already used with the same checkout, even when its product is gone since", async () => {
    const input = { contact: CONTACT, source: "website" as const, telegramUser: null, idempotencyKey: "core-replay-1" };
    const gone = await db.prisma.product.create({ data: { sku: "HM-GONE-1", name: "Снятый с продажи товар", searchName: "снятый", price: 300 } });
    const first = await placeOrder(db, notifier, { ...input, lines: [{ productId: gone.id, quantity: 1 }] });
    await db.prisma.product.delete({ where: { id: gone.id } });
    const before = await counts();
    const replay = await placeOrder(db, notifier, { ...input, lines: [{ productId: gone.id, quantity: 1 }] });
    // the line keeps its snapshot; only its link to the deleted product is gone
    const firstLines = first.order.lines.map((line) => ({ ...line, productId: null }));
    expect(replay).toEqual({ created: false, order: { ...first.order, lines: firstLines } });
    expect(await counts()).toEqual(before);
  });

  it("refuses a key already used for another checkout (422), and writes nothing", async () => {
    const candle = f.byName("Свеча соевая «Ваниль»");
    const input = { contact: CONTACT, source: "website" as const, telegramUser: null, idempotencyKey: "core-replay-2" };
    await placeOrder(db, notifier, { ...input, lines: [{ productId: candle.id, quantity: 1 }] });
    const before = await counts();
    for (const other of [
      { ...input, lines: [{ productId: 999_999, quantity: 1 }] },
      { ...input, lines: [{ productId: candle.id, quantity: 2 }] },
      { ...input, contact: { ...CONTACT, comment: "Другой комментарий" }, lines: [{ productId: candle.id, quantity: 1 }] },
    ]) {
      const error = await placeOrder(db, notifier, other).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ShopError);
      expect((error as ShopError).kind).toBe("unprocessable");
      expect((error as ShopError).message).toBe(KEY_USED_FOR_ANOTHER_ORDER);
    }
    expect(await counts()).toEqual(before);
  });
});

describe("website checkouts prepared in the first stored form", () => {
  it("are still confirmed into the order the shopper saw", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    const token = "v1-prepared-order-token-0000000001";
    await db.prisma.preparedOrder.create({
      data: {
        token,
        expiresAt: new Date(Date.now() + 3_600_000),
        payload: {
          version: 1,
          order: { customer_name: "Анна Смирнова", customer_phone: "+79123456789", delivery_address: null, comment: "Код 12" },
          cart: [{ id: vase.id, name: vase.name, sku: vase.sku, price: 1800, quantity: 1, image: null }],
          totals: { subtotal: 1800, discount_percent: 13, discount: 234, delivery: 250, total: 1816 },
          source: "mobile_web",
        },
      },
    });
    const result = await confirmPreparedOrder(db, noopNotifier, token, { id: 4242, first_name: "Анна" });
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    expect(result.order).toMatchObject({
      source: "mobile_web",
      contact: { customerName: "Анна Смирнова", customerPhone: "+79123456789", deliveryAddress: null, comment: "Код 12" },
      totals: { subtotal: 1800, discountPercent: 13, discount: 234, delivery: 250, total: 1816 },
      telegramUser: { id: BigInt(4242), firstName: "Анна" },
    });
    expect(result.order.lines.map((line) => [line.productId, line.name, line.price, line.quantity])).toEqual([[vase.id, vase.name, 1800, 1]]);
  });
});
