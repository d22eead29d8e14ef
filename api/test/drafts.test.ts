import { describe, expect, it } from "vitest";
import { adminShopForTests } from "./helpers/admin-shop";
import { CONTACT, line } from "./helpers/checkout";

/** Drafts and hidden products (docs/product.md#drafts-and-hidden-products): the admin's only, nowhere for shoppers. */
const shop = adminShopForTests();

const get = (url: string, admin = false) => shop.t.app.inject({ method: "GET", url, headers: admin ? shop.auth : {} });
const post = (url: string, payload: object, admin = true) => shop.t.app.inject({ method: "POST", url, headers: admin ? shop.auth : {}, payload });

const publicIds = async (url: string) => {
  const body = (await get(url)).json();
  return (Array.isArray(body) ? body : body.products).map((product: { id: number }) => product.id) as number[];
};

async function everywhereShoppersLook(id: number, name: string) {
  const word = name.split(" ")[0]!;
  return {
    page: (await get(`/api/products/${id}`)).statusCode,
    list: (await publicIds("/api/products?limit=100")).includes(id),
    search: (await publicIds(`/api/products/search?q=${encodeURIComponent(word)}`)).includes(id),
    sitemap: (await get("/sitemap.xml")).body.includes(`/product/${id}<`),
    feed: (await get("/feed.yml")).body.includes(`<offer id="${id}"`),
  };
}

describe("a hidden product", () => {
  it("a product created as a draft is in the admin's list (first, marked) and nowhere a shopper looks", async () => {
    const created = await post("/api/admin/products", { name: "Шкатулка «Черновик»", price: 990, hidden: true, categoryIds: [shop.f.categories.ceramics] });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    expect(draft.hidden).toBe(true);
    const admin = (await get("/api/admin/products", true)).json();
    expect(admin.products[0]).toMatchObject({ id: draft.id, hidden: true });
    expect(admin.total).toBe(shop.f.products.length + 1);
    expect((await get(`/api/admin/products?q=${encodeURIComponent("шкатулка")}`, true)).json().products.map((p: { id: number }) => p.id)).toEqual([draft.id]);
    expect(await everywhereShoppersLook(draft.id, draft.name)).toEqual({ page: 404, list: false, search: false, sitemap: false, feed: false });
    // the shop's category counts what a shopper finds in it
    const ceramics = (await get("/api/categories")).json().find((c: { id: number }) => c.id === shop.f.categories.ceramics);
    expect(ceramics.product_count).toBe(4);
    // a shown product's answer has no such key: the shop's JSON keeps its shape
    expect(Object.keys((await get(`/api/products/${shop.f.products[0]!.id}`)).json())).not.toContain("hidden");
  });

  it("cannot be ordered: the order path says it is no longer sold, and nothing is written", async () => {
    const draft = (await get("/api/admin/products?q=" + encodeURIComponent("Черновик"), true)).json().products[0];
    const before = await shop.t.prisma.order.count();
    const response = await post("/api/orders", { ...CONTACT, source: "website", cart_items: [line({ ...draft, price: 990 })] }, false);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Товар «Шкатулка «Черновик»» больше не продаётся. Удалите его из корзины.");
    expect(await shop.t.prisma.order.count()).toBe(before);
  });

  it("is shown again from the editor, and the log keeps both changes", async () => {
    const draft = (await get("/api/admin/products?q=" + encodeURIComponent("Черновик"), true)).json().products[0];
    const shown = await shop.t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${draft.id}`,
      headers: shop.auth,
      payload: { name: draft.name, price: draft.price, hidden: false },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().hidden).toBeUndefined();
    expect(await everywhereShoppersLook(draft.id, draft.name)).toEqual({ page: 200, list: true, search: true, sitemap: true, feed: true });
    const history = (await get(`/api/admin/products/${draft.id}/history`, true)).json().entries;
    expect(history[0]).toMatchObject({ action: "update", before: { hidden: true }, after: { hidden: false } });
  });
});

describe("hiding and showing in bulk", () => {
  it("hides the selected products from every shopper's list at once, and shows them again; each change logged", async () => {
    const vase = shop.f.byName("Ваза керамическая «Лён»");
    const mug = shop.f.byName("Кружка ручной лепки");
    const hidden = await post("/api/admin/products/bulk", { ids: [vase.id, mug.id], action: "hide" });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ changed: 2 });
    for (const product of [vase, mug]) {
      expect(await everywhereShoppersLook(product.id, product.name)).toEqual({ page: 404, list: false, search: false, sitemap: false, feed: false });
    }
    // nor similar products nor the cart's recommendations offer them
    const candle = shop.f.byName("Свеча соевая «Ваниль»");
    const similar = (await get(`/api/products/${shop.f.byName("Тарелка «Ёлочка»").id}/similar`)).json().map((p: { id: number }) => p.id);
    expect(similar).not.toContain(vase.id);
    const recommended = await shop.t.app.inject({ method: "POST", url: "/api/cart/recommendations", payload: { cartProductIds: [candle.id] } });
    expect(recommended.statusCode).toBe(200);
    const offered = recommended.json().map((p: { id: number }) => p.id);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(mug.id);
    expect(offered).not.toContain(vase.id);
    const entries = await shop.t.prisma.auditEntry.findMany({ where: { kind: "product", entityId: { in: [vase.id, mug.id] } } });
    expect(entries.map((entry) => entry.after)).toEqual([{ hidden: true }, { hidden: true }]);

    // hiding what is hidden changes nothing and logs nothing
    expect((await post("/api/admin/products/bulk", { ids: [vase.id], action: "hide" })).json()).toEqual({ changed: 0 });
    expect((await post("/api/admin/products/bulk", { ids: [vase.id, mug.id], action: "show" })).json()).toEqual({ changed: 2 });
    expect(await everywhereShoppersLook(vase.id, vase.name)).toEqual({ page: 200, list: true, search: true, sitemap: true, feed: true });
    expect(await shop.t.prisma.auditEntry.count({ where: { kind: "product", entityId: { in: [vase.id, mug.id] } } })).toBe(4);
  });

  it("a duplicate is a draft until shown", async () => {
    const pillow = shop.f.byName("Подушка льняная");
    const copy = await post(`/api/admin/products/${pillow.id}/duplicate`, {});
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: "Подушка льняная (копия)", hidden: true });
    expect((await get(`/api/products/${copy.json().id}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/products/${copy.json().id}`, true)).json().hidden).toBe(true);
  });
});
