import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@shop/prisma/db";
import { isDatabaseUnavailable, isTransientConflict } from "@shop/prisma/unavailable";
import { createScratchDatabase } from "@shop/prisma/test-database";
import { startApiProcess, type ApiProcess } from "./helpers/api-process";
import { CONTACT, line } from "./helpers/checkout";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { describeCall, everyRoute, type RouteCall } from "./helpers/every-route";
import { createTestApp } from "./helpers/test-app";

/**
 * The database going away (docs/api.md#errors): the real server process talks to PostgreSQL through a TCP proxy
 * in this test, which cuts every connection and refuses new ones, then lets them through again; later PostgreSQL
 * itself closes the database to connections and ends the open ones under a load of checkouts. The outage is a
 * PostgreSQL matter (the embedded database lives inside the server's process, and is tested closed at the end):
 * without DATABASE_URL the test uses the PostgreSQL server on this machine.
 */
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const upstream = new URL(serverUrl);

/** A TCP proxy to the PostgreSQL server that can cut the line. */
async function startCuttableProxy() {
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const database = net.connect(Number(upstream.port || 5432), upstream.hostname);
    for (const socket of [client, database]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(database).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type Proxy = Awaited<ReturnType<typeof startCuttableProxy>>;

let proxy: Proxy;
let scratch: { url: string; drop(): Promise<void> };
let direct: Database;
let api: ApiProcess;
let fixture: Fixture;
let dataDir: string;

beforeAll(async () => {
  scratch = await createScratchDatabase(serverUrl, "shop_test_outage");
  direct = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  fixture = await createFixture(direct.prisma);
  proxy = await startCuttableProxy();
  const throughProxy = new URL(scratch.url);
  throughProxy.hostname = "127.0.0.1";
  throughProxy.port = String(proxy.port);
  dataDir = mkdtempSync(path.join(tmpdir(), "shop-outage-"));
  api = await startApiProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: throughProxy.toString(),
    ADMIN_PASSWORD: "outage-test-password",
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    // every checkout of the load comes from this one address
    RATE_LIMIT_ORDERS: "0",
    // my orders through the development header: no bot in this test
    ALLOW_UNVERIFIED_TELEGRAM_ID: "1",
  });
}, 120_000);

afterAll(async () => {
  if (api && api.child.exitCode !== null) console.error(`the API process exited with ${api.child.exitCode}:\n${api.output()}`);
  await api?.stop();
  await proxy?.close();
  await direct?.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${api.url}${url}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const checkout = (idempotencyKey: string) =>
  post("/api/orders", { ...CONTACT, cart_items: [line(fixture.products[0]!, 2)] }, { "idempotency-key": idempotencyKey });

describe("the database unreachable", () => {
  it("answers checkouts and admin writes 503 with Retry-After and a Russian message, keeps the catalogue, and recovers by itself", async () => {
    const login = await post("/api/login", { login: "admin", password: "outage-test-password" });
    const { token } = (await login.json()) as { token: string };
    // the catalogue is loaded into memory by its first read
    expect((await fetch(`${api.url}/api/products`)).status).toBe(200);
    const before = await checkout("before-the-outage");
    expect(before.status).toBe(201);
    const firstOrder = (await before.json()) as { id: number };

    proxy.cut();
    const during = await checkout("during-the-outage");
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("10");
    expect(await during.json()).toEqual({ message: "Магазин временно недоступен. Повторите попытку через минуту." });

    const statusChange = await fetch(`${api.url}/api/orders/${firstOrder.id}/status`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ status: "processing" }),
    });
    expect(statusChange.status).toBe(503);
    expect(((await statusChange.json()) as { message: string }).message).toBe("Магазин временно недоступен. Повторите попытку через минуту.");
    // the catalogue answers from memory meanwhile
    expect((await fetch(`${api.url}/api/products`)).status).toBe(200);

    proxy.restore();
    const after = await checkout("during-the-outage");
    expect(after.status).toBe(201);

    // nothing half-written: two orders, each with its line, the first one's status unchanged
    const orders = await direct.prisma.order.findMany({ include: { items: true }, orderBy: { id: "asc" } });
    expect(orders.map((order) => [order.items.length, order.items[0]!.quantity])).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(orders[0]!.status).toBe("new");
    expect(await direct.prisma.orderItem.count()).toBe(2);
  }, 60_000);
});

