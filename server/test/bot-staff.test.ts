import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bot } from "grammy";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { insertOrder } from "../../api/test/helpers/order-rows";
import { createBot } from "../../bot/src/bot";
import { silentLog } from "../../bot/src/log";
import { createOutboxNotifier } from "@shop/bot/notifier";
import { BIND_TEXTS } from "@shop/core/staff";
import { STAFF_GATE_TEXTS } from "../../bot/src/staff-gate";
import { BIND_BOT_TEXTS } from "../../bot/src/staff-binding";
import { startFakeTelegram, type FakeCall, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import { buttonPress, textMessage, type Person } from "../../bot/test/helpers/updates";

/**
 * The bot's manager buttons pressed by staff bound to their accounts (docs/telegram.md#managers): the binding
 * code from the panel, the rights of the presser's role, and the audit log's entries from the bot.
 */
const MANAGER_GROUP = -100700;
const OLGA: Person = { id: 7001, first_name: "Ольга", username: "olga_m" };
const PAVEL: Person = { id: 7002, first_name: "Павел", username: "pavel_pack" };
const STRANGER: Person = { id: 7003, first_name: "Гость", username: "guest_x" };
const EARLY: Person = { id: 7004, first_name: "Ирина", username: "irina_early" };

let t: TestApp;
let fake: FakeTelegram;
let fixture: Fixture;
let bot: Bot;
let token: string;
const accounts: Record<string, number> = {};

const admin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, bearer = token) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` }, ...(payload ? { payload } : {}) });

function lastAnswer(): FakeCall["params"] {
  return fake.succeeded("answerCallbackQuery").at(-1)!.params;
}
function lastTextTo(chatId: number): string {
  return fake.succeeded("sendMessage").filter((call) => call.params.chat_id === chatId).at(-1)!.params.text;
}

async function newOrder(telegram = true) {
  const product = fixture.products[0]!;
  return insertOrder(t.prisma, {
    customerPhone: "+79161112233",
    telegramUserId: telegram ? 555777n : null,
    telegramUsername: telegram ? "buyer" : null,
    items: [{ productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity: 1 }],
  });
}

const status = async (orderId: number) => (await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status;
const entriesOf = async (orderId: number) =>
  t.prisma.auditEntry.findMany({ where: { entityId: orderId, kind: { in: ["order", "invoice"] } }, orderBy: { id: "asc" } });

async function createStaff(login: string, name: string, role: string) {
  const response = await admin("POST", "/api/admin/staff", { login, name, password: "password-123", role });
  expect(response.statusCode).toBe(201);
  accounts[login] = response.json().id;
}

async function codeFor(login: string) {
  const response = await admin("POST", `/api/admin/staff/${accounts[login]}/telegram-code`);
  expect(response.statusCode).toBe(200);
  return response.json() as { code: string; command: string; link: string | null; expires_at: string };
}

beforeAll(async () => {
  fake = await startFakeTelegram(TEST_BOT_TOKEN);
  const notifier = createOutboxNotifier({ managerChatIds: [BigInt(MANAGER_GROUP)], miniAppUrl: null, publicUrl: null });
  t = await createTestApp({
    notifier,
    env: { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_API_ROOT: fake.url, MANAGER_CHAT_IDS: String(MANAGER_GROUP), PAYMENT_PROVIDER_TOKEN: "381764678:TEST:1" },
  });
  fixture = await createFixture(t.prisma);
  bot = createBot({ db: t.db, config: t.config, notifier, log: silentLog });
  await bot.init();
  t.app.botInfo.username = bot.botInfo.username;
  token = await t.adminToken();
  accounts.admin = (await admin("GET", "/api/admin/me")).json().id;
  await createStaff("olga", "Ольга", "manager");
  await createStaff("pavel", "Павел", "picker");
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("the managers' buttons before anybody is bound", () => {
  it("work in the managers' chat as before, with the owner's rights, and are logged under the Telegram name", async () => {
    const order = await newOrder();
    await bot.handleUpdate(buttonPress(EARLY, MANAGER_GROUP, 1, `st:${order.id}:processing`));
    expect(await status(order.id)).toBe("processing");
    const [entry] = await entriesOf(order.id);
    expect(entry).toMatchObject({ via: "bot", staffId: null, staffName: "Telegram: @irina_early", action: "status" });
    // outside the managers' chat a press is refused, as always
    await bot.handleUpdate(buttonPress(EARLY, EARLY.id, 1, `st:${order.id}:cancelled`));
    expect(lastAnswer()).toMatchObject({ show_alert: true });
    expect(await status(order.id)).toBe("processing");
  });
});

describe("binding a staff account to Telegram", () => {
  it("the panel gives a one-time code and a start link; the bot binds whoever sends it, once", async () => {
    const code = await codeFor("olga");
    expect(code.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(code.command).toBe(`/bind ${code.code}`);
    expect(code.link).toBe(`https://t.me/${bot.botInfo.username}?start=bind_${code.code}`);
    expect(new Date(code.expires_at).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    // typed in lower case with a dash: still the code
    await bot.handleUpdate(textMessage(OLGA, `/bind ${code.code.slice(0, 4).toLowerCase()}-${code.code.slice(4)}`));
    expect(lastTextTo(OLGA.id)).toBe(BIND_BOT_TEXTS.bound("Ольга", "Менеджер"));
    expect((await admin("GET", "/api/admin/staff")).json().staff.find((s: { login: string }) => s.login === "olga").telegram_bound).toBe(true);
    // a code works once
    await bot.handleUpdate(textMessage(STRANGER, `/bind ${code.code}`));
    expect(lastTextTo(STRANGER.id)).toBe(BIND_TEXTS.codeUnknown);
    const entry = await t.prisma.auditEntry.findFirstOrThrow({ where: { kind: "staff", action: "telegram_bind" } });
    expect(entry).toMatchObject({ staffId: accounts.olga, via: "bot", after: { telegram: "@olga_m" } });
  });

  it("binds through the start link, refuses an expired code, and a wrong one", async () => {
    const code = await codeFor("pavel");
    await bot.handleUpdate(textMessage(PAVEL, `/start bind_${code.code}`));
    expect(lastTextTo(PAVEL.id)).toBe(BIND_BOT_TEXTS.bound("Павел", "Сборщик"));

    const expired = await codeFor("admin");
    await t.prisma.adminUser.update({ where: { id: accounts.admin }, data: { bindCodeExpiresAt: new Date(Date.now() - 1000) } });
    await bot.handleUpdate(textMessage(STRANGER, `/bind ${expired.code}`));
    expect(lastTextTo(STRANGER.id)).toBe(BIND_TEXTS.codeUnknown);
    await bot.handleUpdate(textMessage(STRANGER, "/bind ZZZZ2222"));
    expect(lastTextTo(STRANGER.id)).toBe(BIND_TEXTS.codeUnknown);
    expect(await t.prisma.adminUser.count({ where: { telegramId: BigInt(STRANGER.id) } })).toBe(0);
  });

  it("a code sent in a group is not taken", async () => {
    const code = await codeFor("admin");
    const update = textMessage(STRANGER, `/bind ${code.code}`);
    (update.message as { chat: object }).chat = { id: MANAGER_GROUP, type: "group", title: "Менеджеры" };
    await bot.handleUpdate(update);
    expect(lastTextTo(MANAGER_GROUP)).toBe(BIND_BOT_TEXTS.privateOnly);
    expect(await t.prisma.adminUser.count({ where: { telegramId: BigInt(STRANGER.id) } })).toBe(0);
  });

  it("only the owner gives codes for others; anybody for themselves", async () => {
    const picker = await t.app.inject({ method: "POST", url: "/api/login", payload: { login: "pavel", password: "password-123" } });
    const pickerToken = picker.json().token as string;
    expect((await admin("POST", `/api/admin/staff/${accounts.olga}/telegram-code`, undefined, pickerToken)).statusCode).toBe(403);
    const own = await admin("POST", "/api/admin/me/telegram-code", undefined, pickerToken);
    expect(own.statusCode).toBe(200);
    expect(own.json().code).toMatch(/^[A-Z2-9]{8}$/);
  });
});

