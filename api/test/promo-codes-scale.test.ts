import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@shop/prisma/db";
import { startApiProcess, type ApiProcess } from "./helpers/api-process";
import { CONTACT, line } from "./helpers/checkout";
import { createFixture, type Fixture } from "./helpers/fixtures";

/**
 * The last use of a one-use promo code across API processes (docs/product.md#promo-codes): on PostgreSQL two real
 * server processes share one fresh database and 50 concurrent orders are spread over them; the embedded database
 * can be opened by one process only, so there the same 50 go to a single process.
 */

const serverUrl = process.env.DATABASE_URL;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-promo-scale-"));
  dirs.push(dir);
  return dir;
};
const processEnv = (dataDir: string, databaseUrl?: string) => ({
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: "promo-scale-password",
  WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
  RATE_LIMIT_ORDERS: "0",
  DATABASE_URL: databaseUrl ?? "",
});

let apis: ApiProcess[] = [];
let fixture: Fixture;
let db: Database | null = null;
let serverDatabase: string | null = null;
let embeddedDir = "";

beforeAll(async () => {
  if (serverUrl) {
    serverDatabase = `shop_promo_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${serverDatabase}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = "/" + serverDatabase;
    db = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    fixture = await createFixture(db.prisma);
    await db.prisma.promoCode.create({ data: { code: "ПОСЛЕДНИЙ", kind: "fixed", amount: 100, maxUses: 1 } });
    apis = await Promise.all([startApiProcess(processEnv(tempDir(), url.toString())), startApiProcess(processEnv(tempDir(), url.toString()))]);
  } else {
    embeddedDir = tempDir();
    const embedded = await openDatabase({ embeddedDir: path.join(embeddedDir, "db") });
    try {
      fixture = await createFixture(embedded.prisma);
      await embedded.prisma.promoCode.create({ data: { code: "ПОСЛЕДНИЙ", kind: "fixed", amount: 100, maxUses: 1 } });
    } finally {
      await embedded.close();
    }
    apis = [await startApiProcess(processEnv(embeddedDir))];
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await db?.close();
  if (serverDatabase) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${serverDatabase}" WITH (FORCE)`);
    await admin.end();
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe(serverUrl ? "two API processes on one PostgreSQL database" : "one API process on the embedded database", () => {
  it("gives the last use of a one-use code to exactly one of 50 concurrent orders", async () => {
    const candle = fixture.byName("Свеча соевая «Ваниль»");
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const api = apis[i % apis.length]!;
        const response = await fetch(`${api.url}/api/orders`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...CONTACT, customer_phone: `+7 912 100-${String(10 + i).padStart(2, "0")}-00`, source: "website", cart_items: [line(candle)], promo_code: "последний" }),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      }),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created, JSON.stringify(answers.filter((answer) => answer.status !== 201 && answer.status !== 409))).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({ promo_code: "ПОСЛЕДНИЙ", discount_amount: 100 });
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(49);
    for (const answer of refused) expect(answer.body).toMatchObject({ code: "promo_code_refused", reason: "used-up" });

    if (!db) {
      await apis[0]!.stop();
      apis = [];
    }
    const check = db ?? (await openDatabase({ embeddedDir: path.join(embeddedDir, "db") }));
    try {
      const code = await check.prisma.promoCode.findUniqueOrThrow({ where: { code: "ПОСЛЕДНИЙ" } });
      expect(code.uses).toBe(1);
      expect(await check.prisma.order.count({ where: { promoCodeId: code.id } })).toBe(1);
    } finally {
      if (!db) await check.close();
    }
  }, 120_000);
});
