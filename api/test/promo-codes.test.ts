import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { confirmPreparedOrder, noopNotifier } from "@shop/core/orders";
import type { CreateOrderResponse, PrepareOrderResponse, PromoCheckResponse } from "@shop/shared/schemas/orders";
import type { PromoCodeJson, PromoCodeList } from "@shop/shared/schemas/promo-codes";
import { moscowDay } from "@shop/shared/promo-codes";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT, line } from "./helpers/checkout";
import { BOT_ENV, initDataHeader } from "./helpers/telegram";

/**
 * Promo codes through the real server (docs/product.md#promo-codes): the admin's codes, the shopper's check, the
 * rules (dates, limits, scope, minimum, the combination with the volume discount), the use taken in the order's
 * own statement exactly once under concurrent orders, given back by a cancellation.
 */

let t: TestApp;
let f: Fixture;
let auth: Record<string, string>;
const BUYER = { id: 778001, first_name: "Анна" };

beforeAll(async () => {
  t = await createTestApp({ env: BOT_ENV });
  f = await createFixture(t.prisma);
  auth = { authorization: `Bearer ${await t.adminToken()}` };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.prisma.order.deleteMany({});
  await t.prisma.promoCode.deleteMany({});
});

const createCode = async (body: Record<string, unknown>) => {
  const response = await t.app.inject({ method: "POST", url: "/api/admin/promo-codes", headers: auth, payload: { kind: "percent", value: 10, ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PromoCodeJson>();
};
const check = async (code: string, items: ReturnType<typeof line>[], phone?: string) => {
  const response = await t.app.inject({ method: "POST", url: "/api/promo-codes/check", payload: { code, cart_items: items, customer_phone: phone } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PromoCheckResponse>();
};
const order = (items: ReturnType<typeof line>[], promo: string | null, user = BUYER, phone = CONTACT.customer_phone, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { ...CONTACT, customer_phone: phone, source: "telegram_mini_app", telegram_user_id: user.id, cart_items: items, ...(promo === null ? {} : { promo_code: promo }) },
    headers: { ...initDataHeader(user), ...headers },
  });
const usesOf = async (id: number) => (await t.prisma.promoCode.findUniqueOrThrow({ where: { id } })).uses;
const day = (offsetDays: number) => moscowDay(new Date(Date.now() + offsetDays * 86_400_000));

describe("the shopper's check", () => {
  it("matches any case and shows the discount the rule gives", async () => {
    await createCode({ code: "Ремесло10" });
    const mug = f.byName("Кружка ручной лепки"); // 650
    const result = await check("ремесло10", [line(mug, 1)]);
    expect(result).toMatchObject({ code: "РЕМЕСЛО10", applies: true, wins: true, promo_discount: 65, reason: null });
    expect(result.totals).toMatchObject({ subtotal: 650, discount_percent: 0, discount_amount: 65, total: 835, promo_code: "РЕМЕСЛО10" });
  });

  it("gives the larger of the code and the volume discount, and says so", async () => {
    await createCode({ code: "ПЯТЬ", value: 5 });
    const plaid = f.byName("Плед вязаный из шерсти"); // 5400: the volume tier gives 13 %
    const result = await check("пять", [line(plaid, 1)]);
    expect(result).toMatchObject({ applies: true, wins: false, promo_discount: 270 });
    expect(result.message).toContain("Скидка за сумму заказа (13%) больше");
    expect(result.totals).toMatchObject({ discount_percent: 13, discount_amount: 702 });
    expect(result.totals.promo_code).toBeUndefined();
  });

  it("names every reason a code does not apply", async () => {
    const mug = f.byName("Кружка ручной лепки");
    const vase = f.byName("Ваза керамическая «Лён»");
    expect(await check("НЕТТАКОГО", [line(mug)])).toMatchObject({ applies: false, reason: "unknown", message: "Промокод «НЕТТАКОГО» не найден. Проверьте, нет ли в нём опечатки." });
    await createCode({ code: "ВЫКЛ", active: false });
    expect(await check("выкл", [line(mug)])).toMatchObject({ reason: "off" });
    await createCode({ code: "ЗАВТРА", starts_on: day(1) });
    expect((await check("завтра", [line(mug)])).reason).toBe("not-started");
    await createCode({ code: "ВЧЕРА", starts_on: day(-5), ends_on: day(-1) });
    expect((await check("вчера", [line(mug)])).message).toMatch(/^Срок действия промокода «ВЧЕРА» закончился/);
    await createCode({ code: "ОТТЫСЯЧИ", kind: "fixed", value: 100, min_order: 1000 });
    const minimum = await check("оттысячи", [line(mug)]);
    expect(minimum).toMatchObject({ reason: "minimum", missing: 350 });
    expect(minimum.message).toContain("добавьте товаров ещё на 350.00");
    await createCode({ code: "СВЕЧИ", scope: "categories", category_ids: [f.categories.candles] });
    expect(await check("свечи", [line(mug)])).toMatchObject({ reason: "scope", message: "Промокод «СВЕЧИ» не действует на товары в корзине." });
    const candle = f.byName("Свеча соевая «Ваниль»"); // 350
    expect(await check("свечи", [line(mug), line(candle)])).toMatchObject({ applies: true, promo_discount: 35 });
    await createCode({ code: "ВАЗА", kind: "fixed", value: 5000, scope: "products", product_ids: [vase.id] });
    expect(await check("ваза", [line(vase), line(mug)])).toMatchObject({ applies: true, promo_discount: 1890 });
    await createCode({ code: "ОДИНРАЗ", max_uses: 1 });
    await t.prisma.promoCode.update({ where: { code: "ОДИНРАЗ" }, data: { uses: 1 } });
    expect((await check("одинраз", [line(mug)])).reason).toBe("used-up");
  });
});

describe("orders with a code", () => {
  it("records the code, its discount spread over the lines, and one use; an order without a code answers as before", async () => {
    const code = await createCode({ code: "РЕМЕСЛО15", value: 15 });
    const mug = f.byName("Кружка ручной лепки"); // 650
    const plate = f.byName("Тарелка «Ёлочка»"); // 420.50: 1070.50 in all, the volume tier's 10 % is less than 15 %
    const placed = await order([line(mug, 1), line(plate, 1)], "ремесло15");
    expect(placed.statusCode, placed.body).toBe(201);
    const body = placed.json<CreateOrderResponse>();
    expect(body).toMatchObject({ subtotal: 1070.5, discount_percent: 0, discount_amount: 160.58, total: 1159.92, promo_code: "РЕМЕСЛО15" });
    expect(await usesOf(code.id)).toBe(1);
    const items = await t.prisma.orderItem.findMany({ where: { orderId: body.id }, orderBy: { id: "asc" } });
    expect(items.reduce((sum, item) => sum + Math.round(Number(item.promoDiscount) * 100), 0)).toBe(160_58);
    const detail = await t.app.inject({ method: "GET", url: `/api/orders/${body.id}`, headers: auth });
    expect(detail.json()).toMatchObject({ promo_code: "РЕМЕСЛО15", discount_amount: 160.58 });

    const plain = await order([line(mug, 1)], null, { id: 778002, first_name: "Ирина" });
    expect(plain.statusCode).toBe(201);
    expect(Object.keys(plain.json())).not.toContain("promo_code");
  });

  it("keeps to the uses per customer by phone and by Telegram account, and a cancellation gives the use back", async () => {
    const code = await createCode({ code: "РАЗ", max_uses_per_customer: 1 });
    const mug = f.byName("Кружка ручной лепки");
    const first = await order([line(mug)], "раз");
    expect(first.statusCode).toBe(201);
    const again = await order([line(mug)], "раз", BUYER, "+7 900 111-22-33");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "promo_code_refused", reason: "used-by-customer", message: "Вы уже использовали промокод «РАЗ»." });
    const samePhone = await order([line(mug)], "раз", { id: 778003, first_name: "Олег" });
    expect(samePhone.json()).toMatchObject({ reason: "used-by-customer" });
    const cancel = await t.app.inject({ method: "PUT", url: `/api/orders/${first.json<CreateOrderResponse>().id}/status`, headers: auth, payload: { status: "cancelled" } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usesOf(code.id)).toBe(0);
    expect((await order([line(mug)], "раз")).statusCode).toBe(201);
    expect(await usesOf(code.id)).toBe(1);
  });

  it("refuses a code that does not apply and creates nothing", async () => {
    await createCode({ code: "ОТТЫСЯЧИ", min_order: 1000 });
    const refused = await order([line(f.byName("Кружка ручной лепки"))], "оттысячи");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "promo_code_refused", reason: "minimum" });
    expect(await t.prisma.order.count()).toBe(0);
  });

  it("puts the code into the Idempotency-Key's fingerprint", async () => {
    await createCode({ code: "РЕМЕСЛО10" });
    const mug = f.byName("Кружка ручной лепки");
    const headers = { "idempotency-key": "promo-key-1" };
    expect((await order([line(mug)], "РЕМЕСЛО10", BUYER, CONTACT.customer_phone, headers)).statusCode).toBe(201);
    expect((await order([line(mug)], "ремесло10", BUYER, CONTACT.customer_phone, headers)).statusCode).toBe(200);
    expect((await order([line(mug)], null, BUYER, CONTACT.customer_phone, headers)).statusCode).toBe(422);
  });

  it("gives the last use of a one-use code to exactly one of 50 concurrent orders", async () => {
    const code = await createCode({ code: "ПОСЛЕДНИЙ", kind: "fixed", value: 100, max_uses: 1 });
    const candle = f.byName("Свеча соевая «Ваниль»");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        order([line(candle)], "последний", { id: 779000 + i, first_name: `Покупатель ${i}` }, `+7 912 000-${String(1000 + i).slice(0, 2)}-${String(10 + i).slice(-2)}`),
      ),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created).toHaveLength(1);
    expect(created[0]!.json()).toMatchObject({ promo_code: "ПОСЛЕДНИЙ", discount_amount: 100, total: 500 });
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(49);
    for (const answer of refused) expect(answer.json()).toMatchObject({ code: "promo_code_refused", reason: "used-up" });
    expect(await usesOf(code.id)).toBe(1);
    expect(await t.prisma.order.count({ where: { promoCodeId: code.id } })).toBe(1);
  });

  it("carries the code through a website checkout confirmed in the bot, checked again at confirmation", async () => {
    const code = await createCode({ code: "САЙТ", kind: "fixed", value: 50, max_uses: 1 });
    const mug = f.byName("Кружка ручной лепки");
    const prepare = () =>
      t.app.inject({ method: "POST", url: "/api/orders/prepare", payload: { order: CONTACT, cart: [{ id: mug.id, quantity: 1 }], source: "website", promo_code: "сайт" } });
    const first = await prepare();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<PrepareOrderResponse>()).toMatchObject({ promo_code: "САЙТ", discount_amount: 50, total: 850 });
    const second = await prepare();
    const confirmed = await confirmPreparedOrder(t.db, noopNotifier, first.json<PrepareOrderResponse>().token, { id: 778100, first_name: "Анна" });
    expect(confirmed.status).toBe("created");
    if (confirmed.status === "created") expect(confirmed.order.totals).toMatchObject({ promoCode: "САЙТ", discount: 50_00 });
    expect(await usesOf(code.id)).toBe(1);
    const late = await confirmPreparedOrder(t.db, noopNotifier, second.json<PrepareOrderResponse>().token, { id: 778101, first_name: "Ольга" });
    expect(late).toMatchObject({ status: "promo-refused", message: "Промокод «САЙТ» уже использован максимальное число раз." });
  });
});

