import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { carrierSettingsFromEnv, defaultDeliverySettings, DeliveryDesk, parcelSize, QUOTE_HONOURED_MS, writeDeliverySettings } from "@shop/core/delivery";
import { placeOrder } from "@shop/core/orders";
import { openTestDatabase } from "@shop/prisma/test-database";
import { checkout, createShop, refusal, testNotifier, type ShopFixture } from "./helpers/shop";
import { startCdekStandin, startPochtaStandin, standinEnv, type CdekStandin, type PochtaStandin } from "./helpers/carrier-standins";

/**
 * A quote the shopper saw is honoured by any instance of the shop (docs/delivery.md#a-quote-honoured-then-refreshed):
 * it travels with the client signed with the shop's key, so a second process — its own memory empty, the carrier's
 * price moved — charges it; a token changed by the client, signed with another key or past its time is not honoured.
 * And the parcel СДЭК is asked about: the products' own dimensions when set (docs/delivery.md#the-parcel).
 */

let db: Database;
let shop: ShopFixture;
let cdek: CdekStandin;
let pochta: PochtaStandin;
let clock = Date.now();
const SHOP_KEY = randomBytes(32);
const notifier = testNotifier();

/** One API process: its own memory, the shop's key (or another). */
const instance = (key: Buffer = SHOP_KEY) => new DeliveryDesk(db, carrierSettingsFromEnv(standinEnv(cdek, pochta)), () => clock, key);
const candle = () => shop.byName("Свеча соевая «Ваниль»");
const MSK = { city: "Москва", cityCode: 44, postalCode: null };

beforeAll(async () => {
  db = await openTestDatabase();
  shop = await createShop(db.prisma);
  cdek = await startCdekStandin();
  pochta = await startPochtaStandin();
  const settings = defaultDeliverySettings();
  settings.origin = { city: "Москва", cdekCityCode: 44, postalCode: "101000" };
  settings.methods.cdek_point = { ...settings.methods.cdek_point, enabled: true };
  await writeDeliverySettings(db, settings);
});
afterAll(async () => {
  await cdek?.close();
  await pochta?.close();
  await db?.close();
});

describe("a quote honoured across instances", () => {
  it("is charged by another instance after the carrier's price moved, and not once changed, foreign or expired", async () => {
    const lines = [{ productId: candle().id, quantity: 1 }];
    const first = instance();
    const [seen] = (await first.quote({ ...MSK, lines })).methods;
    expect(seen).toMatchObject({ method: "cdek_point", price: 312_40 });
    expect(seen!.quoteId).toMatch(/^q1\.[\w-]+\.[\w-]+$/);
    cdek.setPrice(136, 44, 400);

    const choice = { method: "cdek_point" as const, city: "Москва", cityCode: 44, postalCode: null, pointCode: "MSK1", quoteId: seen!.quoteId, expectedPrice: seen!.price };
    const second = instance();
    const honoured = await second.forOrder(choice, lines, null);
    expect(honoured).toMatchObject({ quoted: 312_40, details: { priceKnown: true, daysMin: 3, daysMax: 5 } });
    const { order } = await placeOrder(db, notifier, checkout(lines, { delivery: honoured }));
    expect(order.totals.delivery).toBe(312_40);

    // the client raised nothing and lowered the price: the signature no longer matches, the new price is a 409
    const [prefix, body, signature] = seen!.quoteId!.split(".");
    const fields = JSON.parse(Buffer.from(body!, "base64url").toString("utf8")) as unknown[];
    fields[4] = 1_00;
    const forged = `${prefix}.${Buffer.from(JSON.stringify(fields)).toString("base64url")}.${signature}`;
    expect(await refusal(instance().forOrder({ ...choice, quoteId: forged, expectedPrice: 1_00 }, lines, null))).toMatchObject({
      kind: "conflict",
      details: { code: "delivery_changed" },
    });
    // signed with another shop's key: the same
    expect(await refusal(instance(randomBytes(32)).forOrder(choice, lines, null))).toMatchObject({ kind: "conflict" });
    // past its time: quoted again
    clock += QUOTE_HONOURED_MS + 1;
    expect(await refusal(instance().forOrder(choice, lines, null))).toMatchObject({ kind: "conflict", details: { code: "delivery_changed" } });
    cdek.setPrice(136, 44, 312.4);
  });
});

describe("the parcel", () => {
  const DEFAULT = { lengthCm: 20, widthCm: 15, heightCm: 10 };

  it("is the product's own box (millimetres up to whole centimetres, longest side first), stacked on its smallest side", () => {
    expect(parcelSize([{ widthMm: 101, heightMm: 300, depthMm: 50, quantity: 1 }], DEFAULT)).toEqual({ lengthCm: 30, widthCm: 11, heightCm: 5 });
    expect(parcelSize([{ widthMm: 100, heightMm: 300, depthMm: 50, quantity: 3 }], DEFAULT)).toEqual({ lengthCm: 30, widthCm: 10, heightCm: 15 });
    // a product without all three sides counts as the default parcel
    expect(parcelSize([{ widthMm: 100, heightMm: null, depthMm: 50, quantity: 1 }], DEFAULT)).toEqual(DEFAULT);
    expect(parcelSize([{ widthMm: 100, heightMm: 300, depthMm: 50, quantity: 1 }, { widthMm: null, heightMm: null, depthMm: null, quantity: 1 }], DEFAULT)).toEqual({
      lengthCm: 30,
      widthCm: 15,
      heightCm: 15,
    });
    expect(parcelSize([], DEFAULT)).toEqual(DEFAULT);
    expect(parcelSize([{ widthMm: 5000, heightMm: 5000, depthMm: 1000, quantity: 40 }], DEFAULT)).toEqual({ lengthCm: 300, widthCm: 300, heightCm: 300 });
  });

  it("is what СДЭК is asked to price: the product's dimensions when set, the default parcel otherwise", async () => {
    const vase = shop.byName("Ваза керамическая «Лён»");
    await db.prisma.product.update({ where: { id: vase.id }, data: { width: 120, height: 250, depth: 120 } });
    const packages = () => (cdek.callsTo("/v2/calculator/tariff").at(-1)!.body as { packages: object[] }).packages;
    await instance().quote({ ...MSK, lines: [{ productId: vase.id, quantity: 2 }] });
    expect(packages()).toEqual([expect.objectContaining({ length: 25, width: 12, height: 24 })]);
    await instance().quote({ ...MSK, lines: [{ productId: candle().id, quantity: 1 }] });
    expect(packages()).toEqual([expect.objectContaining({ length: 20, width: 15, height: 10 })]);
  });
});
