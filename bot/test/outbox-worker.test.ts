import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import { createOutboxApi, createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from "../src/outbox-worker";
import { SERVER_ERROR, TOO_MANY, startFakeTelegram, type FakeTelegram } from "./helpers/fake-telegram";

const TOKEN = "123456789:TEST_token_for_the_outbox_worker";
const MANAGER = 1001;
const OTHER_MANAGER = 1002;
const CUSTOMER = 5005;

let db: Database;
let fake: FakeTelegram;
/** the workers' clock runs ahead of real time by `offset`: tests move it instead of waiting; `frozenAt` stops it */
let offset = 0;
let frozenAt: number | null = null;
const now = () => (frozenAt ?? Date.now()) + offset;
const workers: OutboxWorker[] = [];

function worker(options: Partial<OutboxWorkerOptions> = {}): OutboxWorker {
  const created = createOutboxWorker({
    db,
    api: createOutboxApi(TOKEN, fake.url),
    now,
    baseDelayMs: 1000,
    maxDelayMs: 60_000,
    maxAttempts: 8,
    ...options,
  });
  workers.push(created);
  return created;
}

async function queue(chatId: number, key: string, text = key) {
  return db.prisma.outboxMessage.create({ data: { chatId: BigInt(chatId), dedupeKey: key, payload: { text, parse_mode: "HTML" } } });
}

/** Runs rounds, moving the clock past every backoff, until nothing is due or pending. */
async function drain(w: OutboxWorker, maxRounds = 50) {
  for (let round = 0; round < maxRounds; round++) {
    const pending = await db.prisma.outboxMessage.findMany({ where: { sentAt: null, attempts: { lt: 8 } } });
    if (pending.length === 0) return round;
    const result = await w.runOnce();
    if (result.claimed === 0) offset += 61_000;
  }
  throw new Error("outbox did not drain");
}

/** Every successful sendMessage, as "chat:text", to count duplicates. */
function deliveries(): string[] {
  return fake.delivered().map((call) => `${call.params.chat_id}:${call.params.text}`);
}

beforeAll(async () => {
  db = await openTestDatabase();
  fake = await startFakeTelegram(TOKEN);
});

afterAll(async () => {
  await fake.close();
  await db.close();
});

beforeEach(async () => {
  offset = 0;
  frozenAt = null;
  fake.calls.length = 0;
  await db.prisma.outboxMessage.deleteMany();
});

afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  fake.outage("sendMessage", null);
  fake.release("sendMessage");
});