const MESSAGE_503 = "Магазин временно недоступен. Повторите попытку через минуту.";
const databaseName = () => new URL(scratch.url).pathname.slice(1);

/** PostgreSQL's own outage of the shop's database: new connections refused (55000), the open ones ended (57P01). */
async function closeDatabase(admin: pg.Client) {
  await admin.query(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS false`);
  await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [databaseName()]);
}
const openDatabaseAgain = (admin: pg.Client) => admin.query(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS true`);

const call = async (route: RouteCall) => {
  const response = await fetch(`${api.url}${route.url}`, {
    method: route.method,
    headers: { ...(route.body === undefined ? {} : { "content-type": "application/json" }), ...route.headers },
    body: route.body === undefined ? undefined : JSON.stringify(route.body),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get("retry-after"), text };
};

describe("the database closed to connections under a load of checkouts", () => {
  it("answers 503 on every route meanwhile and never 500, stores every acknowledged order once, and recovers without a restart", async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { token } = (await (await post("/api/login", { login: "admin", password: "outage-test-password" })).json()) as { token: string };
      const telegramUserId = 700_000_901;
      const mine = await post("/api/orders", { ...CONTACT, cart_items: [line(fixture.products[1]!, 1)] }, { "x-telegram-user-id": String(telegramUserId) });
      expect(mine.status).toBe(201);
      const routes = everyRoute({
        productId: fixture.products[2]!.id,
        orderId: ((await mine.json()) as { id: number }).id,
        categoryId: fixture.categories.eco,
        adminToken: token,
        telegram: { "x-telegram-user-id": String(telegramUserId) },
        telegramUserId,
        adminPassword: "outage-test-password",
      });
      expect((await fetch(`${api.url}/api/products`)).status).toBe(200);

      // the load: workers place orders one after another, each with its own key; a 503 is sent again with the
      // same key after a pause, as the shop's clients do, until it is acknowledged
      const answers: { status: number; retryAfter: string | null; text: string; phase: string }[] = [];
      const acknowledged = new Map<string, number>();
      let phase = "before";
      let stopping = false;
      let next = 0;
      const worker = async () => {
        while (!stopping) {
          const key = `load-${next++}`;
          for (;;) {
            const response = await checkout(key);
            const text = await response.text();
            answers.push({ status: response.status, retryAfter: response.headers.get("retry-after"), text, phase });
            if (response.status === 201 || response.status === 200) {
              acknowledged.set(key, (JSON.parse(text) as { id: number }).id);
              break;
            }
            if (response.status !== 503) break;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      };
      const workers = Array.from({ length: 6 }, worker);

      await new Promise((resolve) => setTimeout(resolve, 1_500));
      phase = "during";
      await closeDatabase(admin);
      const outageStarted = Date.now();
      // every route while the database is closed: 503 with Retry-After, or an answer from memory
      await new Promise((resolve) => setTimeout(resolve, 500));
      const duringOutage: { route: RouteCall; status: number; retryAfter: string | null; text: string }[] = [];
      for (const route of routes) duringOutage.push({ route, ...(await call(route)) });
      const health = await call({ method: "GET", url: "/api/health" });
      // held closed for several seconds, the open connections ended once more midway
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [databaseName()]);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 6_000 - (Date.now() - outageStarted))));
      phase = "after";
      await openDatabaseAgain(admin);
      const reopened = Date.now();
      // recovery without a restart: the same process takes orders again within seconds
      let recoveredAfterMs = -1;
      while (Date.now() - reopened < 20_000) {
        if (answers.some((answer) => answer.phase === "after" && answer.status === 201)) {
          recoveredAfterMs = Date.now() - reopened;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      stopping = true;
      await Promise.all(workers);

      const byStatus = (list: { status: number }[]) =>
        Object.fromEntries([...new Set(list.map((a) => a.status))].sort().map((status) => [status, list.filter((a) => a.status === status).length]));
      console.log(
        `outage under load: ${answers.length} checkout answers ${JSON.stringify(byStatus(answers))}, during the outage ` +
          `${JSON.stringify(byStatus(answers.filter((a) => a.phase === "during")))}; ${acknowledged.size} orders acknowledged; ` +
          `recovered ${recoveredAfterMs} ms after the database opened again`,
      );

      // never a 500: while closed, checkouts are 503 with Retry-After and the shop's message
      expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
      expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 200 && answer.status !== 503)).toEqual([]);
      const refused = answers.filter((answer) => answer.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(answer.retryAfter).toBe("10");
        expect(JSON.parse(answer.text)).toEqual({ message: MESSAGE_503 });
      }
      expect(answers.filter((answer) => answer.phase === "before" && answer.status === 201).length).toBeGreaterThan(0);
      expect(recoveredAfterMs).toBeGreaterThanOrEqual(0);

      // every route: 503 (Retry-After, the message) or answered from memory; none 500
      const failures = duringOutage.filter(({ status, retryAfter, text }) =>
        status === 503 ? retryAfter !== "10" || (JSON.parse(text) as { message: string }).message !== MESSAGE_503 : status >= 500,
      );
      expect(failures.map(({ route, status }) => describeCall(route, status))).toEqual([]);
      const unavailable = duringOutage.filter(({ status }) => status === 503).map(({ route }) => `${route.method} ${route.url}`);
      // the catalogue answers from memory; everything that needs the database says it is not there
      expect(unavailable).toEqual(expect.arrayContaining(["GET /api/health", "POST /api/orders", "POST /api/login", "GET /api/orders", "GET /api/my-orders"]));
      expect(duringOutage.find(({ route }) => route.url === "/api/products")!.status).toBe(200);
      expect(health.status).toBe(503);
      expect(JSON.parse(health.text)).toEqual({ ok: false, database: "postgresql", down: ["database"], message: MESSAGE_503 });

      // every acknowledged order is stored, once, under its key; no order without an acknowledgement
      const stored = await direct.read<{ id: number; idempotency_key: string }>(
        `SELECT id, idempotency_key FROM orders WHERE idempotency_key LIKE 'load-%'`,
        [],
      );
      expect(stored.length).toBe(acknowledged.size);
      expect(new Map(stored.map((row) => [row.idempotency_key, row.id]))).toEqual(acknowledged);
      const lines = await direct.read<{ orders: number }>(
        `SELECT count(DISTINCT order_id)::int AS orders FROM order_items WHERE order_id = ANY($1::int[])`,
        [[...acknowledged.values()]],
      );
      expect(lines[0]!.orders).toBe(acknowledged.size);
      expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    } finally {
      await openDatabaseAgain(admin).catch(() => {});
      await admin.end();
    }
  }, 90_000);
});

