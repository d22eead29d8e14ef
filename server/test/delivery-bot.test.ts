import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import { DeliveryDesk, pollCdekStatuses, type DeliveryNotifier } from "@shop/core/delivery";
import { KEY_USED_FOR_ANOTHER_ORDER } from "@shop/core/orders";
import type { DeliverySettingsWire } from "@shop/shared/schemas/delivery";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { createBot } from "../../bot/src/bot";
import { silentLog } from "../../bot/src/log";
import { createOutboxNotifier } from "@shop/bot/notifier";
import { PREPARED_TEXTS } from "../../bot/src/prepared-order";
import { SHIPMENT_TEXTS } from "../../bot/src/shipment";
import { TRACK_BUTTON } from "../../bot/src/keyboards";
import { startFakeTelegram, type FakeCall, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import { buttonPress, textMessage, type Person } from "../../bot/test/helpers/updates";
import { initDataHeader } from "../../api/test/helpers/telegram";
import { startCdekStandin, startPochtaStandin, standinEnv, type CdekStandin, type PochtaStandin } from "../../core/test/helpers/carrier-standins";

/**
 * Delivery through the bot (docs/delivery.md): a website checkout with a СДЭК point confirmed in the bot (the
 * method, the point and the price shown; quoted again at the confirmation, a moved price shown before it is
 * charged), a track number typed in the managers' chat, and СДЭК's statuses read by polling.
 */

const CUSTOMER: Person = { id: 555101, first_name: "Анна", username: "anna_d" };
const MANAGER: Person = { id: 78, first_name: "Ольга", username: "olga_manager" };
const MANAGER_GROUP = -100501;

let t: TestApp;
let fake: FakeTelegram;
let f: Fixture;
let bot: Bot;
let cdek: CdekStandin;
let pochta: PochtaStandin;
let auth: { authorization: string };
let notifier: ReturnType<typeof createOutboxNotifier>;

const SETTINGS: DeliverySettingsWire = {
  methods: {
    pickup: { enabled: true, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    courier: { enabled: false, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    cdek_point: { enabled: true, markup_percent: 10, markup_roubles: 20, round_up_to_10: true, free_from: null, by_arrangement: false },
    cdek_door: { enabled: false, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    pochta: { enabled: false, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
  },
  pickup: { address: "Москва, ул. Гончарная, 5", hours: "Пн–Пт 10:00–19:00" },
  courier: { price: 300, cities: [] },
  origin: { city: "Москва", cdek_city_code: 44, postal_code: "101000" },
  parcel: { weight_grams: 400, length_cm: 20, width_cm: 15, height_cm: 10 },
};

const candle = () => f.byName("Свеча соевая «Ваниль»"); // 350 ₽; two of them 665 ₽ after the 5 % discount
const lastSentTo = (chatId: number): FakeCall => fake.delivered(chatId).at(-1)!;
const buttons = (call: FakeCall) => ((call.params.reply_markup as { inline_keyboard?: { text: string; callback_data?: string }[][] } | undefined)?.inline_keyboard ?? []).flat();
const outbox = async () =>
  (await t.prisma.outboxMessage.findMany({ orderBy: { id: "asc" } })).map((row) => [String(row.chatId), (row.payload as { text?: string }).text ?? ""]);

async function quoteCdek(): Promise<{ quote_id: string; price: number }> {
  const quote = await t.app.inject({ method: "POST", url: "/api/delivery/quote", payload: { city: "Москва", city_code: 44, cart_items: [{ product_id: candle().id, quantity: 2 }] } });
  return (quote.json() as { methods: { method: string; quote_id: string; price: number }[] }).methods.find((m) => m.method === "cdek_point")!;
}

async function prepare(delivery: object | null, key?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders/prepare",
    headers: key ? { "idempotency-key": key } : {},
    payload: {
      order: { customer_name: "Анна Смирнова", customer_phone: "+7 (912) 345-67-89", delivery_address: null, comment: null },
      cart: [{ id: candle().id, quantity: 2 }],
      source: "website",
      delivery,
    },
  });
}

/** A text typed by `from` in the managers' group. */
function groupMessage(from: Person, chatId: number, text: string): Update {
  return {
    update_id: Math.floor(Math.random() * 1e9),
    message: {
      message_id: Math.floor(Math.random() * 1e6),
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "group", title: "Менеджеры" },
      from: { id: from.id, is_bot: false, first_name: from.first_name, username: from.username },
      text,
    },
  } as Update;
}

beforeAll(async () => {
  fake = await startFakeTelegram(TEST_BOT_TOKEN);
  cdek = await startCdekStandin();
  pochta = await startPochtaStandin();
  notifier = createOutboxNotifier({ managerChatIds: [BigInt(MANAGER_GROUP)], miniAppUrl: null, publicUrl: "https://shop.example.ru" });
  t = await createTestApp({
    notifier,
    env: {
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: fake.url,
      MANAGER_CHAT_IDS: String(MANAGER_GROUP),
      PUBLIC_URL: "https://shop.example.ru",
      ...standinEnv(cdek, pochta, { CARRIER_TIMEOUT_MS: "500" }),
    },
  });
  f = await createFixture(t.prisma);
  bot = createBot({ db: t.db, config: t.config, notifier, log: silentLog });
  await bot.init();
  t.app.botInfo.username = bot.botInfo.username;
  auth = { authorization: `Bearer ${await t.adminToken()}` };
  expect((await t.app.inject({ method: "PUT", url: "/api/delivery/settings", headers: auth, payload: SETTINGS })).statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await cdek?.close();
  await pochta?.close();
});

beforeEach(async () => {
  await t.prisma.outboxMessage.deleteMany({});
});

describe("a website checkout confirmed in the bot", () => {
  it("carries the chosen СДЭК point: the bot shows method, point and price, and the order is written with them", async () => {
    const quote = await quoteCdek();
    expect(quote.price).toBe(370);
    const prepared = await prepare({ method: "cdek_point", city: "Москва", city_code: 44, point_code: "MSK1", quote_id: quote.quote_id, expected_price: 370 });
    expect(prepared.statusCode).toBe(201);
    const { token } = prepared.json() as { token: string };
    expect(prepared.json()).toMatchObject({ delivery_cost: 370, total: 665 + 370 });

    await bot.handleUpdate(textMessage(CUSTOMER, `/start ${token}`));
    const shown = lastSentTo(CUSTOMER.id);
    const text = String(shown.params.text);
    expect(text).toContain("🚚 <b>СДЭК, пункт выдачи</b> — Москва");
    expect(text).toContain("Пункт выдачи: Тверская ул., 12");
    expect(text).toContain("Стоимость доставки: 370");
    expect(text).toContain("3–5 дней");
    expect(text).not.toContain("уточнена менеджером");

    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, shown.result.message_id, `po:${token}`));
    const order = await t.prisma.order.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(Number(order.deliveryCost)).toBe(370);
    expect(Number(order.total)).toBe(665 + 370);
    const view = (await t.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: auth })).json();
    expect(view).toMatchObject({ source: "website", delivery: { method: "cdek_point", point_code: "MSK1", point_address: "Тверская ул., 12", price_known: true } });
  });

  it("quotes again at the confirmation: a price moved after the kept quote ran out is shown, and the next press is charged it", async () => {
    const quote = await quoteCdek();
    const { token } = (await prepare({ method: "cdek_point", city: "Москва", city_code: 44, point_code: "MSK1", quote_id: quote.quote_id, expected_price: quote.price })).json() as {
      token: string;
    };
    // the quote the checkout kept ran out, and СДЭК's price moved meanwhile
    await t.prisma.$executeRawUnsafe(
      `UPDATE prepared_orders SET payload = jsonb_set(payload, '{delivery,kept,until}', to_jsonb(0)) WHERE token = $1`,
      token,
    );
    cdek.setPrice(136, 44, 400);
    t.app.delivery.forgetCarrierAnswers();
    const before = await t.prisma.order.count();
    await bot.handleUpdate(textMessage(CUSTOMER, `/start ${token}`));
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, lastSentTo(CUSTOMER.id).result.message_id, `po:${token}`));
    expect(await t.prisma.order.count()).toBe(before);
    const messages = fake.delivered(CUSTOMER.id).slice(-2);
    // 400 + 10 % + 20 = 460
    expect(String(messages[0]!.params.text)).toBe(PREPARED_TEXTS.deliveryChanged("СДЭК, пункт выдачи — 460 руб., 3–5 дней"));
    expect(String(messages[1]!.params.text)).toContain("Стоимость доставки: 460");
    expect(buttons(messages[1]!)).toEqual([{ text: PREPARED_TEXTS.confirmButton, callback_data: `po:${token}` }]);

    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, messages[1]!.result.message_id, `po:${token}`));
    const order = await t.prisma.order.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(await t.prisma.order.count()).toBe(before + 1);
    expect(Number(order.deliveryCost)).toBe(460);
    expect(Number(order.total)).toBe(665 + 460);
    cdek.setPrice(136, 44, 312.4);
    t.app.delivery.forgetCarrierAnswers();
  });

  it("a price the carrier could not give at the website (the manager's) is shown once it has one, before it is charged", async () => {
    cdek.down = true;
    t.app.delivery.forgetCarrierAnswers();
    // another city: nothing of it is in the memory of the server or the bot
    const prepared = await prepare({ method: "cdek_point", city: "Казань", city_code: 424, point_code: "C4241" });
    cdek.down = false;
    expect(prepared.json()).toMatchObject({ delivery_cost: 250 });
    const { token } = prepared.json() as { token: string };
    await bot.handleUpdate(textMessage(CUSTOMER, `/start ${token}`));
    expect(String(lastSentTo(CUSTOMER.id).params.text)).toContain("Стоимость доставки: стоимость уточнит менеджер");
    await t.prisma.$executeRawUnsafe(`UPDATE prepared_orders SET payload = jsonb_set(payload, '{delivery,kept,until}', to_jsonb(0)) WHERE token = $1`, token);
    const before = await t.prisma.order.count();
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, lastSentTo(CUSTOMER.id).result.message_id, `po:${token}`));
    expect(await t.prisma.order.count()).toBe(before);
    const [warning, again] = fake.delivered(CUSTOMER.id).slice(-2);
    expect(String(warning!.params.text)).toBe(PREPARED_TEXTS.deliveryChanged("СДЭК, пункт выдачи — 370 руб., 3–5 дней"));
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, again!.result.message_id, `po:${token}`));
    const order = await t.prisma.order.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(Number(order.deliveryCost)).toBe(370);
  });

  it("a checkout prepared before delivery was carried (payload version 4) is still confirmed, at the shop's fixed fee", async () => {
    const lines = [{ productId: candle().id, name: candle().name, sku: "SKU", image: null, price: 35000, quantity: 1 }];
    await t.prisma.preparedOrder.create({
      data: {
        token: "old-checkout-v4-token",
        payload: {
          version: 4,
          contact: { customerName: "Пётр", customerPhone: "+79123456780", deliveryAddress: "Казань", comment: null },
          lines,
          totals: { subtotal: 35000, discountPercent: 0, discount: 0, delivery: 25000, total: 60000 },
          source: "website",
        },
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    await bot.handleUpdate(textMessage(CUSTOMER, "/start old-checkout-v4-token"));
    const shown = lastSentTo(CUSTOMER.id);
    expect(String(shown.params.text)).not.toContain("🚚");
    expect(String(shown.params.text)).toContain("уточнена менеджером");
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, shown.result.message_id, "po:old-checkout-v4-token"));
    const order = await t.prisma.order.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(order.customerName).toBe("Пётр");
    expect(Number(order.total)).toBe(600);
  });

  it("one Idempotency-Key with another delivery choice is another checkout (422), the same choice the same token", async () => {
    const first = await prepare({ method: "pickup" }, "prepare-key-delivery");
    expect(first.statusCode).toBe(201);
    expect((await prepare({ method: "pickup" }, "prepare-key-delivery")).statusCode).toBe(200);
    const other = await prepare({ method: "cdek_point", city: "Москва", city_code: 44, point_code: "MSK1" }, "prepare-key-delivery");
    expect(other.statusCode).toBe(422);
  });
});

