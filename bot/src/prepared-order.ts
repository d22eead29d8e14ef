import { Composer, InlineKeyboard, type Context } from "grammy";
import { confirmPreparedOrder, findPreparedOrder } from "@shop/core/orders";
import type { BotDeps } from "./deps";
import { confirmCallback, parseCallback } from "./callback-data";
import { escapeHtml, preparedOrderText } from "./order-text";

export const PREPARED_TEXTS = {
  confirmButton: "✅ Подтвердить заказ",
  created: (orderNumber: string) =>
    `🎉 Спасибо за заказ!\nНомер заказа: <b>№${escapeHtml(orderNumber)}</b>\n\nМенеджер позвонит вам, чтобы уточнить доставку и оплату. Статус заказа — в /orders, а когда он изменится, я напишу сюда.`,
  used: (orderNumber: string | null) =>
    orderNumber
      ? `Этот заказ уже подтверждён — №${escapeHtml(orderNumber)}. Статус можно посмотреть в /orders.`
      : "Этот заказ уже подтверждён. Статус можно посмотреть в /orders.",
  expired: "Ссылка на заказ устарела: подтвердить его можно в течение суток. Оформите заказ на сайте ещё раз — корзина сохранилась.",
  notFound: "Не нашёл такой заказ: возможно, ссылка открылась не полностью. Оформите заказ на сайте ещё раз — корзина сохранилась.",
  confirmedToast: "Заказ оформлен!",
  /** `reason`: the shop's out-of-stock message, naming the product («Товар «…» закончился») */
  outOfStock: (reason: string) =>
    `😔 ${reason}, поэтому заказ не оформлен. Уберите товар из корзины на сайте и оформите заказ заново — или нажмите «Подтвердить заказ» ещё раз, когда товар снова появится.`,
  outOfStockToast: "Заказ не оформлен: товара не хватает",
  staleButton: "Эта кнопка больше не работает.",
  /** `reason`: why the promo code no longer applies (the shop's message) */
  promoRefused: (reason: string) => `😔 ${reason} Заказ не оформлен: оформите его на сайте заново — без промокода или с другим.`,
  promoRefusedToast: "Заказ не оформлен: промокод не действует",
} as const;

/** Takes the confirmation button off the order message, so it cannot be pressed again. */
async function dropButton(ctx: Context) {
  await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => {});
}

/**
 * A website checkout continues here: the site prepared the order and sent the shopper to
 * t.me/<bot>?start=<token>. /start <token> shows the order; «Подтвердить заказ» creates it (once: the token is
 * single-use) and links it to this Telegram user.
 */
export function preparedOrderFeature({ db, notifier }: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();
  const privateChats = feature.chatType("private");

  privateChats.command("start", async (ctx, next) => {
    const token = ctx.match.trim();
    if (!token) return next();
    const found = await findPreparedOrder(db, token);
    switch (found.status) {
      case "ok":
        await ctx.reply(preparedOrderText(found.order), {
          parse_mode: "HTML",
          reply_markup: new InlineKeyboard().text(PREPARED_TEXTS.confirmButton, confirmCallback(token)),
        });
        return;
      case "used":
        await ctx.reply(PREPARED_TEXTS.used(found.orderNumber), { parse_mode: "HTML" });
        return;
      case "expired":
        await ctx.reply(PREPARED_TEXTS.expired);
        return;
      case "not-found":
        await ctx.reply(PREPARED_TEXTS.notFound);
        return;
    }
  });

  privateChats.callbackQuery(/^po:/, async (ctx) => {
    const action = parseCallback(ctx.callbackQuery.data);
    if (action?.kind !== "confirm") {
      await ctx.answerCallbackQuery({ text: PREPARED_TEXTS.staleButton });
      return;
    }
    const { id, username, first_name, last_name, language_code } = ctx.from;
    const result = await confirmPreparedOrder(db, notifier, action.token, { id, username, first_name, last_name, language_code });
    switch (result.status) {
      case "created":
        await ctx.answerCallbackQuery({ text: PREPARED_TEXTS.confirmedToast });
        await dropButton(ctx);
        await ctx.reply(PREPARED_TEXTS.created(result.order.number), { parse_mode: "HTML" });
        return;
      case "used":
        await ctx.answerCallbackQuery();
        await dropButton(ctx);
        await ctx.reply(PREPARED_TEXTS.used(result.orderNumber), { parse_mode: "HTML" });
        return;
      case "out-of-stock":
        // the button stays: the token is still unconfirmed, and works again once the seller restocks
        await ctx.answerCallbackQuery({ text: PREPARED_TEXTS.outOfStockToast });
        await ctx.reply(PREPARED_TEXTS.outOfStock(result.message));
        return;
      case "promo-refused":
        await ctx.answerCallbackQuery({ text: PREPARED_TEXTS.promoRefusedToast });
        await dropButton(ctx);
        await ctx.reply(PREPARED_TEXTS.promoRefused(result.message));
        return;
      case "expired":
      case "not-found":
        await ctx.answerCallbackQuery();
        await dropButton(ctx);
        await ctx.reply(result.status === "expired" ? PREPARED_TEXTS.expired : PREPARED_TEXTS.notFound);
        return;
    }
  });
  return feature;
}
