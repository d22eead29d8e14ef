import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Bot } from "grammy";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { createBot } from "../../bot/src/bot";
import { silentLog } from "../../bot/src/log";
import { createOutboxNotifier } from "@shop/bot/notifier";
import { createOutboxApi, createOutboxWorker, type OutboxWorker } from "../../bot/src/outbox-worker";
import { PREPARED_TEXTS } from "../../bot/src/prepared-order";
import { MANAGER_TEXTS } from "../../bot/src/manager";
import { BACK_IN_STOCK_TEXTS } from "../../bot/src/back-in-stock";
import { SERVER_ERROR, TOO_MANY, startFakeTelegram, type FakeCall, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import { buttonPress, textMessage, type Person } from "../../bot/test/helpers/updates";

const CUSTOMER: Person = { id: 555001, first_name: "Анна", last_name: "Смирнова", username: "anna_s" };
const MANAGER: Person = { id: 77, first_name: "Ольга", username: "olga_manager" };
const MANAGER_GROUP = -100500;
const MANAGER_DM = 42;
const STRANGER_GROUP = -100999;
const MINI_APP_URL = "https://t.me/shop_test_bot/shop";

let t: TestApp;
let fake: FakeTelegram;
let fixture: Fixture;
let bot: Bot;
let offset = 0;
const workers: OutboxWorker[] = [];

function newWorker(): OutboxWorker {
  const worker = createOutboxWorker({
    db: t.db,
    api: createOutboxApi(TEST_BOT_TOKEN, fake.url),
    now: () => Date.now() + offset,
    baseDelayMs: 1000,
  });
  workers.push(worker);
  return worker;
}

/** Sends everything due, moving the clock past backoffs, until the outbox is empty. */
async function deliverAll(worker: OutboxWorker) {
  for (let round = 0; round < 40; round++) {
    if ((await t.prisma.outboxMessage.count({ where: { sentAt: null } })) === 0) return;
    if ((await worker.runOnce()).claimed === 0) offset += 120_000;
  }
  throw new Error("outbox did not drain");
}

function sentTo(chatId: number): FakeCall[] {
  return fake.delivered(chatId);
}
function lastSentTo(chatId: number): FakeCall {
  const calls = sentTo(chatId);
  if (calls.length === 0) throw new Error(`nothing was sent to ${chatId}`);
  return calls[calls.length - 1]!;
}
function lastCall(method: string): FakeCall {
  const calls = fake.succeeded(method);
  return calls[calls.length - 1]!;
}
function buttons(call: FakeCall): { text: string; callback_data?: string; web_app?: { url: string } }[] {
  return (call.params.reply_markup?.inline_keyboard ?? []).flat();
}

async function prepareOnWebsite(quantities: [string, number][] = [["Ваза керамическая «Лён»", 1], ["Кружка ручной лепки", 2]]) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/orders/prepare",
    payload: {
      order: { customer_name: "Анна Смирнова", customer_phone: "+7 (912) 345-67-89", delivery_address: "Казань, ул. Баумана, 1", comment: "Домофон 12" },
      cart: quantities.map(([name, quantity]) => ({ id: fixture.byName(name).id, quantity })),
      source: "website",
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { token: string; bot_link: string | null; total: number };
}

/** /start TOKEN and the confirmation button: returns the new order. */
async function confirmInBot(token: string, person = CUSTOMER) {
  await bot.handleUpdate(textMessage(person, `/start ${token}`));
  const shown = lastSentTo(person.id);
  await bot.handleUpdate(buttonPress(person, person.id, shown.result.message_id, `po:${token}`));
  return t.prisma.order.findFirstOrThrow({ orderBy: { id: "desc" }, include: { items: { orderBy: { id: "asc" } } } });
}

/**
 * POST /api/orders from the website, created directly: a shop creates website orders itself only while the bot's
 * username is unknown (checkoutMode direct); with the bot linked the website prepares them (the tests above).
 */
async function orderDirectly(payload: Record<string, unknown>) {
  const username = t.app.botInfo.username;
  t.app.botInfo.username = null;
  try {
    return await t.app.inject({ method: "POST", url: "/api/orders", payload });
  } finally {
    t.app.botInfo.username = username;
  }
}

beforeAll(async () => {
  fake = await startFakeTelegram(TEST_BOT_TOKEN);
  const notifier = createOutboxNotifier({
    managerChatIds: [BigInt(MANAGER_GROUP), BigInt(MANAGER_DM)],
    miniAppUrl: MINI_APP_URL,
    publicUrl: "https://shop.example.ru",
  });
  t = await createTestApp({
    notifier,
    env: {
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: fake.url,
      MANAGER_CHAT_IDS: `${MANAGER_GROUP}, ${MANAGER_DM}`,
      PUBLIC_URL: "https://shop.example.ru",
      TELEGRAM_MINI_APP_URL: MINI_APP_URL,
    },
  });
  fixture = await createFixture(t.prisma);
  bot = createBot({ db: t.db, config: t.config, notifier, log: silentLog });
  await bot.init();
  t.app.botInfo.username = bot.botInfo.username;
});

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await t.close();
  await fake.close();
});

