import { Bot, Composer, type BotError, type Context } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { autoRetry } from "@grammyjs/auto-retry";
import type { BotDeps } from "./deps";
import { startFeature } from "./start";
import { preparedOrderFeature } from "./prepared-order";
import { myOrdersFeature } from "./my-orders";
import { managerFeature } from "./manager";
import { shipmentFeature } from "./shipment";
import { paymentsFeature } from "./payments";
import { backInStockFeature, backInStockStartFeature } from "./back-in-stock";
import { reviewsFeature } from "./reviews";
import { helpFeature } from "./help";
import { inlineSearchFeature } from "./inline-search";
import { staffBindingFeature } from "./staff-binding";
import { cartReminderFeature } from "./cart-reminder";
import { allowMessages } from "@shop/core/customers";

export const FALLBACK_TEXTS = {
  failed: "Что-то пошло не так. Попробуйте ещё раз чуть позже.",
  unknown: "Я понимаю команды /start (магазин), /catalog (каталог), /orders (мои заказы) и /help (справка).",
  staleButton: "Эта кнопка больше не работает.",
} as const;

export interface CreateBotOptions {
  /** skips getMe at init (tests, or a process that already knows its bot) */
  botInfo?: UserFromGetMe;
}

/** Replies in private chats to anything no feature handled, and stops the spinner of unknown buttons. */
function fallbackFeature(): Composer<Context> {
  const feature = new Composer<Context>();
  feature.chatType("private").on("message", (ctx) => ctx.reply(FALLBACK_TEXTS.unknown));
  feature.on("callback_query", (ctx) => ctx.answerCallbackQuery({ text: FALLBACK_TEXTS.staleButton }));
  return feature;
}

/**
 * The shop's bot: one Composer per feature. Errors in a handler are logged and the person is told to try again;
 * they never reach grammY's runner (which would stop polling) or the webhook (Telegram would resend the update).
 */
export function createBot(deps: BotDeps, options: CreateBotOptions = {}): Bot {
  const { config, log } = deps;
  if (!config.telegram.botToken) throw new Error("createBot needs TELEGRAM_BOT_TOKEN");
  const bot = new Bot(config.telegram.botToken, {
    botInfo: options.botInfo,
    client: { apiRoot: config.telegram.apiRoot, timeoutSeconds: 60 },
  });
  // a reply waits out a short rate limit or a brief server error; a network failure fails the update at once
  // (auto-retry would otherwise retry it without end, holding the update, and bot.stop() with it)
  bot.api.config.use(autoRetry({ maxDelaySeconds: 10, maxRetryAttempts: 2, rethrowHttpErrors: true }));

  const onError = async (error: BotError) => {
    log.error({ err: error.error instanceof Error ? error.error.message : String(error.error), updateId: error.ctx.update.update_id }, "bot update failed");
    if (error.ctx.callbackQuery) await error.ctx.answerCallbackQuery({ text: FALLBACK_TEXTS.failed, show_alert: true }).catch(() => {});
    else if (error.ctx.chat?.type === "private") await error.ctx.reply(FALLBACK_TEXTS.failed).catch(() => {});
  };
  const features = bot.errorBoundary(onError);
  // someone who writes to the bot or presses its buttons lets it write to them, again after a block
  // (docs/product.md#broadcasts; the outbox worker marks a 403)
  features.use(async (ctx, next) => {
    if (ctx.from && ctx.chat?.type === "private") {
      await allowMessages(deps.db, ctx.from.id).catch((error: Error) => log.warn({ err: error.message }, "could not record that the customer allows messages"));
    }
    return next();
  });
  features.use(staffBindingFeature(deps));
  // before the website checkout's start parameter: notify_… is the website's «Сообщить о поступлении»
  features.use(backInStockStartFeature(deps));
  features.use(preparedOrderFeature(deps));
  features.use(startFeature(deps));
  features.use(myOrdersFeature(deps));
  features.use(helpFeature(deps));
  if (deps.catalog) features.use(inlineSearchFeature(deps, deps.catalog));
  features.use(managerFeature(deps));
  features.use(shipmentFeature(deps));
  features.use(paymentsFeature(deps));
  features.use(backInStockFeature(deps));
  features.use(
    reviewsFeature(deps, {
      storePhoto: deps.storeReviewPhoto,
      fileUrl: (filePath) => `${config.telegram.apiRoot}/file/bot${config.telegram.botToken}/${filePath}`,
    }),
  );
  features.use(cartReminderFeature(deps));
  features.use(fallbackFeature());
  return bot;
}

