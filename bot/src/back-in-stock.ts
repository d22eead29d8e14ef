import { Composer, type Context } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { unsubscribe } from "@shop/core/stock/back-in-stock";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";

export const BACK_IN_STOCK_TEXTS = {
  unsubscribed: "Готово: больше не напишу о поступлении этого товара.",
  notSubscribed: "Вы уже отписались от этого товара.",
} as const;

/** The message's buttons without «Отписаться»: the link to the product stays. */
function withoutCallbacks(markup: InlineKeyboardMarkup | undefined): InlineKeyboardMarkup {
  const rows = (markup?.inline_keyboard ?? []).map((row) => row.filter((button) => !("callback_data" in button))).filter((row) => row.length > 0);
  return { inline_keyboard: rows };
}

/** «Отписаться» under a back-in-stock message (docs/product.md#back-in-stock): ends the subscription. */
export function backInStockFeature({ db }: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.callbackQuery(/^un:/, async (ctx) => {
    const action = parseCallback(ctx.callbackQuery.data);
    if (action?.kind !== "unsubscribe") return ctx.answerCallbackQuery();
    const removed = await unsubscribe(db, ctx.from.id, action.productId);
    await ctx.answerCallbackQuery({ text: removed ? BACK_IN_STOCK_TEXTS.unsubscribed : BACK_IN_STOCK_TEXTS.notSubscribed });
    await ctx.editMessageReplyMarkup({ reply_markup: withoutCallbacks(ctx.callbackQuery.message?.reply_markup) }).catch(() => {});
  });
  return feature;
}
