import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_ONLY_HEADERS } from "../src/plugins/external/helmet";
import { createTestApp, type TestApp } from "./helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("server basics", () => {
  it("answers the health check from the database", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, database: process.env.DATABASE_URL ? "postgresql" : "embedded", down: [] });
  });

  it("answers an unknown API route with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: "Не найдено" });
  });

  it("serves a page for client-side routes", async () => {
    const response = await t.app.inject({ method: "GET", url: "/catalog?page=2" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
  });

  it("sends the security headers on every response, pages framed only by Telegram, the API's answers by nobody", async () => {
    for (const url of ["/api/health", "/api/no-such-thing", "/catalog"]) {
      const response = await t.app.inject({ method: "GET", url });
      const csp = String(response.headers["content-security-policy"]);
      if (url === "/api/health" || url === "/api/no-such-thing") {
        expect(csp, url).toBe("default-src 'none'; frame-ancestors 'none'");
      } else {
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).toContain("frame-ancestors 'self' https://web.telegram.org https://*.telegram.org");
        expect(csp, url).toContain("img-src 'self' data: blob: https:");
        expect(csp, url).not.toContain("upgrade-insecure-requests");
      }
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      // plain HTTP, no proxy: a browser ignores HSTS here, and the shop does not send it
      expect(response.headers["strict-transport-security"], url).toBeUndefined();
      expect(response.headers["cross-origin-resource-policy"], url).toBe("cross-origin");
      expect(response.headers["referrer-policy"], url).toBe("no-referrer");
      expect(response.headers["x-frame-options"], url).toBeUndefined();
      expect(response.headers["cross-origin-embedder-policy"], url).toBeUndefined();
    }
  });

  it("lets nobody frame the admin panel or the API's documentation, the shop's pages only Telegram", async () => {
    for (const url of ["/admin", "/admin/login", "/admin/products?page=2", "/api/docs"]) {
      const response = await t.app.inject({ method: "GET", url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain("telegram.org");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
    }
    for (const url of ["/", "/catalog", "/product/1", "/administration-of-nothing"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(String(response.headers["content-security-policy"]), url).toContain("frame-ancestors 'self' https://web.telegram.org https://*.telegram.org");
      expect(response.headers["x-frame-options"], url).toBeUndefined();
    }
  });

  it("answers a sign-in, taken or refused, with Cache-Control: no-store", async () => {
    const taken = await t.app.inject({ method: "POST", url: "/api/login", payload: { login: "admin", password: "test-password-123" } });
    expect(taken.statusCode).toBe(200);
    expect(taken.headers["cache-control"]).toBe("no-store");
    const refused = await t.app.inject({ method: "POST", url: "/api/login", payload: { login: "admin", password: "wrong-password" } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("sends the document-only headers with pages and files, not with the API's JSON answers", async () => {
    for (const url of ["/catalog", "/api/docs", "/robots.txt"]) {
      const response = await t.app.inject({ method: "GET", url });
      for (const header of DOCUMENT_ONLY_HEADERS) expect(response.headers[header], `${url} ${header}`).toBeDefined();
    }
    expect((await t.app.inject({ method: "GET", url: "/catalog" })).headers["cross-origin-opener-policy"]).toBe("same-origin");
    for (const url of ["/api/health", "/api/products", "/api/categories", "/api/no-such-thing"]) {
      const response = await t.app.inject({ method: "GET", url });
      for (const header of DOCUMENT_ONLY_HEADERS) expect(response.headers[header], `${url} ${header}`).toBeUndefined();
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
    }
  });

  it("publishes the OpenAPI document", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    expect(response.json().openapi).toMatch(/^3\./);
  });
});

describe("HSTS", () => {
  it("is sent when the request came over TLS to a proxy the shop trusts, never over plain HTTP or on an untrusted word", async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      for (const url of ["/catalog", "/api/health", "/admin"]) {
        const tls = await behindProxy.app.inject({ method: "GET", url, headers: { "x-forwarded-proto": "https" } });
        expect(tls.headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains");
        const plain = await behindProxy.app.inject({ method: "GET", url, headers: { "x-forwarded-proto": "http" } });
        expect(plain.headers["strict-transport-security"], url).toBeUndefined();
      }
    } finally {
      await behindProxy.close();
    }
    // without TRUST_PROXY the header is the client's own word: not believed
    const direct = await t.app.inject({ method: "GET", url: "/catalog", headers: { "x-forwarded-proto": "https" } });
    expect(direct.headers["strict-transport-security"]).toBeUndefined();
  });
});
