import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { adminShopForTests } from "./helpers/admin-shop";
import { insertOrder } from "./helpers/order-rows";
import { computeTotals } from "@shop/shared/pricing";
import { toKopecks, toRoubles } from "@shop/shared/money";

/** An order's total by the shop's own rule (discount, delivery), in roubles. */
const totalOf = (price: number, quantity: number) => toRoubles(computeTotals([{ price: toKopecks(price), quantity }]).total);

const shop = adminShopForTests();
const numbers: Record<string, string> = {};
const ids: Record<string, number> = {};

const get = (url: string) => shop.t.app.inject({ method: "GET", url, headers: shop.auth });
const found = async (query: string) => {
  const response = await get(`/api/admin/orders?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().orders as { order_number: string }[]).map((order) => order.order_number);
};

beforeAll(async () => {
  const [vase, mug, candle] = [shop.f.byName("Ваза керамическая «Лён»"), shop.f.byName("Кружка ручной лепки"), shop.f.byName("Свеча соевая «Ваниль»")];
  const item = (product: typeof vase, quantity = 1) => ({ productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity });
  const orders = {
    anna: await insertOrder(shop.t.prisma, {
      createdAt: new Date("2026-03-01T10:00:00+03:00"),
      customerName: "Анна Смирнова",
      customerPhone: "+79991112233",
      deliveryAddress: "Москва, ул. Ленина, 1",
      items: [item(vase)],
    }),
    annaAgain: await insertOrder(shop.t.prisma, {
      createdAt: new Date("2026-03-05T23:30:00+03:00"),
      customerName: "Анна С.",
      customerPhone: "+79991112233",
      deliveryAddress: "Москва, ул. Тверская, 7",
      status: "completed",
      items: [item(mug, 2)],
    }),
    annaCancelled: await insertOrder(shop.t.prisma, {
      createdAt: new Date("2026-03-06T12:00:00+03:00"),
      customerName: "Анна Смирнова",
      customerPhone: "+79991112233",
      status: "cancelled",
      items: [item(vase, 3)],
    }),
    boris: await insertOrder(shop.t.prisma, {
      createdAt: new Date("2026-04-10T09:00:00+03:00"),
      customerName: "=HYPERLINK(\"http://evil\";\"Борис\")",
      customerPhone: "+79265554433",
      telegramUserId: 424242n,
      telegramUsername: "boris_craft",
      source: "telegram_mini_app",
      deliveryAddress: "@SUM(1+1), Тула",
      items: [item(candle, 4)],
    }),
  };
  await shop.t.prisma.order.update({ where: { id: orders.boris.id }, data: { paymentStatus: "paid", comment: "-2+3 не звонить" } });
  for (const [key, order] of Object.entries(orders)) {
    numbers[key] = order.orderNumber;
    ids[key] = order.id;
  }
});

describe("finding orders", () => {
  it("by number, name, phone as typed, Telegram username and product", async () => {
    expect(await found(`q=${numbers.boris}`)).toEqual([numbers.boris]);
    expect(await found(`q=${encodeURIComponent("анна")}`)).toEqual([numbers.annaCancelled, numbers.annaAgain, numbers.anna]);
    expect(await found(`q=${encodeURIComponent("8 (999) 111-22-33")}`)).toEqual([numbers.annaCancelled, numbers.annaAgain, numbers.anna]);
    expect(await found(`q=${encodeURIComponent("+7 926 555")}`)).toEqual([numbers.boris]);
    expect(await found(`q=${encodeURIComponent("@Boris_craft")}`)).toEqual([numbers.boris]);
    expect(await found(`q=${encodeURIComponent("кружка")}`)).toEqual([numbers.annaAgain]);
    expect(await found(`q=${encodeURIComponent(shop.f.byName("Свеча соевая «Ваниль»").sku)}`)).toEqual([numbers.boris]);
    expect(await found(`q=${encodeURIComponent("никто")}`)).toEqual([]);
  });

  it("filtered by status, payment, source and Moscow days, together with the text", async () => {
    expect(await found("status=completed")).toEqual([numbers.annaAgain]);
    expect(await found("payment_status=paid")).toEqual([numbers.boris]);
    expect(await found("source=telegram_mini_app")).toEqual([numbers.boris]);
    // 23:30 in Moscow on 5 March is still 5 March
    expect(await found("from=2026-03-02&to=2026-03-05")).toEqual([numbers.annaAgain]);
    expect(await found("from=2026-03-06")).toEqual([numbers.boris, numbers.annaCancelled]);
    expect(await found(`q=${encodeURIComponent("анна")}&status=new&to=2026-03-31`)).toEqual([numbers.anna]);
  });

  it("refuses a range that ends before it starts, in Russian", async () => {
    const response = await get("/api/admin/orders?from=2026-03-10&to=2026-03-01");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Дата «с» позже даты «по»");
  });
});

describe("notes and the customer card", () => {
  it("a note is kept on the order with its author, and an empty one is refused", async () => {
    const empty = await shop.t.app.inject({ method: "POST", url: `/api/admin/orders/${ids.anna}/notes`, headers: shop.auth, payload: { text: "  " } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Введите текст заметки");
    const added = await shop.t.app.inject({ method: "POST", url: `/api/admin/orders/${ids.anna}/notes`, headers: shop.auth, payload: { text: "Просила упаковать в подарок" } });
    expect(added.statusCode).toBe(201);
    const notes = (await get(`/api/admin/orders/${ids.anna}/notes`)).json().notes;
    expect(notes).toEqual([expect.objectContaining({ author_name: "admin", text: "Просила упаковать в подарок" })]);
    expect((await get("/api/admin/orders/999999/notes")).statusCode).toBe(404);
  });

  it("a customer's card by phone: every order, the sum of those not cancelled, the last address", async () => {
    const response = await get(`/api/admin/customers?phone=${encodeURIComponent("8 999 111 22 33")}`);
    expect(response.statusCode).toBe(200);
    const card = response.json();
    expect(card).toMatchObject({ name: "Анна Смирнова", phone: "+79991112233", orders_count: 3, last_address: "Москва, ул. Тверская, 7" });
    expect(card.total_spent).toBeCloseTo(totalOf(1890, 1) + totalOf(650, 2), 2);
    expect(card.orders.map((order: { order_number: string }) => order.order_number)).toEqual([numbers.annaCancelled, numbers.annaAgain, numbers.anna]);
  });

  it("a customer's card by Telegram account", async () => {
    const card = (await get("/api/admin/customers?telegram_user_id=424242")).json();
    expect(card).toMatchObject({ telegram_username: "boris_craft", orders_count: 1, total_spent: totalOf(350, 4) });
    const none = await get("/api/admin/customers?phone=%2B70000000000");
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("Заказов этого покупателя нет");
    expect((await get("/api/admin/customers")).statusCode).toBe(400);
  });
});

describe("export to CSV", () => {
  it("the filtered orders, UTF-8 with BOM and `;`, formulas neutralised, Cyrillic intact", async () => {
    const response = await get(`/api/admin/orders/export.csv?q=${encodeURIComponent("тула")}`);
    // no match by address: the search does not read addresses
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect((parse(response.rawPayload, { bom: true, delimiter: ";" }) as string[][])).toHaveLength(1);

    const all = await get("/api/admin/orders/export.csv?source=telegram_mini_app");
    expect(all.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(all.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(all.rawPayload, { bom: true, delimiter: ";" }) as string[][];
    expect(rows[0]).toEqual(["Номер", "Дата", "Статус", "Оплата", "Источник", "Покупатель", "Телефон", "Telegram", "Адрес", "Комментарий", "Товары", "Сумма товаров", "Скидка", "Доставка", "Итого"]);
    expect(rows).toHaveLength(2);
    const row = rows[1]!;
    expect(row[0]).toBe(numbers.boris);
    expect(row[2]).toBe("Создан");
    expect(row[3]).toBe("Оплачен");
    expect(row[4]).toBe("Telegram Mini App");
    expect(row[5]).toBe("'=HYPERLINK(\"http://evil\";\"Борис\")");
    expect(row[6]).toBe("'+7 (926) 555-44-33");
    expect(row[7]).toBe("'@boris_craft");
    expect(row[8]).toBe("'@SUM(1+1), Тула");
    expect(row[9]).toBe("'-2+3 не звонить");
    expect(row[10]).toBe(`Свеча соевая «Ваниль» (${shop.f.byName("Свеча соевая «Ваниль»").sku}) × 4`);
    expect(row[11]).toBe("1400,00");
    expect(row[14]).toMatch(/^\d+,\d\d$/);
  });
});
