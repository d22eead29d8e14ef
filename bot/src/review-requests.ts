import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import type { Database } from "@shop/prisma/db";
import type { OutgoingMessage } from "@shop/core/outbox";
import { type ReviewRequest, type ReviewRequestMessages, sendDueReviewRequests } from "@shop/core/reviews";
import { reviewCallback } from "./callback-data";
import { shopWebAppUrl } from "./keyboards";
import { escapeHtml } from "./order-text";
import { silentLog, type BotLog } from "./log";

/**
 * The review request in the chat (docs/telegram.md#review-requests): a message per order asking to rate each of
 * its products 1–5 right there, and a button to the shop's review screen for a text and a photo. Queued in the
 * outbox by core's sendDueReviewRequests; this file writes the message and runs the periodic call.
 */

export const REVIEW_REQUEST_TEXTS = {
  write: "✍️ Написать отзыв с фото",
} as const;

/** at most this many lines get their own stars in the message (Telegram's keyboard holds 100 buttons) */
export const RATED_LINES_MAX = 10;

/** The five stars under a line: before a press «1 ☆ … 5 ☆», after it ★★★★☆ (a press still changes it). */
export function ratingRow(orderItemId: number, rated: number | null): InlineKeyboardButton[] {
  return [1, 2, 3, 4, 5].map((n) => ({
    text: rated === null ? `${n} ☆` : n <= rated ? "★" : "☆",
    callback_data: reviewCallback(orderItemId, n),
  }));
}

export function reviewRequestText(request: ReviewRequest): string {
  const hello = request.firstName ? `Здравствуйте, ${escapeHtml(request.firstName)}!` : "Здравствуйте!";
  return [
    hello,
    `Как вам покупки из заказа №${escapeHtml(request.orderNumber)}? Оцените каждую вещь от 1 до 5 звёзд — кнопками под сообщением.`,
    "Отзыв с фото можно написать в магазине. Его увидят другие покупатели после проверки.",
  ].join("\n\n");
}

export function reviewRequestKeyboard(request: ReviewRequest, links: { miniAppUrl: string | null; publicUrl: string | null }): InlineKeyboardMarkup {
  const rows: InlineKeyboardButton[][] = [];
  for (const line of request.lines.slice(0, RATED_LINES_MAX)) {
    const name = line.name.length > 60 ? line.name.slice(0, 59) + "…" : line.name;
    rows.push([{ text: name, callback_data: reviewCallback(line.orderItemId, 0) }]);
    rows.push(ratingRow(line.orderItemId, null));
  }
  const webApp = shopWebAppUrl(links.publicUrl, `/review/${request.token}`);
  if (links.miniAppUrl) rows.push([{ text: REVIEW_REQUEST_TEXTS.write, url: `${links.miniAppUrl}?startapp=review_${request.token}` }]);
  else if (webApp) rows.push([{ text: REVIEW_REQUEST_TEXTS.write, web_app: { url: webApp } }]);
  else if (links.publicUrl) rows.push([{ text: REVIEW_REQUEST_TEXTS.write, url: `${links.publicUrl}/review/${request.token}` }]);
  return { inline_keyboard: rows };
}

/** The bot's side of the port: the request as an outbox row, keyed by the order (queued once however often asked). */
export function createReviewRequestMessages(links: { miniAppUrl: string | null; publicUrl: string | null }, queued?: () => void): ReviewRequestMessages {
  return {
    reviewRequest(request): OutgoingMessage {
      return {
        chatId: request.chatId,
        dedupeKey: `order:${request.orderId}:review-request`,
        payload: { text: reviewRequestText(request), parse_mode: "HTML", reply_markup: reviewRequestKeyboard(request, links), link_preview_options: { is_disabled: true } },
      };
    },
    queued,
  };
}

export interface ReviewRequestTimer {
  /** one round now (tests, and the first round at start) */
  runOnce(): Promise<number[]>;
  stop(): Promise<void>;
}

/** how often the bot process looks for orders due a review request */
export const REVIEW_REQUEST_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Calls sendDueReviewRequests every `intervalMs` in this process: the shop's periodic work until a job queue runs
 * it. Several processes doing so ask nobody twice (the request row decides). A failed round is logged and the
 * next one tries again.
 */
export function startReviewRequests(options: {
  db: Database;
  messages: ReviewRequestMessages;
  log?: BotLog;
  intervalMs?: number;
  now?: () => Date;
}): ReviewRequestTimer {
  const log = options.log ?? silentLog;
  const intervalMs = options.intervalMs ?? REVIEW_REQUEST_INTERVAL_MS;
  let running: Promise<number[]> | null = null;
  let stopped = false;
  const runOnce = () =>
    (running ??= sendDueReviewRequests({ db: options.db, messages: options.messages }, options.now?.() ?? new Date())
      .then((asked) => {
        if (asked.length > 0) log.info({ orders: asked.length }, "review requests queued");
        return asked;
      })
      .catch((error: unknown) => {
        log.error({ err: error instanceof Error ? error.message : String(error) }, "review requests round failed");
        return [];
      })
      .finally(() => (running = null)));
  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, intervalMs);
  timer.unref?.();
  // a process restarted more often than the interval still gets its rounds
  const first = setTimeout(() => {
    if (!stopped) void runOnce();
  }, Math.min(intervalMs, 5_000));
  first.unref?.();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