describe("the managers' buttons once staff are bound", () => {
  it("a bound manager moves an order; the log names her, from the bot; the card says who", async () => {
    const order = await newOrder();
    await bot.handleUpdate(buttonPress(OLGA, MANAGER_GROUP, 10, `st:${order.id}:shipped`));
    expect(await status(order.id)).toBe("shipped");
    expect(lastAnswer().show_alert).toBeFalsy();
    expect(fake.succeeded("editMessageText").at(-1)!.params.text).toContain("Ольга");
    const entries = await entriesOf(order.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ staffId: accounts.olga, staffName: "Ольга", via: "bot", before: { status: "new" }, after: { status: "shipped" } });
  });

  it("an unbound person in the managers' chat is refused and nothing changes or is logged", async () => {
    const order = await newOrder();
    for (const data of [`st:${order.id}:cancelled`, `iv:${order.id}`, `dc:${order.id}:250`, `sh:${order.id}`]) {
      await bot.handleUpdate(buttonPress(EARLY, MANAGER_GROUP, 11, data));
      expect(lastAnswer(), data).toMatchObject({ text: STAFF_GATE_TEXTS.notBound, show_alert: true });
    }
    expect(await status(order.id)).toBe("new");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("unpaid");
    expect(await entriesOf(order.id)).toEqual([]);
  });

  it("a «Сборщик» moves an order to 'В работе' but cannot invoice it, cancel it or send it to СДЭК", async () => {
    const order = await newOrder();
    await bot.handleUpdate(buttonPress(PAVEL, MANAGER_GROUP, 12, `st:${order.id}:processing`));
    expect(await status(order.id)).toBe("processing");
    const refusal = { text: STAFF_GATE_TEXTS.notPermitted("Сборщик"), show_alert: true };
    for (const data of [`iv:${order.id}`, `dc:${order.id}:350`, `st:${order.id}:cancelled`, `sh:${order.id}`]) {
      const edits = fake.succeeded("editMessageText").length;
      await bot.handleUpdate(buttonPress(PAVEL, MANAGER_GROUP, 12, data));
      expect(lastAnswer(), data).toMatchObject(refusal);
      expect(fake.succeeded("editMessageText").length, data).toBe(edits);
    }
    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row).toMatchObject({ status: "processing", paymentStatus: "unpaid" });
    const entries = await entriesOf(order.id);
    expect(entries.map((entry) => [entry.staffName, entry.action])).toEqual([["Павел", "status"]]);
  });

  it("a bound manager invoices from the bot: the invoice is logged under her name", async () => {
    const order = await newOrder();
    await bot.handleUpdate(buttonPress(OLGA, MANAGER_GROUP, 13, `iv:${order.id}`));
    await bot.handleUpdate(buttonPress(OLGA, MANAGER_GROUP, 13, `dc:${order.id}:350`));
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("invoiced");
    const entries = await entriesOf(order.id);
    expect(entries).toEqual([expect.objectContaining({ kind: "invoice", staffId: accounts.olga, via: "bot" })]);
  });

  it("a switched-off account's presses are refused at once; an unbound one's too", async () => {
    const order = await newOrder();
    expect((await admin("PUT", `/api/admin/staff/${accounts.olga}`, { active: false })).statusCode).toBe(200);
    await bot.handleUpdate(buttonPress(OLGA, MANAGER_GROUP, 14, `st:${order.id}:completed`));
    expect(lastAnswer()).toMatchObject({ text: STAFF_GATE_TEXTS.accountOff, show_alert: true });
    expect((await admin("PUT", `/api/admin/staff/${accounts.olga}`, { active: true })).statusCode).toBe(200);

    const unbind = await admin("DELETE", `/api/admin/staff/${accounts.olga}/telegram`);
    expect(unbind.statusCode).toBe(200);
    await bot.handleUpdate(buttonPress(OLGA, MANAGER_GROUP, 14, `st:${order.id}:completed`));
    expect(lastAnswer()).toMatchObject({ text: STAFF_GATE_TEXTS.notBound, show_alert: true });
    expect(await status(order.id)).toBe("new");
    const unbound = await t.prisma.auditEntry.findFirstOrThrow({ where: { kind: "staff", action: "telegram_unbind", entityId: accounts.olga } });
    expect(unbound).toMatchObject({ staffId: accounts.admin, via: "panel" });
  });

  it("the owner reads the bot's entries in the log, marked as from the bot", async () => {
    const response = await admin("GET", `/api/admin/audit?staff_id=${accounts.pavel}`);
    expect(response.statusCode).toBe(200);
    const entries = response.json().entries as { via: string; action: string; kind: string }[];
    expect(entries.some((entry) => entry.via === "bot" && entry.kind === "order" && entry.action === "status")).toBe(true);
  });
});
