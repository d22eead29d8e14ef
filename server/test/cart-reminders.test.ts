import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bot } from "grammy";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { CONTACT, line } from "../../api/test/helpers/checkout";
import { initDataHeader, type InitDataUser } from "../../api/test/helpers/telegram";
import { startShopJobs } from "@shop/core/jobs";
import { remindForgottenCart, REMINDER_INTERVAL_MS } from "@shop/core/carts";
import { createBot } from "../../bot/src/bot";
import { silentLog } from "../../bot/src/log";
import { CART_REMINDER_TEXTS, cartReminderMessage } from "../../bot/src/cart-reminder";
import { createOutboxApi, createOutboxWorker } from "../../bot/src/outbox-worker";
import { startFakeTelegram, type FakeCall, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import { buttonPress } from "../../bot/test/helpers/updates";

/**
 * The forgotten-cart reminder end to end (docs/product.md#forgotten-carts): the Mini App's cart synced through
 * PUT /api/cart, the job queue looking at it once it waited CART_REMINDER_HOURS (here about a second), the outbox
 * worker sending the message to the Bot API stand-in, «Не напоминать» pressed in the bot.
 */

const MINI_APP_URL = "https://t.me/shop_test_bot/shop";
/** ≈ 0.7 s */
const DELAY_HOURS = 0.0002;
const DELAY_MS = Math.round(DELAY_HOURS * 3_600_000);

let t: TestApp;
let fake: FakeTelegram;
let fixture: Fixture;
let bot: Bot;
let nextUser = 910_001;
const newUser = (): InitDataUser => ({ id: nextUser++, first_name: "Покупатель" });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  fake = await startFakeTelegram(TEST_BOT_TOKEN);
  t = await createTestApp({
    env: {
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: fake.url,
      BOT_MODE: "off",
      PUBLIC_URL: "https://shop.example.ru",
      TELEGRAM_MINI_APP_URL: MINI_APP_URL,
      CART_REMINDER_HOURS: String(DELAY_HOURS),
    },
    jobs: (db, config) =>
      startShopJobs({
        db,
        log: silentLog,
        cartReminderDelayMs: config.jobs.cartReminderMs,
        cartReminderMessage: cartReminderMessage(config),
        broadcastsPerSecond: config.jobs.broadcastsPerSecond,
        pollingIntervalSeconds: 0.5,
      }),
  });
  fixture = await createFixture(t.prisma);
  bot = createBot({ db: t.db, config: t.config, notifier: { onQueued: () => () => {} } as never, log: silentLog }, { botInfo: { ...fake.botUser, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false } as never });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const worker = () => createOutboxWorker({ db: t.db, api: createOutboxApi(TEST_BOT_TOKEN, fake.url), log: silentLog });

async function syncCart(user: InitDataUser, items: { product_id: number; variant_id?: number | null; quantity: number }[]) {
  const response = await t.app.inject({ method: "PUT", url: "/api/cart", headers: initDataHeader(user), payload: { items } });
  expect(response.statusCode, response.body).toBe(200);
}

/** Waits until the queue has looked at the user's cart: a reminder queued, or the job run without one. */
async function reminderQueued(user: InitDataUser, timeoutMs = 8_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await t.prisma.outboxMessage.count({ where: { chatId: BigInt(user.id), dedupeKey: { startsWith: "cart-reminder:" } } })) > 0) return true;
    await sleep(100);
  }
  return false;
}

async function sendOutbox(): Promise<void> {
  await worker().runOnce();
}

const remindersTo = (user: InitDataUser): FakeCall[] => fake.delivered(user.id).filter((call) => String(call.params.text).startsWith(CART_REMINDER_TEXTS.heading));

