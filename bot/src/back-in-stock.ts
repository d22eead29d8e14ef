import { Composer, type Context } from "grammy";
import { subscribe, unsubscribe } from "@shop/core/stock";
import { ShopError } from "@shop/core/errors";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";
import { backInStockKeyboard } from "./keyboards";

export const BACK_IN_STOCK_TEXTS = {
  unsubscribed: "Готово: больше не напишу о поступлении этого товара.",
  notSubscribed: "Вы уже отписались от этого товара.",
  subscribed: (name: string) => `🔔 Напишу здесь, когда «${name}» снова появится в наличии.`,
} as const;

/**
 * The start parameter of the website's «Сообщить о поступлении» (t.me/<bot>?start=notify_12, notify_12_34 for a
 * variant): the link the website gives, since only Telegram can prove who the shopper is.
 */
export const notifyStartParam = (productId: number, variantId?: number) => (variantId === undefined ? `notify_${productId}` : `notify_${productId}_${variantId}`);
const NOTIFY_START = /^notify_(\d{1,10})(?:_(\d{1,10}))?$/;

/**
 * /start notify_… from the website (docs/product.md#back-in-stock): subscribes the chat's user to the product (or
 * variant) as the Mini App's button does, and answers with the way to the product and «Отписаться». A product that
 * can be ordered now, or is gone, is said so. Any other start parameter goes on (a website checkout).
 */
export function backInStockStartFeature({ db, config }: BotDeps): Composer<Context> {
  const links = { miniAppUrl: config.telegram.miniAppUrl, publicUrl: config.publicUrl };
  const feature = new Composer<Context>();
  feature.chatType("private").command("start", async (ctx, next) => {
    const match = NOTIFY_START.exec(ctx.match.trim());
    if (!match) return next();
    const productId = Number(match[1]);
    const variantId = match[2] === undefined ? undefined : Number(match[2]);
    try {
      await subscribe(db, ctx.from.id, productId, variantId ?? null);
    } catch (error) {
      if (!(error instanceof ShopError) || error.kind === "unauthorized" || error.kind === "forbidden") throw error;
      // available now, gone, or a variant to choose: the shop's own words, and the way to the product when there is one
      const open = backInStockKeyboard(productId, links, variantId).inline_keyboard.filter((row) => row.every((button) => !("callback_data" in button)));
      await ctx.reply(error.message, error.kind === "not-found" ? {} : { reply_markup: { inline_keyboard: open } });
      return;
    }
    const [product] = await db.read<{ name: string }>(`SELECT name FROM products WHERE id = $1`, [productId]);
    await ctx.reply(BACK_IN_STOCK_TEXTS.subscribed(product?.name ?? "товар"), { reply_markup: backInStockKeyboard(productId, links, variantId) });
  });
  return feature;
}

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
