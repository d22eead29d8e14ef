import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../test-helpers/json-response";
import { useCart } from "../stores/cart";
import { modelContext, registerShopTools } from "./agent-tools";

/** The shop's WebMCP tools (docs/web-app.md, «AI agents»), registered on a stand-in of the browser's modelContext. */

const vase = {
  id: 7,
  name: "Ваза «Лён»",
  price: 1890,
  sku: "HM-000007",
  images: [],
  stock: 2,
  made_to_order_days: null,
  description: "Глина.",
  material: "Глина",
  width: null,
  height: null,
  depth: null,
  categories: [],
};
const soldOut = { ...vase, id: 8, name: "Кружка", stock: 0 };

interface Tool {
  name: string;
  description: string;
  inputSchema: { type: string; properties: Record<string, { type: string }>; required: string[] };
  execute(input: Record<string, unknown>): Promise<string>;
}

async function tools(navigate = vi.fn()) {
  const registered: Tool[] = [];
  await registerShopTools({ registerTool: (tool) => void registered.push(tool as unknown as Tool) }, navigate);
  const byName = (name: string) => registered.find((tool) => tool.name === name)!;
  return { registered, byName, navigate };
}

beforeEach(() => {
  useCart.setState({ items: [] });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith("/api/products/search")) return jsonResponse(200, { products: [vase] });
      if (url === "/api/products/7") return jsonResponse(200, vase);
      if (url === "/api/products/8") return jsonResponse(200, soldOut);
      return jsonResponse(404, { message: "Товар не найден" });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  useCart.setState({ items: [] });
});

describe("WebMCP tools", () => {
  it("are registered only where the browser has a modelContext", () => {
    expect(modelContext()).toBeNull();
    const registerTool = vi.fn();
    vi.stubGlobal("navigator", { ...navigator, modelContext: { registerTool } });
    expect(modelContext()).not.toBeNull();
  });

  it("search, open a product and add to the cart, each with an object schema naming its required inputs", async () => {
    const { registered } = await tools();
    expect(registered.map((tool) => tool.name)).toEqual(["search_products", "open_product", "add_to_cart"]);
    for (const tool of registered) {
      expect(tool.description.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe("object");
      for (const name of tool.inputSchema.required) expect(tool.inputSchema.properties[name], `${tool.name}.${name}`).toBeDefined();
    }
  });

  it("searches the catalogue and answers with the products' ids, prices, availability and pages", async () => {
    const { byName } = await tools();
    const answer = JSON.parse(await byName("search_products").execute({ query: " ваза " })) as { query: string; products: unknown[] };
    expect(answer.query).toBe("ваза");
    expect(answer.products).toEqual([
      { id: 7, name: "Ваза «Лён»", price_rub: 1890, sku: "HM-000007", availability: "few-left", url: `${window.location.origin}/product/7` },
    ]);
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe("/api/products/search?q=%D0%B2%D0%B0%D0%B7%D0%B0&limit=50");
    expect(await byName("search_products").execute({ query: "в" })).toBe("Запрос должен содержать хотя бы 2 символа.");
  });

  it("opens a product's page in the app, or says it is not there", async () => {
    const { byName, navigate } = await tools();
    const answer = JSON.parse(await byName("open_product").execute({ productId: 7 })) as { name: string; material: string };
    expect(answer).toMatchObject({ name: "Ваза «Лён»", material: "Глина" });
    expect(navigate).toHaveBeenCalledWith("/product/7");
    expect(await byName("open_product").execute({ productId: 999 })).toBe("Товар не найден");
    expect(await byName("open_product").execute({ productId: "7" })).toBe("Укажите номер товара (productId).");
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("puts a product into the cart as the shopper's button does, never more than is left, and refuses a sold-out one", async () => {
    const { byName } = await tools();
    const first = JSON.parse(await byName("add_to_cart").execute({ productId: 7 })) as { inCart: number; cartUrl: string };
    expect(first.inCart).toBe(1);
    expect(first.cartUrl).toBe(`${window.location.origin}/cart`);
    // two left: three more pieces stop at two
    const more = JSON.parse(await byName("add_to_cart").execute({ productId: 7, quantity: 3 })) as { inCart: number };
    expect(more.inCart).toBe(2);
    expect(useCart.getState().items.map((item) => [item.id, item.quantity])).toEqual([[7, 2]]);
    expect(await byName("add_to_cart").execute({ productId: 8 })).toBe("«Кружка» нет в наличии.");
    expect(await byName("add_to_cart").execute({ productId: 7, quantity: 0 })).toBe("Количество — от 1 до 99.");
    expect(useCart.getState().items).toHaveLength(1);
  });
});
