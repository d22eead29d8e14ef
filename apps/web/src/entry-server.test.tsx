import { StrictMode, act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CatalogResponse, Category, Product, ProductCard } from "@shop/shared/schemas/catalog";
import { formatPrice } from "@shop/shared/format";
import { totalsInRoubles } from "@shop/shared/pricing";
import { render } from "./entry-server";
import { createShopRouter, resolveLazyRoutes } from "./app/router";
import { invalidate, seedFromDocument } from "./lib/query";
import { useCart } from "./stores/cart";
import { useWishlist } from "./stores/wishlist";

// a cart (3 vases) and a wishlist (the mug) on the device before the stores are made, as on a returning visit
vi.hoisted(() => {
  const snapshot = (id: number, name: string, price: number) => ({
    id,
    name,
    price,
    sku: `HM-${String(id).padStart(6, "0")}`,
    images: [{ id: id * 10, image_url: `/uploads/p${id}.webp` }],
  });
  localStorage.setItem("cart-items", JSON.stringify([{ ...snapshot(7, "Ваза керамическая «Лён»", 1234), quantity: 3 }]));
  localStorage.setItem("wishlist-items", JSON.stringify([snapshot(8, "Кружка ручной лепки", 690)]));
});

/**
 * Server HTML, then hydration as main.tsx does it, with a cart and a wishlist on the device: the first client render
 * must match the server's markup (React's development build reports any difference, attributes included, through
 * console.error or onRecoverableError), and the device's counts appear right after.
 */

const vase: Product = {
  id: 7,
  name: "Ваза керамическая «Лён»",
  price: 1234,
  sku: "HM-000007",
  description: "Ваза ручной работы.",
  material: "керамика",
  width: 12,
  height: 20,
  depth: null,
  images: [
    { id: 1, image_url: "/uploads/vase-1.webp" },
    { id: 2, image_url: "/uploads/vase-2.webp" },
  ],
  categories: [{ id: 3, name: "Керамика", type: "main" }],
  stock: null,
  made_to_order_days: null,
};
const card = (id: number, name: string, price: number): ProductCard => ({
  id,
  name,
  price,
  sku: `HM-${String(id).padStart(6, "0")}`,
  images: [{ id: id * 10, image_url: `/uploads/p${id}.webp` }],
  stock: null,
  made_to_order_days: null,
});
const cards = [card(7, vase.name, 1234), card(8, "Кружка ручной лепки", 690), card(9, "Плед вязаный", 4500)];
const catalog: CatalogResponse = { products: cards, total: 3, totalPages: 1, page: 1 };
const categories: Category[] = [
  { id: 3, name: "Керамика", type: "main", product_count: 2 },
  { id: 4, name: "В подарок", type: "sub", product_count: 1 },
];

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let consoleErrors: unknown[][];

beforeEach(() => {
  // the page has all it needs in the HTML: any request would be a bug
  vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new Error("no requests expected"))));
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
  expect(useCart.getState().items.map((item) => [item.id, item.quantity])).toEqual([[7, 3]]);
  expect(useWishlist.getState().items.map((item) => item.id)).toEqual([8]);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  // each test is a page load of its own: nothing the previous page embedded stays in the fetch cache
  invalidate("");
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function serverThenHydrate(url: string, data: Record<string, unknown>) {
  vi.stubEnv("SSR", true); // as in the server bundle: route loaders start no requests
  const rendered = await render(url, data);
  vi.unstubAllEnvs();
  expect(rendered, "the server rendered the page").not.toBeNull();
  window.history.replaceState(null, "", url);
  document.body.innerHTML = `<script type="application/json" id="shop-data">${JSON.stringify(data)}</script><div id="root">${rendered!.html}</div>`;
  const container = document.getElementById("root")!;
  const serverImage = container.querySelector("main img");
  seedFromDocument();
  await resolveLazyRoutes(url);
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <RouterProvider router={createShopRouter(rendered!.hydration)} />
      </StrictMode>,
      { onRecoverableError: (error) => void recoverable.push(error) },
    );
  });
  return { html: rendered!.html, container, serverImage, recoverable };
}