beforeEach(async () => {
  fake.outage("sendMessage", null);
  await t.prisma.outboxMessage.updateMany({ where: { sentAt: null }, data: { sentAt: new Date() } });
});

describe("the bot end to end", () => {
  it("turns a website checkout into an order, tells the managers, and lets them move it", async () => {
    const worker = newWorker();
    const prepared = await prepareOnWebsite();
    expect(prepared.bot_link).toBe(`https://t.me/shop_test_bot?start=${prepared.token}`);

    // /start TOKEN shows the prepared order with a confirm button, and creates nothing yet
    await bot.handleUpdate(textMessage(CUSTOMER, `/start ${prepared.token}`));
    const shown = lastSentTo(CUSTOMER.id);
    expect(shown.params.parse_mode).toBe("HTML");
    expect(shown.params.text).toContain("• Ваза керамическая «Лён» (HM-000001) — 1 × 1\u00a0890.00\u00a0руб. = 1\u00a0890.00\u00a0руб.");
    expect(shown.params.text).toContain("• Кружка ручной лепки (HM-000002) — 2 × 650.00\u00a0руб. = 1\u00a0300.00\u00a0руб.");
    expect(shown.params.text).toContain("Товары: 3\u00a0190.00\u00a0руб.");
    expect(shown.params.text).toContain("Скидка 13%: −414.70\u00a0руб.");
    expect(shown.params.text).toContain("Доставка: 250.00\u00a0руб.");
    expect(shown.params.text).toContain("Итого: 3\u00a0025.30\u00a0руб.");
    expect(shown.params.text).toContain("Телефон: +7 (912) 345-67-89");
    expect(shown.params.text).toContain("Адрес: Казань, ул. Баумана, 1");
    expect(buttons(shown)).toEqual([{ text: "✅ Подтвердить заказ", callback_data: `po:${prepared.token}` }]);
    expect(await t.prisma.order.count()).toBe(0);

    // confirm: the order exists once, keeps the website source, belongs to the Telegram user
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, shown.result.message_id, `po:${prepared.token}`));
    const order = await t.prisma.order.findFirstOrThrow({ include: { items: { orderBy: { id: "asc" } } } });
    expect(order).toMatchObject({
      source: "website",
      status: "new",
      telegramUserId: BigInt(CUSTOMER.id),
      telegramUsername: "anna_s",
      customerPhone: "+79123456789",
    });
    expect(Number(order.total)).toBe(3025.3);
    expect(order.items.map((i) => [i.productName, i.quantity])).toEqual([["Ваза керамическая «Лён»", 1], ["Кружка ручной лепки", 2]]);
    expect(lastCall("answerCallbackQuery").params.text).toBe(PREPARED_TEXTS.confirmedToast);
    expect(lastCall("editMessageReplyMarkup").params).toMatchObject({ message_id: shown.result.message_id, reply_markup: { inline_keyboard: [] } });
    const thanks = lastSentTo(CUSTOMER.id);
    expect(thanks.params.text).toContain("Спасибо за заказ!");
    expect(thanks.params.text).toContain(`№${order.orderNumber}`);

    // the outbox brings the card with status buttons to every manager chat
    expect(sentTo(MANAGER_GROUP)).toHaveLength(0);
    await deliverAll(worker);
    for (const chat of [MANAGER_GROUP, MANAGER_DM]) {
      const cards = sentTo(chat);
      expect(cards).toHaveLength(1);
      expect(cards[0]!.params.text).toContain(`Заказ №${order.orderNumber}`);
      expect(cards[0]!.params.text).toContain("Источник: Сайт (Десктоп)");
      expect(cards[0]!.params.text).toContain("Комментарий: Домофон 12");
      expect(cards[0]!.params.text).toContain("Telegram: @anna_s");
    }
    const card = lastSentTo(MANAGER_GROUP);
    const shipped = buttons(card).find((b) => b.text === "Отправлен")!;
    expect(buttons(card).map((b) => b.text)).toEqual(["В работе", "Отправлен", "Завершен", "Отменен"]);

    // someone outside the manager chats cannot move the order, even with the right callback data
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, 1, shipped.callback_data!));
    expect(lastCall("answerCallbackQuery").params).toMatchObject({ text: MANAGER_TEXTS.notAllowed, show_alert: true });
    await bot.handleUpdate(buttonPress(CUSTOMER, STRANGER_GROUP, 1, shipped.callback_data!));
    expect(lastCall("answerCallbackQuery").params).toMatchObject({ text: MANAGER_TEXTS.notAllowed, show_alert: true });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("new");
    expect(await t.prisma.outboxMessage.count({ where: { sentAt: null } })).toBe(0);

    // a manager presses «Отправлен»: the status changes, the card is redrawn, the customer is told
    await bot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, card.result.message_id, shipped.callback_data!));
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("shipped");
    expect(lastCall("answerCallbackQuery").params.text).toBe("Статус: Отправлен");
    const edited = lastCall("editMessageText");
    expect(edited.params).toMatchObject({ chat_id: MANAGER_GROUP, message_id: card.result.message_id, parse_mode: "HTML" });
    expect(edited.params.text).toContain("Статус: <b>Отправлен</b> (изменил(а) @olga_manager)");
    expect(buttons(edited).map((b) => b.text)).toEqual(["Создан", "В работе", "Завершен", "Отменен"]);

    const before = sentTo(CUSTOMER.id).length;
    await deliverAll(worker);
    expect(sentTo(CUSTOMER.id)).toHaveLength(before + 1);
    expect(lastSentTo(CUSTOMER.id).params.text).toContain(`Статус заказа №${order.orderNumber}: <b>Отправлен</b>`);

    // pressing the same status again changes nothing and tells nobody
    await bot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, card.result.message_id, shipped.callback_data!));
    await deliverAll(worker);
    expect(sentTo(CUSTOMER.id)).toHaveLength(before + 1);

    // /orders lists it with its status
    await bot.handleUpdate(textMessage(CUSTOMER, "/orders"));
    const list = lastSentTo(CUSTOMER.id);
    expect(list.params.text).toContain(`№${order.orderNumber}`);
    expect(list.params.text).toContain("3\u00a0025.30\u00a0руб.");
    expect(list.params.text).toContain("<b>Отправлен</b>");
    expect(buttons(list)).toEqual([{ text: "Подробнее о заказах", web_app: { url: "https://shop.example.ru/my-orders" } }]);
  });

  it("tells the customer in Telegram when the admin panel changes the status", async () => {
    const worker = newWorker();
    const order = await confirmInBot((await prepareOnWebsite([["Подушка льняная", 1]])).token);
    await deliverAll(worker);
    const before = sentTo(CUSTOMER.id).length;
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}/status`,
      headers: { authorization: `Bearer ${await t.adminToken()}` },
      payload: { status: "completed" },
    });
    expect(response.statusCode).toBe(200);
    await deliverAll(worker);
    expect(sentTo(CUSTOMER.id)).toHaveLength(before + 1);
    expect(lastSentTo(CUSTOMER.id).params.text).toBe(`📦 Статус заказа №${order.orderNumber}: <b>Завершен</b>\nСпасибо, что выбрали нас!`);
  });

  it("refuses a replayed token and creates nothing more", async () => {
    const prepared = await prepareOnWebsite([["Свеча соевая «Ваниль»", 1]]);
    const order = await confirmInBot(prepared.token);
    const count = await t.prisma.order.count();

    await bot.handleUpdate(textMessage(CUSTOMER, `/start ${prepared.token}`));
    expect(lastSentTo(CUSTOMER.id).params.text).toBe(PREPARED_TEXTS.used(order.orderNumber));
    expect(buttons(lastSentTo(CUSTOMER.id))).toEqual([]);
    // the old confirmation message's button, pressed again (or by someone who got the link)
    await bot.handleUpdate(buttonPress({ id: 999, first_name: "Другой" }, 999, 1, `po:${prepared.token}`));
    expect(lastSentTo(999).params.text).toBe(PREPARED_TEXTS.used(order.orderNumber));
    expect(await t.prisma.order.count()).toBe(count);
  });

  it("refuses an expired token with a clear message", async () => {
    const prepared = await prepareOnWebsite([["Свеча соевая «Ваниль»", 1]]);
    const count = await t.prisma.order.count();
    await bot.handleUpdate(textMessage(CUSTOMER, `/start ${prepared.token}`));
    const shown = lastSentTo(CUSTOMER.id);
    await t.prisma.preparedOrder.update({ where: { token: prepared.token }, data: { expiresAt: new Date(Date.now() - 1000) } });

    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, shown.result.message_id, `po:${prepared.token}`));
    expect(lastSentTo(CUSTOMER.id).params.text).toBe(PREPARED_TEXTS.expired);
    await bot.handleUpdate(textMessage(CUSTOMER, `/start ${prepared.token}`));
    expect(lastSentTo(CUSTOMER.id).params.text).toBe(PREPARED_TEXTS.expired);
    expect(await t.prisma.order.count()).toBe(count);
    expect((await t.prisma.preparedOrder.findUniqueOrThrow({ where: { token: prepared.token } })).usedAt).toBeNull();
  });

  it("says an unknown token is unknown", async () => {
    await bot.handleUpdate(textMessage(CUSTOMER, "/start AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
    expect(lastSentTo(CUSTOMER.id).params.text).toBe(PREPARED_TEXTS.notFound);
    await bot.handleUpdate(textMessage(CUSTOMER, "/start not+a/token"));
    expect(lastSentTo(CUSTOMER.id).params.text).toBe(PREPARED_TEXTS.notFound);
  });

  it("greets on /start and opens the shop as a Mini App", async () => {
    await bot.handleUpdate(textMessage(CUSTOMER, "/start"));
    const greeting = lastSentTo(CUSTOMER.id);
    expect(greeting.params.text).toContain("Здравствуйте, Анна!");
    expect(buttons(greeting)).toEqual([{ text: "🛍 Открыть магазин", web_app: { url: "https://shop.example.ru/" } }]);
  });

  it("tells a user without orders so on /orders", async () => {
    const newcomer: Person = { id: 31337, first_name: "Пётр" };
    await bot.handleUpdate(textMessage(newcomer, "/orders"));
    expect(lastSentTo(newcomer.id).params.text).toBe("У вас пока нет заказов.");
  });

  it("tells the managers about orders from every channel", async () => {
    const worker = newWorker();
    const response = await orderDirectly({
      customer_name: "Иван",
      customer_phone: "89001112233",
      source: "mobile_web",
      cart_items: [{ product_id: fixture.byName("Плед вязаный из шерсти").id, quantity: 1 }],
    });
    expect(response.statusCode).toBe(201);
    const { order_number } = response.json() as { order_number: string };
    await deliverAll(worker);
    const card = lastSentTo(MANAGER_DM);
    expect(card.params.text).toContain(`Заказ №${order_number}`);
    expect(card.params.text).toContain("Источник: Сайт (Мобайл)");
    expect(card.params.text).toContain("Адрес: не указан");
  });

  it("creates an order whose comment is 2 000 emoji and delivers its manager card, the comment cut and the lines whole", async () => {
    const worker = newWorker();
    const callsBefore = fake.calls.length;
    const emoji = "😀".repeat(2000);
    const response = await orderDirectly({
      customer_name: "Иван <Петров> & сын",
      customer_phone: "89001112233",
      delivery_address: "Москва",
      comment: emoji,
      cart_items: [
        { product_id: fixture.byName("Плед вязаный из шерсти").id, quantity: 1 },
        { product_id: fixture.byName("Кружка ручной лепки").id, quantity: 3 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const { order_number } = response.json() as { order_number: string };
    await deliverAll(worker);
    for (const chat of [MANAGER_GROUP, MANAGER_DM]) {
      const text = lastSentTo(chat).params.text as string;
      expect(text).toContain(`Заказ №${order_number}`);
      expect(text).toContain("• Плед вязаный из шерсти");
      expect(text).toContain("• Кружка ручной лепки");
      expect(text).toContain("Адрес: Москва");
      expect(text).toContain("Имя: Иван &lt;Петров&gt; &amp; сын");
      expect(text).toMatch(/Комментарий: (😀)+…/u);
    }
    // the stand-in refuses what Telegram refuses (too long, half an emoji, a broken entity): nothing was refused
    expect(fake.calls.slice(callsBefore).filter((call) => call.method === "sendMessage" && !call.ok)).toEqual([]);
  });

  it("delivers every notification exactly once through a 429 and a Telegram outage, across a worker restart", async () => {
    const first = newWorker();
    const before = fake.delivered().length;
    const orders = [];
    for (let i = 0; i < 3; i++) {
      const prepared = await prepareOnWebsite([["Салфетки льняные, 4 шт.", i + 1]]);
      orders.push(await confirmInBot(prepared.token, { ...CUSTOMER, id: 600 + i }));
    }
    expect(fake.delivered().length - before).toBe(6); // the order screens and thanks went out directly

    fake.failNext("sendMessage", TOO_MANY(1));
    fake.outage("sendMessage", SERVER_ERROR);
    await first.runOnce();
    offset += 120_000;
    await first.runOnce();
    await first.stop();
    const pending = await t.prisma.outboxMessage.findMany({ where: { sentAt: null } });
    expect(pending).toHaveLength(6);
    // each manager chat's first card was tried and failed; the later ones wait behind it, in order
    const tried = pending.filter((row) => row.attempts > 0);
    expect(tried.map((row) => Number(row.chatId)).sort()).toEqual([MANAGER_GROUP, MANAGER_DM].sort());
    expect(tried.every((row) => row.attempts === 2 && row.lastError === "500: Internal Server Error")).toBe(true);

    fake.outage("sendMessage", null);
    await deliverAll(newWorker());
    for (const order of orders) {
      for (const chat of [MANAGER_GROUP, MANAGER_DM]) {
        expect(sentTo(chat).filter((call) => call.params.text.includes(`Заказ №${order.orderNumber}<`))).toHaveLength(1);
      }
    }
    expect(fake.calls.filter((c) => c.method === "sendMessage" && !c.ok).some((c) => c.params.chat_id === MANAGER_GROUP)).toBe(true);
  });
});

describe("stock in the bot", () => {
  afterAll(async () => {
    await t.prisma.product.updateMany({ data: { stock: null, madeToOrderDays: null } });
  });

  it("says plainly that a piece sold out before the confirmation, creates nothing, and confirms once restocked", async () => {
    const vase = fixture.byName("Ваза керамическая «Лён»");
    await t.prisma.product.update({ where: { id: vase.id }, data: { stock: 1 } });
    const prepared = await prepareOnWebsite([["Ваза керамическая «Лён»", 1]]);
    // someone else buys the last piece meanwhile
    const other = await orderDirectly({ customer_name: "Олег", customer_phone: "+79990001122", source: "website", cart_items: [{ product_id: vase.id, quantity: 1 }] });
    expect(other.statusCode).toBe(201);
    const ordersBefore = await t.prisma.order.count();

    await bot.handleUpdate(textMessage(CUSTOMER, `/start ${prepared.token}`));
    const shown = lastSentTo(CUSTOMER.id);
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, shown.result.message_id, `po:${prepared.token}`));
    expect(lastCall("answerCallbackQuery").params.text).toBe(PREPARED_TEXTS.outOfStockToast);
    expect(lastSentTo(CUSTOMER.id).params.text).toBe(PREPARED_TEXTS.outOfStock("Товар «Ваза керамическая «Лён»» закончился"));
    expect(lastSentTo(CUSTOMER.id).params.text).toContain("Товар «Ваза керамическая «Лён»» закончился, поэтому заказ не оформлен.");
    expect(await t.prisma.order.count()).toBe(ordersBefore);
    const token = await t.prisma.preparedOrder.findUniqueOrThrow({ where: { token: prepared.token } });
    expect([token.usedAt, token.orderId]).toEqual([null, null]);

    // the seller restocks; the same button now creates the order
    await t.prisma.product.update({ where: { id: vase.id }, data: { stock: 2 } });
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, shown.result.message_id, `po:${prepared.token}`));
    expect(await t.prisma.order.count()).toBe(ordersBefore + 1);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: vase.id } })).stock).toBe(1);
  });

  it("a made-to-order line says so on the manager card", async () => {
    const worker = newWorker();
    const plaid = fixture.byName("Плед вязаный из шерсти");
    await t.prisma.product.update({ where: { id: plaid.id }, data: { stock: 0, madeToOrderDays: 14 } });
    const order = await confirmInBot((await prepareOnWebsite([["Плед вязаный из шерсти", 1]])).token);
    expect(order.items[0]!.madeToOrderDays).toBe(14);
    await deliverAll(worker);
    const card = sentTo(MANAGER_GROUP).find((call) => call.params.text.includes(`Заказ №${order.orderNumber}<`))!;
    expect(card.params.text).toContain("• Плед вязаный из шерсти (HM-000005) — 1 × 5\u00a0400.00\u00a0руб. = 5\u00a0400.00\u00a0руб. — Под заказ: 14 дн.");
  });

  it("messages a subscriber when the product is back, with the product in the Mini App and «Отписаться»", async () => {
    const worker = newWorker();
    const mug = fixture.byName("Кружка ручной лепки");
    await t.prisma.product.update({ where: { id: mug.id }, data: { stock: 0, madeToOrderDays: null } });
    await t.prisma.backInStockSubscription.create({ data: { telegramUserId: BigInt(CUSTOMER.id), productId: mug.id } });
    const auth = { authorization: `Bearer ${await t.adminToken()}` };
    const restock = await t.app.inject({ method: "POST", url: `/api/admin/products/${mug.id}/stock`, headers: auth, payload: { delta: 3 } });
    expect(restock.json()).toEqual({ stock: 3 });
    await deliverAll(worker);
    const message = lastSentTo(CUSTOMER.id);
    expect(message.params.text).toBe("🎉 Снова в наличии: <b>Кружка ручной лепки</b>. Успейте заказать!");
    expect(message.params.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: "Открыть товар", url: `${MINI_APP_URL}?startapp=product_${mug.id}` }],
        [{ text: "Отписаться", callback_data: `un:${mug.id}` }],
      ],
    });

    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, message.result.message_id, `un:${mug.id}`));
    expect(lastCall("answerCallbackQuery").params.text).toBe(BACK_IN_STOCK_TEXTS.unsubscribed);
    expect(lastCall("editMessageReplyMarkup").params.reply_markup).toEqual({
      inline_keyboard: [[{ text: "Открыть товар", url: `${MINI_APP_URL}?startapp=product_${mug.id}` }]],
    });
    expect(await t.prisma.backInStockSubscription.count()).toBe(0);
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, message.result.message_id, `un:${mug.id}`));
    expect(lastCall("answerCallbackQuery").params.text).toBe(BACK_IN_STOCK_TEXTS.notSubscribed);
  });

  it("tells the managers when a product sells out", async () => {
    const worker = newWorker();
    const napkins = fixture.byName("Салфетки льняные, 4 шт.");
    await t.prisma.product.update({ where: { id: napkins.id }, data: { stock: 1 } });
    await confirmInBot((await prepareOnWebsite([["Салфетки льняные, 4 шт.", 1]])).token);
    await deliverAll(worker);
    for (const chat of [MANAGER_GROUP, MANAGER_DM]) {
      expect(sentTo(chat).map((call) => call.params.text)).toContain(
        "📦 <b>Товар закончился</b>: «Салфетки льняные, 4 шт.» (HM-000007). Пополните остаток в админ-панели или отметьте товар «под заказ».",
      );
    }
  });
});
