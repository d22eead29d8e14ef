import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Bot } from "grammy";
import { sendDueReviewRequests } from "@shop/core/reviews";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { insertOrder } from "../../api/test/helpers/order-rows";
import { createBot } from "../../bot/src/bot";
import { silentLog } from "../../bot/src/log";
import { createOutboxNotifier } from "@shop/bot/notifier";
import { createOutboxApi, createOutboxWorker, type OutboxWorker } from "../../bot/src/outbox-worker";
import { createReviewRequestMessages, REVIEW_REQUEST_TEXTS } from "../../bot/src/review-requests";
import { REVIEW_CHAT_TEXTS } from "../../bot/src/reviews";
import { startFakeTelegram, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import { buttonPress, textMessage, type Person } from "../../bot/test/helpers/updates";

const MINI_APP_URL = "https://t.me/shop_test_bot/shop";
const DAY = 86_400_000;
const NOW = new Date("2026-11-20T12:00:00Z");

let t: TestApp;
let fake: FakeTelegram;
let fixture: Fixture;
let bot: Bot;
let worker: OutboxWorker;
let nextPerson = 810_000;
const messages = () => createReviewRequestMessages({ miniAppUrl: MINI_APP_URL, publicUrl: "https://shop.example.ru" });

function person(): Person {
  return { id: nextPerson++, first_name: "Марина", last_name: "Орлова" };
}

async function completedOrder(buyer: Person, completedAt: Date, names = ["Ваза керамическая «Лён»", "Кружка ручной лепки"]) {
  const order = await insertOrder(t.prisma, {
    status: "completed",
    telegramUserId: BigInt(buyer.id),
    items: names.map((name) => {
      const product = fixture.byName(name);
      return { productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity: 1 };
    }),
  });
  await t.prisma.order.update({ where: { id: order.id }, data: { completedAt, telegramFirstName: buyer.first_name } });
  return order;
}

async function deliverAll() {
  for (let round = 0; round < 10; round++) if ((await worker.runOnce()).claimed === 0) return;
}

beforeAll(async () => {
  fake = await startFakeTelegram(TEST_BOT_TOKEN);
  const notifier = createOutboxNotifier({ managerChatIds: [], miniAppUrl: MINI_APP_URL, publicUrl: "https://shop.example.ru" });
  t = await createTestApp({
    notifier,
    env: { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_API_ROOT: fake.url, PUBLIC_URL: "https://shop.example.ru", TELEGRAM_MINI_APP_URL: MINI_APP_URL },
  });
  fixture = await createFixture(t.prisma);
  bot = createBot({ db: t.db, config: t.config, notifier, log: silentLog });
  await bot.init();
  worker = createOutboxWorker({ db: t.db, api: createOutboxApi(TEST_BOT_TOKEN, fake.url), baseDelayMs: 1 });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  // each test looks only at its own orders: older ones are asked already
  await sendDueReviewRequests({ db: t.db, messages: messages() }, new Date(NOW.getTime() + 100 * DAY));
  await deliverAll();
  fake.calls.length = 0;
});

describe("review requests", () => {
  it("asks once, the set number of days after 'Завершен' and not before, with stars per product and the shop's review screen", async () => {
    const buyer = person();
    const order = await completedOrder(buyer, new Date(NOW.getTime() - 2 * DAY - 3_600_000));
    expect(await sendDueReviewRequests({ db: t.db, messages: messages() }, NOW)).toEqual([]);
    const asked = await sendDueReviewRequests({ db: t.db, messages: messages() }, new Date(NOW.getTime() + 1 * DAY));
    expect(asked).toEqual([order.id]);
    // again, and from a second caller at once: nobody is asked twice
    const again = await Promise.all([
      sendDueReviewRequests({ db: t.db, messages: messages() }, new Date(NOW.getTime() + 2 * DAY)),
      sendDueReviewRequests({ db: t.db, messages: messages() }, new Date(NOW.getTime() + 2 * DAY)),
    ]);
    expect(again).toEqual([[], []]);
    await deliverAll();
    const sent = fake.delivered(buyer.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params.text).toContain(`Здравствуйте, Марина!`);
    expect(sent[0]!.params.text).toContain(`заказа №${order.orderNumber}`);
    const rows = sent[0]!.params.reply_markup.inline_keyboard as { text: string; callback_data?: string; url?: string }[][];
    expect(rows[0]!.map((b) => b.text)).toEqual(["Ваза керамическая «Лён»"]);
    expect(rows[1]!.map((b) => b.callback_data)).toEqual([1, 2, 3, 4, 5].map((n) => `rv:${order.items[0]!.id}:${n}`));
    expect(rows[2]!.map((b) => b.text)).toEqual(["Кружка ручной лепки"]);
    const token = (await t.prisma.reviewRequest.findUniqueOrThrow({ where: { orderId: order.id } })).token;
    expect(rows[4]).toEqual([{ text: REVIEW_REQUEST_TEXTS.write, url: `${MINI_APP_URL}?startapp=review_${token}` }]);
  });

  it("does not ask the days setting's 0, an order long past its day, or someone who blocked the bot; a 403 marks the block", async () => {
    const admin = { authorization: `Bearer ${await t.adminToken()}` };
    const blocked = person();
    const blockedLater = person();
    const old = person();
    await completedOrder(old, new Date(NOW.getTime() - 40 * DAY));
    await completedOrder(blocked, new Date(NOW.getTime() - 5 * DAY));
    await t.prisma.telegramCustomer.update({ where: { telegramUserId: BigInt(blocked.id) }, data: { blockedAt: new Date(NOW.getTime() - DAY) } });
    const third = await completedOrder(blockedLater, new Date(NOW.getTime() - 5 * DAY));

    await t.app.inject({ method: "PUT", url: "/api/admin/reviews/settings", headers: admin, payload: { request_after_days: 0 } });
    expect(await sendDueReviewRequests({ db: t.db, messages: messages() }, NOW)).toEqual([]);
    await t.app.inject({ method: "PUT", url: "/api/admin/reviews/settings", headers: admin, payload: { request_after_days: 3 } });

    fake.failNext("sendMessage", { status: 403, description: "Forbidden: bot was blocked by the user" });
    expect(await sendDueReviewRequests({ db: t.db, messages: messages() }, NOW)).toEqual([third.id]);
    await deliverAll();
    expect(fake.delivered().length).toBe(0);
    expect((await t.prisma.telegramCustomer.findUniqueOrThrow({ where: { telegramUserId: BigInt(blockedLater.id) } })).blockedAt).not.toBeNull();

    // writing to the bot again lifts the mark
    await bot.handleUpdate(textMessage(blockedLater, "/help"));
    expect((await t.prisma.telegramCustomer.findUniqueOrThrow({ where: { telegramUserId: BigInt(blockedLater.id) } })).blockedAt).toBeNull();
  });

  it("stores a rating pressed in the chat, redraws the stars, and takes the next text as the review's words", async () => {
    const buyer = person();
    const order = await completedOrder(buyer, new Date(NOW.getTime() - 4 * DAY));
    await sendDueReviewRequests({ db: t.db, messages: messages() }, NOW);
    await deliverAll();
    const request = fake.delivered(buyer.id)[0]!;
    const line = order.items[1]!.id;

    // a stranger's press is refused
    const stranger = person();
    await bot.handleUpdate(buttonPress(stranger, stranger.id, request.result.message_id, `rv:${line}:1`));
    expect(fake.succeeded("answerCallbackQuery").at(-1)!.params).toMatchObject({ text: "Отзыв может оставить только покупатель этого заказа", show_alert: true });
    expect(await t.prisma.review.count({ where: { orderItemId: line } })).toBe(0);

    const press = buttonPress(buyer, buyer.id, request.result.message_id, `rv:${line}:4`) as unknown as { callback_query: { message: Record<string, unknown> } };
    press.callback_query.message.reply_markup = request.params.reply_markup;
    await bot.handleUpdate(press as never);
    const review = await t.prisma.review.findUniqueOrThrow({ where: { orderItemId: line } });
    expect(review).toMatchObject({ rating: 4, status: "pending", productId: fixture.byName("Кружка ручной лепки").id });
    expect(fake.succeeded("answerCallbackQuery").at(-1)!.params.text).toBe(REVIEW_CHAT_TEXTS.thanks(4));
    const redrawn = fake.succeeded("editMessageReplyMarkup").at(-1)!.params.reply_markup.inline_keyboard as { text: string }[][];
    expect(redrawn[3]!.map((b) => b.text)).toEqual(["★", "★", "★", "★", "☆"]);
    expect(redrawn[1]!.map((b) => b.text)).toEqual(["1 ☆", "2 ☆", "3 ☆", "4 ☆", "5 ☆"]);
    expect(fake.delivered(buyer.id).at(-1)!.params.text).toContain("Спасибо за оценку «Кружка ручной лепки»");

    await bot.handleUpdate(textMessage(buyer, "Кружка большая, чай не остывает"));
    expect((await t.prisma.review.findUniqueOrThrow({ where: { orderItemId: line } })).text).toBe("Кружка большая, чай не остывает");
    expect(fake.delivered(buyer.id).at(-1)!.params.text).toBe(REVIEW_CHAT_TEXTS.textAdded);
    // the offer is used up: the next text is an ordinary message
    await bot.handleUpdate(textMessage(buyer, "ещё"));
    expect((await t.prisma.review.findUniqueOrThrow({ where: { orderItemId: line } })).text).toBe("Кружка большая, чай не остывает");

    // another press changes the rating while the review waits for moderation
    await bot.handleUpdate(buttonPress(buyer, buyer.id, request.result.message_id, `rv:${line}:5`));
    expect((await t.prisma.review.findUniqueOrThrow({ where: { orderItemId: line } })).rating).toBe(5);
    expect(await t.prisma.review.count({ where: { orderItemId: line } })).toBe(1);
  });
});
