import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autoCommitSql, type Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import { ShopError } from "@shop/core/errors";
import { ORDER_MESSAGES, type KnownProducts, type ProductPriceRow } from "@shop/core/orders";
import { noopNotifier, type OrderNotifier } from "@shop/core/orders";
import { placeOrder } from "@shop/core/orders";
import { OrderSlots } from "@shop/core/orders";
import { KEY_USED_FOR_ANOTHER_ORDER } from "@shop/core/orders";
import { confirmPreparedOrder } from "@shop/core/orders";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT } from "./helpers/checkout";
import { toKopecks } from "@shop/shared/money";

/**
 * The order core below the HTTP layer: what happens when a price changes between the two statements that place
 * an order, when the catalogue in memory is out of date, and website checkouts prepared in the first stored form.
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
    // inside the shop money is in kopecks; the database keeps roubles
    expect(result.order.lines.map((line) => line.price)).toEqual([700_00]);
    expect(result.order.totals).toMatchObject({ subtotal: 1400_00, discountPercent: 10, total: 1400_00 - 140_00 + 250_00 });
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
      totals: { subtotal: 1800_00, discountPercent: 13, discount: 234_00, delivery: 250_00, total: 1816_00 },
      telegramUser: { id: BigInt(4242), firstName: "Анна" },
    });
    expect(result.order.lines.map((line) => [line.productId, line.name, line.price, line.quantity])).toEqual([[vase.id, vase.name, 1800_00, 1]]);
  });
});

describe("pricing from the catalogue in memory", () => {
  /** what an API process believes of the fixture's products, with `change` applied to one of them */
  const known = (change: Partial<ProductPriceRow> & { id: number }): KnownProducts => ({
    product(id) {
      const product = f.products.find((p) => p.id === id);
      if (!product) return undefined;
      const row: ProductPriceRow = { id, name: product.name, sku: product.sku, price: toKopecks(product.price), image: null, stock: null, made_to_order_days: null };
      return id === change.id ? { ...row, ...change } : row;
    },
  });
  const order = (database: Database, lines: { productId: number; quantity: number }[], knownProducts: KnownProducts) =>
    placeOrder(database, notifier, { contact: CONTACT, lines, source: "website", telegramUser: null, idempotencyKey: null, known: knownProducts });

  it("writes the order at the database's price when the one in memory is out of date", async () => {
    const vase = f.byName("Ваза керамическая «Лён»");
    const before = await counts();
    const result = await order(db, [{ productId: vase.id, quantity: 1 }], known({ id: vase.id, price: 100_00 }));
    expect(result.order.lines.map((line) => line.price)).toEqual([toKopecks(vase.price)]);
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: result.order.id }, include: { items: true } });
    expect(Number(stored.items[0]!.price)).toBe(vase.price);
    expect(await counts()).toEqual({ orders: before.orders + 1, lines: before.lines + 1, messages: before.messages + 1 });
  });

  it("asks the database when memory believes a product sold out, and takes the pieces it really has", async () => {
    const pillow = f.byName("Подушка льняная");
    await db.prisma.product.update({ where: { id: pillow.id }, data: { stock: 2 } });
    const result = await order(db, [{ productId: pillow.id, quantity: 2 }], known({ id: pillow.id, stock: 0 }));
    expect(result.created).toBe(true);
    expect((await db.prisma.product.findUniqueOrThrow({ where: { id: pillow.id } })).stock).toBe(0);
  });

  it("refuses, with the database's count, pieces memory believes are there but are gone", async () => {
    const napkins = f.byName("Салфетки льняные, 4 шт.");
    await db.prisma.product.update({ where: { id: napkins.id }, data: { stock: 1 } });
    const before = await counts();
    const error = await order(db, [{ productId: napkins.id, quantity: 3 }], known({ id: napkins.id, stock: 5 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopError);
    expect((error as ShopError).details).toMatchObject({ code: "out_of_stock", items: [{ product_id: napkins.id, available: 1 }] });
    expect(await counts()).toEqual(before);
  });

  it("gives a burst of orders distinct numbers and ids from slots reserved in blocks", async () => {
    const candle = f.byName("Свеча соевая «Ваниль»");
    let reservations = 0;
    const counting = {
      ...db,
      read(text: string, values: readonly unknown[], options?: { prepare?: boolean }) {
        if (text.includes("AS line_ids") && !text.includes("WITH")) reservations++;
        return db.read(text, values, options);
      },
    } as Database;
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => order(counting, [{ productId: candle.id, quantity: 1 + (i % 3) }], known({ id: candle.id }))),
    );
    const numbers = burst.map((result) => result.order.number);
    expect(new Set(numbers).size).toBe(60);
    expect(new Set(burst.map((result) => result.order.id)).size).toBe(60);
    expect(new Set(burst.flatMap((result) => result.order.lines.map((line) => line.id))).size).toBe(60);
    expect(reservations).toBeGreaterThan(0);
    expect(reservations).toBeLessThan(20);
    const stored = await db.prisma.order.findMany({ where: { orderNumber: { in: numbers } }, include: { items: true } });
    expect(stored).toHaveLength(60);
    expect(stored.every((o) => o.items.length === 1 && Number(o.total) === Number(o.subtotal) - Number(o.discountAmount) + 250)).toBe(true);
  });

  it("takes one number at a time for an order now and then, so a calm shop's numbers follow each other", async () => {
    const slots = new OrderSlots(autoCommitSql(db));
    const last = async () => Number((await db.read<{ last_value: string }>("SELECT last_value FROM order_number_seq", []))[0]!.last_value);
    const before = await last();
    const slot = await slots.take(2);
    expect(Number(slot.number)).toBe(before + 1);
    expect(slot.lineIds).toHaveLength(2);
    expect(await last()).toBe(before + 1);
  });
});
