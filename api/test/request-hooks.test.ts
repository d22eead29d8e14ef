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
    for (const header of ["content-security-policy", "strict-transport-security", "x-content-type-options", "referrer-policy", "cross-origin-resource-policy"]) {
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
});
