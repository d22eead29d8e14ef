import { Composer, InlineKeyboard, type Context } from "grammy";
import { DeliveryDesk, type OrderDeliveryQuote } from "@shop/core/delivery";
import { ShopError } from "@shop/core/errors";
import { describeQuote } from "@shop/shared/delivery";
import { confirmPreparedOrder, findPreparedOrder, keepPreparedDelivery, type PreparedOrder, type QuotedDelivery } from "@shop/core/orders";
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
  /** the delivery's price moved since the website showed it; `text`: the new quote («СДЭК, пункт выдачи — 460 руб., 3–5 дней») */
  deliveryChanged: (text: string) => `⚠️ Стоимость доставки изменилась: ${escapeHtml(text)}. Проверьте сумму и нажмите «Подтвердить заказ» ещё раз.`,
  deliveryChangedToast: "Стоимость доставки изменилась",
  /** the method chosen on the website is no longer offered (switched off, the point closed) */
  deliveryGone: (reason: string) => `😔 ${escapeHtml(reason)} Оформите заказ на сайте ещё раз — корзина сохранилась.`,
  /** `reason`: why the promo code no longer applies (the shop's message) */
  promoRefused: (reason: string) => `😔 ${reason} Заказ не оформлен: оформите его на сайте заново — без промокода или с другим.`,
  promoRefusedToast: "Заказ не оформлен: промокод не действует",
} as const;

type Requote =
  | { status: "ok"; delivery: QuotedDelivery | null | undefined }
  | { status: "changed"; quote: OrderDeliveryQuote }
  | { status: "gone"; message: string };

/**
 * The website checkout's delivery quoted again as the shopper confirms (docs/delivery.md#a-checkout-confirmed-in-the-bot):
 * the quote kept with it is honoured while it lasts (15 minutes), then the carrier is asked again; a price unlike
 * the one shown is not charged but shown, to be confirmed once more.
 */
async function requote(desk: DeliveryDesk, prepared: PreparedOrder): Promise<Requote> {
  const kept = prepared.delivery;
  if (!kept) return { status: "ok", delivery: undefined };
  const lines = prepared.lines.flatMap((line) => (line.productId === null ? [] : [{ productId: line.productId, quantity: line.quantity }]));
  const choice = { ...kept.choice, quoteId: null, expectedPrice: kept.kept.price };
  try {
    const quote = await desk.forOrder(choice, lines, prepared.contact.deliveryAddress, kept.kept);
    // shown «стоимость уточнит менеджер» (the carrier was away), priced now: the shopper sees the price first
    if (quote && quote.quoted !== null && kept.kept.price === null) return { status: "changed", quote };
    return { status: "ok", delivery: quote ? { details: quote.details, quoted: quote.quoted, freeFrom: quote.freeFrom } : undefined };
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    if (error.kind === "conflict" && error.details?.code === "delivery_changed") {
      const fresh = await desk.forOrder({ ...choice, expectedPrice: null }, lines, prepared.contact.deliveryAddress);
      if (fresh) return { status: "changed", quote: fresh };
    }
    return { status: "gone", message: error.message };
  }
}

/** Takes the confirmation button off the order message, so it cannot be pressed again. */
async function dropButton(ctx: Context) {
  await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => {});
}

/**
 * A website checkout continues here: the site prepared the order and sent the shopper to
 * t.me/<bot>?start=<token>. /start <token> shows the order; «Подтвердить заказ» creates it (once: the token is
 * single-use) and links it to this Telegram user.
 */
export function preparedOrderFeature({ db, notifier, config }: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();
  const desk = new DeliveryDesk(db, config.delivery);
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
    const found = await findPreparedOrder(db, action.token);
    const quoted = found.status === "ok" ? await requote(desk, found.order) : ({ status: "ok", delivery: undefined } as const);
    if (quoted.status === "gone") {
      await ctx.answerCallbackQuery();
      await dropButton(ctx);
      await ctx.reply(PREPARED_TEXTS.deliveryGone(quoted.message), { parse_mode: "HTML" });
      return;
    }
    if (quoted.status === "changed" && found.status === "ok") {
      const { quote } = quoted;
      const kept = found.order.delivery!;
      const now = await keepPreparedDelivery(db, action.token, {
        choice: kept.choice,
        details: quote.details,
        quoted: quote.quoted,
        freeFrom: quote.freeFrom,
        kept: quote.honoured,
      });
      await ctx.answerCallbackQuery({ text: PREPARED_TEXTS.deliveryChangedToast });
      await dropButton(ctx);
      if (now.status !== "ok") {
        await ctx.reply(now.status === "used" ? PREPARED_TEXTS.used(now.orderNumber) : now.status === "expired" ? PREPARED_TEXTS.expired : PREPARED_TEXTS.notFound, {
          parse_mode: "HTML",
        });
        return;
      }
      const details = quote.details;
      await ctx.reply(
        PREPARED_TEXTS.deliveryChanged(details.method ? describeQuote(details.method, details.priceKnown ? now.order.totals.delivery : null, details.daysMin, details.daysMax) : ""),
        { parse_mode: "HTML" },
      );
      await ctx.reply(preparedOrderText(now.order), {
        parse_mode: "HTML",
        reply_markup: new InlineKeyboard().text(PREPARED_TEXTS.confirmButton, confirmCallback(action.token)),
      });
      return;
    }
    const result = await confirmPreparedOrder(db, notifier, action.token, { id, username, first_name, last_name, language_code }, quoted.status === "ok" ? quoted.delivery : undefined);
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
