/**
 * npm run bench — the API under load on the large seed (10 000 products, 100 000 orders), on the embedded
 * database and on PostgreSQL.
 *
 * For each database: seed it (or reuse the copy kept from the last run), start the real server as a child
 * process (built as `npm start` builds it and run with the settings of its "serve" script, NODE_ENV=production,
 * its own node process so its memory can be read), load it with autocannon on loopback, and print a table: req/s,
 * p50, p99 and the ratio to the machine's ceiling — a bare Fastify route in a separate process: the read rows take
 * turns with it (measureInTurns), every other row has it measured right before and right after (the machine's speed
 * drifts over minutes, and on some machines swings within seconds; the run's first reading of it, before the API
 * starts, is the table's first row). Each read row is also compared with the bare route answering as many bytes per answer, measured right
 * after it: on loopback with the load generator on the same cores, an answer's size alone lowers the ceiling, and
 * that ratio is what the shop's own work costs. Also the server's resident memory 3 s after start, idle (IDLE_SECONDS after start) and after the
 * load. The tables are written to bench-results/api-embedded.md and bench-results/api-postgresql.md (results.ts).
 *
 * Catalogue reads are answered from the in-memory catalogue (api/src/catalog/store.ts), and the answer of
 * a URL asked for again is kept until the catalogue changes (api/src/plugins/app/catalog.ts). So the catalogue
 * has three rows: one URL (a popular page: a kept answer), varied pages, filters and sorts, and the same varied
 * pages asked for as a browser asks (Accept-Encoding with brotli: each answer is also compressed). The varied rows
 * (catalogue, product, search) also carry a unique `_` parameter, which the routes ignore but the kept answers'
 * key includes: they measure filtering, sorting, searching and writing the answer, never a kept one.
 * Recommendations (1–3 random products in the cart) and the admin's product list (50 products a page, half
 * of the requests with a search) read the same catalogue and are never kept. Two rows load the pages a browser
 * opens, server-rendered and compressed, when the web app is built (`npm run build`): the catalogue's first page
 * (kept: docs/web-app.md, «Kept pages») and product pages with a unique `_` parameter (drawn for each request). Two last
 * rows measure what the in-memory catalogue costs: an admin save answers after the catalogue is loaded again, while
 * a shopper's reads during those saves go on from the last one. The last row starts a new API process and loads it
 * at once with the varied catalogue pages, so that 50 connections wait for its catalogue to load (a restart under
 * traffic), then measures that row again in it: its server CPU per request against the varied row's.
 * Order creation runs as a shop with a bot (each order queues its manager card in the outbox in its transaction)
 * with an Idempotency-Key on every request: ordinary orders of 1–3 random products whose stock is not counted,
 * and orders of one popular product with counted stock (every order locks and decrements its row; the stock is
 * set high enough before the warm-up and before the measured load, and not counted again afterwards); before the API starts, an order-shaped transaction is run straight
 * on the database by 50 clients (order-ceiling.ts): the order path's ceiling.
 * Statistics run with one connection, 30 requests each: their target (≤ 150 ms) is the time one admin waits for
 * one chart, and 50 concurrent copies of one aggregate would measure queueing instead.
 *
 * Options (after `npm run bench --`):
 *   --reuse               reuse the seeded databases of the last run (bench-results/.cache/embedded, and the
 *                         database shop_bench on the PostgreSQL server) instead of seeding them again
 *   --db=embedded|postgresql   one database only
 *   --duration=10         seconds of load per route, after a 2-second warm-up (statistics: 30 requests, after 3)
 *   --only=<text>         only routes whose name contains the text (the ceiling always runs)
 * Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) names the server; the
 * benchmark creates its own database shop_bench there. Without a reachable server the PostgreSQL part is skipped.
 * BENCH_NODE_OPTIONS adds node options to the API process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (the
 * profile is written when the server stops).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase, type Database } from "@shop/prisma/db";
import { seedLarge } from "@shop/prisma/seed";
import { deleteCeilingRows, measureOrderCeiling, type CeilingResult } from "./order-ceiling";
import { RESULTS_DIR, runHeader, writeResults } from "./results";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EMBEDDED_CACHE = path.join(RESULTS_DIR, ".cache", "embedded");
const BENCH_DB = "shop_bench";
const ADMIN = { login: "admin", password: "bench-admin-password" };
/** orders placed by the benchmark carry this name and are deleted afterwards, so a reused seed stays as seeded */
const BENCH_CUSTOMER = "Нагрузочный Тест";
const CONNECTIONS = 50;
const VARIED_CATALOGUE = "catalogue, varied pages/filters/sorts";
/** the last row: VARIED_CATALOGUE in a new process, its catalogue loaded by that row's first requests */
const START_UNDER_LOAD = "catalogue, varied, in a process started under that load";
const STATS_CONNECTIONS = 1;
/** statistics are measured over a number of requests (one at a time), whatever each takes */
const STATS_REQUESTS = 30;
const STATS_WARMUP_REQUESTS = 3;
const WARMUP_SECONDS = 2;
/** seconds of the bare route right before and right after each row: the ceiling beside the row */
const BESIDE_SECONDS = 5;
/** read rows take turns with the bare route in slices this long (measureInTurns) */
const TURN_SECONDS = 2;
/**
 * Idle memory is read this long after start, with no request since the health check: V8 gives memory back
 * (a smaller young generation, compacted heap) only once its memory reducer sees the process idle, which starts
 * 8 s after the last allocation and takes a few collections (measured: 20–40 s after start, and 47–50 s on a
 * machine twice as slow). The figure 3 s after start, before that, is printed too.
 */
