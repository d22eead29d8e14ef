import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import {
  carrierSettingsFromEnv,
  defaultDeliverySettings,
  DELIVERY_TEXTS,
  DeliveryDesk,
  type DeliveryNotifier,
  type DeliverySettings,
  orderDelivery,
  receiveCdekWebhook,
  registerCdekShipment,
  setTrackNumber,
  SHIPMENT_TEXTS,
  writeDeliverySettings,
} from "@shop/core/delivery";
import { getOrder, placeOrder, type Order } from "@shop/core/orders";
import { openTestDatabase } from "@shop/prisma/test-database";
import { formatPrice } from "@shop/shared/format";
import { checkout, createShop, MANAGER, outbox, refusal, shopError, testNotifier, type ShopFixture } from "./helpers/shop";
import { startCdekStandin, startPochtaStandin, standinEnv, type CdekStandin, type PochtaStandin } from "./helpers/carrier-standins";

/**
 * Delivery in the core (docs/delivery.md): quotes from the carriers' stand-ins with the seller's markup, rounding and
 * free threshold; a quote honoured for its time and then refreshed; a carrier that does not answer during checkout;
 * a СДЭК shipment registered and its webhook delivered twice.
 */

let db: Database;
let shop: ShopFixture;
let cdek: CdekStandin;
let pochta: PochtaStandin;
let clock = Date.now();
const CUSTOMER = { id: 880001, first_name: "Анна" };

/** The test notifier, with the manager's card saying how the order travels and the customer's track messages. */
const base = testNotifier();
const notifier: DeliveryNotifier = {
  ...base,
  orderCreated: (order: Order) => [
    {
      chatId: MANAGER,
      dedupeKey: `order:${order.id}:created`,
      payload: {
        text: `Новый заказ №${order.number}` + (order.delivery ? `; ${order.delivery.method}; ${order.delivery.priceNote ?? "цена известна"}` : ""),
      },
    },
  ],
  trackingAdded: (order, tracking) =>
    order.telegramUser
      ? [{ chatId: order.telegramUser.id, dedupeKey: `order:${order.id}:track:${tracking.trackNumber}`, payload: { text: `Трек ${tracking.trackNumber} ${tracking.link}` } }]
      : [],
};

function desk(timeoutMs = 3000): DeliveryDesk {
  return new DeliveryDesk(db, carrierSettingsFromEnv({ ...standinEnv(cdek, pochta), CARRIER_TIMEOUT_MS: String(timeoutMs) }), () => clock);
}

function settings(change: (s: DeliverySettings) => void): DeliverySettings {
  const s = defaultDeliverySettings();
  s.origin = { city: "Москва", cdekCityCode: 44, postalCode: "101000" };
  change(s);
  return s;
}

const MSK = { city: "Москва", cityCode: 44, postalCode: null };

beforeAll(async () => {
  db = await openTestDatabase();
  shop = await createShop(db.prisma);
  cdek = await startCdekStandin();
  pochta = await startPochtaStandin();
});
afterAll(async () => {
  await cdek?.close();
  await pochta?.close();
  await db?.close();
});
beforeEach(async () => {
  await db.prisma.outboxMessage.deleteMany({});
  await db.read(`DELETE FROM delivery_settings`, []);
  cdek.delayMs = 0;
  cdek.down = false;
  clock = Date.now();
});

const candle = () => shop.byName("Свеча соевая «Ваниль»"); // 350 ₽, no weight: the default parcel 500 g
const blanket = () => shop.byName("Плед вязаный из шерсти"); // 5400 ₽

