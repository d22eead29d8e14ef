import { beforeAll, describe, expect, it } from "vitest";
import { adminShopForTests } from "./helpers/admin-shop";
import { insertOrder } from "./helpers/order-rows";

const shop = adminShopForTests();
let managerToken: string;
let managerId: number;
let orderId: number;

const as = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : shop.auth);
const entries = () => shop.t.prisma.auditEntry.findMany({ orderBy: { id: "asc" } });

beforeAll(async () => {
  const created = await shop.t.app.inject({
    method: "POST",
    url: "/api/admin/staff",
    headers: shop.auth,
    payload: { login: "marina", name: "Марина", password: "manager-123", role: "manager" },
  });
  managerId = created.json().id;
  managerToken = (await shop.t.app.inject({ method: "POST", url: "/api/login", payload: { login: "marina", password: "manager-123" } })).json().token;
  const product = shop.f.products[1]!;
  orderId = (await insertOrder(shop.t.prisma, { items: [{ productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity: 1 }] })).id;
});

describe("the audit log is written with each change, and only with it", () => {
  it("creating a staff account is logged with who did it", async () => {
    const [entry] = await entries();
    expect(entry).toMatchObject({ kind: "staff", action: "create", label: "marina", via: "panel", staffName: "admin" });
    expect(entry!.after).toEqual({ login: "marina", name: "Марина", role: "Менеджер", active: true });
  });

  it("a product's edit keeps the fields that changed, before and after", async () => {
    const product = shop.f.products[0]!;
    const before = (await entries()).length;
    const response = await shop.t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${product.id}`,
      headers: as(managerToken),
      payload: { name: product.name, price: 2000 },
    });
    expect(response.statusCode).toBe(200);
    const all = await entries();
    expect(all).toHaveLength(before + 1);
    expect(all.at(-1)).toMatchObject({ kind: "product", action: "update", entityId: product.id, staffId: managerId, staffName: "Марина" });
    expect(all.at(-1)!.before).toEqual({ price: 1890 });
    expect(all.at(-1)!.after).toEqual({ price: 2000 });
  });

  it("a refused change leaves no entry: a bad price, stock below 0, an unknown category", async () => {
    const product = shop.f.products[0]!;
    const before = (await entries()).length;
    const bad = await shop.t.app.inject({ method: "PUT", url: `/api/admin/products/${product.id}`, headers: as(managerToken), payload: { name: "Х", price: -1 } });
    expect(bad.statusCode).toBe(400);
    await shop.t.prisma.product.update({ where: { id: product.id }, data: { stock: 1 } });
    const tooMany = await shop.t.app.inject({ method: "POST", url: `/api/admin/products/${product.id}/stock`, headers: as(managerToken), payload: { delta: -5 } });
    expect(tooMany.statusCode).toBe(409);
    const noCategory = await shop.t.app.inject({ method: "PUT", url: "/api/admin/categories/999999", headers: as(managerToken), payload: { name: "Х", type: "sub" } });
    expect(noCategory.statusCode).toBe(404);
    expect(await entries()).toHaveLength(before);
  });

  it("a change whose entry cannot be written is not made either (one transaction)", async () => {
    const product = shop.f.products[0]!;
    await shop.t.db.read(
      `CREATE FUNCTION refuse_stock_entries() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.kind = 'stock' THEN RAISE EXCEPTION 'no stock entries'; END IF; RETURN NEW; END $$`,
      [],
    );
    await shop.t.db.read(`CREATE TRIGGER refuse_stock_entries BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_stock_entries()`, []);
    try {
      const response = await shop.t.app.inject({ method: "POST", url: `/api/admin/products/${product.id}/stock`, headers: as(managerToken), payload: { delta: 3 } });
      expect(response.statusCode).toBe(500);
      expect((await shop.t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(1);
    } finally {
      await shop.t.db.read(`DROP TRIGGER refuse_stock_entries ON audit_log`, []);
      await shop.t.db.read(`DROP FUNCTION refuse_stock_entries()`, []);
    }
    const response = await shop.t.app.inject({ method: "POST", url: `/api/admin/products/${product.id}/stock`, headers: as(managerToken), payload: { delta: 3 } });
    expect(response.json()).toEqual({ stock: 4 });
    expect((await entries()).at(-1)).toMatchObject({ kind: "stock", action: "adjust", before: { stock: 1 }, after: { stock: 4 } });
  });

  it("a status change is logged once; setting the same status again writes nothing", async () => {
    const before = (await entries()).length;
    for (let i = 0; i < 2; i++) {
      const response = await shop.t.app.inject({ method: "PUT", url: `/api/orders/${orderId}/status`, headers: as(managerToken), payload: { status: "processing" } });
      expect(response.statusCode).toBe(200);
    }
    const all = await entries();
    expect(all).toHaveLength(before + 1);
    expect(all.at(-1)).toMatchObject({ kind: "order", action: "status", entityId: orderId, before: { status: "new" }, after: { status: "processing" } });
  });

  it("categories, notes and product deletion are logged", async () => {
    const created = await shop.t.app.inject({ method: "POST", url: "/api/admin/categories", headers: as(managerToken), payload: { name: "Дерево", type: "main" } });
    const categoryId = created.json().id;
    await shop.t.app.inject({ method: "PUT", url: `/api/admin/categories/${categoryId}`, headers: as(managerToken), payload: { name: "Дерево и лоза", type: "main" } });
    await shop.t.app.inject({ method: "DELETE", url: `/api/admin/categories/${categoryId}`, headers: as(managerToken) });
    await shop.t.app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/notes`, headers: as(managerToken), payload: { text: "Упаковать в крафт" } });
    const doomed = shop.f.products[9]!;
    expect((await shop.t.app.inject({ method: "DELETE", url: `/api/admin/products/${doomed.id}`, headers: as(managerToken) })).statusCode).toBe(200);
    const actions = (await entries()).slice(-5).map((entry) => `${entry.kind}:${entry.action}:${entry.label}`);
    expect(actions).toEqual([
      "category:create:Дерево",
      "category:update:Дерево и лоза",
      "category:delete:Дерево и лоза",
      expect.stringMatching(/^order:note:№\d+$/),
      `product:delete:${doomed.name}`,
    ]);
  });
});

