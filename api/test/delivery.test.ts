import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DeliveryNotifier } from "@shop/core/delivery";
import { SETTINGS_TEXTS, SHIPMENT_TEXTS } from "@shop/core/delivery";
import type { DeliverySettingsWire } from "@shop/shared/schemas/delivery";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { BOT_ENV, initDataHeader } from "./helpers/telegram";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { startCdekStandin, startPochtaStandin, standinEnv, type CdekStandin, type PochtaStandin } from "../../core/test/helpers/carrier-standins";

/**
 * Delivery through the real server (docs/delivery.md, docs/api.md#delivery): the seller's settings, quotes and
 * pickup points from the carriers' stand-ins, an order with a method (its invoice at once in the Mini App with
 * payments on), a carrier that does not answer during checkout, a СДЭК shipment, a track number and СДЭК's
 * webhook delivered twice.
 */

const BUYER = { id: 7101, first_name: "Анна" };
const MANAGER = BigInt(-100900);

const notifier: DeliveryNotifier = {
  orderCreated: (order) => [
    { chatId: MANAGER, dedupeKey: `order:${order.id}:created`, payload: { text: `Заказ №${order.number}: ${order.delivery?.method ?? "—"} ${order.delivery?.priceNote ?? ""}`.trim() } },
  ],
  orderStatusChanged: (order) =>
    order.telegramUser ? [{ chatId: order.telegramUser.id, dedupeKey: `order:${order.id}:status:${order.status}:${order.updatedAt.getTime()}`, payload: { text: `Статус ${order.status}` } }] : [],
  invoiceIssued: (order) =>
    order.telegramUser ? [{ chatId: order.telegramUser.id, dedupeKey: `order:${order.id}:invoice:${order.payment.invoiceNumber}`, payload: { text: `Счёт на ${order.totals.total}` } }] : [],
  trackingAdded: (order, tracking) =>
    order.telegramUser ? [{ chatId: order.telegramUser.id, dedupeKey: `order:${order.id}:track:${tracking.trackNumber}`, payload: { text: `Трек ${tracking.trackNumber}` } }] : [],
};

let t: TestApp;
let f: Fixture;
let cdek: CdekStandin;
let pochta: PochtaStandin;
let auth: { authorization: string };

const SETTINGS: DeliverySettingsWire = {
  methods: {
    pickup: { enabled: true, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    courier: { enabled: true, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    cdek_point: { enabled: true, markup_percent: 10, markup_roubles: 20, round_up_to_10: true, free_from: 5000, by_arrangement: false },
    cdek_door: { enabled: false, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: false },
    pochta: { enabled: true, markup_percent: 0, markup_roubles: 0, round_up_to_10: false, free_from: null, by_arrangement: true },
  },
  pickup: { address: "Москва, ул. Гончарная, 5", hours: "Пн–Пт 10:00–19:00" },
  courier: { price: 300, cities: ["Москва"] },
  origin: { city: "Москва", cdek_city_code: 44, postal_code: "101000" },
  parcel: { weight_grams: 400, length_cm: 20, width_cm: 15, height_cm: 10 },
};

const outbox = async () =>
  (await t.prisma.outboxMessage.findMany({ orderBy: { id: "asc" } })).map((row) => [String(row.chatId), (row.payload as { text: string }).text]);

const candle = () => f.byName("Свеча соевая «Ваниль»"); // 350 ₽

/** A Mini App order of two candles (the test shop has a bot: website orders are confirmed in it). */
function order(delivery: object | null, extra: object = {}) {
  return {
    customer_name: "Анна",
    customer_phone: "+7 912 345-67-89",
    delivery_address: null,
    source: "telegram_mini_app",
    cart_items: [{ product_id: candle().id, quantity: 2 }],
    delivery,
    ...extra,
  };
}

const placeOrder = (payload: object) => t.app.inject({ method: "POST", url: "/api/orders", headers: initDataHeader(BUYER), payload });

beforeAll(async () => {
  cdek = await startCdekStandin();
  pochta = await startPochtaStandin();
  t = await createTestApp({
    notifier,
    env: { ...BOT_ENV, PAYMENT_PROVIDER_TOKEN: "381764678:TEST:100037", ...standinEnv(cdek, pochta, { CARRIER_TIMEOUT_MS: "300" }) },
  });
  f = await createFixture(t.prisma);
  auth = { authorization: `Bearer ${await t.adminToken()}` };
});
afterAll(async () => {
  await t?.close();
  await cdek?.close();
  await pochta?.close();
});
beforeEach(async () => {
  await t.prisma.outboxMessage.deleteMany({});
  cdek.delayMs = 0;
});

describe("a shop with no delivery set up", () => {
  it("says checkout needs no method, and orders cost 250 ₽ for delivery as always", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/delivery/options" })).json()).toEqual({ configured: false, city_suggestions: true });
    const response = await placeOrder(order(null));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ delivery_cost: 250, total: 665 + 250 });
    expect(response.json()).not.toHaveProperty("delivery");
  });
});