describe("quotes", () => {
  it("a shop with no method set up quotes nothing and orders as always: 250 ₽, the manager confirms", async () => {
    const quotes = await desk().quote({ ...MSK, lines: [{ productId: candle().id, quantity: 1 }] });
    expect(quotes).toEqual({ configured: false, weightGrams: 0, methods: [], pickup: null });
    expect(await desk().forOrder(null, [{ productId: candle().id, quantity: 1 }], null)).toBeNull();
    const { order } = await placeOrder(db, notifier, checkout([{ productId: candle().id, quantity: 1 }]));
    expect(order.totals.delivery).toBe(250_00);
    expect(await db.transaction((sql) => orderDelivery(sql, order.id))).toBeNull();
  });

  it("adds the markup, rounds up to 10 ₽, is free from the threshold, and keeps the carriers' answers", async () => {
    await writeDeliverySettings(
      db,
      settings((s) => {
        s.methods.cdek_point = { ...s.methods.cdek_point, enabled: true, markupPercent: 10, markupFixed: 20_00, roundUpTo10: true, freeFrom: 3000_00 };
        s.methods.pochta = { ...s.methods.pochta, enabled: true };
        s.methods.pickup = { ...s.methods.pickup, enabled: true };
        s.pickup = { address: "Москва, ул. Гончарная, 5", hours: "Пн–Пт 10–19" };
      }),
    );
    const d = desk();
    const calls = cdek.callsTo("/v2/calculator/tariff").length;
    const quotes = await d.quote({ ...MSK, lines: [{ productId: candle().id, quantity: 1 }] });
    expect(quotes.weightGrams).toBe(500);
    const byMethod = Object.fromEntries(quotes.methods.map((q) => [q.method, q]));
    // 312.40 ₽ + 10 % = 343.64, + 20 ₽ = 363.64, up to 370
    expect(byMethod.cdek_point).toMatchObject({ price: 370_00, fee: 370_00, daysMin: 3, daysMax: 5, text: "СДЭК, пункт выдачи — 370 руб., 3–5 дней" });
    expect(byMethod.pochta).toMatchObject({ price: 289_80, fee: 289_80, text: `Почта России — ${formatPrice(289.8)}, 4–7 дней` });
    expect(byMethod.pickup).toMatchObject({ price: 0, text: "Самовывоз — бесплатно" });
    expect(quotes.pickup).toEqual({ address: "Москва, ул. Гончарная, 5", hours: "Пн–Пт 10–19" });

    // the blanket's 5400 ₽ is 4698 ₽ after 13 %: above the 3000 ₽ threshold
    const free = await d.quote({ ...MSK, lines: [{ productId: blanket().id, quantity: 1 }] });
    expect(free.methods.find((q) => q.method === "cdek_point")).toMatchObject({ price: 370_00, fee: 0, text: "СДЭК, пункт выдачи — бесплатно, 3–5 дней" });
    // one calculation for the 500 g parcel to Москва: the second cart was answered from memory
    expect(cdek.callsTo("/v2/calculator/tariff").length - calls).toBe(1);
  });

  it("lists pickup points by street and kind", async () => {
    const d = desk();
    const all = await d.pickupPoints(44);
    expect(all.available).toBe(true);
    expect(all.points).toHaveLength(5);
    expect((await d.pickupPoints(44, { search: "арбат" })).points.map((p) => [p.code, p.kind])).toEqual([["MSK3", "locker"]]);
    expect((await d.pickupPoints(44, { kind: "locker" })).points.map((p) => p.code)).toEqual(["MSK3", "MSK5"]);
    expect((await d.suggestCities("мос")).map((c) => c.city)).toEqual(["Москва", "Мосальск"]);
  });
});

