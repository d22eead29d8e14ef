import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@shop/prisma/db";
import { createScratchDatabase } from "@shop/prisma/test-database";
import { startApiProcess, type ApiProcess } from "./helpers/api-process";
import { CONTACT, line } from "./helpers/checkout";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Request limits shared by several API instances through Redis (docs/api.md#request-limits): two real server
 * processes with the same REDIS_URL count one client's requests together. Runs where a Redis server is named by
 * REDIS_URL (CI starts one for its PostgreSQL leg). On PostgreSQL the two processes share one database, so the
 * sign-in failures counted there hold across them too; on the embedded database each process has its own.
 */
const redisUrl = process.env.REDIS_URL;
const serverUrl = process.env.DATABASE_URL;
const ADMIN_PASSWORD = "shared-limits-password";

describe.runIf(redisUrl)("request limits in Redis, shared by two API processes", () => {
  const dirs: string[] = [];
  let apis: ApiProcess[] = [];
  let scratch: { url: string; drop(): Promise<void> } | null = null;
  let db: Database | null = null;
  let fixture: Fixture;

  beforeAll(async () => {
    // a secret of this run: the shop's keys in Redis are named by it, so no other run or shop counts with these
    const jwtSecret = randomBytes(32).toString("hex");
    if (serverUrl) {
      scratch = await createScratchDatabase(serverUrl, "shop_test_limits");
      db = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
      fixture = await createFixture(db.prisma);
    }
    const start = async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "shop-limits-"));
      dirs.push(dataDir);
      return startApiProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: scratch?.url ?? "",
        REDIS_URL: redisUrl!,
        JWT_SECRET: jwtSecret,
        ADMIN_PASSWORD,
        WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
        RATE_LIMIT_ORDERS: "3",
        // the test names each client's address (X-Forwarded-For), as a proxy in front of the instances would
        TRUST_PROXY: "1",
        // a first start on the embedded database creates it (initdb in WebAssembly): slow on a busy machine
      }, { timeoutMs: 180_000 });
    };
    apis = await Promise.all([start(), start()]);
    if (!serverUrl) {
      // each embedded database needs the products the orders name: the same catalogue through each process's admin API
      for (const api of apis) {
        const token = await signIn(api);
        const product = await fetch(`${api.url}/api/admin/products`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: "Ваза", price: 1890 }),
        });
        expect(product.status).toBe(201);
        fixture = { products: [{ ...((await product.json()) as { id: number; sku: string }), name: "Ваза", price: 1890 }] } as Fixture;
      }
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await db?.close();
    await scratch?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const post = (api: ApiProcess, url: string, body: unknown, address = "192.0.2.1") =>
    fetch(`${api.url}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify(body),
    });
  async function signIn(api: ApiProcess) {
    const response = await post(api, "/api/login", { login: "admin", password: ADMIN_PASSWORD }, "192.0.2.250");
    return ((await response.json()) as { token: string }).token;
  }

  it("counts one address's orders on both processes together: the limit of 3 a minute holds for the pair", async () => {
    // A request waits 500 ms for Redis and is then counted in its process's own memory (so that a slow Redis never
    // holds the shop up). On a busy machine a process may miss that for a request (its log says "Command timed
    // out", once a minute at most); such a run lets a fourth order through and is made again with another address,
    // up to three times. Counts kept apart in each process give six 201s every time.
    const EXPECTED = [201, 201, 201, 429, 429, 429];
    let codes: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      codes = [];
      for (let i = 0; i < 6; i++) {
        const response = await post(apis[i % 2]!, "/api/orders", { ...CONTACT, cart_items: [line(fixture.products[0]!, 1)] }, `192.0.2.${10 + attempt}`);
        codes.push(response.status);
        if (response.status === 429) {
          expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
          expect(((await response.json()) as { message: string }).message).toMatch(/^Слишком много запросов\. Повторите через \d+ с\.$/);
        }
      }
      if (codes.join() === EXPECTED.join()) break;
    }
    expect(codes, apis.map((api) => api.output()).join("\n---\n")).toEqual(EXPECTED);
  });

  it("counts sign-in requests on both processes together: 20 a minute from one address", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await post(apis[i % 2]!, "/api/login", { login: "admin", password: ADMIN_PASSWORD }, "192.0.2.3")).status);
    expect(codes).toEqual([...Array(20).fill(200), 429, 429]);
    // another address is not affected
    expect((await post(apis[0]!, "/api/login", { login: "admin", password: ADMIN_PASSWORD }, "192.0.2.4")).status).toBe(200);
  });

  it.runIf(serverUrl)("holds the sign-in failures counted in the database across the processes (PostgreSQL: one database)", async () => {
    const answers: { status: number; message: string }[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await post(apis[i % 2]!, "/api/login", { login: "admin", password: `wrong-${i}` }, "192.0.2.5");
      answers.push({ status: response.status, message: ((await response.json()) as { message: string }).message });
    }
    // five wrong passwords from one address, on either process, then it must wait (not the request limit: 7 < 20)
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(answers[5]!.message).toMatch(/^Слишком много неудачных попыток входа/);
  });

  it("reports Redis as up in the health check", async () => {
    for (const api of apis) {
      expect(await (await fetch(`${api.url}/api/health`)).json()).toEqual({ ok: true, database: serverUrl ? "postgresql" : "embedded", down: [] });
    }
  });
});

describe("request limits while Redis does not answer", () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    // nothing listens on port 1: every Redis command fails at once
    t = await createTestApp({ env: { REDIS_URL: "redis://127.0.0.1:1", RATE_LIMIT_ORDERS: "2" } });
    f = await createFixture(t.prisma);
  });
  afterAll(async () => t?.close());

  it("keeps taking orders and counts them in this instance's memory meanwhile; the health check names Redis", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      codes.push(
        (await t.app.inject({ method: "POST", url: "/api/orders", remoteAddress: "198.51.100.77", payload: { ...CONTACT, cart_items: [line(f.products[0]!)] } }))
          .statusCode,
      );
    }
    expect(codes).toEqual([201, 201, 429]);
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true, database: process.env.DATABASE_URL ? "postgresql" : "embedded", down: ["redis"] });
  });
});
