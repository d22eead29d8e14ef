/**
 * The shop's own actions as WebMCP tools, for agentic browsers (docs/web-app.md, «AI agents»): search the catalogue,
 * open a product's page, put a product into the cart. Registered only where the browser offers WebMCP (its
 * `modelContext`); elsewhere this module is never loaded (start.tsx).
 */
import { SEARCH_RESULTS_LIMIT } from "@shop/shared/constants";
import { availabilityOf } from "@shop/shared/stock";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { ApiError, api } from "../lib/api";
import { useCart } from "../stores/cart";
import { addToCart } from "../stores/shop-actions";

interface ModelContextTool {
  name: string;
  description: string;
  inputSchema: object;
  annotations?: { readOnlyHint?: boolean };
  execute(input: Record<string, unknown>): Promise<string>;
}

interface ModelContext {
  registerTool(tool: ModelContextTool): unknown;
}

/** WebMCP's entry point: `document.modelContext` in the specification, `navigator.modelContext` in earlier Chromium. */
export function modelContext(): ModelContext | null {
  const holder = (value: unknown) => (value as { modelContext?: ModelContext } | undefined)?.modelContext;
  const context = holder(typeof document === "undefined" ? undefined : document) ?? holder(typeof navigator === "undefined" ? undefined : navigator);
  return context && typeof context.registerTool === "function" ? context : null;
}

/** What an agent reads of a product: the card's facts in words a shopper would use, and its page. */
const describe = (product: ProductCard) => ({
  id: product.id,
  name: product.name,
  price_rub: product.price,
  sku: product.sku,
  availability: availabilityOf(product).kind,
  url: new URL(`/product/${product.id}`, window.location.origin).href,
});

const positiveInteger = (value: unknown): number | null => (typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null);

/** Registers the tools; `navigate` moves the app to a page without a reload (the router's). */
export async function registerShopTools(context: ModelContext, navigate: (to: string) => unknown): Promise<void> {
  const tools: ModelContextTool[] = [
    {
      name: "search_products",
      description: "Search the shop's handmade products by name or article (SKU). Returns up to 50 products with id, name, price in roubles, availability and page URL.",
      inputSchema: {
        type: "object",
        properties: { query: { type: "string", description: "Words of the product's name, or its article, e.g. «ваза» or «HM-000123»", minLength: 2 } },
        required: ["query"],
      },
      annotations: { readOnlyHint: true },
      async execute({ query }) {
        const text = typeof query === "string" ? query.trim() : "";
        if (text.length < 2) return "Запрос должен содержать хотя бы 2 символа.";
        const found = await api.search(text, SEARCH_RESULTS_LIMIT);
        return JSON.stringify({ query: text, products: found.products.map(describe) });
      },
    },
    {
      name: "open_product",
      description: "Open a product's page in the shop (its pictures, description, price and the add-to-cart button). Returns the product's details.",
      inputSchema: {
        type: "object",
        properties: { productId: { type: "integer", description: "The product's id, as search_products returns it", minimum: 1 } },
        required: ["productId"],
      },
      async execute({ productId }) {
        const id = positiveInteger(productId);
        if (id === null) return "Укажите номер товара (productId).";
        try {
          const product = await api.product(id);
          navigate(`/product/${id}`);
          return JSON.stringify({ ...describe(product), description: product.description, material: product.material });
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return "Товар не найден";
          throw error;
        }
      },
    },
    {
      name: "add_to_cart",
      description: "Put a product into the shopper's cart (kept in this browser), or add more pieces of it. The shopper then checks out at /checkout.",
      inputSchema: {
        type: "object",
        properties: {
          productId: { type: "integer", description: "The product's id", minimum: 1 },
          quantity: { type: "integer", description: "How many pieces to add (1 by default)", minimum: 1, maximum: 99 },
        },
        required: ["productId"],
      },
      async execute({ productId, quantity }) {
        const id = positiveInteger(productId);
        if (id === null) return "Укажите номер товара (productId).";
        const pieces = quantity === undefined ? 1 : positiveInteger(quantity);
        if (pieces === null || pieces > 99) return "Количество — от 1 до 99.";
        let product;
        try {
          product = await api.product(id);
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return "Товар не найден";
          throw error;
        }
        if (!availabilityOf(product).orderable) return `«${product.name}» нет в наличии.`;
        const cart = useCart.getState();
        const before = cart.items.find((item) => item.id === id)?.quantity ?? 0;
        // as the shopper's own button does (toast included), then the rest at once: the store caps it at what is left
        addToCart(product);
        if (pieces > 1) cart.setQuantity(id, before + pieces);
        const line = useCart.getState().items.find((item) => item.id === id);
        return JSON.stringify({ added: describe(product), inCart: line?.quantity ?? 0, cartUrl: new URL("/cart", window.location.origin).href });
      },
    },
  ];
  for (const tool of tools) await context.registerTool(tool);
}
