import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchDatabase } from "@shop/prisma/test-database";

/**
 * The real shop for browser tests: a build of the web app, then `tsx server/src/main.ts` on a free port with
 * its own temporary data directory (embedded database, uploads), the demo catalogue seeded and a known admin.
 */

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const E2E_ADMIN = { login: "admin", password: "e2e-password-123" };

export interface ShopServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  dataDir: string;
  webDistDir: string;
  /** everything the server printed so far (stdout and stderr) */
  output(): string;
  /** fetch relative to the server, JSON in and out helpers live in the tests */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  /** a bearer token of the admin, through POST /api/login */
  adminToken(): Promise<string>;
  /** a JSON answer of the API, asked as the admin (JSON body); anything but 2xx throws with the status and body */
  adminApi<T>(pathname: string, init?: RequestInit): Promise<T>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** extra environment, e.g. TELEGRAM_BOT_TOKEN, TELEGRAM_API_ROOT, DATABASE_URL */
  env?: Record<string, string>;
  /**
   * an already built web app (see buildWeb); by default the browser tests' shared build (E2E_WEB_DIST_DIR), or one
   * built into a fresh temporary directory for this server
   */
  webDistDir?: string;
  /** seed the demo catalogue (default true) */
  seed?: boolean;
  /**
   * keep the demo's stock (single pieces, sold-out and made-to-order products); by default every seeded product's
   * stock is made "not counted" once the server is up, so that tests placing orders never run out of a piece
   */
  keepSeededStock?: boolean;
  /** how long to wait for the server to listen, ms (default 180 s: the first seed makes images) */
  startTimeoutMs?: number;
  /**
   * a data directory of the caller's, used as it is and left in place when the server stops (the browser tests'
   * setup makes the run's starting data directories this way); by default a new temporary one, removed on stop
   */
  keepDataDir?: string;
}

/** True when Debian's Chromium is installed; browser tests skip loudly without it. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Builds apps/web into `outDir` (a fresh temporary directory by default) and checks the result has an index.html
 * and the server-rendering bundle.
 * Every run builds its own copy, so parallel test runs and a developer's `npm run build` never swap files under a
 * running server.
 */