describe("outbox worker", () => {
  it("sends due messages with their payload once and marks them sent", async () => {
    const row = await queue(MANAGER, "order:1:created", "<b>Заказ №1</b>");
    await db.prisma.outboxMessage.update({
      where: { id: row.id },
      data: { payload: { text: "<b>Заказ №1</b>", parse_mode: "HTML", reply_markup: { inline_keyboard: [[{ text: "Отправлен", callback_data: "st:1:shipped" }]] } } },
    });
    await queue(CUSTOMER, "order:1:status:shipped:1");
    const w = worker();

    expect(await w.runOnce()).toEqual({ claimed: 2, sent: 2, failed: 0, gaveUp: 0 });
    const [first] = fake.delivered(MANAGER);
    expect(first!.params).toMatchObject({
      chat_id: MANAGER,
      text: "<b>Заказ №1</b>",
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: [[{ text: "Отправлен", callback_data: "st:1:shipped" }]] },
    });
    const rows = await db.prisma.outboxMessage.findMany();
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1 && r.lockedUntil === null && r.lastError === null)).toBe(true);

    expect(await w.runOnce()).toEqual({ claimed: 0, sent: 0, failed: 0, gaveUp: 0 });
    expect(fake.delivered()).toHaveLength(2);
  });

  it("waits for a message's next attempt time", async () => {
    const row = await queue(MANAGER, "later");
    await db.prisma.outboxMessage.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() + 30_000) } });
    const w = worker();
    expect((await w.runOnce()).claimed).toBe(0);
    offset = 31_000;
    expect((await w.runOnce()).sent).toBe(1);
  });

  it("waits out a short 429 inside the call (auto-retry) and delivers once", async () => {
    await queue(MANAGER, "a");
    fake.failNext("sendMessage", TOO_MANY(1));
    const started = Date.now();
    expect(await worker().runOnce()).toMatchObject({ sent: 1, failed: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.calls.filter((c) => c.method === "sendMessage").map((c) => c.ok)).toEqual([false, true]);
    expect(deliveries()).toEqual([`${MANAGER}:a`]);
  });

  it("reschedules a long 429 for retry_after in the database instead of holding the request", async () => {
    const row = await queue(MANAGER, "a");
    fake.failNext("sendMessage", TOO_MANY(120));
    const w = worker();
    expect(await w.runOnce()).toMatchObject({ failed: 1 });
    const after = await db.prisma.outboxMessage.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.attempts).toBe(1);
    expect(after.lastError).toContain("429");
    expect(after.nextAttemptAt.getTime() - now()).toBeGreaterThan(118_000);

    offset += 100_000;
    expect((await w.runOnce()).claimed).toBe(0);
    offset += 21_000;
    expect((await w.runOnce()).sent).toBe(1);
    expect(deliveries()).toEqual([`${MANAGER}:a`]);
  });

  it("backs off exponentially through an outage and delivers every message exactly once after it", async () => {
    for (let i = 1; i <= 6; i++) await queue(i % 2 ? MANAGER : OTHER_MANAGER, `order:${i}:created`, `Заказ №${i}`);
    await queue(CUSTOMER, "order:1:status:shipped:1", "Отправлен");
    const w = worker();
    // a stopped clock: the gaps are exact however slowly a loaded machine runs the rounds
    frozenAt = Date.now();

    fake.failNext("sendMessage", TOO_MANY(1));
    fake.outage("sendMessage", SERVER_ERROR);
    const gaps: number[] = [];
    const gap = async () => {
      const row = await db.prisma.outboxMessage.findFirstOrThrow({ where: { dedupeKey: "order:1:created" } });
      return Math.round((row.nextAttemptAt.getTime() - now()) / 1000);
    };
    expect((await w.runOnce()).sent).toBe(0);
    gaps.push(await gap());
    for (let attempt = 2; attempt <= 4; attempt++) {
      offset += 61_000;
      await w.runOnce();
      gaps.push(await gap());
    }
    expect(gaps).toEqual([1, 2, 4, 8]);
    const failing = await db.prisma.outboxMessage.findFirstOrThrow({ where: { dedupeKey: "order:1:created" } });
    expect(failing.attempts).toBe(4);
    expect(failing.lastError).toContain("500");
    expect(failing.sentAt).toBeNull();

    fake.outage("sendMessage", null);
    await drain(w);
    const sent = deliveries();
    expect(sent).toHaveLength(7);
    expect(new Set(sent).size).toBe(7);
    expect(await db.prisma.outboxMessage.count({ where: { sentAt: null } })).toBe(0);
  });

  it("keeps the order of messages to one chat when an earlier one fails", async () => {
    await queue(CUSTOMER, "s1", "В работе");
    await queue(CUSTOMER, "s2", "Отправлен");
    await queue(MANAGER, "m1", "Заказ");
    fake.failNext("sendMessage", SERVER_ERROR);
    const w = worker();
    const round = await w.runOnce();
    // the customer's second message waits behind the failed first one; the manager's goes out
    expect(round).toMatchObject({ claimed: 2, sent: 1, failed: 1 });
    expect(deliveries()).toEqual([`${MANAGER}:Заказ`]);
    await drain(w);
    expect(fake.delivered(CUSTOMER).map((c) => c.params.text)).toEqual(["В работе", "Отправлен"]);
  });

  it("gives up at once when Telegram refuses the chat (403), keeping the error", async () => {
    await queue(CUSTOMER, "blocked");
    await queue(CUSTOMER, "next");
    fake.failNext("sendMessage", { status: 403, description: "Forbidden: bot was blocked by the user" });
    const w = worker();
    expect(await w.runOnce()).toMatchObject({ gaveUp: 1 });
    const row = await db.prisma.outboxMessage.findFirstOrThrow({ where: { dedupeKey: "blocked" } });
    expect(row.attempts).toBe(8);
    expect(row.lastError).toBe("403: Forbidden: bot was blocked by the user");
    // a row given up no longer holds the chat's later messages back
    await drain(w);
    expect(deliveries()).toEqual([`${CUSTOMER}:next`]);
  });

  it("gives up after the maximum number of attempts", async () => {
    await queue(MANAGER, "doomed");
    fake.outage("sendMessage", SERVER_ERROR);
    const w = worker({ maxAttempts: 3 });
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(await w.runOnce());
      offset += 61_000;
    }
    expect(outcomes.map((o) => o.failed + o.gaveUp * 10)).toEqual([1, 1, 10, 0, 0]);
    const row = await db.prisma.outboxMessage.findFirstOrThrow();
    expect(row).toMatchObject({ attempts: 3, sentAt: null, lastError: "500: Internal Server Error" });
  });

  it("does not duplicate when the worker restarts mid-way", async () => {
    // five chats, two messages each: a round sends at most one message per chat
    for (let i = 1; i <= 10; i++) await queue(3000 + (i % 5), `order:${i}`, `Заказ №${i}`);
    const first = worker({ batchSize: 4 });
    expect((await first.runOnce()).sent).toBe(4);
    fake.failNext("sendMessage", SERVER_ERROR, SERVER_ERROR);
    await first.runOnce();
    await first.stop();

    const second = worker({ batchSize: 4 });
    await drain(second);
    const sent = deliveries();
    expect(sent).toHaveLength(10);
    expect(new Set(sent).size).toBe(10);
  });

  it("leaves rows leased by another worker alone until the lease runs out", async () => {
    await queue(MANAGER, "leased");
    // as if a worker claimed the row and then its process died
    await db.prisma.outboxMessage.updateMany({ data: { lockedUntil: new Date(Date.now() + 120_000) } });
    const w = worker();
    expect((await w.runOnce()).claimed).toBe(0);
    offset = 121_000;
    expect((await w.runOnce()).sent).toBe(1);
    expect(deliveries()).toEqual([`${MANAGER}:leased`]);
  });

  it("lets a second worker skip what a slow first worker is sending", async () => {
    for (let i = 1; i <= 3; i++) await queue(MANAGER + i, `m${i}`);
    fake.hold("sendMessage");
    const slow = worker();
    const slowRound = slow.runOnce();
    await expect.poll(() => fake.calls.length === 0 && db.prisma.outboxMessage.count({ where: { lockedUntil: { not: null } } })).toBe(3);
    const other = worker();
    expect((await other.runOnce()).claimed).toBe(0);
    fake.release("sendMessage");
    expect((await slowRound).sent).toBe(3);
    expect(deliveries()).toHaveLength(3);
  });

  it("shares the table between concurrent workers without sending anything twice", async () => {
    for (let i = 1; i <= 24; i++) await queue(2000 + i, `m${i}`);
    const a = worker({ batchSize: 5 });
    const b = worker({ batchSize: 5 });
    for (let round = 0; round < 6; round++) await Promise.all([a.runOnce(), b.runOnce()]);
    const sent = deliveries();
    expect(sent).toHaveLength(24);
    expect(new Set(sent).size).toBe(24);
  });

  it("runs on its own: polls, and a kick sends right away", async () => {
    const w = worker({ pollIntervalMs: 60_000 });
    w.start();
    await expect.poll(() => fake.calls.length).toBe(0);
    await queue(MANAGER, "kicked");
    w.kick();
    await expect.poll(() => deliveries(), { timeout: 3000 }).toEqual([`${MANAGER}:kicked`]);
    await w.stop();
    await queue(MANAGER, "after-stop");
    w.kick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(deliveries()).toHaveLength(1);
  });
});