describe("a Mini App order's Idempotency-Key", () => {
  it("stands for the delivery choice too: the same key with another point is a 422, the same choice returns the order", async () => {
    const order = (point: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: { ...initDataHeader(CUSTOMER), "idempotency-key": "mini-app-key-delivery" },
        payload: {
          customer_name: "Анна",
          customer_phone: "+7 912 345-67-89",
          source: "telegram_mini_app",
          cart_items: [{ product_id: candle().id, quantity: 1 }],
          delivery: { method: "cdek_point", city: "Москва", city_code: 44, point_code: point },
        },
      });
    expect((await order("MSK1")).statusCode).toBe(201);
    expect((await order("MSK1")).statusCode).toBe(200);
    const other = await order("MSK2");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: KEY_USED_FOR_ANOTHER_ORDER });
  });
});

describe("after the order, in the managers' chat and by polling", () => {
  async function orderWithCdek(): Promise<{ id: number; number: string }> {
    const { token } = (await prepare({ method: "cdek_point", city: "Москва", city_code: 44, point_code: "MSK2" })).json() as { token: string };
    await bot.handleUpdate(textMessage(CUSTOMER, `/start ${token}`));
    await bot.handleUpdate(buttonPress(CUSTOMER, CUSTOMER.id, lastSentTo(CUSTOMER.id).result.message_id, `po:${token}`));
    const order = await t.prisma.order.findFirstOrThrow({ orderBy: { id: "desc" } });
    return { id: order.id, number: order.orderNumber };
  }

  it("a manager types a track number after «Ввести трек-номер»: stored, the customer told once, the log says the bot", async () => {
    const order = await orderWithCdek();
    const card = (await t.prisma.outboxMessage.findMany({ where: { chatId: BigInt(MANAGER_GROUP) } })).at(-1)!;
    const cardButtons = ((card.payload as { reply_markup: { inline_keyboard: { text: string; callback_data: string }[][] } }).reply_markup.inline_keyboard).flat();
    expect(cardButtons).toContainEqual({ text: TRACK_BUTTON, callback_data: `tn:${order.id}` });
    await t.prisma.outboxMessage.deleteMany({});

    // a stranger's chat cannot ask
    await bot.handleUpdate(buttonPress(MANAGER, -100999, 1, `tn:${order.id}`));
    expect(await t.prisma.deliveryCostPrompt.count()).toBe(0);

    await bot.handleUpdate(buttonPress(MANAGER, MANAGER_GROUP, 5, `tn:${order.id}`));
    expect(String(lastSentTo(MANAGER_GROUP).params.text)).toBe(SHIPMENT_TEXTS.askTrack(order.number));
    await bot.handleUpdate(groupMessage(MANAGER, MANAGER_GROUP, "№1"));
    expect(String(lastSentTo(MANAGER_GROUP).params.text)).toMatch(/^Трек-номер — от 4 до 64/);
    await bot.handleUpdate(groupMessage(MANAGER, MANAGER_GROUP, "1234567890"));
    expect(String(lastSentTo(MANAGER_GROUP).params.text)).toBe(SHIPMENT_TEXTS.trackSaved(order.number, "1234567890"));
    // the question is answered: the next message is just a message
    await bot.handleUpdate(groupMessage(MANAGER, MANAGER_GROUP, "9999999999"));

    const view = (await t.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: auth })).json();
    expect(view).toMatchObject({ delivery: { track_number: "1234567890", tracking_url: "https://www.cdek.ru/ru/tracking/?order_id=1234567890" } });
    const toCustomer = (await outbox()).filter(([chat]) => chat === String(CUSTOMER.id));
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]![1]).toContain("1234567890");
    const log = await t.prisma.$queryRawUnsafe<{ via: string; staff_id: number | null; staff_name: string; action: string; after: unknown }[]>(
      `SELECT via, staff_id, staff_name, action, after FROM audit_log WHERE kind = 'order' AND entity_id = $1`,
      order.id,
    );
    expect(log).toEqual([{ via: "bot", staff_id: null, staff_name: "Telegram: @olga_manager", action: "track_number", after: { track_number: "1234567890" } }]);
  });

  it("polling reads СДЭК's status of registered shipments and moves the order as the webhook does: once, one message each", async () => {
    const order = await orderWithCdek();
    expect((await t.app.inject({ method: "POST", url: `/api/orders/${order.id}/shipment`, headers: auth })).statusCode).toBe(200);
    const sent = cdek.orders.at(-1)!;
    await t.prisma.outboxMessage.deleteMany({});
    const desk = new DeliveryDesk(t.db, t.config.delivery);
    const deps = { db: t.db, desk, notifier: notifier as DeliveryNotifier };
    const reads = () => cdek.callsTo(`/v2/orders/${sent.uuid}`).length;

    const asked = reads();
    cdek.setStatus(sent.uuid, "ACCEPTED_AT_PICK_UP_POINT");
    expect(await pollCdekStatuses(deps, new Date(Date.now() + 1000))).toMatchObject({ unanswered: 0 });
    expect(reads()).toBeGreaterThan(asked);
    expect(await pollCdekStatuses(deps, new Date(Date.now() + 1000))).toMatchObject({ unanswered: 0 });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("shipped");

    cdek.setStatus(sent.uuid, "DELIVERED");
    await pollCdekStatuses(deps, new Date(Date.now() + 1000));
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("completed");
    // a delivered shipment is not asked about again
    const afterDelivered = reads();
    expect(await pollCdekStatuses(deps, new Date(Date.now() + 1000))).toEqual({ asked: 0, unanswered: 0 });
    expect(reads()).toBe(afterDelivered);

    const toCustomer = (await outbox()).filter(([chat]) => chat === String(CUSTOMER.id)).map(([, text]) => text);
    expect(toCustomer).toHaveLength(2);
    expect(toCustomer[0]).toContain("Отправлен");
    expect(toCustomer[1]).toContain("Завершен");

    // СДЭК away: the shipment is asked again next time, nothing moves
    cdek.down = true;
    const other = await orderWithCdek();
    cdek.down = false;
    expect((await t.app.inject({ method: "POST", url: `/api/orders/${other.id}/shipment`, headers: auth })).statusCode).toBe(200);
    cdek.down = true;
    expect(await pollCdekStatuses(deps, new Date(Date.now() + 1000))).toEqual({ asked: 1, unanswered: 1 });
    cdek.down = false;
  });
});