export async function buildWeb(outDir = mkdtempSync(path.join(tmpdir(), "shop-web-dist-"))): Promise<string> {
  // the browser's files, then the server-rendering bundle into <outDir>/.ssr (as `npm run build -w apps/web`)
  const steps = [
    ["build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
    ["build", "--ssr", "src/entry-server.tsx", "--outDir", path.join(outDir, ".ssr"), "--logLevel", "warn"],
  ];
  for (const args of steps) {
    const child = spawn(path.join(ROOT, "node_modules/.bin/vite"), args, {
      cwd: path.join(ROOT, "apps/web"),
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
    if (status !== 0) throw new Error(`web build failed (exit ${status}):\n${output}`);
  }
  if (!existsSync(path.join(outDir, "index.html")) || !existsSync(path.join(outDir, ".ssr/entry-server.js"))) {
    throw new Error(`web build incomplete: no index.html or .ssr/entry-server.js in ${outDir}`);
  }
  return outDir;
}

/**
 * The run's starting data directories (made by the browser project's setup, helpers/web-build.ts), each a shop
 * that started once and stopped: `empty` (migrated, the admin), `demo` (the demo catalogue as seeded) and
 * `demo-uncounted` (the demo with no stock counted). A server of the embedded database starts from a copy of the one
 * it asks for instead of migrating and seeding again — as a shop restarts, which it has to do anyway.
 */
export const E2E_DATA_DIRS_ENV = "E2E_DATA_DIRS";
export type StartingDataDir = "empty" | "demo" | "demo-uncounted";

/** Copies a shop's data directory; a socket its shop left behind (the backup socket of a shop stopped hard) is no file to copy. */
export function copyDataDir(from: string, to: string): void {
  cpSync(from, to, { recursive: true, filter: (source) => !lstatSync(source).isSocket() });
}

export function startingDataDir(options: Pick<StartOptions, "seed" | "keepSeededStock">): StartingDataDir {
  return options.seed === false ? "empty" : options.keepSeededStock ? "demo" : "demo-uncounted";
}

/**
 * E2E_DATABASE_URL=postgresql://…/postgres: each server gets its own new database on that PostgreSQL server
 * (created here, dropped when the server stops), so browser tests also run on the server database.
 */
const freshPostgresDatabase = (serverUrl: string) => createScratchDatabase(serverUrl, "shop_e2e");

export async function startServer(options: StartOptions = {}): Promise<ShopServer> {
  // E2E_BASE_URL: run against a shop that is already running (its admin password must be E2E_ADMIN's)
  const external = process.env.E2E_BASE_URL?.replace(/\/+$/, "");
  if (external) return connectTo(external);
  // the run's one build (E2E_WEB_DIST_DIR, made by the browser project's global setup: helpers/web-build.ts), or
  // a build of this server's own outside such a run
  const sharedDist = options.webDistDir ?? process.env.E2E_WEB_DIST_DIR;
  const webDistDir = sharedDist ?? (await buildWeb());
  const ownsDist = !sharedDist;
  const dataDir = options.keepDataDir ?? mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
  mkdirSync(dataDir, { recursive: true });
  const postgres = process.env.E2E_DATABASE_URL && !options.env?.DATABASE_URL
    ? await freshPostgresDatabase(process.env.E2E_DATABASE_URL)
    : null;
  const startingDir = process.env[E2E_DATA_DIRS_ENV] && !postgres && !options.env?.DATABASE_URL && !options.keepDataDir
    ? path.join(process.env[E2E_DATA_DIRS_ENV], startingDataDir(options))
    : null;
  if (startingDir) copyDataDir(startingDir, dataDir);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    ADMIN_LOGIN: E2E_ADMIN.login,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: options.seed === false ? "0" : "1",
    LOG_LEVEL: "warn",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  };
  const child: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/src/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const cleanup = async () => {
    if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    if (ownsDist) rmSync(webDistDir, { recursive: true, force: true });
    await postgres?.drop();
  };

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in time:\n${output}`));
    }, options.startTimeoutMs ?? 180_000);
    const onData = () => {
      const match = /Shop:\s+http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  }).catch(async (error) => {
    await cleanup();
    throw error;
  });

  const server = connectTo(`http://127.0.0.1:${port}`, { dataDir, webDistDir, output: () => output });
  if (options.seed !== false && !options.keepSeededStock && !startingDir) await stopCountingStock(server);
  return {
    ...server,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await cleanup();
    },
  };
}

/** Every product's stock "not counted", through the admin API (docs/api-admin.md). */
async function stopCountingStock(server: ShopServer): Promise<void> {
  const headers = { "content-type": "application/json", authorization: `Bearer ${await server.adminToken()}` };
  const list = (await (await server.fetch("/api/admin/products?limit=200", { headers })).json()) as {
    products: {
      id: number;
      name: string;
      price: number;
      stock: number | null;
      made_to_order_days: number | null;
      options?: { values: { id: number; value: string }[] }[];
      variants?: { option_value_ids: number[]; enabled: boolean }[];
    }[];
  };
  for (const product of list.products) {
    if (product.stock === null && product.made_to_order_days === null) continue;
    // a product with variants: its variants' stock
    const variants = product.options && product.variants
      ? product.variants.map((variant) => ({
          option_values: variant.option_value_ids.map((id, index) => product.options![index]!.values.find((value) => value.id === id)!.value),
          stock: null,
          made_to_order_days: null,
          enabled: variant.enabled,
        }))
      : undefined;
    const response = await server.fetch(`/api/admin/products/${product.id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ name: product.name, price: product.price, stock: null, made_to_order_days: null, variants }),
    });
    if (!response.ok) throw new Error(`could not stop counting the stock of product ${product.id}: ${response.status}`);
  }
}

function connectTo(
  url: string,
  local: { dataDir: string; webDistDir: string; output(): string } = { dataDir: "", webDistDir: "", output: () => "" },
): ShopServer {
  let token: string | null = null;
  const adminToken = async () => {
    if (token) return token;
    const response = await fetch(url + "/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(E2E_ADMIN),
    });
    if (!response.ok) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
    token = ((await response.json()) as { token: string }).token;
    return token;
  };
  return {
    url,
    port: Number(new URL(url).port),
    ...local,
    fetch: (pathname, init) => fetch(url + pathname, init),
    adminToken,
    async adminApi<T>(pathname: string, init: RequestInit = {}): Promise<T> {
      const response = await fetch(url + pathname, {
        ...init,
        headers: { Authorization: `Bearer ${await adminToken()}`, "Content-Type": "application/json", ...(init.headers ?? {}) },
      });
      if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async stop() {},
  };
}
