import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Bot } from "grammy";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { createBot } from "../../bot/src/bot";
import { silentLog } from "../../bot/src/log";
import { BACK_IN_STOCK_TEXTS, notifyStartParam } from "../../bot/src/back-in-stock";
import { createOutboxNotifier } from "@shop/bot/notifier";
import { startFakeTelegram, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import { textMessage, type Person } from "../../bot/test/helpers/updates";

/**
 * The website's «Сообщить о поступлении» (docs/product.md#back-in-stock): a link to the bot with the start parameter
 * notify_<product>[_<variant>] subscribes the chat's user, as the Mini App's button does.
 */

const SHOPPER: Person = { id: 555031, first_name: "Ольга" };
const PUBLIC_URL = "https://shop.example.ru";

let t: TestApp;
let fake: FakeTelegram;
let fixture: Fixture;
let bot: Bot;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Bot API JSON as the fake recorded it
type Json = any;
const lastMessage = (): Json => {
  const calls = fake.succeeded("sendMessage");
  if (calls.length === 0) throw new Error("no sendMessage call");
  return calls[calls.length - 1]!.params;
};

beforeAll(async () => {
  fake = await startFakeTelegram(TEST_BOT_TOKEN);
  t = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_API_ROOT: fake.url, PUBLIC_URL, BOT_MODE: "off" } });
  fixture = await createFixture(t.prisma);
  bot = createBot({ db: t.db, config: t.config, notifier: createOutboxNotifier({ managerChatIds: [] }), log: silentLog });
  await bot.init();
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

beforeEach(async () => {
  fake.calls.length = 0;
  await t.prisma.backInStockSubscription.deleteMany({});
});

const subscriptions = () => t.prisma.backInStockSubscription.findMany({ select: { telegramUserId: true, productId: true, variantId: true } });

describe("/start notify_… from the website", () => {
  it("subscribes the chat's user to a sold-out product and answers with the way to it and «Отписаться»", async () => {
    const vase = fixture.byName("Ваза керамическая «Лён»");
    await t.prisma.product.update({ where: { id: vase.id }, data: { stock: 0 } });
    expect(notifyStartParam(vase.id)).toBe(`notify_${vase.id}`);
    await bot.handleUpdate(textMessage(SHOPPER, `/start ${notifyStartParam(vase.id)}`));
    expect(await subscriptions()).toEqual([{ telegramUserId: BigInt(SHOPPER.id), productId: vase.id, variantId: null }]);
    const message = lastMessage();
    expect(message.text).toBe(BACK_IN_STOCK_TEXTS.subscribed("Ваза керамическая «Лён»"));
    const buttons = (message.reply_markup.inline_keyboard as Json[][]).flat();
    expect(buttons.map((button) => button.text)).toEqual(["Открыть товар", "Отписаться"]);
    expect(buttons[0].web_app.url).toContain(`/product/${vase.id}`);
    // the same link again: still one subscription
    await bot.handleUpdate(textMessage(SHOPPER, `/start notify_${vase.id}`));
    expect(await subscriptions()).toHaveLength(1);
  });

  it("says so when the product can be ordered now or is gone, and subscribes nobody", async () => {
    const candle = fixture.byName("Свеча соевая «Ваниль»");
    await bot.handleUpdate(textMessage(SHOPPER, `/start notify_${candle.id}`));
    expect(lastMessage().text).toBe("Товар есть в наличии");
    await bot.handleUpdate(textMessage(SHOPPER, "/start notify_999999"));
    expect(lastMessage().text).toBe("Товар не найден");
    expect(await subscriptions()).toEqual([]);
  });

  it("leaves any other start parameter to the website checkout", async () => {
    await bot.handleUpdate(textMessage(SHOPPER, "/start notify_x"));
    expect(lastMessage().text).not.toBe(BACK_IN_STOCK_TEXTS.subscribed("товар"));
    expect(await subscriptions()).toEqual([]);
  });
});