describe("reading the log", () => {
  it("the owner filters it by person, kind and date", async () => {
    const byManager = await shop.t.app.inject({ method: "GET", url: `/api/admin/audit?staff_id=${managerId}`, headers: shop.auth });
    expect(byManager.statusCode).toBe(200);
    const body = byManager.json();
    expect(body.total).toBeGreaterThan(5);
    expect(body.entries.every((entry: { staff_name: string }) => entry.staff_name === "Марина")).toBe(true);

    const stock = await shop.t.app.inject({ method: "GET", url: "/api/admin/audit?kind=stock", headers: shop.auth });
    expect(stock.json().entries.map((entry: { kind: string }) => entry.kind)).toEqual(["stock"]);

    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const todays = await shop.t.app.inject({ method: "GET", url: `/api/admin/audit?from=${today}&to=${today}`, headers: shop.auth });
    expect(todays.json().total).toBe(body.total + 1);
    const past = await shop.t.app.inject({ method: "GET", url: "/api/admin/audit?from=2020-01-01&to=2020-12-31", headers: shop.auth });
    expect(past.json().total).toBe(0);

    const badKind = await shop.t.app.inject({ method: "GET", url: "/api/admin/audit?kind=weather", headers: shop.auth });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toMatch(/^Неизвестный вид изменений/);
  });

  it("a manager cannot read the log, but sees an order's and a product's own history", async () => {
    const refused = await shop.t.app.inject({ method: "GET", url: "/api/admin/audit", headers: as(managerToken) });
    expect(refused.statusCode).toBe(403);
    const order = await shop.t.app.inject({ method: "GET", url: `/api/admin/orders/${orderId}/history`, headers: as(managerToken) });
    expect(order.json().entries.map((entry: { action: string }) => entry.action)).toEqual(["note", "status"]);
    const product = await shop.t.app.inject({ method: "GET", url: `/api/admin/products/${shop.f.products[0]!.id}/history`, headers: as(managerToken) });
    expect(product.json().entries.map((entry: { kind: string; action: string }) => `${entry.kind}:${entry.action}`)).toEqual(["stock:adjust", "product:update"]);
  });
});
