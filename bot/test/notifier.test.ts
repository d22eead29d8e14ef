import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prismaTransactionSql, type Database, type Prisma } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import { queueMessages } from "@shop/core/outbox";
import { readOrder } from "@shop/core/orders";
import { createOutboxNotifier } from "../src/notifier";
import { parseCallback } from "../src/callback-data";
import { telegramTextLength } from "../src/order-text";

const nextOrderNumber = async (tx: Prisma.TransactionClient) =>
  String((await tx.$queryRaw<{ n: bigint }[]>`SELECT nextval('order_number_seq') AS n`)[0]!.n);

let db: Database;
const MANAGERS = [BigInt(111), BigInt(-100222)];
const notifier = createOutboxNotifier({ managerChatIds: MANAGERS });

async function createOrder(tx: Prisma.TransactionClient, extra: Partial<Prisma.OrderUncheckedCreateInput> = {}) {
  return tx.order.create({
    data: {
      orderNumber: await nextOrderNumber(tx),
      source: "website",
      customerName: "Анна <Смирнова>",
      customerPhone: "+79123456789",
      deliveryAddress: "Казань, ул. Баумана, 1",
      comment: "Позвонить после 18:00",
      subtotal: 2540,
      discountPercent: 13,
      discountAmount: 330.2,
      deliveryCost: 250,
      total: 2459.8,
      items: {
        create: [
          { productName: "Ваза керамическая «Лён»", productSku: "HM-000001", price: 1890, quantity: 1 },
          { productName: "Кружка ручной лепки", productSku: "HM-000002", price: 650, quantity: 1 },
        ],
      },
      ...extra,
    },
  });
}

/** Statements in a Prisma transaction, as the notifier writes them in the shop's own transactions. */
const sqlOf = prismaTransactionSql;
/** The order as the shop's core hands it to the notifier, read inside the transaction. */
const orderOf = async (tx: Prisma.TransactionClient, id: number) => (await readOrder(sqlOf(tx), id))!;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.prisma.outboxMessage.deleteMany();
});