describe("the embedded database closed", () => {
  it("answers 503 with Retry-After on every route that needs it, and the catalogue from memory", async () => {
    const t = await createTestApp({ database: "embedded", env: { ALLOW_UNVERIFIED_TELEGRAM_ID: "1" } });
    try {
      const f = await createFixture(t.prisma);
      const placed = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: { "x-telegram-user-id": "700000902" },
        payload: { ...CONTACT, cart_items: [line(f.products[0]!, 1)] },
      });
      expect(placed.statusCode).toBe(201);
      const routes = everyRoute({
        productId: f.products[1]!.id,
        orderId: placed.json<{ id: number }>().id,
        categoryId: f.categories.eco,
        adminToken: await t.adminToken(),
        telegram: { "x-telegram-user-id": "700000902" },
        telegramUserId: 700_000_902,
        adminPassword: "test-password-123",
      });
      expect((await t.app.inject({ method: "GET", url: "/api/products" })).statusCode).toBe(200);
      // what a request still running meets while the process shuts the database down
      await t.db.close();
      const answers = [];
      for (const route of routes) {
        const response = await t.app.inject({ method: route.method, url: route.url, headers: route.headers, payload: route.body as object | undefined });
        answers.push({ route, status: response.statusCode, retryAfter: response.headers["retry-after"], body: response.body });
      }
      expect(answers.filter(({ status }) => status >= 500 && status !== 503).map(({ route, status }) => describeCall(route, status))).toEqual([]);
      const unavailable = answers.filter(({ status }) => status === 503);
      for (const answer of unavailable) {
        expect(answer.retryAfter, answer.route.url).toBe("10");
        expect(JSON.parse(answer.body).message, answer.route.url).toBe(MESSAGE_503);
      }
      expect(unavailable.map(({ route }) => `${route.method} ${route.url}`)).toEqual(
        expect.arrayContaining(["GET /api/health", "POST /api/orders", "POST /api/login", "GET /api/orders", "GET /api/my-orders"]),
      );
      expect(JSON.parse(answers.find(({ route }) => route.url === "/api/health")!.body)).toEqual({
        ok: false,
        database: "embedded",
        down: ["database"],
        message: MESSAGE_503,
      });
      expect(answers.find(({ route }) => route.url === "/api/products")!.status).toBe(200);
    } finally {
      await t.close().catch(() => {});
    }
  });
});