const IDLE_SECONDS = 60;

/** order creation: the rate on each database, and on PostgreSQL also the p99 (the embedded database queues 50 connections on one thread) */
const TARGETS = { readP99Ms: 15, readRatio: 0.5, statsMs: 150, idleRssMb: 150, orders: { postgresql: 1500, embedded: 500 }, orderP99Ms: { postgresql: 100 } as Record<string, number> };
/**
 * The API runs as a shop with a bot whose process is elsewhere (BOT_MODE=off): every order writes its manager
 * card to the outbox in its own transaction, as in production, and nothing is sent.
 */
const BENCH_BOT = { token: "123456789:bench_token_not_for_telegram_000", managerChatId: "-1009990000002" };

// ---------------------------------------------------------------------------------------------------------
// options

const argv = process.argv.slice(2);
const option = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=").slice(1).join("=");
const known = ["--reuse", "--db=", "--duration=", "--only="];
const unknown = argv.filter((arg) => !known.some((k) => (k.endsWith("=") ? arg.startsWith(k) : arg === k)));
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(" ")}. Use --reuse, --db=embedded|postgresql, --duration=<seconds>, --only=<text>.`);
  process.exit(2);
}
const reuse = argv.includes("--reuse");
const onlyDb = option("db");
if (onlyDb && !["embedded", "postgresql"].includes(onlyDb)) {
  console.error("--db must be embedded or postgresql");
  process.exit(2);
}
const duration = Math.max(1, Number(option("duration") ?? 10));
const only = option("only");
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

// ---------------------------------------------------------------------------------------------------------
// child processes

const children = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill("SIGKILL");
    process.exit(130);
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `node <file>` (one process: its pid is the server's), ready when `ready` matches its output. TypeScript runs
 * through `--import tsx`; the API runs as `npm start` runs it, built (server/dist/main.mjs).
 */
async function startNode(file: string, env: Record<string, string>, ready: RegExp, nodeArgs: string[] = [], timeoutMs = 120_000): Promise<Started> {
  const child = spawn(process.execPath, [...(file.endsWith(".ts") ? ["--import", "tsx"] : []), ...nodeArgs, file], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const port = ready.exec(output)?.[1];
    if (port) return { child, url: `http://127.0.0.1:${port}`, output: () => output, stop };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  await stop();
  throw new Error(`${file} did not start:\n${output}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MB, and its peak so far (VmHWM), from /proc. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, all threads) a process has used so far, in ms; null when it cannot be read. Divided
 * by the requests of a row it gives the server's CPU per request: steadier than req/s on a shared machine,
 * where the load generator and other work take turns on the same cores.
 */
function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // after "(name) ": state is field 3; utime and stime are fields 14 and 15, in clock ticks (100 a second)
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The server's CPU per answered request while `work` ran, in µs. */
async function withCpu<T extends autocannon.Result>(pid: number, work: () => Promise<T>): Promise<{ result: T; cpuUs: number | null }> {
  const before = cpuMsOf(pid);
  const result = await work();
  const after = cpuMsOf(pid);
  return { result, cpuUs: before === null || after === null || result.requests.total === 0 ? null : ((after - before) * 1000) / result.requests.total };
}

/** extra node options for the API, e.g. BENCH_NODE_OPTIONS=--cpu-prof (space-separated) */
const NODE_OPTIONS_EXTRA = (process.env.BENCH_NODE_OPTIONS ?? "").split(" ").filter(Boolean);

/**
 * How `npm start` runs the server: the environment settings and node options of server/package.json's "serve"
 * script (`NAME=value … node <options> dist/main.mjs`), so that the benchmark measures the same process.
 * Settings written with shell expansions (NODE_ENV=${NODE_ENV:-production}) are the benchmark's own to set.
 */
function serveScript(): { env: Record<string, string>; nodeArgs: string[] } {
  const serve = (JSON.parse(readFileSync(path.join(ROOT, "server/package.json"), "utf8")) as { scripts: { serve: string } }).scripts.serve;
  const words = serve.trim().split(/\s+/);
  const node = words.indexOf("node");
  if (node < 0 || words[words.length - 1] !== "dist/main.mjs") throw new Error(`server/package.json "serve" is not "… node … dist/main.mjs": ${serve}`);
  const env = Object.fromEntries(
    words
      .slice(0, node)
      .filter((word) => !word.includes("$"))
      .map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]),
  );
  return { env, nodeArgs: words.slice(node + 1, -1) };
}

let built = false;
async function startApi(env: Record<string, string>): Promise<Started> {
  if (!built) {
    await new Promise<void>((resolve, reject) =>
      spawn(process.execPath, ["scripts/build-server.mjs", "server"], { cwd: ROOT, stdio: "inherit" }).once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`the server build failed (${code})`)),
      ),
    );
    built = true;
  }
  const serve = serveScript();
  const api = await startNode(
    "server/dist/main.mjs",
    {
      ...serve.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      ADMIN_LOGIN: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      INIT_CWD: ROOT,
      // a bot token queues every order's notifications in the outbox, as in production; with the bot's username
      // unknown (no TELEGRAM_BOT_USERNAME, getMe refused at once by a closed local port) the website orders
      // directly (checkoutMode direct), which is what the order routes measure
      TELEGRAM_BOT_TOKEN: BENCH_BOT.token,
      TELEGRAM_API_ROOT: "http://127.0.0.1:9",
      MANAGER_CHAT_IDS: BENCH_BOT.managerChatId,
      BOT_MODE: "off",
      // the bench sends thousands of requests from one address: the per-address limits are off
      RATE_LIMIT_ORDERS: "0",
      RATE_LIMIT_RECOMMENDATIONS: "0",
      RATE_LIMIT_TELEGRAM_USER: "0",
      ...env,
    },
    /Shop:\s+http:\/\/localhost:(\d+)/,
    [...serve.nodeArgs, ...NODE_OPTIONS_EXTRA],
  );
  const health = await fetch(`${api.url}/api/health`);
  if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
  return api;
}

// ---------------------------------------------------------------------------------------------------------
// databases

interface Prepared {
  env: Record<string, string>;
  /** the database itself, for the order path's ceiling (embedded: only while the API is not running) */
  open(): Promise<Database>;
  /** delete the benchmark's own orders once the server has stopped */
  cleanUp(): Promise<void>;
  counts: { products: number; orders: number };
  seededIn: string;
}

async function count(db: Database) {
  const [products, orders] = await Promise.all([db.prisma.product.count(), db.prisma.order.count()]);
  return { products, orders };
}

async function seedInto(db: Database, uploadDir: string): Promise<string> {
  const started = Date.now();
  await seedLarge(db.prisma, { uploadDir, log: (line) => console.log(`  ${line}`) });
  // a fresh bulk load has no planner statistics yet; a running server would have them from autovacuum
  await db.prisma.$executeRawUnsafe("VACUUM ANALYZE");
  return `${((Date.now() - started) / 1000).toFixed(0)} s`;
}

async function deleteBenchOrders(db: Database) {
  await db.prisma.order.deleteMany({ where: { customerName: BENCH_CUSTOMER } });
  await db.read(`DELETE FROM outbox_messages WHERE chat_id = $1::bigint`, [BENCH_BOT.managerChatId]);
  await deleteCeilingRows(db);
  await db.prisma.$executeRawUnsafe("VACUUM ANALYZE orders, order_items");
}

async function prepareEmbedded(): Promise<Prepared> {
  const marker = path.join(EMBEDDED_CACHE, "bench-seed.json");
  const dbDir = path.join(EMBEDDED_CACHE, "db");
  let seededIn = "reused";
  if (!(reuse && existsSync(marker))) {
    rmSync(EMBEDDED_CACHE, { recursive: true, force: true });
    mkdirSync(EMBEDDED_CACHE, { recursive: true });
    console.log(`Seeding the embedded database in ${path.relative(ROOT, EMBEDDED_CACHE)}…`);
    const db = await openDatabase({ embeddedDir: dbDir });
    try {
      seededIn = await seedInto(db, path.join(EMBEDDED_CACHE, "uploads"));
    } finally {
      await db.close();
    }
    writeFileSync(marker, JSON.stringify({ seededAt: new Date().toISOString(), seededIn }) + "\n");
  }
  const db = await openDatabase({ embeddedDir: dbDir });
  const counts = await count(db).finally(() => db.close());
  return {
    env: { DATA_DIR: EMBEDDED_CACHE, DATABASE_URL: "" },
    open: () => openDatabase({ embeddedDir: dbDir }),
    counts,
    seededIn,
    async cleanUp() {
      const db = await openDatabase({ embeddedDir: dbDir });
      await deleteBenchOrders(db).finally(() => db.close());
    },
  };
}

async function serverReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function preparePostgres(): Promise<Prepared> {
  const url = new URL(serverUrl);
  url.pathname = "/" + BENCH_DB;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let seededIn = "reused";
  try {
    const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [BENCH_DB])).rowCount === 1;
    let seeded = false;
    if (reuse && exists) {
      const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      seeded = (await db.prisma.appSetting.findUnique({ where: { key: "bench_seed" } })) !== null;
      await db.close();
    }
    if (!seeded) {
      console.log(`Seeding the PostgreSQL database ${BENCH_DB}…`);
      await admin.query(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${BENCH_DB}"`);
      const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
      try {
        seededIn = await seedInto(db, path.join(RESULTS_DIR, ".cache", "postgresql-uploads"));
        await db.prisma.appSetting.create({ data: { key: "bench_seed", value: new Date().toISOString() } });
      } finally {
        await db.close();
      }
    }
  } finally {
    await admin.end();
  }
  const dataDir = path.join(RESULTS_DIR, ".cache", "postgresql-data");
  mkdirSync(dataDir, { recursive: true });
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  const counts = await count(db).finally(() => db.close());
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), UPLOAD_DIR: path.join(RESULTS_DIR, ".cache", "postgresql-uploads") },
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: CONNECTIONS }),
    counts,
    seededIn,
    async cleanUp() {
      const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      await deleteBenchOrders(db).finally(() => db.close());
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// what is loaded

interface Route {
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

interface Catalogue {
  ids: number[];
  mains: number[];
  tags: number[];
  queries: string[];
}

/** Chromium's, and so the Telegram clients' in-app browser's */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[random(items.length)]!;

/** Product ids, category ids and search words of the running shop, read through its own API. */
async function readCatalogue(base: string): Promise<Catalogue> {
  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(base + url);
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const categories = await get<{ id: number; type: "main" | "sub" }[]>("/api/categories");
  const first = await get<{ totalPages: number }>("/api/products?limit=100");
  const pages = Array.from({ length: Math.min(first.totalPages, 20) }, () => 1 + random(first.totalPages));
  const ids: number[] = [];
  const words = new Set<string>();
  for (const page of pages) {
    const { products } = await get<{ products: { id: number; name: string; sku: string; stock: number | null }[] }>(`/api/products?limit=100&page=${page}`);
    for (const product of products) {
      // ordinary orders: products whose stock is not counted (the demo's own products in the seed count theirs)
      if (product.stock === null) ids.push(product.id);
      for (const word of product.name.toLowerCase().split(/[^а-яёa-z0-9]+/)) if (word.length >= 3) words.add(word);
    }
  }
  // what a shopper types: whole words, the first letters of one, two words, an article
  const queries = [...words].flatMap((word) => [word, word.slice(0, 3), word.slice(0, 5)]);
  for (let i = 0; i < 200; i++) queries.push(`${pick([...words])} ${pick([...words]).slice(0, 4)}`, `hm-${String(1 + random(10_000)).padStart(6, "0")}`);
  return {
    ids,
    mains: categories.filter((c) => c.type === "main").map((c) => c.id),
    tags: categories.filter((c) => c.type === "sub").map((c) => c.id),
    queries,
  };
}

let unique = 0;
/** a parameter the routes ignore and the response cache does not: this request is never answered from it */
const uncached = () => `_=${++unique}`;

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

function routes(catalogue: Catalogue, token: string, orderTargets: OrderTargets, base: string): Route[] {
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
  const order = (lines = Array.from({ length: 1 + random(3) }, () => ({ product_id: pick(catalogue.ids), quantity: 1 + random(3) }))) => {
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

async function load(url: string, route: Pick<Route, "connections" | "next">, amount: Route["load"]): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: route.connections,
    ...("seconds" in amount ? { duration: amount.seconds } : { amount: amount.requests }),
    requests: [
      {
        setupRequest: (request) => {
          const next = route.next();
          return { ...request, path: next.path, method: next.method ?? "GET", body: next.body, headers: { ...request.headers, ...next.headers } };
        },
      },
    ],
  });
}

// ---------------------------------------------------------------------------------------------------------
// the run

interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  /** the bare route's req/s right before and right after the row (their mean) */
  beside: number | null;
  /** req/s over `beside` */
  ratio: number | null;
  /** the server's CPU per request, µs */
  cpuUs: number | null;
  /** bytes of one answer on the wire, on average */
  answerBytes: number | null;
  /** req/s over the bare route's answering as many bytes (reads only) */
  sameBytesRatio: number | null;
  /** "" when every request was answered with 2xx in time */
  failed: string;
  target: string;
}