describe("the admin's codes", () => {
  it("creates, edits and switches off a code, lists its orders and revenue, and logs each change", async () => {
    const created = await createCode({ code: "весна", value: 15, starts_on: "2026-03-01", ends_on: "2026-05-31", max_uses: 100 });
    expect(created).toMatchObject({ code: "ВЕСНА", value: 15, starts_on: "2026-03-01", ends_on: "2026-05-31", uses: 0, orders: 0, revenue: 0 });
    const duplicate = await t.app.inject({ method: "POST", url: "/api/admin/promo-codes", headers: auth, payload: { code: "Весна", kind: "percent", value: 5 } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: "Промокод «ВЕСНА» уже есть" });
    const bad = await t.app.inject({ method: "POST", url: "/api/admin/promo-codes", headers: auth, payload: { code: "ЛЕТО", kind: "percent", value: 150 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Процент скидки — целое число от 1 до 100");

    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/admin/promo-codes/${created.id}`,
      headers: auth,
      payload: { code: "ВЕСНА", kind: "percent", value: 20, starts_on: null, ends_on: null, max_uses: 100 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ value: 20, starts_on: null });
    const placed = await order([line(f.byName("Кружка ручной лепки"), 2)], "весна");
    expect(placed.statusCode).toBe(201);
    const off = await t.app.inject({
      method: "PUT",
      url: `/api/admin/promo-codes/${created.id}`,
      headers: auth,
      payload: { code: "ВЕСНА", kind: "percent", value: 20, max_uses: 100, active: false },
    });
    expect(off.json()).toMatchObject({ active: false, uses: 1, orders: 1, revenue: 1290, discounts: 260 });
    expect((await check("весна", [line(f.byName("Кружка ручной лепки"))])).reason).toBe("off");
    const list = await t.app.inject({ method: "GET", url: "/api/admin/promo-codes", headers: auth });
    expect(list.json<PromoCodeList>().promo_codes.map((c) => c.code)).toEqual(["ВЕСНА"]);
    const audit = await t.prisma.auditEntry.findMany({ where: { kind: "promo", entityId: created.id }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(["create", "update", "switch-off"]);
    expect(audit[1]!.after).toMatchObject({ percent: 20, startsOn: null });
  });
});