describe("the quote on the order", () => {
  beforeEach(async () => {
    await writeDeliverySettings(
      db,
      settings((s) => {
        s.methods.cdek_point = { ...s.methods.cdek_point, enabled: true, markupPercent: 10, markupFixed: 20_00, roundUpTo10: true };
      }),
    );
  });

  it("stores the method, the point, the weight and the dates, and charges the quoted price", async () => {
    const d = desk();
    const lines = [{ productId: candle().id, quantity: 2 }];
    const [quote] = (await d.quote({ ...MSK, lines })).methods;
    const delivery = await d.forOrder(
      { method: "cdek_point", city: "Москва", cityCode: 44, postalCode: null, pointCode: "MSK1", quoteId: quote!.quoteId, expectedPrice: quote!.price },
      lines,
      null,
    );
    const { order } = await placeOrder(db, notifier, checkout(lines, { delivery }));
    // 700 ₽ of candles, 5 % off: 665 ₽ + 370 ₽ delivery
    expect(order.totals).toMatchObject({ delivery: 370_00, total: 665_00 + 370_00 });
    expect(await db.transaction((sql) => orderDelivery(sql, order.id))).toMatchObject({
      method: "cdek_point",
      city: "Москва",
      cityCode: 44,
      pointCode: "MSK1",
      pointAddress: "Тверская ул., 12",
      weightGrams: 1000,
      daysMin: 3,
      daysMax: 5,
      priceKnown: true,
      priceNote: null,
    });
    expect(await outbox(db.prisma)).toEqual([[MANAGER, `Новый заказ №${order.number}; cdek_point; цена известна`]]);
  });

  it("refuses a pickup point method without a point, and a point the city does not have", async () => {
    const d = desk();
    const lines = [{ productId: candle().id, quantity: 1 }];
    const choice = { method: "cdek_point" as const, city: "Москва", cityCode: 44, postalCode: null, pointCode: null, quoteId: null, expectedPrice: null };
    expect(await refusal(d.forOrder(choice, lines, null))).toMatchObject(shopError("invalid", DELIVERY_TEXTS.choosePoint));
    expect(await refusal(d.forOrder({ ...choice, pointCode: "NOPE" }, lines, null))).toMatchObject(shopError("invalid", DELIVERY_TEXTS.choosePoint));
    expect(await refusal(d.forOrder(null, lines, null))).toMatchObject(shopError("invalid", DELIVERY_TEXTS.chooseMethod));
  });

  it("honours the quote the shopper saw for its time, then refreshes it with a clear message", async () => {
    const d = desk();
    const lines = [{ productId: candle().id, quantity: 1 }];
    const [seen] = (await d.quote({ ...MSK, lines })).methods;
    expect(seen!.price).toBe(370_00);
    cdek.setPrice(136, 44, 400);
    d.forgetCarrierAnswers();
    const choice = { method: "cdek_point" as const, city: "Москва", cityCode: 44, postalCode: null, pointCode: "MSK2", quoteId: seen!.quoteId, expectedPrice: seen!.price };

    clock += 14 * 60_000;
    expect((await d.forOrder(choice, lines, null))!.quoted).toBe(370_00);

    clock += 2 * 60_000;
    // 400 ₽ + 10 % + 20 ₽ = 460 ₽
    const changed = await refusal(d.forOrder(choice, lines, null));
    expect(changed).toMatchObject(shopError("conflict", DELIVERY_TEXTS.changed("СДЭК, пункт выдачи — 460 руб., 3–5 дней")));
    expect(changed.message).toBe("Стоимость доставки изменилась: СДЭК, пункт выдачи — 460 руб., 3–5 дней. Проверьте сумму и оформите заказ ещё раз.");
    const fresh = (changed.details as { delivery: { quote_id: string; price: number } }).delivery;
    expect(fresh.price).toBe(460);
    const delivery = await d.forOrder({ ...choice, quoteId: fresh.quote_id, expectedPrice: 460_00 }, lines, null);
    expect(delivery!.quoted).toBe(460_00);
    cdek.setPrice(136, 44, 312.4);
  });

  it("takes the order when СДЭК does not answer in time: the fixed fee, and the manager is told", async () => {
    const d = desk(200);
    cdek.delayMs = 1000;
    const lines = [{ productId: candle().id, quantity: 1 }];
    const started = Date.now();
    const delivery = await d.forOrder(
      { method: "cdek_point", city: "Москва", cityCode: 44, postalCode: null, pointCode: "MSK4", quoteId: null, expectedPrice: 370_00 },
      lines,
      null,
    );
    expect(Date.now() - started).toBeLessThan(900);
    expect(delivery).toMatchObject({ quoted: null, details: { priceKnown: false, priceNote: "carrier-unavailable", pointCode: "MSK4" } });
    const { order } = await placeOrder(db, notifier, checkout(lines, { delivery }));
    expect(order.totals.delivery).toBe(250_00);
    expect(await db.transaction((sql) => orderDelivery(sql, order.id))).toMatchObject({ method: "cdek_point", pointCode: "MSK4", priceKnown: false });
    expect(await outbox(db.prisma)).toEqual([[MANAGER, `Новый заказ №${order.number}; cdek_point; carrier-unavailable`]]);
  });
});