/** Non-2xx answers and requests that got no answer (autocannon gives up after 10 s). */
function failures(result: autocannon.Result): string {
  const parts: string[] = [];
  if (result.non2xx) parts.push(`${result.non2xx} non-2xx`);
  if (result.timeouts) parts.push(`${result.timeouts} timed out`);
  if (result.errors - result.timeouts > 0) parts.push(`${result.errors - result.timeouts} errors`);
  return parts.join(", ");
}
const fmt = (value: number, digits = 0) => value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(" / ");

/**
 * The bare Fastify route under the same load: the machine's ceiling, or with `answerBytes` a bare answer of that
 * many bytes (bare-fastify.ts), what an answer of a read's size costs without the shop's work.
 */
async function measureBare(answerBytes?: number): Promise<{ result: autocannon.Result; cpuUs: number | null }> {
  const bare = await startNode("scripts/bench/bare-fastify.ts", answerBytes ? { BARE_ANSWER_BYTES: String(Math.round(answerBytes)) } : {}, /listening (\d+)/);
  try {
    const route = { connections: CONNECTIONS, next: () => ({ path: "/" }) };
    await load(bare.url, route, { seconds: WARMUP_SECONDS });
    return await withCpu(bare.child.pid!, () => load(bare.url, route, { seconds: duration }));
  } finally {
    await bare.stop();
  }
}

