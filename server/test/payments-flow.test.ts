import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Bot } from "grammy";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { initDataHeader } from "../../api/test/helpers/telegram";
import { createBot } from "../../bot/src/bot";
import { silentLog } from "../../bot/src/log";
import { createOutboxNotifier } from "@shop/bot/notifier";
import { createInvoiceLinks } from "@shop/bot/invoice";
import { createOutboxApi, createOutboxWorker, type OutboxWorker } from "../../bot/src/outbox-worker";
import { PAYMENT_BOT_TEXTS } from "../../bot/src/payments";
import { PAYMENT_TEXTS } from "@shop/core/payments";
import { startFakeTelegram, type FakeCall, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import { buttonPress, textMessage, type Person } from "../../bot/test/helpers/updates";
import { invoiceOf, newCharge, preCheckoutQuery, successfulPayment } from "../../bot/test/helpers/payments";
import { payInvoice, waitForInvoice } from "../../e2e/helpers/payments";
import { startBot } from "@shop/bot/runtime";

const CUSTOMER: Person = { id: 555001, first_name: "Анна", last_name: "Смирнова", username: "anna_s" };
/** a manager writing to the bot in a private chat: that chat is one of MANAGER_CHAT_IDS */
const MANAGER: Person = { id: 42, first_name: "Ольга", username: "olga_manager" };
const MANAGER_GROUP = -100500;
const PROVIDER_TOKEN = "381764678:TEST:100037";

let t: TestApp;
let fake: FakeTelegram;
let fixture: Fixture;
let bot: Bot;
let worker: OutboxWorker;
let offset = 0;
const notifier = createOutboxNotifier({
  managerChatIds: [BigInt(MANAGER_GROUP), BigInt(MANAGER.id)],
  payments: { providerToken: PROVIDER_TOKEN, receipts: "yookassa", vatCode: 4 },
});

async function deliverAll() {
  for (let round = 0; round < 40; round++) {
    if ((await t.prisma.outboxMessage.count({ where: { sentAt: null } })) === 0) return;
    if ((await worker.runOnce()).claimed === 0) offset += 120_000;
  }
  throw new Error("outbox did not drain");
}

const sentTo = (chatId: number) => fake.delivered(chatId);
function lastSentTo(chatId: number): FakeCall {
  const calls = sentTo(chatId);
  if (calls.length === 0) throw new Error(`nothing was sent to ${chatId}`);
  return calls[calls.length - 1]!;
}
const lastCall = (method: string) => fake.succeeded(method).at(-1)!;
const buttons = (call: FakeCall): { text: string; callback_data?: string }[] => (call.params.reply_markup?.inline_keyboard ?? []).flat();
const admin = async () => ({ authorization: `Bearer ${await t.adminToken()}` });

/** A website checkout confirmed in the bot, its manager card delivered: the order and the card in the group. */
async function orderThroughBot(quantities: [string, number][] = [["Ваза керамическая «Лён»", 1], ["Кружка ручной лепки", 2]]) {
  const prepared = await t.app.inject({
    method: "POST",
    url: "/api/orders/prepare",
    payload: {
      order: { customer_name: "Анна Смирнова", customer_phone: "+7 (912) 345-67-89", delivery_address: "Казань, ул. Баумана, 1" },
      cart: quantities.map(([name, quantity]) => ({ id: fixture.byName(name).id, quantity })),
      source: "website",
    },
  });
  expect(prepared.statusCode).toBe(201);
  const { token } = prepared.json() as { token: string };
  await bot.handleUpdate(textMessage(CUSTOMER, `/start ${token}`));
  await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, lastSentTo(CUSTOMER.id).result.message_id, `po:${token}`));
  const order = await t.prisma.order.findFirstOrThrow({ orderBy: { id: "desc" } });
  await deliverAll();
  const card = sentTo(MANAGER_GROUP).find((call) => call.params.text.includes(`Заказ №${order.orderNumber}<`))!;
  return { order, card };
}

/** The manager presses 'Выставить счёт' and then a sum on the card; the invoice is delivered. */
async function invoiceFromCard(card: FakeCall, orderId: number, rubles: number): Promise<FakeCall> {
  await bot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, card.result.message_id, `iv:${orderId}`));
  await bot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, card.result.message_id, `dc:${orderId}:${rubles}`));
  await deliverAll();
  return lastCall("sendInvoice");
}