describe("the seller's settings", () => {
  it("are read and saved by the admin only, with Russian messages for what cannot be", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/delivery/settings" })).statusCode).toBe(401);
    const fresh = (await t.app.inject({ method: "GET", url: "/api/delivery/settings", headers: auth })).json() as DeliverySettingsWire;
    expect(fresh.methods.cdek_point.enabled).toBe(false);
    expect(fresh.parcel.weight_grams).toBe(500);

    const noAddress = { ...SETTINGS, pickup: { address: " ", hours: "" } };
    const refused = await t.app.inject({ method: "PUT", url: "/api/delivery/settings", headers: auth, payload: noAddress });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: SETTINGS_TEXTS.pickupAddress, errors: { "pickup.address": SETTINGS_TEXTS.pickupAddress } });

    const saved = await t.app.inject({ method: "PUT", url: "/api/delivery/settings", headers: auth, payload: SETTINGS });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(SETTINGS);
    expect((await t.app.inject({ method: "GET", url: "/api/delivery/options" })).json()).toEqual({ configured: true, city_suggestions: true });
  });

  it("gives products a weight in grams", async () => {
    const product = await t.app.inject({ method: "GET", url: `/api/admin/products/${candle().id}`, headers: auth });
    expect(product.statusCode).toBe(200);
    const body = product.json() as Record<string, unknown>;
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${candle().id}`,
      headers: auth,
      payload: { name: body.name, price: body.price, weight_grams: 300 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ weight_grams: 300 });
  });
});

describe("checkout", () => {
  it("suggests cities, quotes the methods with price and dates, and lists pickup points", async () => {
    const cities = await t.app.inject({ method: "GET", url: "/api/delivery/cities?q=Моск" });
    expect(cities.json()).toEqual({ cities: [{ code: 44, city: "Москва", region: "Москва", postal_code: "101000" }] });

    const quote = await t.app.inject({
      method: "POST",
      url: "/api/delivery/quote",
      payload: { city: "Москва", city_code: 44, cart_items: [{ product_id: candle().id, quantity: 2 }] },
    });
    expect(quote.statusCode).toBe(200);
    const body = quote.json() as { weight_grams: number; methods: { method: string; text: string; price: number | null; fee: number | null }[] };
    expect(body.weight_grams).toBe(600);
    expect(body.methods.map((m) => m.text)).toEqual([
      "Самовывоз — бесплатно",
      "Курьер — 300 руб.",
      // 312.40 + 10 % + 20 = 363.64 → 370
      "СДЭК, пункт выдачи — 370 руб., 3–5 дней",
      "Почта России — стоимость уточнит менеджер",
    ]);

    const points = await t.app.inject({ method: "GET", url: "/api/delivery/points?city_code=44&q=Тверская" });
    expect(points.json()).toEqual({
      available: true,
      points: [{ code: "MSK1", name: "Пункт выдачи на Тверская ул.", kind: "point", address: "Тверская ул., 12", hours: "Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00" }],
    });
    const lockers = await t.app.inject({ method: "GET", url: "/api/delivery/points?city_code=44&kind=locker" });
    expect((lockers.json() as { points: { code: string }[] }).points.map((p) => p.code)).toEqual(["MSK3", "MSK5"]);
  });

  it("places a Mini App order with a СДЭК point at the quoted price and sends its invoice at once", async () => {
    const quote = (
      await t.app.inject({ method: "POST", url: "/api/delivery/quote", payload: { city: "Москва", city_code: 44, cart_items: [{ product_id: candle().id, quantity: 2 }] } })
    ).json() as { methods: { method: string; quote_id: string; price: number }[] };
    const cdekQuote = quote.methods.find((m) => m.method === "cdek_point")!;
    const response = await placeOrder(
      order({ method: "cdek_point", city: "Москва", city_code: 44, point_code: "MSK1", quote_id: cdekQuote.quote_id, expected_price: cdekQuote.price }),
    );
    expect(response.statusCode).toBe(201);
    const placed = response.json() as Record<string, unknown>;
    expect(placed).toMatchObject({
      delivery_cost: 370,
      total: 665 + 370,
      payment_status: "invoiced",
      delivery: { method: "cdek_point", method_label: "СДЭК, пункт выдачи", point_code: "MSK1", point_address: "Тверская ул., 12", weight_grams: 600, days_min: 3, days_max: 5, price_known: true },
    });
    expect(await outbox()).toEqual([
      [String(MANAGER), `Заказ №${placed.order_number as string}: cdek_point`],
      [String(BUYER.id), `Счёт на ${(665 + 370) * 100}`],
    ]);

    const adminView = (await t.app.inject({ method: "GET", url: `/api/orders/${placed.id as number}`, headers: auth })).json();
    expect(adminView).toMatchObject({ delivery: { method: "cdek_point", point_code: "MSK1", point_address: "Тверская ул., 12", weight_grams: 600 } });
    const mine = (await t.app.inject({ method: "GET", url: "/api/my-orders", headers: initDataHeader(BUYER) })).json() as { orders: { id: number; delivery: unknown }[] };
    expect(mine.orders.find((o) => o.id === placed.id)!.delivery).toMatchObject({ method_label: "СДЭК, пункт выдачи", point_code: "MSK1" });
  });

  it("a changed price the shopper did not see is a 409 with the new quote", async () => {
    const response = await placeOrder(order({ method: "cdek_point", city: "Москва", city_code: 44, point_code: "MSK2", quote_id: "gone", expected_price: 340 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "delivery_changed",
      message: "Стоимость доставки изменилась: СДЭК, пункт выдачи — 370 руб., 3–5 дней. Проверьте сумму и оформите заказ ещё раз.",
      delivery: { method: "cdek_point", price: 370, fee: 370 },
    });
  });

  it("takes the order when СДЭК does not answer in time, and the manager is told", async () => {
    cdek.delayMs = 2000;
    // another city: nothing of it is in the shop's memory
    const started = Date.now();
    const response = await placeOrder(order({ method: "cdek_point", city: "Казань", city_code: 424, point_code: "C4241", expected_price: 370 }));
    expect(Date.now() - started).toBeLessThan(1800);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      delivery_cost: 250,
      payment_status: "unpaid",
      delivery: { method: "cdek_point", point_code: "C4241", point_address: null, price_known: false, price_note: "carrier-unavailable" },
    });
    expect(await outbox()).toEqual([[String(MANAGER), `Заказ №${(response.json() as { order_number: string }).order_number}: cdek_point carrier-unavailable`]]);
  });
});

describe("after the order", () => {
  it("registers the СДЭК shipment from the admin, and СДЭК's webhook delivered twice moves the order once", async () => {
    const placed = (await placeOrder(order({ method: "cdek_point", city: "Москва", city_code: 44, point_code: "MSK1" }))).json() as { id: number; order_number: string };
    await t.prisma.outboxMessage.deleteMany({});

    const shipment = await t.app.inject({ method: "POST", url: `/api/orders/${placed.id}/shipment`, headers: auth });
    expect(shipment.statusCode).toBe(200);
    const sent = cdek.orders.at(-1)!;
    expect(shipment.json()).toMatchObject({
      order_id: placed.id,
      delivery: { carrier_registered: true, track_number: sent.cdekNumber, tracking_url: `https://www.cdek.ru/ru/tracking/?order_id=${sent.cdekNumber}` },
    });
    const again = await t.app.inject({ method: "POST", url: `/api/orders/${placed.id}/shipment`, headers: auth });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SHIPMENT_TEXTS.alreadyRegistered });

    const hook = (code: string, secret = "standin-webhook-secret") =>
      t.app.inject({ method: "POST", url: `/api/delivery/cdek/webhook/${secret}`, payload: cdek.statusEvent(sent.uuid, code) });
    expect((await hook("DELIVERED", "wrong")).statusCode).toBe(404);
    expect((await hook("RECEIVED_AT_SHIPMENT_WAREHOUSE")).json()).toEqual({ ok: true, outcome: "recorded" });
    expect((await hook("DELIVERED")).statusCode).toBe(200);
    expect((await hook("DELIVERED")).statusCode).toBe(200);

    expect((await t.app.inject({ method: "GET", url: `/api/orders/${placed.id}`, headers: auth })).json()).toMatchObject({
      status: "completed",
      delivery: { carrier_status: "DELIVERED", track_number: sent.cdekNumber },
    });
    expect(await outbox()).toEqual([
      [String(BUYER.id), `Трек ${sent.cdekNumber}`],
      [String(BUYER.id), "Статус shipped"],
      [String(BUYER.id), "Статус completed"],
    ]);
  });

  it("a manager types a track number: one message to the customer", async () => {
    const placed = (await placeOrder(order({ method: "pickup" }))).json() as { id: number };
    await t.prisma.outboxMessage.deleteMany({});
    const put = (track: string) => t.app.inject({ method: "PUT", url: `/api/orders/${placed.id}/track-number`, headers: auth, payload: { track_number: track } });
    expect((await put("№1")).json()).toEqual({ message: SHIPMENT_TEXTS.badTrack, errors: { track_number: SHIPMENT_TEXTS.badTrack } });
    expect((await put("80085412345678")).statusCode).toBe(200);
    expect((await put("80085412345678")).json()).toMatchObject({ delivery: { method: "pickup", track_number: "80085412345678", tracking_url: null } });
    expect(await outbox()).toEqual([[String(BUYER.id), "Трек 80085412345678"]]);
  });
});
