import path from "node:path";
import v8 from "node:v8";
import { openDatabase } from "@shop/prisma/db";
import { protectDataDir } from "@shop/prisma/data-dir";
import { seedDemoIfEmpty } from "@shop/prisma/seed";
import { ConfigError, loadConfig, type Config } from "@shop/core/config";
import { buildApp } from "@shop/api/app";
import { ensureAdmin, resolveJwtSecret } from "@shop/api/secrets";
import { storeOneImage } from "@shop/api/uploads";
import { createOutboxNotifier, notifierOptions } from "@shop/bot/notifier";
import { serveBackups } from "./backup-socket";
import { shopCatalog } from "@shop/core/catalog";
import { startShopJobs, type JobLog } from "@shop/core/jobs";

/**
 * The shop as one process: the API with the web app and, with a bot token, the Telegram bot (long polling or
 * webhook) and its outbox worker. The only module that knows both the API and the bot.
 */

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message + "\nSee .env.example for every variable.");
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  // V8 moves an allocation site's objects straight to the old generation once most of them outlive a young
  // collection. A burst of slow requests (the first shoppers waiting for the catalogue to load) teaches that to the
  // sites of every request's objects, and the process keeps it: each answer's short-lived objects are promoted
  // and collected by full collections, ≈ 40 % more CPU per request on every route until the next restart
  // (docs/api.md, «Garbage collection»).
  v8.setFlagsFromString("--no-allocation-site-pretenuring");
  const config = readConfig();
  // before anything is written: the database, uploads and the password file are the owner's alone
  protectDataDir(config.dataDir);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl ?? undefined,
    embeddedDir: path.join(config.dataDir, "db"),
    poolSize: config.databasePoolSize,
  });
  // asked with plain SQL like the rest of start-up (services/secrets.ts): the ORM loads on its first use
  const [shop] = await db.read<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM products) AND NOT EXISTS (SELECT 1 FROM categories) AS empty`,
    [],
  );
  if (config.seedDemo && shop?.empty) {
    const seeded = await seedDemoIfEmpty(db.prisma, { uploadDir: config.uploadDir });
    if (seeded) console.log(`Demo catalogue added: ${seeded.products} products, ${seeded.orders} orders.`);
  }
  const jwtSecret = await resolveJwtSecret(db, config.jwtSecret);
  const admin = await ensureAdmin(db, config);
  // with a bot token, order events go to the Telegram outbox (docs/telegram.md); BOT_MODE=off leaves sending to the bot's own process
  const { telegram } = config;
  const notifier = telegram.botToken ? createOutboxNotifier(notifierOptions(config)) : undefined;
  // grammY is loaded only when there is a bot token (≈ 10 MB resident otherwise spent for nothing)
  const [botRuntime, botShare, botInvoice] = notifier
    ? await Promise.all([import("@shop/bot/runtime"), import("@shop/bot/product-share"), import("@shop/bot/invoice")])
    : [null, null, null];
  // the Mini App's share button: every instance with the token prepares cards itself, running the bot or not (BOT_MODE=off)
  const productSharer = botShare?.createProductSharer({ config, botUsername: () => app.botInfo.username });
  // the Mini App's payment links (docs/payments.md): every instance with the tokens makes them, like shares
  const invoiceLinks =
    botInvoice && telegram.botToken && config.payments ? botInvoice.createInvoiceLinks(telegram.botToken, telegram.apiRoot, config.payments) : undefined;
  // the job queue (docs/architecture.md#jobs): every instance runs its workers, each job runs on one of them; the
  // bot's pieces (the reminder's message, the broadcast sender) only with a bot token
  const [botCart, botBroadcast, botReviews] = notifier
    ? await Promise.all([import("@shop/bot/cart-reminder"), import("@shop/bot/broadcast-sender"), import("@shop/bot/review-requests")])
    : [null, null, null];
  const broadcastSender = botBroadcast?.createBroadcastSender(config);
  // the queue starts before the app that holds the logger: until then its errors go to the console
  let appLog: JobLog | null = null;
  const jobLog: JobLog = {
    info: (object, message) => appLog?.info(object, message),
    warn: (object, message) => (appLog ? appLog.warn(object, message) : console.warn(message, object)),
    error: (object, message) => (appLog ? appLog.error(object, message) : console.error(message, object)),
  };
  // every job the shop has talks through the bot: without a token the queue is not even started
  const jobs = notifier
    ? await startShopJobs({
        db,
        log: jobLog,
        cartReminderDelayMs: config.jobs.cartReminderMs,
        cartReminderMessage: botCart?.cartReminderMessage(config),
        broadcastSender,
        broadcastsPerSecond: config.jobs.broadcastsPerSecond,
        reviewRequestMessages: botReviews?.createReviewRequestMessages({ miniAppUrl: telegram.miniAppUrl, publicUrl: config.publicUrl }),
      })
    : undefined;
  const app = await buildApp({ config, db, jwtSecret, notifier, productSharer, invoiceLinks, jobs, broadcastSender });
  appLog = app.log;
  const bot =
    botRuntime && notifier && telegram.botMode !== "off"
      ? botRuntime.startBot({
          db,
          config,
          notifier,
          catalog: shopCatalog(app.catalog, app.db),
          mode: telegram.botMode,
          server: app,
          botInfo: app.botInfo,
          log: app.log,
          storeReviewPhoto: (data) => storeOneImage(config.uploadDir, data),
          // the job queue asks for reviews (its schedule), not a timer of the bot's
          reviewRequestIntervalMs: jobs ? 0 : undefined,
        })
      : null;
  if (botRuntime && !bot) void botRuntime.learnBotUsername(config, app.botInfo, app.log);
  // the embedded database is this process's alone: `npm run backup` asks it for the archive
  const backups =
    db.kind === "embedded" ? serveBackups(db, { dataDir: config.dataDir, uploadDir: config.uploadDir, warn: (message) => app.log.warn(message) }) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await bot?.stop();
    // a broadcast being sent stops between two messages; another instance, or this one started again, goes on with it
    await jobs?.stop();
    await backups?.close();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  // start-up garbage can be large and V8 may keep it for a long idle time: a fresh embedded database runs
  // initdb in a WebAssembly instance of its own (≈ 400 MB), the demo seed decodes pictures. `npm start` runs
  // node with --expose-gc for this one collection; elsewhere (tsx in development) it is skipped.
  (globalThis as { gc?: () => void }).gc?.();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const lines = [
    "",
    `Shop:      http://localhost:${port}`,
    `Admin:     http://localhost:${port}/admin   login: ${admin.login}` +
      (admin.password && !config.adminPassword ? `   password: ${admin.password}` : ""),
    admin.passwordFile ? `           (the password is kept in ${admin.passwordFile})` : "",
    !admin.password && !config.adminPassword
      ? "           password: set ADMIN_PASSWORD to reset it (the generated one is no longer on this machine)"
      : "",
    `API docs:  http://localhost:${port}/api/docs`,
    `Database:  ${db.kind === "embedded" ? `embedded (${path.join(config.dataDir, "db")})` : "PostgreSQL"}`,
    "",
  ];
  console.log(lines.filter((line) => line !== "").join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