async function answerOf(update: Parameters<Bot["handleUpdate"]>[0]) {
  const before = fake.succeeded("answerPreCheckoutQuery").length;
  await bot.handleUpdate(update);
  const answers = fake.succeeded("answerPreCheckoutQuery");
  expect(answers).toHaveLength(before + 1);
  return answers.at(-1)!.params as { ok: boolean; error_message?: string };
}

beforeAll(async () => {
  fake = await startFakeTelegram(TEST_BOT_TOKEN);
  t = await createTestApp({
    notifier,
    env: {
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: fake.url,
      MANAGER_CHAT_IDS: `${MANAGER_GROUP}, ${MANAGER.id}`,
      PAYMENT_PROVIDER_TOKEN: PROVIDER_TOKEN,
      PAYMENT_RECEIPTS: "yookassa",
      PAYMENT_VAT_CODE: "4",
    },
    invoiceLinks: (config) => createInvoiceLinks(config.telegram.botToken!, config.telegram.apiRoot, config.payments!),
  });
  fixture = await createFixture(t.prisma);
  bot = createBot({ db: t.db, config: t.config, notifier, log: silentLog });
  await bot.init();
  t.app.botInfo.username = bot.botInfo.username;
  worker = createOutboxWorker({
    db: t.db,
    api: createOutboxApi(TEST_BOT_TOKEN, fake.url),
    now: () => Date.now() + offset,
    providerToken: PROVIDER_TOKEN,
  });
});

afterAll(async () => {
  await worker.stop();
  await t.close();
  await fake.close();
});

beforeEach(async () => {
  await t.prisma.outboxMessage.updateMany({ where: { sentAt: null }, data: { sentAt: new Date() } });
  await t.prisma.product.updateMany({ data: { stock: null, madeToOrderDays: null } });
});

