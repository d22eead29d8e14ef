import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@shop/prisma/db";
import type { Broadcast } from "@shop/shared/schemas/broadcasts";
import { startApiProcess, type ApiProcess } from "../../api/test/helpers/api-process";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { initDataHeader } from "../../api/test/helpers/telegram";
import { TEST_BOT_TOKEN } from "../../api/test/helpers/test-app";
import { startFakeTelegram, type FakeTelegram } from "../../bot/test/helpers/fake-telegram";

/**
 * The job queue across real server processes (docs/architecture.md#jobs): on PostgreSQL two API processes share one
 * fresh database and both run the queue's workers; each job — a cart's reminder, a broadcast — runs once. The embedded
 * database belongs to one process: there the same runs through one.
 */

const serverUrl = process.env.DATABASE_URL;
const VARIANT = serverUrl ? "two API processes on one PostgreSQL database" : "one API process on the embedded database";
const CARTS = 40;
const RECIPIENTS = 300;
const PASSWORD = "jobs-scale-password";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-jobs-"));
  dirs.push(dir);
  return dir;
};

let fake: FakeTelegram;
let fixture: Fixture;
let apis: ApiProcess[] = [];
let shared: { db: Database; name: string; url: string } | null = null;
let embeddedDataDir = "";

/** the first process also runs the bot (its outbox worker sends the reminders); the others leave it, as in production */
const processEnv = (dataDir: string, databaseUrl?: string, botMode: "polling" | "off" = "polling") => ({
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: PASSWORD,
  WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
  RATE_LIMIT_TELEGRAM_USER: "0",
  TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
  TELEGRAM_BOT_USERNAME: "shop_test_bot",
  TELEGRAM_API_ROOT: fake.url,
  TELEGRAM_MINI_APP_URL: "https://t.me/shop_test_bot/shop",
  BOT_MODE: botMode,
  // ≈ 0.4 s
  CART_REMINDER_HOURS: "0.0001",
  BROADCAST_RATE: "300",
  DATABASE_URL: databaseUrl ?? "",
});

async function withDatabase<T>(check: (db: Database) => Promise<T>): Promise<T> {
  if (shared) return check(shared.db);
  await apis[0]!.stop();
  const db = await openDatabase({ embeddedDir: path.join(embeddedDataDir, "db") });
  try {
    return await check(db);
  } finally {
    await db.close();
    apis = [await startApiProcess(processEnv(embeddedDataDir))];
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  fake = await startFakeTelegram(TEST_BOT_TOKEN);
  if (serverUrl) {
    const name = `shop_jobs_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = "/" + name;
    shared = { db: await openDatabase({ databaseUrl: url.toString(), poolSize: 4 }), name, url: url.toString() };
    fixture = await createFixture(shared.db.prisma);
    await seedCustomers(shared.db);
    // started together, as a deployment would: both create the queue's schema and queues at once
    apis = await Promise.all([startApiProcess(processEnv(tempDir(), shared.url)), startApiProcess(processEnv(tempDir(), shared.url, "off"))]);
  } else {
    embeddedDataDir = tempDir();
    const db = await openDatabase({ embeddedDir: path.join(embeddedDataDir, "db") });
    try {
      fixture = await createFixture(db.prisma);
      await seedCustomers(db);
    } finally {
      await db.close();
    }
    apis = [await startApiProcess(processEnv(embeddedDataDir))];
  }
}, 120_000);

async function seedCustomers(db: Database) {
  await db.read(
    `INSERT INTO telegram_customers (telegram_user_id, messages_allowed, created_at, updated_at)
     SELECT id, true, now(), now() FROM generate_series(6000001::bigint, $1::bigint) AS id`,
    [6_000_000 + RECIPIENTS],
  );
}

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  if (shared) {
    await shared.db.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${shared.name}" WITH (FORCE)`);
    await admin.end();
  }
  await fake?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe(`jobs: ${VARIANT}`, () => {
  it(`${CARTS} carts synced through every instance: each cart's reminder job runs once, one reminder per cart`, async () => {
    const vase = fixture.byName("Ваза керамическая «Лён»");
    await Promise.all(
      Array.from({ length: CARTS }, async (_, i) => {
        const user = { id: 7_000_001 + i, first_name: "Покупатель" };
        const api = apis[i % apis.length]!;
        // the Mini App syncs as the cart changes: twice, from either instance
        for (const quantity of [1, 2]) {
          const response = await fetch(`${api.url}/api/cart`, {
            method: "PUT",
            headers: { "content-type": "application/json", ...initDataHeader(user) },
            body: JSON.stringify({ items: [{ product_id: vase.id, quantity }] }),
          });
          expect(response.status).toBe(200);
        }
      }),
    );
    // the reminders reach Telegram: one per cart
    const reminders = () => fake.delivered().filter((call) => String(call.params.text).startsWith("Вы оставили в корзине:"));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && reminders().length < CARTS) await sleep(200);
    const chats = reminders().map((call) => Number(call.params.chat_id));
    expect(chats).toHaveLength(CARTS);
    expect(new Set(chats).size).toBe(CARTS);
    await sleep(1_000);
    await withDatabase(async (db) => {
      const outbox = await db.read<{ chat_id: string; n: number }>(
        `SELECT chat_id::text, count(*)::int AS n FROM outbox_messages WHERE dedupe_key LIKE 'cart-reminder:%' GROUP BY chat_id`,
        [],
      );
      expect(outbox).toHaveLength(CARTS);
      expect(outbox.every((row) => row.n === 1)).toBe(true);
      // pg-boss's own record: every job of the queue completed, none failed or run again (a cart changed after its
      // reminder waits for next week's look)
      const jobs = await db.read<{ state: string; retry_count: number; singleton_key: string; later: boolean }>(
        `SELECT state::text AS state, retry_count, singleton_key, start_after > now() AS later FROM pgboss.job WHERE name = 'cart-reminder'`,
        [],
      );
      expect(jobs.filter((job) => job.state === "completed").length).toBeGreaterThanOrEqual(CARTS);
      expect(jobs.filter((job) => job.state !== "completed" && !(job.state === "created" && job.later))).toEqual([]);
      expect(jobs.every((job) => job.retry_count === 0)).toBe(true);
    });
  }, 120_000);

  it(`a broadcast to ${RECIPIENTS} customers started on one instance reaches each once`, async () => {
    const login = await fetch(`${apis[0]!.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ login: "admin", password: PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    fake.calls.length = 0;
    const created = await fetch(`${apis[0]!.url}/api/admin/broadcasts`, {
      method: "POST",
      headers,
      body: JSON.stringify({ message: { text: "Новинки недели", button: { kind: "catalog" } }, audience: { kind: "all" } }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Broadcast;
    const isBroadcast = (call: { params: { text?: unknown } }) => call.params.text === "Новинки недели";
    const last = apis.at(-1)!;
    let broadcast: Broadcast | null = null;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      broadcast = (await (await fetch(`${last.url}/api/admin/broadcasts/${id}`, { headers })).json()) as Broadcast;
      if (broadcast.status === "finished") break;
      await sleep(200);
    }
    // the reminders' customers allowed nothing: the seeded 300 are the audience
    expect(broadcast!.report).toEqual({ recipients: RECIPIENTS, sent: RECIPIENTS, blocked: 0, failed: 0, pending: 0 });
    const chats = fake.delivered().filter(isBroadcast).map((call) => Number(call.params.chat_id));
    expect(chats).toHaveLength(RECIPIENTS);
    expect(new Set(chats).size).toBe(RECIPIENTS);
  }, 120_000);
});