/**
 * The bare route kept running through a database's rows, to measure the ceiling beside each row (measureInTurns,
 * measureBetween): the machine's speed drifts over minutes, so a row is held against the ceiling of its own
 * minutes rather than against the one measured at the start of the run.
 */
async function startCeilingBeside(): Promise<CeilingBeside> {
  const bare = await startNode("scripts/bench/bare-fastify.ts", {}, /listening (\d+)/);
  const route = { connections: CONNECTIONS, next: () => ({ path: "/" }) };
  await load(bare.url, route, { seconds: WARMUP_SECONDS });
  return {
    measure: async (seconds = BESIDE_SECONDS) => (await load(bare.url, route, { seconds })).requests.average,
    stop: () => bare.stop(),
  };
}

interface CeilingBeside {
  /** the bare route's req/s over `seconds` (BESIDE_SECONDS) */
  measure(seconds?: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A read row measured in turns with the bare route: TURN_SECONDS of the row, TURN_SECONDS of the bare route, and so
 * on for the row's duration (every other pair the bare route first), so that the row and its ceiling see the same
 * seconds of the machine. On a shared machine its speed can swing within seconds (seen: the bare route at 19 600
 * and at 36 400 req/s in 3-second runs a few seconds apart), and a ceiling measured only before and after a row
 * then says more about those seconds than about the row. The row's rate and server CPU are over all its slices, its
 * p50 is the median of theirs and its p99 the worst of theirs; `beside` is the bare route's rate over its slices.
 */
async function measureInTurns(
  pid: number,
  url: string,
  route: Route,
  ceiling: CeilingBeside,
): Promise<{ result: autocannon.Result; cpuUs: number | null; beside: number }> {
  const turns = Math.max(1, Math.round(duration / TURN_SECONDS));
  const slices: { result: autocannon.Result; cpuUs: number | null }[] = [];
  let bare = 0;
  for (let turn = 0; turn < turns; turn++) {
    if (turn % 2 === 1) bare += await ceiling.measure(TURN_SECONDS);
    slices.push(await withCpu(pid, () => load(url, route, { seconds: TURN_SECONDS })));
    if (turn % 2 === 0) bare += await ceiling.measure(TURN_SECONDS);
  }
  const result = mergeSlices(slices.map((slice) => slice.result));
  const total = result.requests.total;
  const cpu = slices.every((slice) => slice.cpuUs !== null) && total > 0 ? slices.reduce((all, slice) => all + slice.cpuUs! * slice.result.requests.total, 0) / total : null;
  return { result, cpuUs: cpu, beside: bare / turns };
}

/** Slices of one load as one result: requests, bytes and failures summed, the median p50, the worst p99. */
function mergeSlices(results: autocannon.Result[]): autocannon.Result {
  const sum = (of: (result: autocannon.Result) => number) => results.reduce((total, result) => total + of(result), 0);
  const total = sum((result) => result.requests.total);
  const p50s = results.map((result) => result.latency.p50).sort((a, b) => a - b);
  const statusCodeStats: autocannon.Result["statusCodeStats"] = {};
  for (const result of results) {
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}) as [keyof typeof statusCodeStats, { count: number }][]) {
      statusCodeStats[code] = { count: (statusCodeStats[code]?.count ?? 0) + count };
    }
  }
  const first = results[0]!;
  return {
    ...first,
    duration: sum((result) => result.duration),
    requests: { ...first.requests, total, average: total / sum((result) => result.duration) },
    latency: { ...first.latency, p50: p50s[Math.floor(p50s.length / 2)]!, p99: Math.max(...results.map((result) => result.latency.p99)) },
    throughput: { ...first.throughput, total: sum((result) => result.throughput.total) },
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
    statusCodeStats,
  };
}

