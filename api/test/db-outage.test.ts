import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@shop/prisma/db";
import { isDatabaseUnavailable } from "@shop/prisma/unavailable";
import { createScratchDatabase } from "@shop/prisma/test-database";
import { startApiProcess, type ApiProcess } from "./helpers/api-process";
import { CONTACT, line } from "./helpers/checkout";
import { createFixture, type Fixture } from "./helpers/fixtures";

/**
 * The database going away (docs/api.md#errors): the real server process talks to PostgreSQL through a TCP proxy
 * in this test, which cuts every connection and refuses new ones, then lets them through again. The outage is a
 * PostgreSQL matter (the embedded database lives inside the server's process): without DATABASE_URL the test uses
 * the PostgreSQL server on this machine.
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
  });
}, 120_000);

afterAll(async () => {
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
});
