import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app";

let t: TestApp;
let expired: string;
let foreign: string;
let deletedAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.prisma.adminUser.findUniqueOrThrow({ where: { login: "admin" } });
  // signed with the right key, but 2 hours after an hour-long token was issued
  expired = t.app.jwt.sign({ sub: String(admin.id), login: "admin", iat: Math.floor(Date.now() / 1000) - 7200 } as never, { expiresIn: 3600 });
  // well-formed and unexpired, but signed with some other key
  foreign = hs256("another-secret-another-secret-another-secret", { sub: String(admin.id), login: "admin", exp: Math.floor(Date.now() / 1000) + 3600 });
  const gone = await t.prisma.adminUser.create({ data: { login: "former", passwordHash: admin.passwordHash } });
  deletedAdmin = t.app.jwt.sign({ sub: String(gone.id), login: "former" });
  await t.prisma.adminUser.delete({ where: { id: gone.id } });
});
afterAll(async () => t?.close());

/** A well-formed HS256 JWT signed with any key. */
function hs256(key: string, payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part(payload)}`;
  return `${unsigned}.${createHmac("sha256", key).update(unsigned).digest("base64url")}`;
}

/** Every call that needs an admin token (docs/product.md#api-in-brief, plus /api/admin/me). */
const ADMIN_CALLS: [method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object][] = [
  ["GET", "/api/admin/me"],
  ["GET", "/api/admin/categories"],
  ["POST", "/api/admin/categories", { name: "Х", type: "main" }],
  ["PUT", "/api/admin/categories/1", { name: "Х", type: "main" }],
  ["DELETE", "/api/admin/categories/1"],
  ["GET", "/api/admin/products"],
  ["POST", "/api/admin/products", { name: "Х", price: 1 }],
  ["PUT", "/api/admin/products/1", { name: "Х", price: 1 }],
  ["DELETE", "/api/admin/products/1"],
  ["POST", "/api/admin/upload"],
  ["GET", "/api/orders"],
  ["GET", "/api/orders?status=new&page=2"],
  ["GET", "/api/orders/1"],
  ["PUT", "/api/orders/1/status", { status: "shipped" }],
  ["GET", "/api/admin/stats/kpi"],
  ["GET", "/api/admin/stats/orders-over-time?period=7d"],
  ["GET", "/api/admin/stats/revenue-over-time?period=all"],
  ["GET", "/api/admin/stats/orders-by-status"],
  ["GET", "/api/admin/stats/orders-by-source"],
  ["GET", "/api/admin/stats/top-products?limit=10"],
  ["GET", "/api/admin/stats/top-customers?start=2025-01-01&end=2025-01-31"],
];

const BAD_TOKENS: [string, () => Record<string, string>][] = [
  ["no Authorization header", () => ({})],
  ["a scheme other than Bearer", () => ({ authorization: "Basic YWRtaW46YWRtaW4=" })],
  ["an empty bearer token", () => ({ authorization: "Bearer " })],
  ["a token that is not a JWT", () => ({ authorization: "Bearer not-a-token" })],
  ["a token signed with another key", () => ({ authorization: `Bearer ${foreign}` })],
  ["an expired token", () => ({ authorization: `Bearer ${expired}` })],
  ["the token of a deleted admin", () => ({ authorization: `Bearer ${deletedAdmin}` })],
];

describe("every admin call without a valid token", () => {
  for (const [method, url, payload] of ADMIN_CALLS) {
    it.each(BAD_TOKENS)(`${method} ${url} with %s → 401 JSON`, async (_, headers) => {
      const response = await t.app.inject({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(401);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json().message).toMatch(/^(Требуется авторизация|Сессия истекла или токен недействителен\. Войдите снова\.)$/);
    });
  }

  it("changes nothing", async () => {
    expect(await t.prisma.category.count()).toBe(0);
    expect(await t.prisma.product.count()).toBe(0);
  });

  it("the same calls pass the check with a valid token", async () => {
    const authorization = `Bearer ${await t.adminToken()}`;
    for (const [method, url, payload] of ADMIN_CALLS) {
      const response = await t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
      expect([200, 201, 400, 404], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    }
  });
});