/** Any other row: measured in one go, with the bare route (when given) measured right before and right after it. */
async function measureBetween(
  pid: number,
  url: string,
  route: Route,
  ceiling: CeilingBeside | null,
): Promise<{ result: autocannon.Result; cpuUs: number | null; beside: number | null }> {
  const before = ceiling ? await ceiling.measure() : null;
  await route.prepare?.();
  const { result, cpuUs } = await withCpu(pid, () => load(url, route, route.load));
  return { result, cpuUs, beside: ceiling === null || before === null ? null : (before + (await ceiling.measure())) / 2 };
}

async function measureCeiling(): Promise<Row> {
  const { result, cpuUs } = await measureBare();
  return {
    name: "ceiling: bare Fastify route",
    connections: CONNECTIONS,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    beside: null,
    ratio: 1,
    cpuUs,
    answerBytes: bytesPerAnswer(result),
    sameBytesRatio: null,
    failed: failures(result),
    target: "",
  };
}

/** What one answer averaged on the wire: status line, headers and body. */
const bytesPerAnswer = (result: autocannon.Result) => (result.requests.total > 0 ? result.throughput.total / result.requests.total : 0);

/**
 * The in-memory catalogue's price: an admin edit answers once the catalogue is loaded again, while shoppers'
 * reads go on from the last one. Edits a product ten times (the same values: still a write), timing each save,
 * while one shopper reads catalogue pages back to back, timing each read.
 */
