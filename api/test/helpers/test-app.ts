import type { ShopJobs } from "@shop/core/jobs";
import type { BroadcastSender } from "@shop/core/broadcasts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "@shop/prisma/db";
import { buildApp, type App } from "../../src/app";
import { loadConfig, type Config } from "@shop/core/config";
import { ensureAdmin, resolveJwtSecret } from "../../src/services/secrets";
import type { OrderNotifier } from "@shop/core/orders";
import { LOCAL_POSTGRESQL, openTestDatabase } from "@shop/prisma/test-database";
import type { ProductSharer } from "@shop/core/telegram";
import type { InvoiceLinks } from "@shop/core/payments";

export const TEST_ADMIN = { login: "admin", password: "test-password-123" };
export const TEST_BOT_TOKEN = "123456789:TEST_token_for_signing_init_data_only";

export interface TestApp {
  app: App;
  db: Database;
  prisma: Database["prisma"];
  config: Config;
  /** the job queue when the test asked for one */
  jobs: ShopJobs | null;
  /** a bearer token of the test admin, made through POST /api/login */
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

/** The real server (every plugin and route) on a fresh database, for `app.inject(...)`. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    notifier?: OrderNotifier;
    statsFoldEveryMs?: number;
    preparedOrdersCleanupEveryMs?: number;
    /** made with the test app's settings (the bot's sharer in the tests of the shop's process) */
    productSharer?: (config: Config) => ProductSharer;
    /** made with the test app's settings (the bot's payment links in the tests of the shop's process) */
    invoiceLinks?: (config: Config) => InvoiceLinks;
    /**
     * this database whichever the suite runs on: the embedded one in memory, or a new one on DATABASE_URL's
     * PostgreSQL server (the machine's own without it); by default the suite's
     */
    database?: "embedded" | "postgresql";
    /** how long a request body may take to arrive (the shop's 30 s by default) */
    bodyTimeoutMs?: number;
    /** how long the catalogue in memory answers before asking for its version again (0 by default: every read asks) */
    catalogCheckMs?: number;
    /** the job queue on the test's database (@shop/core/jobs startShopJobs); stopped by close() */
    jobs?: (db: Database, config: Config) => Promise<ShopJobs>;
    /** the bot's broadcast sender (the tests of the shop's process) */
    broadcastSender?: (config: Config) => BroadcastSender;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_LOGIN: TEST_ADMIN.login,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    // every injected request comes from one address: the per-address request limits are off unless a test sets
    // them (api/test/rate-limits.test.ts; an empty value means the shop's default)
    RATE_LIMIT_ORDERS: "0",
    RATE_LIMIT_RECOMMENDATIONS: "0",
    RATE_LIMIT_TELEGRAM_USER: "0",
    ...options.env,
  });
  const db =
    options.database === "embedded"
      ? await openDatabase({ embeddedDir: "memory://" })
      : await openTestDatabase(options.database === "postgresql" ? (process.env.DATABASE_URL ?? LOCAL_POSTGRESQL) : process.env.DATABASE_URL);
  const jwtSecret = await resolveJwtSecret(db, config.jwtSecret);
  await ensureAdmin(db, config);
  const jobs = await options.jobs?.(db, config);
  // tests change the database behind the API's back: every read checks the catalogue and waits for a change to load
  const app = await buildApp({
    config,
    db,
    jwtSecret,
    notifier: options.notifier,
    productSharer: options.productSharer?.(config),
    invoiceLinks: options.invoiceLinks?.(config),
    logger: false,
    catalogCheckMs: options.catalogCheckMs ?? 0,
    catalogWaitForChanges: true,
    statsFoldEveryMs: options.statsFoldEveryMs,
    preparedOrdersCleanupEveryMs: options.preparedOrdersCleanupEveryMs,
    bodyTimeoutMs: options.bodyTimeoutMs,
    jobs,
    broadcastSender: options.broadcastSender?.(config),
  });
  await app.ready();
  let token: string | null = null;
  return {
    app,
    db,
    prisma: db.prisma,
    config,
    async adminToken() {
      if (token) return token;
      const response = await app.inject({ method: "POST", url: "/api/login", payload: TEST_ADMIN });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      token = (response.json() as { token: string }).token;
      return token;
    },
    jobs: jobs ?? null,
    async close() {
      await jobs?.stop(5_000);
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
