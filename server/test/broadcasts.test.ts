import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { startShopJobs, type ShopJobs } from "@shop/core/jobs";
import type { Database } from "@shop/prisma/db";
import type { Config } from "@shop/core/config";
import type { Broadcast, BroadcastList } from "@shop/shared/schemas/broadcasts";
import { silentLog } from "../../bot/src/log";
import { BROADCAST_BUTTONS, createBroadcastSender } from "../../bot/src/broadcast-sender";
import { startFakeTelegram, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";

/**
 * Broadcasts end to end (docs/product.md#broadcasts): the owner's preview and broadcast through the admin API, the
 * job queue sending it to the Bot API stand-in, customers who blocked the bot marked, the queue stopped in the
 * middle and started again — every recipient gets the message once, and the report adds up.
 */

const MINI_APP_URL = "https://t.me/shop_test_bot/shop";
const RECIPIENTS = 1000;
const FIRST_ID = 3_000_001;
/** recipients who blocked the bot (Telegram answers 403) */
const BLOCKING = Array.from({ length: 37 }, (_, i) => FIRST_ID + 7 + i * 26);
/** recipients whose chat Telegram no longer finds (400) */
const GONE = [FIRST_ID + 3, FIRST_ID + 500, FIRST_ID + 998];
const OWNER_CHAT = 42;

let t: TestApp;
let fake: FakeTelegram;
let fixture: Fixture;
let token: string;
const extraJobs: ShopJobs[] = [];

const jobsFor = (db: Database, config: Config) =>
  startShopJobs({
    db,
    log: silentLog,
    cartReminderDelayMs: 0,
    broadcastSender: createBroadcastSender(config),
    broadcastsPerSecond: config.jobs.broadcastsPerSecond,
    pollingIntervalSeconds: 0.5,
  });

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
      MANAGER_CHAT_IDS: String(OWNER_CHAT),
      BROADCAST_RATE: "400",
    },
    jobs: jobsFor,
    broadcastSender: (config) => createBroadcastSender(config),
  });
  fixture = await createFixture(t.prisma);
  token = await t.adminToken();
  // 1 000 customers who allowed messages; beside them 10 who blocked the bot before and 5 who never allowed it
  await t.db.read(
    `INSERT INTO telegram_customers (telegram_user_id, messages_allowed, created_at, updated_at)
     SELECT id, true, now(), now() FROM generate_series($1::bigint, $2::bigint) AS id`,
    [FIRST_ID, FIRST_ID + RECIPIENTS - 1],
  );
  await t.db.read(
    `INSERT INTO telegram_customers (telegram_user_id, messages_allowed, blocked_at, created_at, updated_at)
     SELECT id, true, now(), now(), now() FROM generate_series(4000001::bigint, 4000010::bigint) AS id`,
    [],
  );
  await t.db.read(`INSERT INTO telegram_customers (telegram_user_id, created_at, updated_at) SELECT id, now(), now() FROM generate_series(5000001::bigint, 5000005::bigint) AS id`, []);
  for (const id of BLOCKING) fake.chatFailure(id, { status: 403, description: "Forbidden: bot was blocked by the user" });
  for (const id of GONE) fake.chatFailure(id, { status: 400, description: "Bad Request: chat not found" });
}, 60_000);

afterAll(async () => {
  for (const jobs of extraJobs) await jobs.stop(5_000);
  await t?.close();
  await fake?.close();
});

