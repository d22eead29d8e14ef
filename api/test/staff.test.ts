import { beforeAll, describe, expect, it } from "vitest";
import { adminShopForTests } from "./helpers/admin-shop";
import { insertOrder } from "./helpers/order-rows";

const shop = adminShopForTests();
let orderId: number;

const call = (method: "GET" | "POST" | "PUT", url: string, token: string | null, payload?: object) =>
  shop.t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : shop.auth, ...(payload ? { payload } : {}) });

async function signIn(login: string, password: string) {
  return shop.t.app.inject({ method: "POST", url: "/api/login", payload: { login, password } });
}

beforeAll(async () => {
  const product = shop.f.products[0]!;
  const order = await insertOrder(shop.t.prisma, {
    customerPhone: "+79161112233",
    deliveryAddress: "Казань, ул. Баумана, 5",
    items: [{ productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity: 2 }],
  });
  orderId = order.id;
});

describe("staff accounts", () => {
  it("the account made at start-up is the owner", async () => {
    const response = await call("GET", "/api/admin/staff", null);
    expect(response.statusCode).toBe(200);
    expect(response.json().staff).toEqual([expect.objectContaining({ login: "admin", role: "owner", active: true })]);
  });

  it("refuses a bad login, an empty name, a short password and an unknown role, each in Russian", async () => {
    const response = await call("POST", "/api/admin/staff", null, { login: "я", name: " ", password: "123", role: "boss" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      login: "Логин: от 3 до 64 латинских букв, цифр, точек, дефисов и подчёркиваний",
      name: "Введите имя сотрудника",
      password: "Пароль должен быть не короче 8 символов",
      role: "Роль: Владелец, Менеджер или Сборщик",
    });
  });

  it("refuses a login that is taken, whatever its case", async () => {
    const response = await call("POST", "/api/admin/staff", null, { login: "ADMIN", name: "Двойник", password: "password-123", role: "manager" });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("Такой логин уже есть");
  });

  it("an owner cannot switch themselves off or give up their role", async () => {
    const me = (await call("GET", "/api/admin/me", null)).json();
    for (const payload of [{ active: false }, { role: "manager" }]) {
      const response = await call("PUT", `/api/admin/staff/${me.id}`, null, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Свою учётную запись нельзя отключить или лишить роли владельца");
    }
  });
});

describe("a packer («Сборщик»)", () => {
  let pickerId: number;
  let token: string;

  it("is created by the owner and signs in", async () => {
    const created = await call("POST", "/api/admin/staff", null, { login: "olga", name: "Ольга", password: "packing-123", role: "picker" });
    expect(created.statusCode).toBe(201);
    pickerId = created.json().id;
    const login = await signIn("olga", "packing-123");
    expect(login.statusCode).toBe(200);
    token = login.json().token;
  });

  it("finds an order by phone in the packing list, without prices", async () => {
    const response = await call("GET", "/api/admin/picking?q=8%20916%20111-22-33", token);
    expect(response.statusCode).toBe(200);
    const { orders } = response.json();
    expect(orders.map((order: { id: number }) => order.id)).toEqual([orderId]);
    expect(orders[0]).toMatchObject({ customer_phone: "+79161112233", delivery_address: "Казань, ул. Баумана, 5" });
    expect(orders[0].items[0]).toEqual(expect.objectContaining({ quantity: 2 }));
    const text = JSON.stringify(orders);
    for (const money of ["price", "total", "subtotal", "delivery_cost", "payment_status"]) expect(text).not.toContain(`"${money}"`);
  });

  it("cannot open orders with prices, products, customers or statistics", async () => {
    for (const url of ["/api/orders", `/api/orders/${orderId}`, "/api/admin/orders", "/api/admin/products", "/api/admin/customers?phone=79161112233", "/api/admin/stats/kpi"]) {
      const response = await call("GET", url, token);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: "Недостаточно прав для этого действия" });
    }
  });

  it("moves an order to 'В работе' and 'Отправлен', and to nothing else", async () => {
    for (const status of ["processing", "shipped"]) {
      const response = await call("PUT", `/api/admin/picking/${orderId}/status`, token, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
      expect(response.body).not.toContain('"total"');
    }
    for (const status of ["completed", "cancelled", "new"]) {
      const response = await call("PUT", `/api/admin/picking/${orderId}/status`, token, { status });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Сборщик может перевести заказ только в статусы «В работе» и «Отправлен»");
    }
    expect((await shop.t.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("shipped");
  });

  it("switched off, loses its session at once and cannot sign in; switched on, signs in anew", async () => {
    const off = await call("PUT", `/api/admin/staff/${pickerId}`, null, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const refused = await call("GET", "/api/admin/picking", token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe("Учётная запись отключена. Обратитесь к владельцу магазина.");
    const login = await signIn("olga", "packing-123");
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe("Учётная запись отключена. Обратитесь к владельцу магазина.");

    expect((await call("PUT", `/api/admin/staff/${pickerId}`, null, { active: true })).statusCode).toBe(200);
    // the token from before the switch stays ended
    expect((await call("GET", "/api/admin/picking", token)).statusCode).toBe(401);
    const again = await signIn("olga", "packing-123");
    expect(again.statusCode).toBe(200);
    expect((await call("GET", "/api/admin/picking", again.json().token)).statusCode).toBe(200);
  });

  it("a new password or a new role ends the sessions too", async () => {
    const first = (await signIn("olga", "packing-123")).json().token;
    expect((await call("PUT", `/api/admin/staff/${pickerId}`, null, { password: "another-pass-1" })).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/picking", first)).statusCode).toBe(401);
    const second = (await signIn("olga", "another-pass-1")).json().token;
    expect((await call("PUT", `/api/admin/staff/${pickerId}`, null, { role: "manager" })).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/picking", second)).statusCode).toBe(401);
    const asManager = (await signIn("olga", "another-pass-1")).json().token;
    expect((await call("GET", "/api/orders", asManager)).statusCode).toBe(200);
  });
});