describe("paying an order in Telegram", () => {
  it("goes from a website checkout through the manager's invoice to 'paid', with a thank-you and an 'Оплачен' card", async () => {
    const { order, card } = await orderThroughBot();
    expect(buttons(card).map((b) => b.text)).toEqual(["В работе", "Отправлен", "Завершен", "Отменен", "Выставить счёт"]);

    // 'Выставить счёт' turns the card's buttons into delivery costs
    await bot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, card.result.message_id, `iv:${order.id}`));
    const choices = lastCall("editMessageText");
    expect(buttons(choices).map((b) => b.text)).toEqual(["0 руб.", "250 руб.", "350 руб.", "500 руб.", "700 руб.", "Другая сумма", "« Назад"]);

    await bot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, card.result.message_id, `dc:${order.id}:350`));
    expect(lastCall("answerCallbackQuery").params.text).toBe(PAYMENT_BOT_TEXTS.invoiceSent(3125_30));
    const invoiced = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([Number(invoiced.deliveryCost), Number(invoiced.total), invoiced.paymentStatus, invoiced.invoiceNumber]).toEqual([350, 3125.3, "invoiced", 1]);
    const redrawn = lastCall("editMessageText");
    expect(redrawn.params.text).toContain("Оплата: <b>Счёт выставлен</b>");
    expect(redrawn.params.text).toContain("Доставка: 350.00\u00a0руб.");
    expect(buttons(redrawn).at(-1)!.text).toBe("Выставить счёт");

    // the invoice goes to the customer's chat through the outbox, with the order's breakdown
    expect(fake.succeeded("sendInvoice").filter((call) => call.params.payload === `order:${order.id}:invoice:1`)).toHaveLength(0);
    await deliverAll();
    const invoice = lastCall("sendInvoice");
    expect(invoice.params).toMatchObject({
      chat_id: CUSTOMER.id,
      title: `Заказ №${order.orderNumber}`,
      payload: `order:${order.id}:invoice:1`,
      provider_token: PROVIDER_TOKEN,
      currency: "RUB",
      need_email: true,
      send_email_to_provider: true,
    });
    expect(invoice.params.prices).toEqual([
      { label: "Ваза керамическая «Лён» × 1", amount: 189000 },
      { label: "Кружка ручной лепки × 2", amount: 130000 },
      { label: "Скидка 13%", amount: -41470 },
      { label: "Доставка", amount: 35000 },
    ]);
    expect(invoiceOf(invoice).totalAmount).toBe(312530);
    // ЮKassa's receipt: the same total, in its own lines (the discount spread over the items)
    const receipt = JSON.parse(invoice.params.provider_data).receipt.items as {
      description: string;
      quantity: string;
      amount: { value: string; currency: string };
      vat_code: number;
      payment_mode: string;
      payment_subject: string;
    }[];
    expect(receipt.reduce((sum, item) => sum + Math.round(Number(item.amount.value) * 100) * Number(item.quantity), 0)).toBe(312530);
    expect(receipt.at(-1)).toEqual({
      description: "Доставка",
      quantity: "1.00",
      amount: { value: "350.00", currency: "RUB" },
      vat_code: 4,
      payment_mode: "full_prepayment",
      payment_subject: "service",
    });
    expect(receipt.every((item) => item.vat_code === 4 && item.amount.currency === "RUB")).toBe(true);

    // Telegram asks before charging, then reports the payment
    expect(await answerOf(preCheckoutQuery(CUSTOMER, invoiceOf(invoice)))).toMatchObject({ ok: true });
    const charge = newCharge();
    await bot.handleUpdate(successfulPayment(CUSTOMER, invoiceOf(invoice), charge));
    const paid = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { payments: true } });
    expect(paid.paymentStatus).toBe("paid");
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(paid.status).toBe("new");
    expect(paid.payments).toMatchObject([{ telegramPaymentChargeId: charge.telegramChargeId, providerPaymentChargeId: charge.providerChargeId, currency: "RUB" }]);
    expect(Number(paid.payments[0]!.amount)).toBe(3125.3);

    await deliverAll();
    expect(lastSentTo(CUSTOMER.id).params.text).toBe(`✅ Спасибо! Оплата заказа №${order.orderNumber} получена. Мы сообщим, когда заказ будет отправлен.`);
    for (const chat of [MANAGER_GROUP, MANAGER.id]) {
      const paidCard = lastSentTo(chat);
      expect(paidCard.params.text).toContain(`💳 <b>Заказ №${order.orderNumber} оплачен</b>: 3\u00a0125.30\u00a0руб.`);
      expect(paidCard.params.text).toContain("Оплата: <b>Оплачен</b>");
      expect(buttons(paidCard).map((b) => b.text)).toEqual(["В работе", "Отправлен", "Завершен", "Отменен"]);
    }

    // the same update again (Telegram may resend it) records nothing more and tells nobody again
    const outbox = await t.prisma.outboxMessage.count();
    await bot.handleUpdate(successfulPayment(CUSTOMER, invoiceOf(invoice), charge));
    expect(await t.prisma.payment.count({ where: { orderId: order.id } })).toBe(1);
    expect(await t.prisma.outboxMessage.count()).toBe(outbox);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paidAt).toEqual(paid.paidAt);

    // a paid order takes no second payment and no new invoice
    expect(await answerOf(preCheckoutQuery(CUSTOMER, invoiceOf(invoice)))).toEqual(expect.objectContaining({ ok: false, error_message: PAYMENT_TEXTS.orderPaid }));
    await bot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, card.result.message_id, `dc:${order.id}:500`));
    expect(lastCall("answerCallbackQuery").params).toMatchObject({ text: PAYMENT_TEXTS.alreadyPaid, show_alert: true });

    // a status button keeps the payment on the card
    await bot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, card.result.message_id, `st:${order.id}:shipped`));
    expect(lastCall("editMessageText").params.text).toContain("Оплата: <b>Оплачен</b>");
  });

  it("refuses a pre-checkout with the wrong amount, an older invoice, a cancelled order or a sold-out piece", async () => {
    const { order, card } = await orderThroughBot([["Подушка льняная", 1]]);
    const first = invoiceOf(await invoiceFromCard(card, order.id, 250));
    expect(first.totalAmount).toBe(99000 - 4950 + 25000); // 5% off

    expect(await answerOf(preCheckoutQuery(CUSTOMER, first, { totalAmount: first.totalAmount - 100 }))).toEqual(
      expect.objectContaining({ ok: false, error_message: PAYMENT_TEXTS.wrongAmount }),
    );
    expect(await answerOf(preCheckoutQuery(CUSTOMER, first, { currency: "USD" }))).toEqual(expect.objectContaining({ ok: false, error_message: PAYMENT_TEXTS.wrongAmount }));
    expect(await answerOf(preCheckoutQuery(CUSTOMER, first, { payload: "something else" }))).toEqual(
      expect.objectContaining({ ok: false, error_message: PAYMENT_TEXTS.unknownInvoice }),
    );

    // the delivery changed: the new invoice can be paid, the first one no longer
    const second = invoiceOf(await invoiceFromCard(card, order.id, 700));
    expect(second.payload).toBe(`order:${order.id}:invoice:2`);
    expect(second.totalAmount).toBe(99000 - 4950 + 70000);
    expect(await answerOf(preCheckoutQuery(CUSTOMER, first))).toEqual(expect.objectContaining({ ok: false, error_message: PAYMENT_TEXTS.staleInvoice }));
    expect(await answerOf(preCheckoutQuery(CUSTOMER, second))).toMatchObject({ ok: true });

    // the piece sold out meanwhile: the line did not take it (the product was not counted when ordered)
    const pillow = fixture.byName("Подушка льняная");
    await t.prisma.product.update({ where: { id: pillow.id }, data: { stock: 0 } });
    expect(await answerOf(preCheckoutQuery(CUSTOMER, second))).toEqual(
      expect.objectContaining({ ok: false, error_message: "Товар «Подушка льняная» закончился. Оплата не принята, магазин свяжется с вами." }),
    );
    await t.prisma.product.update({ where: { id: pillow.id }, data: { stock: 0, madeToOrderDays: 10 } });
    expect(await answerOf(preCheckoutQuery(CUSTOMER, second))).toMatchObject({ ok: true });

    // cancelled
    const cancel = await t.app.inject({ method: "PUT", url: `/api/orders/${order.id}/status`, headers: await admin(), payload: { status: "cancelled" } });
    expect(cancel.statusCode).toBe(200);
    expect(await answerOf(preCheckoutQuery(CUSTOMER, second))).toEqual(expect.objectContaining({ ok: false, error_message: PAYMENT_TEXTS.orderCancelled }));
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("invoiced");
  });

  it("keeps a piece the order took: a counted product sold out afterwards does not stop the payment", async () => {
    const candle = fixture.byName("Свеча соевая «Ваниль»");
    await t.prisma.product.update({ where: { id: candle.id }, data: { stock: 1 } });
    const { order, card } = await orderThroughBot([["Свеча соевая «Ваниль»", 1]]);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: candle.id } })).stock).toBe(0);
    const invoice = invoiceOf(await invoiceFromCard(card, order.id, 0));
    expect(invoice.totalAmount).toBe(35000);
    expect(lastCall("sendInvoice").params.prices).toEqual([{ label: "Свеча соевая «Ваниль» × 1", amount: 35000 }]);
    expect(await answerOf(preCheckoutQuery(CUSTOMER, invoice))).toMatchObject({ ok: true });
  });

  it("asks for 'Другая сумма' in the chat and remembers the question across a bot restart", async () => {
    const { order } = await orderThroughBot([["Тарелка «Ёлочка»", 2]]);
    const dmCard = sentTo(MANAGER.id).find((call) => call.params.text.includes(`Заказ №${order.orderNumber}<`))!;
    await bot.handleUpdate(buttonPress(MANAGER, MANAGER.id, dmCard.result.message_id, `dc:${order.id}:other`));
    expect(lastCall("answerCallbackQuery").params.text).toBe(PAYMENT_BOT_TEXTS.askCostToast);
    const question = lastSentTo(MANAGER.id);
    expect(question.params.text).toBe(PAYMENT_BOT_TEXTS.askCost(order.orderNumber));
    expect(question.params.reply_markup).toMatchObject({ force_reply: true });

    // the shop restarts: a new bot on the same database still knows what the next number is for
    const restarted = createBot({ db: t.db, config: t.config, notifier, log: silentLog });
    await restarted.init();
    // not a sum, a sum that rounds to 0 kopecks without being 0, text JavaScript would read as a number
    for (const text of ["сколько?", "0,0000001", "0x10", "1e3"]) {
      await restarted.handleUpdate(textMessage(MANAGER, text));
      expect(lastSentTo(MANAGER.id).params.text, text).toBe(PAYMENT_TEXTS.badDeliveryCost);
    }
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("unpaid");

    await restarted.handleUpdate(textMessage(MANAGER, "420,50"));
    const invoiced = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([Number(invoiced.deliveryCost), Number(invoiced.total), invoiced.paymentStatus]).toEqual([420.5, 841 - 42.05 + 420.5, "invoiced"]);
    expect(lastSentTo(MANAGER.id).params.text).toBe(PAYMENT_BOT_TEXTS.invoiceSentFor(order.orderNumber, 1219_45));
    expect(await t.prisma.deliveryCostPrompt.count()).toBe(0);
    await deliverAll();
    expect(lastCall("sendInvoice").params.prices.at(-1)).toEqual({ label: "Доставка", amount: 42050 });

    // once answered, a number is just a message again
    await restarted.handleUpdate(textMessage(MANAGER, "300"));
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).invoiceNumber).toBe(1);
  });

  it("takes the payment of an invoice sent before the shop restarted", async () => {
    const { order, card } = await orderThroughBot([["Свеча соевая «Ваниль»", 1]]);
    const invoice = await invoiceFromCard(card, order.id, 250);
    const restarted = createBot({ db: t.db, config: t.config, notifier, log: silentLog });
    await restarted.init();
    const answered = fake.succeeded("answerPreCheckoutQuery").length;
    await restarted.handleUpdate(preCheckoutQuery(CUSTOMER, invoiceOf(invoice)));
    expect(fake.succeeded("answerPreCheckoutQuery")).toHaveLength(answered + 1);
    expect(fake.succeeded("answerPreCheckoutQuery").at(-1)!.params).toMatchObject({ ok: true });
    await restarted.handleUpdate(successfulPayment(CUSTOMER, invoiceOf(invoice), newCharge()));
    const paid = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { payments: true } });
    expect([paid.paymentStatus, paid.payments.length, Number(paid.payments[0]!.amount)]).toEqual(["paid", 1, Number(paid.total)]);
  });

  it("lets only the managers' chats invoice", async () => {
    const { order } = await orderThroughBot([["Тарелка «Ёлочка»", 1]]);
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, 1, `dc:${order.id}:0`));
    expect(lastCall("answerCallbackQuery").params).toMatchObject({ text: PAYMENT_BOT_TEXTS.notAllowed, show_alert: true });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("unpaid");
  });

  it("gives the Mini App a payment link of the current invoice through createInvoiceLink", async () => {
    const { order, card } = await orderThroughBot([["Кружка ручной лепки", 1]]);
    const url = `/api/my-orders/${order.id}/invoice-link`;
    const headers = initDataHeader({ id: CUSTOMER.id, first_name: CUSTOMER.first_name });
    const before = await t.app.inject({ method: "POST", url, headers });
    expect(before.statusCode).toBe(409);
    expect(before.json()).toEqual({ message: PAYMENT_TEXTS.notInvoiced });

    await invoiceFromCard(card, order.id, 500);
    const response = await t.app.inject({ method: "POST", url, headers });
    expect(response.statusCode).toBe(200);
    const link = lastCall("createInvoiceLink");
    expect(response.json()).toEqual({ url: link.result });
    expect(link.params).toMatchObject({ payload: `order:${order.id}:invoice:1`, provider_token: PROVIDER_TOKEN, currency: "RUB" });
    expect(link.params.prices).toEqual(lastCall("sendInvoice").params.prices);

    // someone else's order is not theirs to pay; without Telegram there is no one to ask
    const stranger = await t.app.inject({ method: "POST", url, headers: initDataHeader({ id: 999, first_name: "Другой" }) });
    expect(stranger.statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url })).statusCode).toBe(401);

    // Telegram not answering is a 502, not a 500
    fake.failNext("createInvoiceLink", { status: 500, description: "Internal Server Error" });
    const failed = await t.app.inject({ method: "POST", url, headers });
    expect(failed.statusCode).toBe(502);

    // paid: no link any more
    await bot.handleUpdate(successfulPayment(CUSTOMER, invoiceOf(link)));
    const paid = await t.app.inject({ method: "POST", url, headers });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ message: PAYMENT_TEXTS.alreadyPaid });
  });
});

