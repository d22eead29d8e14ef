import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { multipart, pngImage } from "./helpers/multipart";
import { adminShopForTests } from "./helpers/admin-shop";

/**
 * The per-request hooks are only on the routes that need them: multipart parsing (and its clean-up hooks) on the
 * upload route, the catalogue refresh on the admin's writes. Everything else answers as it did with them
 * everywhere.
 */
const shop = adminShopForTests();

describe("request hooks", () => {
  it("answers a multipart body outside the upload route as a request without a body", async () => {
    const body = multipart([{ filename: "a.png", data: await pngImage() }]);
    const noBody = { message: "Тело запроса: должно быть объектом", errors: { body: "Тело запроса: должно быть объектом" } };
    for (const url of ["/api/orders", "/api/cart/recommendations"]) {
      const response = await shop.t.app.inject({ method: "POST", url, payload: body.payload, headers: body.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(noBody);
    }
  });

  it("still reads the files of an upload", async () => {
    const body = multipart([{ filename: "a.png", contentType: "image/png", data: await pngImage() }]);
    const response = await shop.t.app.inject({ method: "POST", url: "/api/admin/upload", payload: body.payload, headers: { ...body.headers, ...shop.auth } });
    expect(response.statusCode).toBe(200);
    expect(response.json().filePaths).toHaveLength(1);
  });

  it("sends every security header on catalogue reads, and the admin sees a saved change at once", async () => {
    const product = shop.f.products[0]!;
    const read = await shop.t.app.inject({ url: `/api/products/${product.id}?_=1` });
    // (HSTS only over TLS: api/test/health.test.ts)
    for (const header of ["content-security-policy", "x-content-type-options", "referrer-policy", "cross-origin-resource-policy"]) {
      expect(read.headers[header], header).toBeDefined();
    }
    const saved = await shop.t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${product.id}`,
      headers: shop.auth,
      payload: { name: "Новое имя товара", price: product.price },
    });
    expect(saved.statusCode).toBe(200);
    expect((await shop.t.app.inject({ url: `/api/products/${product.id}` })).json().name).toBe("Новое имя товара");
  });

  it("compresses catalogue answers as the client accepts, a kept answer well and once for all its later clients", async () => {
    const plain = await shop.t.app.inject({ url: "/api/products?limit=20" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const unpack = { br: brotliDecompressSync, gzip: gunzipSync };
    const compressedBefore = new Set<string>();
    for (const [accept, encoding] of [["gzip, deflate, br", "br"], ["gzip", "gzip"], ["br;q=0, gzip", "gzip"]] as const) {
      const first = await shop.t.app.inject({ url: "/api/products?limit=20", headers: { "accept-encoding": accept } });
      expect(first.headers["content-encoding"], accept).toBe(encoding);
      expect(first.headers["vary"], accept).toBe("accept-encoding");
      expect(first.headers["content-type"], accept).toBe("application/json; charset=utf-8");
      expect(first.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
      expect(unpack[encoding](first.rawPayload).equals(plain.rawPayload), accept).toBe(true);
      // compressed quickly the first time; sent again, compressed harder, and that copy is what every later client gets
      const again = await shop.t.app.inject({ url: "/api/products?limit=20", headers: { "accept-encoding": accept } });
      expect(unpack[encoding](again.rawPayload).equals(plain.rawPayload), accept).toBe(true);
      if (compressedBefore.has(encoding)) expect(again.rawPayload.equals(first.rawPayload), accept).toBe(true);
      else expect(again.rawPayload.length, accept).toBeLessThan(first.rawPayload.length);
      compressedBefore.add(encoding);
      const later = await shop.t.app.inject({ url: "/api/products?limit=20", headers: { "accept-encoding": accept } });
      expect(later.rawPayload.equals(again.rawPayload), accept).toBe(true);
    }
    for (const accept of ["identity", "deflate", ""]) {
      const response = await shop.t.app.inject({ url: "/api/products?limit=20", headers: { "accept-encoding": accept } });
      expect(response.headers["content-encoding"], accept).toBeUndefined();
      expect(response.rawPayload.equals(plain.rawPayload), accept).toBe(true);
    }
    // a short answer goes as it is; an answer worked out for one request body is compressed too
    const short = await shop.t.app.inject({ url: "/api/products/search?q=нет-такого", headers: { "accept-encoding": "br" } });
    expect(short.headers["content-encoding"]).toBeUndefined();
    expect(short.json()).toEqual({ products: [] });
    const recommend = (headers: Record<string, string>) =>
      shop.t.app.inject({ method: "POST", url: "/api/cart/recommendations", headers, payload: { cartProductIds: [shop.f.products[0]!.id] } });
    const recommended = await recommend({});
    const recommendedGzip = await recommend({ "accept-encoding": "gzip" });
    expect(recommended.rawPayload.length).toBeGreaterThan(1024);
    expect(recommendedGzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(recommendedGzip.rawPayload).equals(recommended.rawPayload)).toBe(true);
  });
});