describe("after the order", () => {
  it("registers the СДЭК shipment once, tells the customer the track number once, and a webhook delivered twice moves the order once", async () => {
    await writeDeliverySettings(db, settings((s) => void (s.methods.cdek_point = { ...s.methods.cdek_point, enabled: true })));
    const d = desk();
    const lines = [{ productId: candle().id, quantity: 1 }];
    const delivery = await d.forOrder(
      { method: "cdek_point", city: "Москва", cityCode: 44, postalCode: null, pointCode: "MSK1", quoteId: null, expectedPrice: null },
      lines,
      null,
    );
    const { order } = await placeOrder(db, notifier, checkout(lines, { delivery, source: "telegram_mini_app", telegramUser: CUSTOMER }));
    await db.prisma.outboxMessage.deleteMany({});

    const shipment = await registerCdekShipment(db, d, notifier, order.id);
    const sent = cdek.orders.at(-1)!;
    expect(sent.body).toMatchObject({ number: order.number, tariff_code: 136, delivery_point: "MSK1", packages: [{ weight: 500 }] });
    expect(shipment).toMatchObject({ carrierOrderUuid: sent.uuid, trackNumber: sent.cdekNumber });
    expect(await refusal(registerCdekShipment(db, d, notifier, order.id))).toMatchObject(shopError("conflict", SHIPMENT_TEXTS.alreadyRegistered));

    const customer = BigInt(CUSTOMER.id);
    const trackMessage = [customer, `Трек ${sent.cdekNumber} https://www.cdek.ru/ru/tracking/?order_id=${sent.cdekNumber}`];
    expect(await outbox(db.prisma)).toEqual([trackMessage]);

    const onItsWay = cdek.statusEvent(sent.uuid, "RECEIVED_AT_SHIPMENT_WAREHOUSE");
    expect(await receiveCdekWebhook(db, notifier, onItsWay)).toBe("recorded");
    const delivered = cdek.statusEvent(sent.uuid, "DELIVERED");
    expect(await receiveCdekWebhook(db, notifier, delivered)).toBe("recorded");
    expect(await receiveCdekWebhook(db, notifier, delivered)).toBe("recorded");
    expect((await getOrder(db.prisma, order.id)).status).toBe("completed");
    expect(await outbox(db.prisma)).toEqual([
      trackMessage,
      [customer, `Заказ №${order.number}: new → shipped`],
      [customer, `Заказ №${order.number}: shipped → completed`],
    ]);
    expect(await receiveCdekWebhook(db, notifier, { type: "ORDER_STATUS", uuid: "00000000-0000-0000-0000-000000000000" })).toBe("unknown-order");
  });

  it("a manager types a track number for any order: one message, however often it is saved", async () => {
    const { order } = await placeOrder(db, notifier, checkout([{ productId: candle().id, quantity: 1 }], { source: "telegram_mini_app", telegramUser: CUSTOMER }));
    await db.prisma.outboxMessage.deleteMany({});
    expect(await refusal(setTrackNumber(db, notifier, order.id, "№ 1"))).toMatchObject(shopError("invalid", SHIPMENT_TEXTS.badTrack));
    await setTrackNumber(db, notifier, order.id, "rp123456785ru");
    const again = await setTrackNumber(db, notifier, order.id, "RP123456785RU");
    expect(again).toMatchObject({ method: null, trackNumber: "RP123456785RU" });
    expect(await outbox(db.prisma)).toEqual([[BigInt(CUSTOMER.id), "Трек RP123456785RU null"]]);
    expect(await db.transaction((sql) => orderDelivery(sql, order.id))).toMatchObject({ trackNumber: "RP123456785RU" });
  });
});
