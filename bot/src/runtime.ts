import { Api, webhookCallback, type Bot } from "grammy";
import type { FastifyInstance } from "fastify";
import type { Database } from "@shop/prisma/db";
import type { Config } from "@shop/core/config";
import type { BotInfo } from "@shop/core/telegram";
import { createBot } from "./bot";
import type { ShopCatalog } from "@shop/core/catalog";
import { introduceBot } from "./profile";
import { shopWebAppUrl } from "./keyboards";
import { silentLog, type BotLog } from "./log";
import { createOutboxNotifier, notifierOptions, type OutboxNotifier } from "./notifier";
import { createOutboxApi, createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from "./outbox-worker";
import { createReviewRequestMessages, startReviewRequests, type ReviewRequestTimer } from "./review-requests";

export const WEBHOOK_PATH = "/telegram/webhook";
/**
 * only what the features handle: Telegram sends nothing else (inline queries only to a bot that has the catalogue,
 * pre-checkout queries only with payments on)
 */
export function allowedUpdates(catalog: ShopCatalog | undefined, payments: boolean): ("message" | "callback_query" | "inline_query" | "pre_checkout_query")[] {
  return [
    "message" as const,
    "callback_query" as const,
    ...(catalog ? (["inline_query"] as const) : []),
    ...(payments ? (["pre_checkout_query"] as const) : []),
  ];
}

export interface StartBotOptions {
  db: Database;
  config: Config;
  /** the shop's catalogue for inline mode (@shop/core/catalog, shopCatalog); without it inline queries are not asked for */
  catalog?: ShopCatalog;
  /** the notifier the order services use; created here when not given */
  notifier?: OutboxNotifier;
  /** polling: long polling in this process; webhook: updates arrive on `server` at WEBHOOK_PATH */
  mode: "polling" | "webhook";
  /** the Fastify instance to add the webhook route to (before it listens) */
  server?: FastifyInstance;
  /** filled with the username from getMe, so GET /api/config can link to the bot */
  botInfo?: BotInfo;
  log?: BotLog;
  /** how long to wait before trying getMe again when Telegram is unreachable at start */
  retryInitMs?: number;
  worker?: Partial<Omit<OutboxWorkerOptions, "prisma" | "api" | "log">>;
  /** how often review requests are looked for (docs/telegram.md#review-requests); 0: not in this process */
  reviewRequestIntervalMs?: number;
  /** a review's photo sent in the chat, made into the shop's picture (see BotDeps.storeReviewPhoto) */
  storeReviewPhoto?: (data: Buffer) => Promise<string>;
}

export interface BotRuntime {
  bot: Bot;
  worker: OutboxWorker;
  notifier: OutboxNotifier;
  /** the periodic review requests, when this process runs them */
  reviewRequests: ReviewRequestTimer | null;
  /** resolves once the bot knows itself (getMe), set up its menu and started receiving updates */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the bot next to the shop: the outbox worker at once, the bot itself as soon as Telegram answers getMe
 * (retrying in the background, so the shop starts even while Telegram is unreachable). In webhook mode the
 * route is registered synchronously, because Fastify takes no routes once it listens.
 */
export function startBot(options: StartBotOptions): BotRuntime {
  const { db, config, mode } = options;
  const log = options.log ?? silentLog;
  const token = config.telegram.botToken;
  if (!token) throw new Error("startBot needs TELEGRAM_BOT_TOKEN");
  const notifier = options.notifier ?? createOutboxNotifier(notifierOptions(config));
  const bot = createBot({ db, config, notifier, log, catalog: options.catalog, storeReviewPhoto: options.storeReviewPhoto });
  const allowed_updates = allowedUpdates(options.catalog, config.payments !== null);

  const worker = createOutboxWorker({
    db,
    api: createOutboxApi(token, config.telegram.apiRoot),
    log,
    providerToken: config.payments?.providerToken ?? null,
    ...options.worker,
  });
  const unsubscribe = notifier.onQueued(() => worker.kick());
  worker.start();
  // the shop's periodic work that runs beside the outbox: asking buyers for reviews (core's sendDueReviewRequests)
  const reviewRequests =
    options.reviewRequestIntervalMs === 0
      ? null
      : startReviewRequests({
          db,
          messages: createReviewRequestMessages({ miniAppUrl: config.telegram.miniAppUrl, publicUrl: config.publicUrl }, () => worker.kick()),
          log,
          intervalMs: options.reviewRequestIntervalMs,
        });

  if (mode === "webhook") {
    if (!options.server) throw new Error("BOT_MODE=webhook needs a server for the webhook route");
    const secretToken = config.telegram.webhookSecret ?? undefined;
    const handle = webhookCallback(bot, "fastify", { secretToken, onTimeout: "return" });
    options.server.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => handle(request, reply));
  }

  let stopped = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref?.();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function setUp() {
    for (;;) {
      try {
        await bot.init();
        break;
      } catch (error) {
        log.error({ err: (error as Error).message }, "Telegram getMe failed; the bot retries, the shop works meanwhile");
        await pause(options.retryInitMs ?? 15_000);
        if (stopped) return;
      }
    }
    if (stopped) return;
    if (options.botInfo) options.botInfo.username = bot.botInfo.username;
    log.info({ username: bot.botInfo.username, mode }, "Telegram bot started");
    if (config.telegram.managerChatIds.length === 0) log.warn({}, "MANAGER_CHAT_IDS is empty: nobody is told about new orders");

    await introduceBot(bot.api, log);
    const shopUrl = shopWebAppUrl(config.publicUrl);
    if (shopUrl) {
      await bot.api
        .setChatMenuButton({ menu_button: { type: "web_app", text: "Магазин", web_app: { url: shopUrl } } })
        .catch((error) => log.warn({ err: error.message }, "setChatMenuButton failed"));
    }

    if (mode === "webhook") {
      if (!shopUrl) {
        log.error({}, "BOT_MODE=webhook needs an https PUBLIC_URL: Telegram delivers updates to PUBLIC_URL/telegram/webhook");
        return;
      }
      await bot.api.setWebhook(shopUrl.replace(/\/$/, "") + WEBHOOK_PATH, {
        secret_token: config.telegram.webhookSecret ?? undefined,
        allowed_updates,
      });
      return;
    }
    if (stopped) return;
    // polling: bot.start() resolves only when polling stops; an error (another process polling with this
    // token gets 409) is logged and leaves the shop running without the bot
    await new Promise<void>((resolve) => {
      bot
        .start({ allowed_updates, onStart: () => resolve() })
        .catch((error) => {
          log.error({ err: (error as Error).message }, "Telegram polling stopped");
          resolve();
        });
    });
  }

  const ready = setUp().catch((error) => log.error({ err: (error as Error).message }, "Telegram bot set-up failed"));

  return {
    bot,
    worker,
    notifier,
    reviewRequests,
    ready,
    async stop() {
      stopped = true;
      wake?.();
      // stopping polling confirms the last update with one more getUpdates; Telegram being away must not block it
      if (bot.isRunning()) await bot.stop().catch((error) => log.warn({ err: (error as Error).message }, "Telegram polling stop"));
      unsubscribe();
      await reviewRequests?.stop();
      await worker.stop();
    },
  };
}

/**
 * For an API instance that leaves the bot to its own process (BOT_MODE=off): one getMe, so GET /api/config can
 * still link to the bot. Failures are logged; TELEGRAM_BOT_USERNAME avoids the call.
 */
export async function learnBotUsername(config: Config, botInfo: BotInfo, log: BotLog = silentLog): Promise<void> {
  if (!config.telegram.botToken || botInfo.username) return;
  try {
    const me = await new Api(config.telegram.botToken, { apiRoot: config.telegram.apiRoot, timeoutSeconds: 10 }).getMe();
    botInfo.username = me.username;
  } catch (error) {
    log.warn({ err: (error as Error).message }, "getMe failed: set TELEGRAM_BOT_USERNAME so the website can link to the bot");
  }
}
