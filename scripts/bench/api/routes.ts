/**
 * What `npm run bench` loads: the rows of requests (Route) with their targets, drawn from the running shop's own
 * catalogue (readCatalogue), and the admin's sign-in they need.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import type autocannon from "autocannon";
import type { CeilingResult } from "../order-ceiling";
import { fmt } from "./table";
import { ADMIN, BENCH_CUSTOMER, CONNECTIONS, ROOT, STATS_CONNECTIONS, STATS_REQUESTS, TARGETS, type DatabaseKind } from "./settings";

export const VARIED_CATALOGUE = "catalogue, varied pages/filters/sorts";

export interface Route {
  name: string;
  connections: number;
  /** seconds of load, or a number of requests */
  load: { seconds: number } | { requests: number };
  /** the next request: a fresh one each time */
  next(): { path: string; method?: "GET" | "POST"; body?: string; headers?: Record<string, string> };
  /** how the result (and its ratio to the ceiling beside it) compares with the shop's target for this route */
  target?: (result: autocannon.Result, ratio: number | null) => string;
  /** a shopper's read: measured in turns with the bare route (measureInTurns), and against the bare route answering as many bytes */
  read?: boolean;
  /** run before the warm-up and again before the measured load */
  prepare?(): Promise<void>;
  /** run after the measured load */
  finish?(): Promise<void>;
}

export interface Catalogue {
  ids: number[];
  /** cart lines of products with options: the product and one of its variants */
  variantLines: { product_id: number; variant_id: number }[];
  mains: number[];
  tags: number[];
  queries: string[];
}

/** Chromium's, and so the Telegram clients' in-app browser's */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[random(items.length)]!;

/** Product ids, category ids and search words of the running shop, read through its own API. */
export async function readCatalogue(base: string): Promise<Catalogue> {
  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(base + url);
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const categories = await get<{ id: number; type: "main" | "sub" }[]>("/api/categories");
  const first = await get<{ totalPages: number }>("/api/products?limit=100");
  const pages = Array.from({ length: Math.min(first.totalPages, 20) }, () => 1 + random(first.totalPages));
  const ids: number[] = [];
  const withOptions: number[] = [];
  const words = new Set<string>();
  for (const page of pages) {
    const { products } = await get<{ products: { id: number; name: string; sku: string; stock: number | null; has_options?: true }[] }>(
      `/api/products?limit=100&page=${page}`,
    );
    for (const product of products) {
      // ordinary orders: products whose stock is not counted (the demo's own products in the seed count theirs);
      // a product with options is ordered by one of its variants
      if (product.has_options) withOptions.push(product.id);
      else if (product.stock === null) ids.push(product.id);
      for (const word of product.name.toLowerCase().split(/[^а-яёa-z0-9]+/)) if (word.length >= 3) words.add(word);
    }
  }
  // what a shopper types: whole words, the first letters of one, two words, an article
  const queries = [...words].flatMap((word) => [word, word.slice(0, 3), word.slice(0, 5)]);
  for (let i = 0; i < 200; i++) queries.push(`${pick([...words])} ${pick([...words]).slice(0, 4)}`, `hm-${String(1 + random(10_000)).padStart(6, "0")}`);
  const variantLines: Catalogue["variantLines"] = [];
  for (const id of withOptions.slice(0, 100)) {
    const product = await get<{ stock: number | null; variants?: { id: number; stock: number | null }[]; personalization?: { required: boolean }[] }>(`/api/products/${id}`);
    if (product.personalization?.some((field) => field.required)) continue;
    for (const variant of product.variants ?? []) if (variant.stock === null) variantLines.push({ product_id: id, variant_id: variant.id });
  }
  return {
    ids,
    variantLines,
    mains: categories.filter((c) => c.type === "main").map((c) => c.id),
    tags: categories.filter((c) => c.type === "sub").map((c) => c.id),
    queries,
  };
}

/** The admin's token (ADMIN), signed in through the API as the admin panel signs in. */
export async function signInAdmin(base: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return token;
}

let unique = 0;
/** a parameter the routes ignore and the response cache does not: this request is never answered from it */
export const uncached = () => `_=${++unique}`;