const admin = (method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

async function report(id: number): Promise<Broadcast> {
  const response = await admin("GET", `/api/admin/broadcasts/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("broadcasts", () => {
  it("the preview goes to the owner's chat only, with the button to the product", async () => {
    const vase = fixture.byName("Ваза керамическая «Лён»");
    const response = await admin("POST", "/api/admin/broadcasts/preview", {
      chat_id: String(OWNER_CHAT),
      message: { text: "Новая коллекция ваз уже в магазине!", button: { kind: "product", product_id: vase.id } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [preview, ...more] = fake.delivered();
    expect(more).toHaveLength(0);
    expect(preview!.params).toMatchObject({
      chat_id: OWNER_CHAT,
      text: "Новая коллекция ваз уже в магазине!",
      reply_markup: { inline_keyboard: [[{ text: BROADCAST_BUTTONS.product, url: `${MINI_APP_URL}?startapp=product_${vase.id}` }]] },
    });
    const audience = await admin("POST", "/api/admin/broadcasts/audience", { audience: { kind: "all" } });
    expect(audience.json()).toEqual({ recipients: RECIPIENTS });
  });

  it(`reaches each of ${RECIPIENTS} recipients once through a restart midway, marks those who blocked the bot, and reports it`, async () => {
    fake.calls.length = 0;
    const created = await admin("POST", "/api/admin/broadcasts", {
      message: { text: "Скидки выходного дня: −15% на керамику", button: { kind: "catalog" } },
      audience: { kind: "all" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const broadcast = created.json<Broadcast>();
    expect(broadcast).toMatchObject({ status: "sending", created_by: expect.any(String), report: { recipients: RECIPIENTS } });

    // the shop stops while the broadcast is being sent
    await until(async () => fake.calls.filter((call) => call.method === "sendMessage").length >= 250, 30_000, "250 messages");
    await t.jobs!.stop(10_000);
    const midway = await report(broadcast.id);
    expect(midway.status).toBe("sending");
    expect(midway.report.pending).toBeGreaterThan(0);
    expect(midway.report.sent).toBeGreaterThanOrEqual(200);
    const sentBeforeRestart = fake.calls.length;
    await sleep(500);
    // nothing goes out while the queue is stopped
    expect(fake.calls.length).toBe(sentBeforeRestart);

    // and starts again: the queue goes on with the rest
    const restarted = await jobsFor(t.db, t.config);
    extraJobs.push(restarted);
    await until(async () => (await report(broadcast.id)).status === "finished", 60_000, "the broadcast to finish");

    const attempts = new Map<number, number>();
    for (const call of fake.calls.filter((c) => c.method === "sendMessage")) attempts.set(Number(call.params.chat_id), (attempts.get(Number(call.params.chat_id)) ?? 0) + 1);
    expect(attempts.size).toBe(RECIPIENTS);
    expect([...attempts.values()].every((count) => count === 1)).toBe(true);
    expect([...attempts.keys()].every((id) => id >= FIRST_ID && id < FIRST_ID + RECIPIENTS)).toBe(true);
    expect(fake.delivered()[0]!.params.reply_markup).toEqual({ inline_keyboard: [[{ text: BROADCAST_BUTTONS.catalog, url: MINI_APP_URL }]] });

    const final = await report(broadcast.id);
    expect(final.report).toEqual({ recipients: RECIPIENTS, sent: RECIPIENTS - BLOCKING.length - GONE.length, blocked: BLOCKING.length, failed: GONE.length, pending: 0 });
    expect(final.finished_at).not.toBeNull();
    const blocked = await t.prisma.telegramCustomer.findMany({ where: { blockedAt: { not: null }, telegramUserId: { lt: 4_000_000n } }, select: { telegramUserId: true } });
    expect(blocked.map((row) => Number(row.telegramUserId)).sort()).toEqual([...BLOCKING].sort());

    // the next broadcast leaves out those who blocked the bot
    const next = await admin("POST", "/api/admin/broadcasts/audience", { audience: { kind: "all" } });
    expect(next.json()).toEqual({ recipients: RECIPIENTS - BLOCKING.length });

    const list = (await admin("GET", "/api/admin/broadcasts")).json<BroadcastList>();
    expect(list).toMatchObject({ can_send: true, preview_chat_id: String(OWNER_CHAT) });
    // an account bound to Telegram previews in its own chat
    await t.prisma.adminUser.updateMany({ data: { telegramId: 777_001n } });
    expect((await admin("GET", "/api/admin/broadcasts")).json<BroadcastList>().preview_chat_id).toBe("777001");
    expect(list.broadcasts[0]).toMatchObject({ id: broadcast.id, status: "finished", report: final.report });
    const audit = await t.prisma.auditEntry.findMany({ where: { kind: "broadcast" } });
    expect(audit).toMatchObject([{ action: "send", entityId: broadcast.id }]);
  }, 120_000);

  it("segments: bought in a category, has a cart, ordered in a period; an empty audience is refused in Russian", async () => {
    const buyer = FIRST_ID + 11;
    const vase = fixture.byName("Ваза керамическая «Лён»");
    const order = await t.prisma.order.create({
      data: {
        orderNumber: "T-1",
        source: "telegram_mini_app",
        customerName: "Анна",
        customerPhone: "+79123456789",
        subtotal: 1890,
        discountAmount: 0,
        deliveryCost: 0,
        total: 1890,
        telegramUserId: BigInt(buyer),
        createdAt: new Date("2026-03-10T12:00:00+03:00"),
        items: { create: [{ productId: vase.id, productName: vase.name, productSku: vase.sku, price: 1890, quantity: 1 }] },
      },
    });
    expect(order.id).toBeGreaterThan(0);
    await t.prisma.cart.create({ data: { telegramUserId: BigInt(FIRST_ID + 12), items: [{ product_id: vase.id, variant_id: null, quantity: 1 }], itemCount: 1 } });
    const count = async (audience: object) => (await admin("POST", "/api/admin/broadcasts/audience", { audience })).json<{ recipients: number }>().recipients;
    expect(await count({ kind: "category", category_id: fixture.categories.ceramics })).toBe(1);
    expect(await count({ kind: "category", category_id: fixture.categories.textile })).toBe(0);
    expect(await count({ kind: "cart" })).toBe(1);
    expect(await count({ kind: "ordered", from: "2026-03-10", to: "2026-03-10" })).toBe(1);
    expect(await count({ kind: "ordered", from: "2026-03-11", to: "2026-03-31" })).toBe(0);

    const empty = await admin("POST", "/api/admin/broadcasts", { message: { text: "Привет", button: { kind: "none" } }, audience: { kind: "category", category_id: fixture.categories.textile } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^Получателей нет/);
    const blank = await admin("POST", "/api/admin/broadcasts", { message: { text: "   ", button: { kind: "none" } }, audience: { kind: "all" } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Напишите текст рассылки");
  });
});