async function measureReload(base: string, productId: number, token: string): Promise<Row[]> {
  const product = (await (await fetch(`${base}/api/products/${productId}`)).json()) as { categories: { id: number }[] } & Record<string, unknown>;
  const body = JSON.stringify({ ...product, categoryIds: product.categories.map((c) => c.id) });
  const saves: number[] = [];
  const reads: number[] = [];
  let editing = true;
  const shopper = (async () => {
    for (let page = 1; editing; page++) {
      const started = performance.now();
      const read = await fetch(`${base}/api/products?page=${page}&${uncached()}`);
      if (!read.ok) throw new Error(`catalogue read: ${read.status}`);
      await read.arrayBuffer();
      reads.push(performance.now() - started);
    }
  })();
  try {
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const edit = await fetch(`${base}/api/admin/products/${productId}`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body,
      });
      if (!edit.ok) throw new Error(`admin edit: ${edit.status} ${await edit.text()}`);
      await edit.arrayBuffer();
      saves.push(performance.now() - started);
    }
  } finally {
    editing = false;
    await shopper;
  }
  const row = (name: string, times: number[]): Row => {
    times.sort((x, y) => x - y);
    return {
      name,
      connections: 1,
      rps: 0,
      p50: Math.round(times[times.length >> 1]!),
      p99: Math.round(times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!),
      beside: null,
      ratio: null,
      cpuUs: null,
      answerBytes: null,
      sameBytesRatio: null,
      failed: "",
      target: `slowest ${Math.round(times[times.length - 1]!)} ms of ${times.length}`,
    };
  };
  return [row("admin product save (answers once the catalogue is reloaded)", saves), row("catalogue reads during those saves", reads)];
}

/**
 * A start under load: a new API process whose catalogue is loaded by the first requests of the varied catalogue
 * row, 50 connections waiting for it, then the same row measured in that process (docs/api.md, Garbage collection:
 * such a start once left every later request ≈ 40 % dearer). Its server CPU per request is read against the
 * varied row's.
 */
async function measureStartUnderLoad(env: Record<string, string>, route: Route): Promise<Row> {
  const api = await startApi(env);
  try {
    await load(api.url, route, { seconds: WARMUP_SECONDS });
    const { result, cpuUs } = await withCpu(api.child.pid!, () => load(api.url, route, route.load));
    const row = loadRow(START_UNDER_LOAD, route, result, cpuUs);
    printLoadRow(row, result);
    return row;
  } catch (error) {
    console.error(api.output());
    throw error;
  } finally {
    await api.stop();
  }
}

/** A row of a load: its rate, latency, CPU and answers; no ceiling beside it and no target until the caller adds them. */
function loadRow(name: string, route: Route, result: autocannon.Result, cpuUs: number | null): Row {
  return {
    name,
    connections: route.connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    beside: null,
    ratio: null,
    cpuUs,
    answerBytes: bytesPerAnswer(result),
    sameBytesRatio: null,
    failed: failures(result),
    target: "",
  };
}

function printLoadRow(row: Row, result: autocannon.Result): void {
  console.log(
    `${row.name.padEnd(40)} ${fmt(row.rps).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  CPU ${row.cpuUs === null ? "?" : fmt(row.cpuUs)} µs/req` +
      (row.ratio === null ? "" : `  ${fmt(row.ratio, 2)} × the ceiling beside it (${fmt(row.beside!)} req/s)`) +
      (row.sameBytesRatio === null ? "" : `  ${fmt(row.sameBytesRatio, 2)} × a bare answer of ${fmt(row.answerBytes!)} bytes`) +
      (row.failed ? `  failed: ${row.failed} (${JSON.stringify(result.statusCodeStats)})` : "") +
      (row.target ? `  ${row.target}` : ""),
  );
}

