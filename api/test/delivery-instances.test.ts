import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultDeliverySettings, writeDeliverySettings } from "@shop/core/delivery";
import { openDatabase, type Database } from "@shop/prisma/db";
import { startApiProcess, type ApiProcess } from "./helpers/api-process";
import { CONTACT } from "./helpers/checkout";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { startCdekStandin, startPochtaStandin, standinEnv, type CdekStandin, type PochtaStandin } from "../../core/test/helpers/carrier-standins";

/**
 * A delivery quote the shopper saw is honoured by another instance of the shop (docs/delivery.md#a-quote-honoured-then-refreshed):
 * real server processes on loopback. On PostgreSQL (DATABASE_URL) two processes share one database: the quote comes
 * from the first, the order goes to the second after СДЭК's price moved. The embedded database can be opened by one
 * process only, so there the first process is stopped and a new one — its memory empty — takes the order.
 */

const serverUrl = process.env.DATABASE_URL;
const VARIANT = serverUrl ? "two API processes on one PostgreSQL database" : "a new API process on the embedded database";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-quotes-"));
  dirs.push(dir);
  return dir;
};

let cdek: CdekStandin;
let pochta: PochtaStandin;
let fixture: Fixture;
let first: ApiProcess;
let second: ApiProcess;
let serverDb: { db: Database; name: string } | null = null;
let embeddedDir = "";

const processEnv = (dataDir: string, databaseUrl?: string) => ({
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: "quotes-test-password",
  WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
  RATE_LIMIT_ORDERS: "0",
  ...standinEnv(cdek, pochta),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" }),
});

async function prepareShop(db: Database) {
  fixture = await createFixture(db.prisma);
  const settings = defaultDeliverySettings();
  settings.origin = { city: "Москва", cdekCityCode: 44, postalCode: "101000" };
  settings.methods.cdek_point = { ...settings.methods.cdek_point, enabled: true, markupPercent: 10, markupFixed: 20_00, roundUpTo10: true };
  await writeDeliverySettings(db, settings);
}

beforeAll(async () => {
  cdek = await startCdekStandin();
  pochta = await startPochtaStandin();
  if (serverUrl) {
    const name = `shop_quotes_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = "/" + name;
    const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    serverDb = { db, name };
    await prepareShop(db);
    // one after the other: the second reads the JWT secret the first generated and stored, as a deployment's would
    first = await startApiProcess(processEnv(tempDir(), url.toString()), { timeoutMs: 120_000 });
    second = await startApiProcess(processEnv(tempDir(), url.toString()), { timeoutMs: 120_000 });
  } else {
    embeddedDir = tempDir();
    const db = await openDatabase({ embeddedDir: path.join(embeddedDir, "db") });
    try {
      await prepareShop(db);
    } finally {
      await db.close();
    }
    first = await startApiProcess(processEnv(embeddedDir), { timeoutMs: 120_000 });
  }
}, 300_000);

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  if (serverDb) {
    await serverDb.db.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${serverDb.name}" WITH (FORCE)`);
    await admin.end();
  }
  await cdek?.close();
  await pochta?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const post = async (api: ApiProcess, url: string, body: object) => {
  const response = await fetch(`${api.url}${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe(`a delivery quote honoured across instances: ${VARIANT}`, () => {
  it("the other instance charges the price the shopper saw after СДЭК's price moved, and refuses a changed token", { timeout: 240_000 }, async () => {
    const candle = fixture.byName("Свеча соевая «Ваниль»");
    const cart = [{ product_id: candle.id, quantity: 1 }];
    const quoted = await post(first, "/api/delivery/quote", { city: "Москва", city_code: 44, cart_items: cart });
    expect(quoted.status).toBe(200);
    const quote = (quoted.body.methods as { method: string; quote_id: string; price: number }[]).find((m) => m.method === "cdek_point")!;
    // 312.40 + 10 % + 20 = 363.64 → 370
    expect(quote.price).toBe(370);

    cdek.setPrice(136, 44, 400);
    if (!serverUrl) {
      await first.stop();
      second = await startApiProcess(processEnv(embeddedDir), { timeoutMs: 120_000 });
    }
    const order = (quoteId: string) =>
      post(second, "/api/orders", {
        ...CONTACT,
        source: "website",
        cart_items: cart,
        delivery: { method: "cdek_point", city: "Москва", city_code: 44, point_code: "MSK1", quote_id: quoteId, expected_price: 370 },
      });

    // the other instance has nothing in memory and СДЭК now says 400 ₽ (460 ₽ to the shopper): the token holds
    const honoured = await order(quote.quote_id);
    expect(honoured.status, JSON.stringify(honoured.body)).toBe(201);
    expect(honoured.body).toMatchObject({ delivery_cost: 370, delivery: { method: "cdek_point", point_code: "MSK1", price_known: true } });

    // the same token with a lower price written into it is not the shop's: quoted again, and the new price is a 409
    const [prefix, body, signature] = quote.quote_id.split(".");
    const fields = JSON.parse(Buffer.from(body!, "base64url").toString("utf8")) as unknown[];
    fields[4] = 100;
    const forged = await order(`${prefix}.${Buffer.from(JSON.stringify(fields)).toString("base64url")}.${signature}`);
    expect(forged.status).toBe(409);
    expect(forged.body).toMatchObject({ code: "delivery_changed", delivery: { price: 460 } });
  });
});
