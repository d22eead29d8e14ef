import { beforeAll, describe, expect, it } from "vitest";
import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from "@shop/shared/staff";
import { ROUTE_PERMISSIONS, routeKey } from "../src/plugins/app/permissions";
import { adminShopForTests } from "./helpers/admin-shop";
import { insertOrder } from "./helpers/order-rows";

const shop = adminShopForTests();
const tokens = {} as Record<StaffRole, string>;
let ids: Record<string, number>;

async function signIn(login: string, password: string): Promise<string> {
  const response = await shop.t.app.inject({ method: "POST", url: "/api/login", payload: { login, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

async function createStaff(login: string, role: StaffRole, password = "password-123") {
  const response = await shop.t.app.inject({
    method: "POST",
    url: "/api/admin/staff",
    headers: shop.auth,
    payload: { login, name: `Сотрудник ${login}`, password, role },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

beforeAll(async () => {
  tokens.owner = shop.auth.authorization.slice("Bearer ".length);
  const manager = await createStaff("manager1", "manager");
  await createStaff("picker1", "picker");
  tokens.manager = await signIn("manager1", "password-123");
  tokens.picker = await signIn("picker1", "password-123");
  const product = shop.f.products[0]!;
  const order = await insertOrder(shop.t.prisma, { items: [{ productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity: 1 }] });
  ids = { id: order.id, product: product.id, staff: manager.id };
});

/** A route's path with its parameters filled: the permission is checked before anything is looked up. */
const concrete = (url: string) => url.replace(":id", String(ids.id));

describe("every admin route declares a permission", () => {
  it("the server registers admin routes, and each one is in the permission table", () => {
    const routes = shop.t.app.adminRoutes;
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((route) => ROUTE_PERMISSIONS[routeKey(route.method, route.url)] === undefined);
    expect(missing, "admin routes without a permission in api/src/plugins/app/permissions.ts").toEqual([]);
  });

  it("the table names no route the server does not have", () => {
    const registered = new Set(shop.t.app.adminRoutes.map((route) => routeKey(route.method, route.url)));
    expect(Object.keys(ROUTE_PERMISSIONS).filter((key) => !registered.has(key))).toEqual([]);
  });
});

describe.each(["picker", "manager", "owner"] as const)("%s against every admin route", (role) => {
  it("is refused (403, in Russian) exactly the routes its role lacks, and let through the others", async () => {
    const outcomes: string[] = [];
    for (const route of shop.t.app.adminRoutes) {
      const needed = ROUTE_PERMISSIONS[routeKey(route.method, route.url)]!;
      const allowed = needed === "signed-in" || ROLE_PERMISSIONS[role].includes(needed);
      const response = await shop.t.app.inject({
        method: route.method as "GET",
        url: concrete(route.url),
        headers: { authorization: `Bearer ${tokens[role]}` },
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
      });
      const refused = response.statusCode === 403 && response.json().message === "Недостаточно прав для этого действия";
      if (refused === allowed || response.statusCode === 401 || response.statusCode >= 500) {
        outcomes.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(outcomes, `${role}: answers that do not match the table`).toEqual([]);
  });
});

describe("roles", () => {
  it("the roles are the three of the shop, each with what it may do", () => {
    expect(STAFF_ROLES).toEqual(["owner", "manager", "picker"]);
    expect(ROLE_PERMISSIONS.manager).not.toContain("staff.manage");
    expect(ROLE_PERMISSIONS.manager).not.toContain("audit.read");
    expect(ROLE_PERMISSIONS.picker).toEqual(["orders.pick", "orders.status.picking"]);
  });

  it("/api/admin/me tells each account its name, role and permissions", async () => {
    const response = await shop.t.app.inject({ method: "GET", url: "/api/admin/me", headers: { authorization: `Bearer ${tokens.picker}` } });
    expect(response.json()).toMatchObject({ login: "picker1", name: "Сотрудник picker1", role: "picker", permissions: ["orders.pick", "orders.status.picking"] });
  });
});