/** The ceiling of the order path, on the benchmark's data, with the database to itself (no API running). */
async function measureDatabaseOrders(prepared: Prepared): Promise<CeilingResult> {
  const db = await prepared.open();
  try {
    const ids = (await db.read<{ id: number }>(`SELECT id FROM products ORDER BY id LIMIT 5000`, [])).map((row) => row.id);
    await measureOrderCeiling(db, ids, CONNECTIONS, WARMUP_SECONDS);
    return await measureOrderCeiling(db, ids, CONNECTIONS, duration);
  } finally {
    await deleteCeilingRows(db).catch(() => {});
    await db.close();
  }
}

async function runDatabase(kind: "embedded" | "postgresql"): Promise<string | null> {
  console.log(`\n=== ${kind} ===`);
  if (kind === "postgresql" && !(await serverReachable())) {
    const note = `PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, "//***@")} is not reachable: the PostgreSQL benchmark is skipped.`;
    console.log(note);
    return null;
  }
  const prepared = kind === "embedded" ? await prepareEmbedded() : await preparePostgres();
  console.log(`Data: ${fmt(prepared.counts.products)} products, ${fmt(prepared.counts.orders)} orders (seed: ${prepared.seededIn}).`);
  const loadBefore = loadAverage();

  const ceiling = await measureCeiling();
  console.log(`ceiling: ${fmt(ceiling.rps)} req/s, p99 ${ceiling.p99} ms`);

  const orderCeiling = await measureDatabaseOrders(prepared);
  console.log(`order transactions straight on the database: ${fmt(orderCeiling.tps)}/s, p99 ${orderCeiling.p99} ms`);
  const againstDatabase = (result: autocannon.Result) =>
    `${fmt(result.requests.average / orderCeiling.tps, 2)} × the database's own order transactions`;
  const orderTargets: OrderTargets = {
    orders: (result) => {
      const p99Target = TARGETS.orderP99Ms[kind];
      const met = result.requests.average >= TARGETS.orders[kind] && (p99Target === undefined || result.latency.p99 <= p99Target);
      return `≥ ${fmt(TARGETS.orders[kind])}/s${p99Target === undefined ? "" : `, p99 ≤ ${p99Target} ms`}: ${verdict(met)}; ${againstDatabase(result)}`;
    },
    // no target: every order waits for the one product's row, locked until the order before it is committed
    popularProduct: (result) => `no target (one row's lock); ${againstDatabase(result)}`,
  };

  const api = await startApi(prepared.env);
  const rows: Row[] = [
    ceiling,
    {
      name: "order transaction straight on the database (the order path's ceiling)",
      connections: CONNECTIONS,
      rps: orderCeiling.tps,
      p50: orderCeiling.p50,
      p99: orderCeiling.p99,
      beside: null,
      ratio: null,
      cpuUs: null,
      answerBytes: null,
      sameBytesRatio: null,
      failed: "",
      target: `${fmt(orderCeiling.transactions)} transactions`,
    },
  ];
  let ceilingBeside: Awaited<ReturnType<typeof startCeilingBeside>> | undefined;
  let started: ReturnType<typeof memoryOf>;
  let idle: ReturnType<typeof memoryOf>;
  let loaded: ReturnType<typeof memoryOf>;
  let after: ReturnType<typeof memoryOf>;
  let variedCatalogue: Route | undefined;
  try {
    await sleep(3_000);
    started = memoryOf(api.child.pid!);
    console.log(`API 3 s after start: ${started ? fmt(started.rssMb, 1) : "?"} MB resident`);
    await sleep(IDLE_SECONDS * 1000 - 3_000);
    idle = memoryOf(api.child.pid!);
    console.log(`API idle ${IDLE_SECONDS} s after start: ${idle ? fmt(idle.rssMb, 1) : "?"} MB resident`);

    const catalogue = await readCatalogue(api.url);
    loaded = memoryOf(api.child.pid!);
    const login = await fetch(`${api.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };

    ceilingBeside = await startCeilingBeside();
    const measured = routes(catalogue, token, orderTargets, api.url).filter((r) => !only || r.name.includes(only));
    variedCatalogue = measured.find((route) => route.name === VARIED_CATALOGUE);
    for (const route of measured) {
      // the ceiling is measured with 50 connections; one-connection rows are not comparable with it
      const comparable = route.connections === CONNECTIONS;
      await route.prepare?.();
      await load(api.url, route, "seconds" in route.load ? { seconds: WARMUP_SECONDS } : { requests: STATS_WARMUP_REQUESTS });
      const { result, cpuUs, beside } =
        comparable && route.read
          ? await measureInTurns(api.child.pid!, api.url, route, ceilingBeside)
          : await measureBetween(api.child.pid!, api.url, route, comparable ? ceilingBeside : null);
      const ratio = beside === null ? null : result.requests.average / beside;
      await route.finish?.();
      const answerBytes = bytesPerAnswer(result);
      const sameBytes = route.read ? (await measureBare(answerBytes)).result.requests.average : null;
      const row: Row = {
        ...loadRow(route.name, route, result, cpuUs),
        beside,
        ratio,
        sameBytesRatio: sameBytes ? result.requests.average / sameBytes : null,
        target: route.target?.(result, ratio) ?? "",
      };
      rows.push(row);
      printLoadRow(row, result);
    }
    for (const row of await measureReload(api.url, catalogue.ids[0]!, token)) {
      rows.push(row);
      console.log(`${row.name.padEnd(40)} p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.target}`);
    }
    after = memoryOf(api.child.pid!);
  } catch (error) {
    console.error(api.output());
    throw error;
  } finally {
    await ceilingBeside?.stop();
    await api.stop();
  }
  try {
    // after the first process has stopped: the embedded database takes one process at a time
    if (variedCatalogue) rows.push(await measureStartUnderLoad(prepared.env, variedCatalogue));
  } finally {
    await prepared.cleanUp();
  }

  const loadAfter = loadAverage();
  const rss = (m: typeof idle) => (m ? `${fmt(m.rssMb, 1)} MB` : "?");
  const idleMet = idle ? idle.rssMb <= TARGETS.idleRssMb : false;
  const markdown = [
    `## API benchmark: ${kind === "embedded" ? "embedded database (PGlite)" : "PostgreSQL"}`,
    "",
    `${runHeader()} · ` +
      `${fmt(prepared.counts.products)} products, ${fmt(prepared.counts.orders)} orders · ` +
      `load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after`,
    "",
    "| route | conns | req/s | p50 ms | p99 ms | ceiling beside, req/s | × ceiling | bytes/answer | × bare, same bytes | server CPU µs/req | failed | target |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.connections} | ${row.rps ? fmt(row.rps) : "—"} | ${row.p50} | ${row.p99} | ${row.beside === null ? "—" : fmt(row.beside)} | ${row.ratio === null ? "—" : fmt(row.ratio, 2)} | ${row.answerBytes ? fmt(row.answerBytes) : "—"} | ${row.sameBytesRatio === null ? "—" : fmt(row.sameBytesRatio, 2)} | ${row.cpuUs === null ? "—" : fmt(row.cpuUs)} | ${row.failed || 0} | ${row.target} |`,
    ),
    "",
    `× ceiling: the row's req/s over the bare route's (ceiling beside). Rows with bytes/answer and × bare (the reads) take turns with the bare route, ${TURN_SECONDS} s each ` +
      "for the row's duration, so that both see the same seconds of the machine (its speed can swing within seconds); such " +
      "a row's p99 is the worst of its slices'. Other rows: the bare route measured right before and right after " +
      `the row, their mean, ${BESIDE_SECONDS} s each. The first row, measured before the API started, is the run's first reading of the machine. ` +
      "Varied rows send a unique `_` parameter (ignored by the routes, part of the kept answers' key): every answer " +
      "is worked out from the in-memory catalogue. Pages: server-rendered HTML as a browser asks for it (brotli); " +
      "the catalogue's first page is kept, each product page is drawn for its request. Admin saves: 10 edits of one product, one at a time, each answered " +
      "after the catalogue is loaded again, while one shopper reads catalogue pages back to back. " +
      "Started under that load: a new API process whose catalogue is loaded by the varied catalogue row's first requests, " +
      "then that row measured in it; compare its server CPU with the varied row's. server CPU: the " +
      "server process's CPU time (all threads) during the row over the requests answered, the steadiest figure on " +
      "a shared machine. Statistics: one connection, 30 requests each. failed: non-2xx answers, or " +
      "requests without an answer after autocannon's 10 s. The read targets are stated for PostgreSQL. " +
      "bytes/answer: status line, headers and body on the wire, on average. × bare, same bytes: the row's req/s over " +
      "the bare route's when it answers as many bytes (measured right after the row): the load generator shares the " +
      "two cores and receives every byte, so an answer's size alone lowers the ceiling; this column is what the " +
      "shop's own work leaves of it.",
    "",
    `API process resident memory (VmRSS): ${rss(started)} 3 s after start, ${rss(idle)} idle ${IDLE_SECONDS} s after start ` +
      `(target ≤ ${TARGETS.idleRssMb} MB: ${idleMet ? "met" : "**missed**"}), ` +
      `${rss(loaded)} once the catalogue is in memory (after the first reads), ` +
      `${rss(after)} after the load, peak ${after ? `${fmt(after.peakMb, 1)} MB` : "?"}.`,
    "",
  ].join("\n");
  const file = writeResults(`api-${kind}.md`, "npm run bench", markdown);
  console.log(`\n${markdown}\n(saved to ${file})`);
  return markdown;
}

console.log(`API benchmark · ${os.cpus().length} CPUs · load average ${loadAverage()} · ${duration} s per route${reuse ? " · reusing seeds" : ""}`);
for (const kind of ["embedded", "postgresql"] as const) {
  if (onlyDb && onlyDb !== kind) continue;
  await runDatabase(kind);
}