describe("forgotten-cart reminders", () => {
  it("a cart left without an order gets one message naming its items, with buttons to the cart and «Не напоминать»", async () => {
    const user = newUser();
    const vase = fixture.byName("Ваза керамическая «Лён»");
    const mug = fixture.byName("Кружка ручной лепки");
    await syncCart(user, [
      { product_id: vase.id, quantity: 1 },
      { product_id: mug.id, quantity: 2 },
    ]);
    expect(await reminderQueued(user)).toBe(true);
    await sendOutbox();
    const [reminder, ...more] = remindersTo(user);
    expect(more).toHaveLength(0);
    expect(reminder!.params.text).toContain("• Ваза керамическая «Лён»");
    expect(reminder!.params.text).toContain("• Кружка ручной лепки × 2");
    const buttons = (reminder!.params.reply_markup.inline_keyboard as { text: string; url?: string; callback_data?: string }[][]).flat();
    expect(buttons).toEqual([
      { text: CART_REMINDER_TEXTS.open, url: `${MINI_APP_URL}?startapp=cart` },
      { text: CART_REMINDER_TEXTS.off, callback_data: "cr:off" },
    ]);

    // the Mini App opened again syncs the same cart: no second message, now or after the delay
    await syncCart(user, [
      { product_id: vase.id, quantity: 1 },
      { product_id: mug.id, quantity: 2 },
    ]);
    await sleep(DELAY_MS * 3);
    await sendOutbox();
    expect(remindersTo(user)).toHaveLength(1);
    // a changed cart is a new one, but a week has not passed since the reminder
    await syncCart(user, [{ product_id: vase.id, quantity: 3 }]);
    const cart = await t.prisma.cart.findUniqueOrThrow({ where: { telegramUserId: BigInt(user.id) } });
    const outcome = await remindForgottenCart(t.db, user.id, { now: new Date(), delayMs: DELAY_MS, message: cartReminderMessage(t.config) });
    expect(outcome).toEqual({ kind: "later", at: new Date(cart.remindedAt!.getTime() + REMINDER_INTERVAL_MS) });
    expect(await t.prisma.outboxMessage.count({ where: { chatId: BigInt(user.id) } })).toBe(1);
  });

  it("a customer who ordered since gets none", async () => {
    const user = newUser();
    const vase = fixture.byName("Ваза керамическая «Лён»");
    await syncCart(user, [{ product_id: vase.id, quantity: 1 }]);
    const order = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: initDataHeader(user),
      payload: { ...CONTACT, source: "telegram_mini_app", telegram_user_id: user.id, cart_items: [line(vase)] },
    });
    expect(order.statusCode, order.body).toBe(201);
    await sleep(DELAY_MS * 4);
    expect(await remindForgottenCart(t.db, user.id, { now: new Date(Date.now() + DELAY_MS), delayMs: DELAY_MS, message: cartReminderMessage(t.config) })).toEqual({
      kind: "none",
      reason: "ordered",
    });
    await sendOutbox();
    expect(remindersTo(user)).toHaveLength(0);
    expect(await t.prisma.outboxMessage.count({ where: { chatId: BigInt(user.id), dedupeKey: { startsWith: "cart-reminder:" } } })).toBe(0);
  });

  it("«Не напоминать» turns reminders off: a later cart gets none", async () => {
    const user = newUser();
    const candle = fixture.byName("Свеча соевая «Ваниль»");
    await syncCart(user, [{ product_id: candle.id, quantity: 1 }]);
    expect(await reminderQueued(user)).toBe(true);
    await sendOutbox();
    const [reminder] = remindersTo(user);
    await bot.handleUpdate(buttonPress({ id: user.id, first_name: "Покупатель" }, user.id, reminder!.result.message_id, "cr:off"));
    expect(fake.succeeded("answerCallbackQuery").at(-1)!.params.text).toBe(CART_REMINDER_TEXTS.turnedOff);
    // the way to the cart stays, the button is gone
    expect(fake.succeeded("editMessageReplyMarkup").at(-1)!.params.reply_markup.inline_keyboard.flat()).toEqual([
      { text: CART_REMINDER_TEXTS.open, url: `${MINI_APP_URL}?startapp=cart` },
    ]);
    await syncCart(user, [{ product_id: candle.id, quantity: 2 }]);
    const later = new Date(Date.now() + REMINDER_INTERVAL_MS + DELAY_MS);
    expect(await remindForgottenCart(t.db, user.id, { now: later, delayMs: DELAY_MS, message: cartReminderMessage(t.config) })).toEqual({ kind: "none", reason: "turned-off" });
    await sleep(DELAY_MS * 3);
    await sendOutbox();
    expect(remindersTo(user)).toHaveLength(1);
  });

  it("a customer who blocked the bot gets none: Telegram's 403 marks them", async () => {
    const user = newUser();
    const plaid = fixture.byName("Плед вязаный из шерсти");
    await syncCart(user, [{ product_id: plaid.id, quantity: 1 }]);
    expect(await reminderQueued(user)).toBe(true);
    fake.failNext("sendMessage", { status: 403, description: "Forbidden: bot was blocked by the user" });
    await sendOutbox();
    expect(remindersTo(user)).toHaveLength(0);
    const customer = await t.prisma.telegramCustomer.findUniqueOrThrow({ where: { telegramUserId: BigInt(user.id) } });
    expect(customer.blockedAt).not.toBeNull();
    await syncCart(user, [{ product_id: plaid.id, quantity: 2 }]);
    const later = new Date(Date.now() + REMINDER_INTERVAL_MS + DELAY_MS);
    expect(await remindForgottenCart(t.db, user.id, { now: later, delayMs: DELAY_MS, message: cartReminderMessage(t.config) })).toEqual({ kind: "none", reason: "blocked" });
  });

  it("the cart is the Mini App's only: without Telegram's initData 401, a bad line 400", async () => {
    const anonymous = await t.app.inject({ method: "PUT", url: "/api/cart", payload: { items: [] } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "Корзина сохраняется только в Telegram" });
    const bad = await t.app.inject({ method: "PUT", url: "/api/cart", headers: initDataHeader(newUser()), payload: { items: [{ product_id: 1, quantity: 0 }] } });
    expect(bad.statusCode).toBe(400);
  });
});