describe("outbox notifier", () => {
  it("queues one card per manager chat with the whole order and status buttons", async () => {
    const order = await db.prisma.$transaction(async (tx) => {
      const created = await createOrder(tx);
      await queueMessages(sqlOf(tx), notifier.orderCreated(await orderOf(tx, created.id)));
      return created;
    });
    const rows = await db.prisma.outboxMessage.findMany({ orderBy: { chatId: "asc" } });
    expect(rows.map((r) => r.chatId)).toEqual([BigInt(-100222), BigInt(111)]);
    expect(rows.every((r) => r.dedupeKey === `order:${order.id}:created`)).toBe(true);

    const payload = rows[0]!.payload as { text: string; parse_mode: string; reply_markup: { inline_keyboard: { text: string; callback_data: string }[][] } };
    expect(payload.parse_mode).toBe("HTML");
    const text = payload.text;
    expect(text).toContain(`Заказ №${order.orderNumber}`);
    expect(text).toContain("Статус: <b>Создан</b>");
    expect(text).toContain("Источник: Сайт (Десктоп)");
    expect(text).toContain("• Ваза керамическая «Лён» (HM-000001) — 1 × 1\u00a0890.00\u00a0руб. = 1\u00a0890.00\u00a0руб.");
    expect(text).toContain("• Кружка ручной лепки (HM-000002) — 1 × 650.00\u00a0руб. = 650.00\u00a0руб.");
    expect(text).toContain("Товары: 2\u00a0540.00\u00a0руб.");
    expect(text).toContain("Скидка 13%: −330.20\u00a0руб.");
    expect(text).toContain("Доставка: 250.00\u00a0руб.");
    expect(text).toContain("Итого: 2\u00a0459.80\u00a0руб.");
    expect(text).toContain("Имя: Анна &lt;Смирнова&gt;");
    expect(text).toContain("Телефон: +7 (912) 345-67-89");
    expect(text).toContain("Адрес: Казань, ул. Баумана, 1");
    expect(text).toContain("Комментарий: Позвонить после 18:00");

    const buttons = payload.reply_markup.inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual(["В работе", "Отправлен", "Завершен", "Отменен"]);
    expect(buttons.map((b) => parseCallback(b.callback_data))).toEqual([
      { kind: "status", orderId: order.id, status: "processing" },
      { kind: "status", orderId: order.id, status: "shipped" },
      { kind: "status", orderId: order.id, status: "completed" },
      { kind: "status", orderId: order.id, status: "cancelled" },
    ]);
  });

  it("never queues the same event twice", async () => {
    await db.prisma.$transaction(async (tx) => {
      const created = await createOrder(tx);
      await queueMessages(sqlOf(tx), notifier.orderCreated(await orderOf(tx, created.id)));
      await queueMessages(sqlOf(tx), notifier.orderCreated(await orderOf(tx, created.id)));
    });
    expect(await db.prisma.outboxMessage.count()).toBe(2);
  });

  it("writes nothing when the order's transaction rolls back", async () => {
    await expect(
      db.prisma.$transaction(async (tx) => {
        const created = await createOrder(tx);
        await queueMessages(sqlOf(tx), notifier.orderCreated(await orderOf(tx, created.id)));
        throw new Error("payment check failed");
      }),
    ).rejects.toThrow("payment check failed");
    expect(await db.prisma.outboxMessage.count()).toBe(0);
  });

  it("tells a customer with a Telegram account about a status change, once per change", async () => {
    await db.prisma.telegramCustomer.create({ data: { telegramUserId: BigInt(777), firstName: "Анна" } });
    const order = await db.prisma.$transaction((tx) => createOrder(tx, { telegramUserId: BigInt(777), source: "telegram_mini_app" }));
    const change = (status: "processing" | "shipped") =>
      db.prisma.$transaction(async (tx) => {
        const before = await tx.order.findUniqueOrThrow({ where: { id: order.id } });
        await tx.order.update({ where: { id: order.id }, data: { status } });
        await queueMessages(sqlOf(tx), notifier.orderStatusChanged(await orderOf(tx, order.id), before.status));
        await queueMessages(sqlOf(tx), notifier.orderStatusChanged(await orderOf(tx, order.id), before.status)); // a repeated call is the same event
      });
    await change("processing");
    await change("shipped");
    await change("processing");
    const rows = await db.prisma.outboxMessage.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((r) => r.chatId)).toEqual([BigInt(777), BigInt(777), BigInt(777)]);
    const texts = rows.map((r) => (r.payload as { text: string }).text.split("\n")[0]);
    expect(texts).toEqual([
      `📦 Статус заказа №${order.orderNumber}: <b>В работе</b>`,
      `📦 Статус заказа №${order.orderNumber}: <b>Отправлен</b>`,
      `📦 Статус заказа №${order.orderNumber}: <b>В работе</b>`,
    ]);
  });

  it("has nobody to tell when the order has no Telegram user or the status did not change", async () => {
    const order = await db.prisma.$transaction((tx) => createOrder(tx));
    await db.prisma.$transaction(async (tx) => {
      await tx.order.update({ where: { id: order.id }, data: { status: "shipped" } });
      await queueMessages(sqlOf(tx), notifier.orderStatusChanged(await orderOf(tx, order.id), "new"));
      await queueMessages(sqlOf(tx), notifier.orderStatusChanged(await orderOf(tx, order.id), "shipped"));
    });
    expect(await db.prisma.outboxMessage.count()).toBe(0);
  });

  it("queues nothing for new orders when no manager chat is configured", async () => {
    const quiet = createOutboxNotifier({ managerChatIds: [] });
    await db.prisma.$transaction(async (tx) => queueMessages(sqlOf(tx), quiet.orderCreated(await orderOf(tx, (await createOrder(tx)).id))));
    expect(await db.prisma.outboxMessage.count()).toBe(0);
  });

  it("shortens a very long order to Telegram's message limit", async () => {
    const lines = Array.from({ length: 100 }, (_, i) => ({
      productName: `Очень длинное название товара ручной работы номер ${i} с подробностями`,
      productSku: `HM-${String(i).padStart(6, "0")}`,
      price: 100,
      quantity: 1,
    }));
    await db.prisma.$transaction(async (tx) => {
      const created = await createOrder(tx, { items: { create: lines } });
      await queueMessages(sqlOf(tx), notifier.orderCreated(await orderOf(tx, created.id)));
    });
    const text = ((await db.prisma.outboxMessage.findFirstOrThrow()).payload as { text: string }).text;
    expect(telegramTextLength(text)).toBeLessThanOrEqual(4096);
    expect(text).toMatch(/…и ещё позиций: \d+/);
    expect(text).toContain("Итого: 2\u00a0459.80\u00a0руб.");
  });

  it("writes the managers' stock messages and the subscribers' back-in-stock message with its buttons", () => {
    const stocked = createOutboxNotifier({ managerChatIds: MANAGERS, lowStockThreshold: 2, miniAppUrl: "https://t.me/shop_bot/shop", publicUrl: null });
    expect(stocked.lowStockThreshold).toBe(2);
    const product = { id: 15, name: "Ваза <Луна>", sku: "HM-000015" };
    const soldOut = stocked.stockFell!(product, 0, "order:7");
    expect(soldOut.map((m) => [m.chatId, m.dedupeKey])).toEqual(MANAGERS.map((chat) => [chat, "stock:15:sold-out:order:7"]));
    expect((soldOut[0]!.payload as { text: string }).text).toBe(
      "📦 <b>Товар закончился</b>: «Ваза &lt;Луна&gt;» (HM-000015). Пополните остаток в админ-панели или отметьте товар «под заказ».",
    );
    expect((stocked.stockFell!(product, 2, "order:8")[0]!.payload as { text: string }).text).toBe(
      "📦 <b>Товар заканчивается</b>: «Ваза &lt;Луна&gt;» (HM-000015) — осталось 2 шт.",
    );
    const back = stocked.backInStock!(product, [BigInt(501), BigInt(502)], "adjust:x");
    expect(back.map((m) => [m.chatId, m.dedupeKey])).toEqual([
      [BigInt(501), "back-in-stock:15:adjust:x"],
      [BigInt(502), "back-in-stock:15:adjust:x"],
    ]);
    const markup = (back[0]!.payload as { reply_markup: { inline_keyboard: { text: string; url?: string; callback_data?: string }[][] } }).reply_markup;
    expect(markup.inline_keyboard).toEqual([
      [{ text: "Открыть товар", url: "https://t.me/shop_bot/shop?startapp=product_15" }],
      [{ text: "Отписаться", callback_data: "un:15" }],
    ]);
    expect(parseCallback("un:15")).toEqual({ kind: "unsubscribe", productId: 15 });
    expect(parseCallback("un:0")).toBeNull();
    expect(parseCallback("un:99999999999")).toBeNull();
    // without a Mini App link: the product page as a web_app button when the shop is on https
    const web = createOutboxNotifier({ managerChatIds: [], publicUrl: "https://shop.example.ru" }).backInStock!(product, [BigInt(1)], "e");
    expect((web[0]!.payload as typeof back[0]["payload"] & { reply_markup: unknown }).reply_markup).toEqual({
      inline_keyboard: [[{ text: "Открыть товар", web_app: { url: "https://shop.example.ru/product/15" } }], [{ text: "Отписаться", callback_data: "un:15" }]],
    });
  });

  it("tells those waiting for any variant which one is back, opens it, and unsubscribes them from the product as a whole", () => {
    const notifier = createOutboxNotifier({ managerChatIds: [], publicUrl: "https://shop.example.ru" });
    const variant = { id: 15, name: "Шарф (Цвет: синий)", sku: "HM-000015-BLU", variantId: 7 };
    const [forVariant] = notifier.backInStock!(variant, [BigInt(1)], "e");
    const [forProduct] = notifier.backInStock!(variant, [BigInt(2)], "e", { anyVariant: true });
    const markup = (message: typeof forVariant) => (message!.payload as { reply_markup: unknown }).reply_markup;
    expect(markup(forVariant)).toEqual({
      inline_keyboard: [[{ text: "Открыть товар", web_app: { url: "https://shop.example.ru/product/15?variant=7" } }], [{ text: "Отписаться", callback_data: "un:15:7" }]],
    });
    expect(markup(forProduct)).toEqual({
      inline_keyboard: [[{ text: "Открыть товар", web_app: { url: "https://shop.example.ru/product/15?variant=7" } }], [{ text: "Отписаться", callback_data: "un:15" }]],
    });
    expect((forProduct!.payload as { text: string }).text).toBe("🎉 Снова в наличии: <b>Шарф (Цвет: синий)</b>. Успейте заказать!");
    // one message per product and change, whichever variants came back in it
    expect([forVariant!.dedupeKey, forProduct!.dedupeKey]).toEqual(["back-in-stock:15v7:e", "back-in-stock:15any:e"]);
  });
});
