import Fastify from "fastify";
import { openDatabase } from "@shop/prisma/db";
import { CatalogStore, shopCatalog } from "@shop/core/catalog";
import { ConfigError, loadConfig, type Config } from "@shop/core/config";
import { startBot, WEBHOOK_PATH } from "./runtime";

/**
 * The bot as its own process (`npm run start -w bot`), next to API instances that run with BOT_MODE=off:
 * BOT_MODE=webhook listens on BOT_PORT for Telegram's updates (route PUBLIC_URL/telegram/webhook here through
 * the reverse proxy); BOT_MODE=polling (or off) uses long polling. It also runs the outbox worker, and keeps the
 * shop's catalogue in memory as an API instance does (loaded again when it changes) for inline mode.
 * The database must be a PostgreSQL server shared with the API: the embedded one belongs to one process.
 */
function readConfig(): Config {
  try {
    const config = loadConfig();
    if (!config.telegram.botToken) throw new ConfigError("TELEGRAM_BOT_TOKEN is required to run the bot");
    if (!config.databaseUrl) {
      throw new ConfigError(
        "The bot process shares the shop's database: set DATABASE_URL (PostgreSQL). The embedded database can be opened by one " +
          "process only — without PostgreSQL run the bot inside the API instead (BOT_MODE=polling or webhook there).",
      );
    }
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message + "\nSee docs/telegram.md.");
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const mode = config.telegram.botMode === "webhook" ? "webhook" : "polling";
  const db = await openDatabase({ databaseUrl: config.databaseUrl!, poolSize: Math.min(config.databasePoolSize, 5) });
  const server = Fastify({ logger: { level: config.logLevel } });
  server.get("/health", async () => ({ ok: true }));
  const catalog = new CatalogStore(db, { onStaleError: (error) => server.log.warn({ err: error }, "catalogue check failed: serving the last one loaded") });
  const runtime = startBot({ db, config, mode, server, log: server.log, catalog: shopCatalog(catalog, db) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info(`${signal}: stopping the bot`);
    await runtime.stop();
    await server.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const port = Number(process.env.BOT_PORT || 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`BOT_PORT must be a port number, got "${process.env.BOT_PORT}"`);
  const address = await server.listen({ port, host: config.host });
  server.log.info(mode === "webhook" ? `webhook: POST ${address}${WEBHOOK_PATH}` : `long polling; GET ${address}/health`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