describe("isDatabaseUnavailable", () => {
  it("knows the driver's own errors of a refused and of a cut connection, and not a refused statement", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${closedPort}/x` }).connect().catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const hangUp = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangUp.listen(0, "127.0.0.1", resolve));
    const cut = await new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${(hangUp.address() as net.AddressInfo).port}/x` })
      .connect()
      .catch((error: unknown) => error);
    await new Promise((resolve) => hangUp.close(resolve));
    expect(isDatabaseUnavailable(cut)).toBe(true);

    const refusedStatement = await direct.read("SELECT * FROM no_such_table", []).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refusedStatement)).toBe(false);
    expect(isDatabaseUnavailable(new Error("Товар не найден"))).toBe(false);
    expect(isDatabaseUnavailable({ code: "P1001" })).toBe(true);
    expect(isDatabaseUnavailable({ code: "57P01" })).toBe(true);
  });

  it("knows a database closed to connections, too many connections, class 08 and 53, and the adapter's kinds", async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS false`);
      const closed = await new pg.Client({ connectionString: scratch.url }).connect().catch((error: unknown) => error);
      expect((closed as { code: string }).code).toBe("55000");
      expect(isDatabaseUnavailable(closed)).toBe(true);
    } finally {
      await openDatabaseAgain(admin);
      await admin.end();
    }
    // the same code at ERROR is a statement's own mistake, not an outage
    const statement = await direct.read("SELECT currval('order_number_seq')", []).catch((error: unknown) => error);
    expect((statement as { code: string }).code).toBe("55000");
    expect(isDatabaseUnavailable(statement)).toBe(false);
    for (const code of ["53300", "53100", "08006", "08P01", "57P03"]) expect(isDatabaseUnavailable({ code }), code).toBe(true);
    // Prisma's driver adapter error, as it wraps pg's
    expect(isDatabaseUnavailable({ name: "DriverAdapterError", cause: { kind: "postgres", originalCode: "55000", severity: "FATAL" } })).toBe(true);
    expect(isDatabaseUnavailable({ meta: { driverAdapterError: { cause: { kind: "TooManyConnections" } } } })).toBe(true);
    expect(isDatabaseUnavailable(new Error("PGlite is closed"))).toBe(true);
    expect(isDatabaseUnavailable({ code: "23505" })).toBe(false);
    expect(isDatabaseUnavailable({ code: "40P01" })).toBe(false);
    expect(isTransientConflict({ code: "40P01" })).toBe(true);
    expect(isTransientConflict({ cause: { kind: "TransactionWriteConflict" } })).toBe(true);
    expect(isTransientConflict({ code: "55000" })).toBe(false);
  });
});