describe("a shop whose bot polls Telegram (the e2e helpers)", () => {
  it("pays an invoice through getUpdates: the pre-checkout is answered, the payment recorded", async () => {
    const { order, card } = await orderThroughBot([["Салатник глазурованный", 1]]);
    const runtime = startBot({ db: t.db, config: t.config, notifier, mode: "polling", worker: { pollIntervalMs: 50 } });
    try {
      await runtime.ready;
      const before = fake.succeeded("sendInvoice").length;
      await bot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, card.result.message_id, `dc:${order.id}:250`));
      const invoice = await waitForInvoice(fake, "sendInvoice", before);
      expect(invoice.params.payload).toBe(`order:${order.id}:invoice:1`);
      expect(await payInvoice(fake, CUSTOMER, invoiceOf(invoice), newCharge())).toEqual({ ok: true });
      for (let i = 0; i < 100 && (await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus !== "paid"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("paid");
      expect(await payInvoice(fake, CUSTOMER, invoiceOf(invoice))).toEqual({ ok: false, error_message: PAYMENT_TEXTS.orderPaid });
    } finally {
      await runtime.stop();
    }
  });
});

describe("without a payment provider", () => {
  let off: TestApp;
  let offBot: Bot;
  const offNotifier = createOutboxNotifier({ managerChatIds: [BigInt(MANAGER_GROUP)] });

  beforeAll(async () => {
    off = await createTestApp({
      notifier: offNotifier,
      env: { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_API_ROOT: fake.url, MANAGER_CHAT_IDS: String(MANAGER_GROUP) },
    });
    offBot = createBot({ db: off.db, config: off.config, notifier: offNotifier, log: silentLog });
    await offBot.init();
  });
  afterAll(async () => {
    await off.close();
  });

  it("shows nothing about payment: no button on the card, payments false, the invoice a 409", async () => {
    expect(off.config.payments).toBeNull();
    expect((await off.app.inject({ method: "GET", url: "/api/config" })).json()).toMatchObject({ payments: false });
    const offFixture = await createFixture(off.prisma);
    const created = await off.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: initDataHeader({ id: CUSTOMER.id, first_name: CUSTOMER.first_name }),
      payload: {
        customer_name: "Анна",
        customer_phone: "+79123456789",
        source: "telegram_mini_app",
        telegram_user_id: CUSTOMER.id,
        cart_items: [{ product_id: offFixture.byName("Кружка ручной лепки").id, quantity: 1 }],
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const row = await off.prisma.outboxMessage.findFirstOrThrow({ where: { chatId: BigInt(MANAGER_GROUP), dedupeKey: `order:${id}:created` } });
    const keyboard = (row.payload as { reply_markup: { inline_keyboard: { text: string }[][] } }).reply_markup.inline_keyboard.flat();
    expect(keyboard.map((b) => b.text)).toEqual(["В работе", "Отправлен", "Завершен", "Отменен"]);

    const invoice = await off.app.inject({ method: "POST", url: `/api/orders/${id}/invoice`, headers: { authorization: `Bearer ${await off.adminToken()}` }, payload: { delivery_cost: 250 } });
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json()).toEqual({ message: PAYMENT_TEXTS.notConfigured });
    const link = await off.app.inject({ method: "POST", url: `/api/my-orders/${id}/invoice-link`, headers: initDataHeader({ id: CUSTOMER.id, first_name: "Анна" }) });
    expect(link.statusCode).toBe(409);
    // a pressed invoice button of an old card changes nothing
    await offBot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, 1, `dc:${id}:250`));
    expect((await off.prisma.order.findUniqueOrThrow({ where: { id } })).paymentStatus).toBe("unpaid");
  });
});
