import type { ShopJobs } from "@shop/core/jobs";
import type { BroadcastSender } from "@shop/core/broadcasts";
import Fastify, { LogController } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Database } from "@shop/prisma/db";
import type { Config } from "@shop/core/config";
import { noopNotifier, type OrderNotifier } from "@shop/core/orders";
import { createBotInfo } from "@shop/core/telegram";
import type { ProductSharer } from "@shop/core/telegram";
import type { InvoiceLinks } from "@shop/core/payments";
import errorsPlugin, { clientErrors, frameworkErrors } from "./plugins/app/errors";
import inputGuardPlugin from "./plugins/app/input-guard";
import requestBodyPlugin from "./plugins/app/request-body";
import authPlugin from "./plugins/app/auth";
import telegramIdentityPlugin from "./plugins/app/telegram-identity";
import catalogPlugin from "./plugins/app/catalog";
import statsFoldPlugin from "./plugins/app/stats-fold";
import preparedOrdersCleanupPlugin from "./plugins/app/prepared-orders-cleanup";
import cdekPollingPlugin from "./plugins/app/cdek-polling";
import deliveryPlugin from "./plugins/app/delivery";
import helmetPlugin from "./plugins/external/helmet";
import compressPlugin from "./plugins/external/compress";
import rateLimitPlugin from "./plugins/external/rate-limit";
import multipartPlugin from "./plugins/external/multipart";
import swaggerPlugin from "./plugins/external/swagger";
import jwtPlugin from "./plugins/external/jwt";
import { registerRoutes } from "./routes/index";
import { requestLogger } from "./lib/request-logger";
import { buildValidator } from "./lib/validators";
import { createDeviceCookies } from "./services/device-cookies";

export interface AppOptions {
  config: Config;
  db: Database;
  /** writes Telegram notifications to the outbox inside order transactions; no-op without a bot */
  notifier?: OrderNotifier;
  /** prepares products' cards for sharing from the Mini App (the bot's, passed in by the shop's process); none without a bot */
  productSharer?: ProductSharer;
  /** makes payment links of invoices for the Mini App (the bot's, passed in by the shop's process); none without payments */
  invoiceLinks?: InvoiceLinks;
  /** the job queue (@shop/core/jobs) the shop's process started: carts are reminded of, broadcasts sent; none in tests that need no jobs */
  jobs?: ShopJobs;
  /** sends broadcast messages (the bot's): previews go out at once; none without a bot */
  broadcastSender?: BroadcastSender;
  /** the JWT secret to sign admin tokens with (see services/secrets.ts) */
  jwtSecret: string;
  logger?: boolean | object;
  /** how often to ask the database whether the catalogue changed (@shop/core/catalog, store.ts); 0: on every read */
  catalogCheckMs?: number;
  /** reads wait for a changed catalogue to load instead of getting the last one meanwhile (@shop/core/catalog, store.ts) */
  catalogWaitForChanges?: boolean;
  /** how often to fold the statistics' change rows into their totals (plugins/app/stats-fold.ts); 0: never */
  statsFoldEveryMs?: number;
  /** how often to delete expired prepared checkouts (plugins/app/prepared-orders-cleanup.ts); 0: never */
  preparedOrdersCleanupEveryMs?: number;
  /** how often to ask СДЭК for shipment statuses; null: never; absent: as the config says (CDEK_POLLING) */
  cdekPollEveryMs?: number | null;
  /** how long a request body may take to arrive (plugins/app/request-body.ts; 30 s) */
  bodyTimeoutMs?: number;
}

import type { App } from "./app-type";

/** The longest a whole request (headers and body, an upload's included) may take to arrive. */
export const REQUEST_TIMEOUT_MS = 120_000;

export type { App };

/** Builds the whole server (API and web app) without listening: `server.ts` starts it, tests `inject` into it. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // the last TRUST_PROXY hops are our own proxies; the address before them is the client's (a bare number
    // would make Fastify trust no hop at all)
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // the whole request, headers and body, within 2 minutes: a backstop for uploads (their files are read as they
    // come) and for bodies nobody reads; JSON bodies have 30 s (plugins/app/request-body.ts). Fastify's default is none.
    requestTimeout: REQUEST_TIMEOUT_MS,
    frameworkErrors,
    clientErrorHandler: clientErrors,
    // bodies validated as sent, query strings and path parameters read from their text (lib/validators.ts)
    schemaController: { compilersFactory: { buildValidator: buildValidator as never } },
    // a line per request only at debug level: at info the log says what happened, not every page view
    logController: new LogController({ disableRequestLogging: config.logLevel !== "debug" }),
    childLoggerFactory: requestLogger,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate("config", config);
  app.decorate("db", options.db);
  app.decorate("prisma", options.db.prisma);
  app.decorate("notifier", options.notifier ?? noopNotifier);
  app.decorate("botInfo", createBotInfo(config));
  app.decorate("productSharer", options.productSharer ?? null);
  app.decorate("invoiceLinks", options.invoiceLinks ?? null);
  app.decorate("jobs", options.jobs ?? null);
  app.decorate("broadcastSender", options.broadcastSender ?? null);
  app.decorate("deviceCookies", createDeviceCookies(options.jwtSecret));

  await app.register(errorsPlugin);
  await app.register(requestBodyPlugin, { bodyTimeoutMs: options.bodyTimeoutMs });
  await app.register(inputGuardPlugin);
  await app.register(helmetPlugin);
  await app.register(compressPlugin);
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl, shopKey: `request-limits:${options.jwtSecret}` });
  await app.register(multipartPlugin);
  await app.register(swaggerPlugin);
  await app.register(jwtPlugin, { secret: options.jwtSecret, expiresIn: config.jwtTtlSeconds });
  await app.register(authPlugin);
  await app.register(telegramIdentityPlugin);
  await app.register(catalogPlugin, { checkEveryMs: options.catalogCheckMs, waitForChanges: options.catalogWaitForChanges });
  await app.register(statsFoldPlugin, { everyMs: options.statsFoldEveryMs });
  await app.register(preparedOrdersCleanupPlugin, { everyMs: options.preparedOrdersCleanupEveryMs });
  await app.register(deliveryPlugin, { jwtSecret: options.jwtSecret });
  await app.register(cdekPollingPlugin, { everyMs: options.cdekPollEveryMs });
  await registerRoutes(app);
  return app;
}