const verdict = (met: boolean) => (met ? "met" : "**missed**");
const readTarget = (result: autocannon.Result, ratio: number | null) =>
  `p99 ≤ ${TARGETS.readP99Ms} ms and ≥ ${TARGETS.readRatio} × ceiling: ${verdict(result.latency.p99 <= TARGETS.readP99Ms && ratio !== null && ratio >= TARGETS.readRatio)}`;
/** both the median and the slowest: with 30 one-at-a-time requests on a shared machine, p99 is the worst of them */
const statsTarget = (result: autocannon.Result) =>
  `≤ ${TARGETS.statsMs} ms: p50 ${verdict(result.latency.p50 <= TARGETS.statsMs)}, p99 ${verdict(result.latency.p99 <= TARGETS.statsMs)}`;

/**
 * One product every buyer wants, with counted stock: its orders lock and decrement one row. The stock is set
 * high enough for a run (and set again before the measured load); popularStock(null) makes it uncounted again.
 */
async function popularStock(base: string, token: string, productId: number, stock: number | null): Promise<void> {
  const product = (await (await fetch(`${base}/api/products/${productId}`)).json()) as { name: string; price: number };
  const response = await fetch(`${base}/api/admin/products/${productId}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: product.name, price: product.price, stock }),
  });
  if (!response.ok) throw new Error(`setting the stock of product ${productId}: ${response.status} ${await response.text()}`);
}
const POPULAR_STOCK = 100_000;

interface OrderTargets {
  orders: NonNullable<Route["target"]>;
  popularProduct: NonNullable<Route["target"]>;
}

/** The order rows' targets on database `kind`, each also held against the database's own order transactions. */
export function orderTargetsFor(kind: DatabaseKind, orderCeiling: CeilingResult): OrderTargets {
  const againstDatabase = (result: autocannon.Result) =>
    `${fmt(result.requests.average / orderCeiling.tps, 2)} × the database's own order transactions`;
  return {
    orders: (result) => {
      const p99Target = TARGETS.orderP99Ms[kind];
      const met = result.requests.average >= TARGETS.orders[kind] && (p99Target === undefined || result.latency.p99 <= p99Target);
      return `≥ ${fmt(TARGETS.orders[kind])}/s${p99Target === undefined ? "" : `, p99 ≤ ${p99Target} ms`}: ${verdict(met)}; ${againstDatabase(result)}`;
    },
    // no target: every order waits for the one product's row, locked until the order before it is committed
    popularProduct: (result) => `no target (one row's lock); ${againstDatabase(result)}`,
  };
}

/** Every row, in the order they run, each loaded for `duration` seconds (statistics: STATS_REQUESTS requests). */
export function routes(catalogue: Catalogue, token: string, orderTargets: OrderTargets, base: string, duration: number): Route[] {
  const catalogueQuery = () => {
    const params = [`page=${1 + random(20)}`, `sortOrder=${pick(["default", "price-asc", "price-desc"])}`];
    // none, a main category, one or two tags, a price range, or a main category with a tag
    const filter = random(5);
    if (filter === 1 || filter === 4) params.push(`mainCategory=${pick(catalogue.mains)}`);
    if (filter === 2) params.push(`subCategories=${[pick(catalogue.tags), pick(catalogue.tags)].join(",")}`);
    if (filter === 4) params.push(`subCategories=${pick(catalogue.tags)}`);
    if (filter === 3) {
      const from = 100 * random(30);
      params.push(`priceFrom=${from}`, `priceTo=${from + 500 + 100 * random(30)}`);
    }
    return params.join("&");
  };
  const popular = catalogue.ids[0]!;
  // about one line in four is a variant's, where the shop has variants
  const orderLine = () =>
    catalogue.variantLines.length > 0 && random(4) === 0
      ? { ...pick(catalogue.variantLines), quantity: 1 + random(3) }
      : { product_id: pick(catalogue.ids), quantity: 1 + random(3) };
  const order = (lines: object[] = Array.from({ length: 1 + random(3) }, orderLine)) => {
    return JSON.stringify({
      customer_name: BENCH_CUSTOMER,
      customer_phone: `+7 (9${String(random(100)).padStart(2, "0")}) ${String(random(1000)).padStart(3, "0")}-00-00`,
      delivery_address: "Москва, ул. Тестовая, 1",
      source: "website",
      cart_items: lines,
    });
  };
  const auth = { authorization: `Bearer ${token}` };
  const stats = ["kpi", "orders-over-time", "revenue-over-time", "orders-by-status", "orders-by-source", "top-products", "top-customers"];
  const read = (name: string, next: () => string, target?: Route["target"], headers?: Record<string, string>): Route => ({
    name,
    connections: CONNECTIONS,
    load: { seconds: duration },
    next: () => ({ path: next(), headers }),
    target,
    read: true,
  });
  const page = (name: string, next: () => string): Route => ({
    name,
    connections: CONNECTIONS,
    load: { seconds: duration },
    next: () => ({ path: next(), headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } }),
  });
  return [
    read("catalogue, one URL (cached)", () => "/api/products", readTarget),
    read(VARIED_CATALOGUE, () => `/api/products?${catalogueQuery()}&${uncached()}`, readTarget),
    // as every browser asks (Telegram's in-app one too): each answer worked out is also compressed
    read("catalogue, varied, compressed for a browser", () => `/api/products?${catalogueQuery()}&${uncached()}`, undefined, {
      "accept-encoding": BROWSER_ACCEPT_ENCODING,
    }),
    read("product, varied ids", () => `/api/products/${pick(catalogue.ids)}?${uncached()}`, readTarget),
    read(
      "search, varied queries",
      () => `/api/products/search?q=${encodeURIComponent(pick(catalogue.queries))}&limit=${random(4) === 0 ? 50 : 5}&${uncached()}`,
      readTarget,
    ),
    read("categories (one URL, cached)", () => "/api/categories"),
    // the pages a browser opens, as it asks for them (server-rendered HTML, compressed): with the web app built
    ...(existsSync(path.join(ROOT, "apps/web/dist/index.html"))
      ? [
          page("page: catalogue (kept)", () => "/"),
          page("page: product, varied ids (drawn for each request)", () => `/product/${pick(catalogue.ids)}?${uncached()}`),
        ]
      : []),
    {
      name: "recommendations, varied carts",
      connections: CONNECTIONS,
      load: { seconds: duration },
      next: () => ({
        path: "/api/cart/recommendations",
        method: "POST",
        body: JSON.stringify({ cartProductIds: Array.from({ length: 1 + random(3) }, () => pick(catalogue.ids)) }),
        headers: { "content-type": "application/json" },
      }),
      target: readTarget,
      read: true,
    },
    {
      name: "admin products, varied searches and pages",
      connections: CONNECTIONS,
      load: { seconds: duration },
      next: () => ({
        path: `/api/admin/products?${random(2) === 0 ? `q=${encodeURIComponent(pick(catalogue.queries))}&` : ""}page=${1 + random(5)}`,
        headers: auth,
      }),
    },
    ...stats.flatMap((stat) =>
      (["all", "30d"] as const).map(
        (period): Route => ({
          name: `stats ${stat}, ${period}`,
          connections: STATS_CONNECTIONS,
          load: { requests: STATS_REQUESTS },
          next: () => ({ path: `/api/admin/stats/${stat}?period=${period}`, headers: auth }),
          target: statsTarget,
        }),
      ),
    ),
    // last: the orders it places would otherwise show up in the statistics
    {
      name: "order creation (POST /api/orders)",
      connections: CONNECTIONS,
      load: { seconds: duration },
      next: () => ({ path: "/api/orders", method: "POST", body: order(), headers: { "content-type": "application/json", "idempotency-key": randomUUID() } }),
      target: orderTargets.orders,
    },
    {
      name: "order creation, one popular product with stock",
      connections: CONNECTIONS,
      load: { seconds: duration },
      prepare: () => popularStock(base, token, popular, POPULAR_STOCK),
      // a reused seed stays as seeded
      finish: () => popularStock(base, token, popular, null),
      next: () => ({
        path: "/api/orders",
        method: "POST",
        body: order([{ product_id: popular, quantity: 1 }]),
        headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      }),
      target: orderTargets.popularProduct,
    },
  ];
}
