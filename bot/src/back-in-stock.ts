import { Composer, type Context } from "grammy";
import { unsubscribe } from "@shop/core/stock";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";
import { backInStockKeyboard } from "./keyboards";

export const BACK_IN_STOCK_TEXTS = {
  unsubscribed: "Готово: больше не напишу о поступлении этого товара.",
  notSubscribed: "Вы уже отписались от этого товара.",
} as const;

/** «Отписаться» under a back-in-stock message (docs/product.md#back-in-stock): ends the subscription. */
export function backInStockFeature({ db, config }: BotDeps): Composer<Context> {
  const links = { miniAppUrl: config.telegram.miniAppUrl, publicUrl: config.publicUrl };
  const feature = new Composer<Context>();
  feature.callbackQuery(/^un:/, async (ctx) => {
    const action = parseCallback(ctx.callbackQuery.data);
    if (action?.kind !== "unsubscribe") return ctx.answerCallbackQuery();
    const removed = await unsubscribe(db, ctx.from.id, action.productId, action.variantId ?? null);
    await ctx.answerCallbackQuery({ text: removed ? BACK_IN_STOCK_TEXTS.unsubscribed : BACK_IN_STOCK_TEXTS.notSubscribed });
    // the buttons without «Отписаться»: the way to the product stays
    const keyboard = backInStockKeyboard(action.productId, links, action.variantId).inline_keyboard.filter((row) => row.every((button) => !("callback_data" in button)));
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: keyboard } }).catch(() => {});
  });
  return feature;
}
