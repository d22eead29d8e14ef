import { Composer, type Context } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import { ShopError } from "@shop/core/errors";
import { addToReview, hasReviewPrompt, offerReviewText, takeReviewPrompt, writeReview } from "@shop/core/reviews";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";
import { ratingRow } from "./review-requests";
import { escapeHtml } from "./order-text";

export const REVIEW_CHAT_TEXTS = {
  pressStars: "Поставьте оценку звёздами в строке под названием",
  thanks: (rating: number) => `Спасибо! Ваша оценка: ${rating} из 5`,
  offer: (name: string) =>
    `Спасибо за оценку «${escapeHtml(name)}»! Если хотите, напишите пару слов о покупке или пришлите фото — я добавлю их к отзыву. ` +
    "Отзыв появится в магазине после проверки.",
  textAdded: "Спасибо! Добавил ваши слова к отзыву.",
  photoAdded: "Спасибо! Добавил фото к отзыву.",
  photoInShop: "Фото можно добавить к отзыву в магазине — кнопкой «Написать отзыв с фото» под вопросом об оценке.",
} as const;

/** The line's name as the request's keyboard shows it: the button right above the pressed row. */
function lineName(rows: InlineKeyboardButton[][], orderItemId: number): string | null {
  const index = rows.findIndex((row) => row.some((button) => "callback_data" in button && button.callback_data === `rv:${orderItemId}:1`));
  const above = index > 0 ? rows[index - 1]![0] : undefined;
  return above ? above.text : null;
}

/**
 * Rating in the chat (docs/telegram.md#review-requests): a star under a review request writes (or, while it waits for
 * moderation, changes) the buyer's review of that line and redraws the row as ★★★★☆; then the chat's next text or
 * photo becomes the review's text or photo. The domain checks that the presser is the order's buyer.
 */
export function reviewsFeature({ db }: BotDeps, options: { storePhoto?: (data: Buffer) => Promise<string>; fileUrl?: (filePath: string) => string } = {}): Composer<Context> {
  const feature = new Composer<Context>();

  feature.callbackQuery(/^rv:/, async (ctx) => {
    const action = parseCallback(ctx.callbackQuery.data);
    if (action?.kind !== "review") return ctx.answerCallbackQuery();
    if (action.rating === 0) return ctx.answerCallbackQuery({ text: REVIEW_CHAT_TEXTS.pressStars });
    let review;
    try {
      review = await writeReview(db, { telegramUserId: ctx.from.id }, { orderItemId: action.orderItemId, rating: action.rating });
    } catch (error) {
      if (error instanceof ShopError) return ctx.answerCallbackQuery({ text: error.message, show_alert: true });
      throw error;
    }
    await ctx.answerCallbackQuery({ text: REVIEW_CHAT_TEXTS.thanks(review.rating) });
    const rows = ctx.callbackQuery.message?.reply_markup?.inline_keyboard ?? [];
    const name = lineName(rows, action.orderItemId);
    const redrawn = rows.map((row) =>
      row.some((button) => "callback_data" in button && button.callback_data?.startsWith(`rv:${action.orderItemId}:`) && button.callback_data !== `rv:${action.orderItemId}:0`)
        ? ratingRow(action.orderItemId, review.rating)
        : row,
    );
    if (rows.length > 0) await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: redrawn } }).catch(() => {});
    if (ctx.chat?.type === "private") {
      await offerReviewText(db, ctx.chat.id, review.id);
      await ctx.reply(REVIEW_CHAT_TEXTS.offer(name ?? "товар"), { parse_mode: "HTML" });
    }
  });

  // the chat's next text or photo after a rating press; anything else goes on to the other features
  feature.chatType("private").on(["message:text", "message:photo"], async (ctx, next) => {
    if (ctx.message.text?.startsWith("/")) return next();
    if (!(await hasReviewPrompt(db, ctx.chat.id))) return next();
    const reviewId = await takeReviewPrompt(db, ctx.chat.id);
    if (reviewId === null) return next();
    try {
      if (ctx.message.photo) {
        const text = ctx.message.caption?.trim();
        if (!options.storePhoto || !options.fileUrl) {
          if (text) await addToReview(db, ctx.from.id, reviewId, { text });
          return ctx.reply(REVIEW_CHAT_TEXTS.photoInShop);
        }
        const largest = ctx.message.photo[ctx.message.photo.length - 1]!;
        const file = await ctx.api.getFile(largest.file_id);
        const response = await fetch(options.fileUrl(file.file_path!));
        if (!response.ok) throw new Error(`Telegram file download: ${response.status}`);
        const photoUrl = await options.storePhoto(Buffer.from(await response.arrayBuffer()));
        await addToReview(db, ctx.from.id, reviewId, text ? { text, photoUrl } : { photoUrl });
        return ctx.reply(REVIEW_CHAT_TEXTS.photoAdded);
      }
      await addToReview(db, ctx.from.id, reviewId, { text: ctx.message.text });
      return ctx.reply(REVIEW_CHAT_TEXTS.textAdded);
    } catch (error) {
      if (error instanceof ShopError) return ctx.reply(error.message);
      throw error;
    }
  });
  return feature;
}