describe("server rendering and hydration", () => {
  it("renders the catalogue's first page and hydrates it without a difference, then shows the device's cart", async () => {
    const { html, container, serverImage, recoverable } = await serverThenHydrate("/", {
      "/api/products?page=1&limit=12": catalog,
      "/api/categories": categories,
    });
    for (const product of cards) expect(html).toContain(formatPrice(product.price));
    expect(html).toContain("Ваза керамическая «Лён»");
    expect(html).toContain("Найдено товаров: 3");
    expect(html).toContain('src="/uploads/p7-card.webp"');
    // the server knows nothing of the device: no counts, every card offers 'В корзину'
    expect(html).not.toContain("count-badge");
    expect(html.match(/В корзину/g)).toHaveLength(3);

    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // hydrated, not rendered again: the server's image element is still the one on the page
    expect(container.querySelector("main img")).toBe(serverImage);
    expect(container.querySelector('[data-testid="bottom-cart"] [data-testid="count-badge"]')?.textContent).toBe("3");
    expect(container.querySelectorAll("article button").length).toBeGreaterThan(0);
    expect([...container.querySelectorAll("article")][0]!.textContent).not.toContain("В корзину");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("renders a product page with its similar products and hydrates it without a difference", async () => {
    const { html, container, serverImage, recoverable } = await serverThenHydrate("/product/7", {
      "/api/products/7": vase,
      "/api/products/7/similar": cards.slice(1),
      // the first page of its reviews: the server embeds it with the product (api/src/routes/web.ts)
      "/api/products/7/reviews": {
        rating: { average: 5, count: 1 },
        reviews: [{ id: 1, rating: 5, text: "Красивая", photo_url: null, author: "Анна К.", variant_title: null, published_at: "2026-10-01T10:00:00.000Z", reply: "Спасибо!" }],
        page: 1,
        totalPages: 1,
        total: 1,
      },
    });
    expect(html).toContain("<h1");
    expect(html).toContain("Ваза керамическая «Лён»");
    expect(html).toContain(formatPrice(1234));
    expect(html).toContain('src="/uploads/vase-1.webp"');
    expect(html).toContain("Плед вязаный");
    expect(html).toContain("Добавить в корзину");

    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(container.querySelector("main img")).toBe(serverImage);
    // the device's cart holds 3 of this vase: after hydration the page says so
    expect(container.textContent).toContain("В корзине");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("renders a product that the cart cookie holds as in the cart, and hydrates it without a difference", async () => {
    const { html, container, recoverable } = await serverThenHydrate("/product/7", {
      cart: [{ id: 7, quantity: 3 }],
      "/api/products/7": vase,
      "/api/products/7/similar": cards.slice(1),
      // the first page of its reviews: the server embeds it with the product (api/src/routes/web.ts)
      "/api/products/7/reviews": {
        rating: { average: 5, count: 1 },
        reviews: [{ id: 1, rating: 5, text: "Красивая", photo_url: null, author: "Анна К.", variant_title: null, published_at: "2026-10-01T10:00:00.000Z", reply: "Спасибо!" }],
        page: 1,
        totalPages: 1,
        total: 1,
      },
    });
    expect(html).toContain("В корзине");
    expect(html).not.toContain("Добавить в корзину");
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // the first client render matched the server's (no recoverable error), and the device holds the same 3
    expect(container.querySelector("button[disabled]")?.textContent).toBe("В корзине");
    expect(container.querySelector('[role="group"] [aria-live]')?.textContent).toBe("3");
    expect(container.textContent).not.toContain("Добавить в корзину");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("renders the cart with the lines of the cart cookie and hydrates it without a difference", async () => {
    // the server's answer for the device's line: the same product as the device keeps
    const product: Product = { ...vase, images: [{ id: 70, image_url: "/uploads/p7.webp" }] };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => Response.json(String(input).includes("recommendations") ? [] : product)),
    );
    const { html, container, serverImage, recoverable } = await serverThenHydrate("/cart", {
      cart: [{ id: 7, quantity: 3 }],
      "/api/products/7": product,
    });
    expect(html).toContain("Ваша корзина");
    expect(html).toContain("Ваза керамическая «Лён»");
    const { total } = totalsInRoubles([{ price: 1234, quantity: 3 }], 0);
    expect(html).toContain(formatPrice(total));
    expect(html).not.toContain("cart-skeleton");
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(container.querySelector("main img")).toBe(serverImage);
    expect(container.querySelectorAll('[data-testid="cart-line"]')).toHaveLength(1);
    expect(container.querySelector('[data-testid="cart-total"]')?.textContent).toBe(formatPrice(total));
  });

  it("renders a cart cookie's variant line with its texts and hydrates it without a difference", async () => {
    const { ring } = await import("./test-helpers/variant-product");
    const product: Product = { ...vase, images: [{ id: 70, image_url: "/uploads/p7.webp" }] };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => Response.json(String(input).includes("recommendations") ? [] : String(input).includes("/12") ? ring : product)),
    );
    const { html, recoverable } = await serverThenHydrate("/cart", {
      cart: [
        { id: 7, quantity: 3 },
        { id: 12, quantity: 1, variant_id: 103, personalization: [{ field_id: 31, value: "Анне" }, { field_id: 33, value: "1" }] },
      ],
      "/api/products/7": product,
      "/api/products/12": ring,
    });
    expect(html).not.toContain("cart-skeleton");
    expect(html).toContain("Размер: 17, Металл: золото");
    expect(html).toContain("Анне");
    expect(html).toMatch(/Подарочная упаковка(<!-- -->)?:<\/span> <span[^>]*>Да</);
    // 3 vases, and the gold 17 with the engraving and the wrap: 1500 + 300 + 150
    const { total } = totalsInRoubles([{ price: 1234, quantity: 3 }, { price: 1950, quantity: 1 }], 0);
    expect(html).toContain(formatPrice(total));
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("renders the cart's placeholder without the cart cookie, then the device's cart", async () => {
    vi.stubGlobal("fetch", vi.fn(async (input: RequestInfo | URL) => Response.json(String(input).includes("recommendations") ? [] : vase)));
    const { html, container, recoverable } = await serverThenHydrate("/cart", {});
    expect(html).toContain("cart-skeleton");
    expect(html).not.toContain("Корзина пустая");
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(container.querySelector('[data-testid="cart-skeleton"]')).toBeNull();
    expect(container.querySelector('[data-testid="cart-line"]')?.textContent).toContain("Ваза керамическая «Лён»");
  });

  it("renders my orders' frame, with the loading line shown only inside Telegram, and hydrates it on the website", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ botUsername: null, miniAppUrl: null })));
    const { html, container, recoverable } = await serverThenHydrate("/my-orders", {});
    expect(html).toContain("Мои заказы");
    expect(html).toMatch(/<p class="loading-text telegram-first-paint">Загрузка ваших заказов...<\/p>/);
    expect(html).toMatch(/<div class="replaced-in-telegram">.*Страница доступна только в Telegram/);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(container.textContent).toContain("Страница доступна только в Telegram");
  });

  it("renders the not-found page and hydrates it without a difference", async () => {
    const { html, container, recoverable } = await serverThenHydrate("/nope-page", {});
    expect(html).toContain("Страница не найдена");
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(container.textContent).toContain("Страница не найдена");
  });

  it("renders 'Товар не найден' for a product the server answered null for", async () => {
    const { html, container, recoverable } = await serverThenHydrate("/product/999", { "/api/products/999": null });
    expect(html).toContain("Товар не найден");
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(container.textContent).toContain("Товар не найден");
    expect(fetch).not.toHaveBeenCalled();
  });
});
