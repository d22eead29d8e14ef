import { Composer, type Context } from "grammy";
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import type { Config } from "@shop/core/config";
import { turnCartRemindersOff, type CartReminderMessage, type ReminderLine } from "@shop/core/carts";
import type { BotDeps } from "./deps";
import { CART_REMINDERS_OFF_CALLBACK, parseCallback } from "./callback-data";
import { shopWebAppUrl } from "./keyboards";
import { escapeHtml } from "./order-text";

/** The forgotten-cart reminder (docs/product.md#forgotten-carts) and its «Не напоминать» button. */
export const CART_REMINDER_TEXTS = {
  heading: "Вы оставили в корзине:",
  closing: "Товары ждут вас — оформить заказ можно в пару касаний.",
  open: "🛒 Открыть корзину",
  off: "Не напоминать",
  turnedOff: "Хорошо, больше не напомню о корзине.",
} as const;

/** How many lines the message names; the rest are counted. */
const SHOWN_LINES = 10;

/** The cart in the Mini App: its startapp link (opens the cart), else a web_app button to /cart on an https PUBLIC_URL. */
function openCartButton(config: Pick<Config, "publicUrl" | "telegram">): InlineKeyboardButton | null {
  if (config.telegram.miniAppUrl) return { text: CART_REMINDER_TEXTS.open, url: `${config.telegram.miniAppUrl}?startapp=cart` };
  const webApp = shopWebAppUrl(config.publicUrl, "/cart");
  return webApp ? { text: CART_REMINDER_TEXTS.open, web_app: { url: webApp } } : null;
}

export function cartReminderText(lines: readonly ReminderLine[]): string {
  const shown = lines.slice(0, SHOWN_LINES).map((line) => `• ${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ""}`);
  if (lines.length > SHOWN_LINES) shown.push(`…и ещё ${lines.length - SHOWN_LINES}`);
  return [CART_REMINDER_TEXTS.heading, ...shown, "", CART_REMINDER_TEXTS.closing].join("\n");
}

/** The reminder's sendMessage parameters, as the outbox keeps them. */
export function cartReminderMessage(config: Pick<Config, "publicUrl" | "telegram">): CartReminderMessage {
  return (lines) => {
    const open = openCartButton(config);
    const reply_markup: InlineKeyboardMarkup = {
      inline_keyboard: [...(open ? [[open]] : []), [{ text: CART_REMINDER_TEXTS.off, callback_data: CART_REMINDERS_OFF_CALLBACK }]],
    };
    return { text: cartReminderText(lines), parse_mode: "HTML", reply_markup };
  };
}

/** «Не напоминать»: no more reminders for this customer; the way to the cart stays. */
export function cartReminderFeature({ db, config }: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.callbackQuery(CART_REMINDERS_OFF_CALLBACK, async (ctx) => {
    if (parseCallback(ctx.callbackQuery.data)?.kind !== "cart-reminders-off") return ctx.answerCallbackQuery();
    await turnCartRemindersOff(db, ctx.from.id);
    await ctx.answerCallbackQuery({ text: CART_REMINDER_TEXTS.turnedOff });
    const open = openCartButton(config);
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: open ? [[open]] : [] } }).catch(() => {});
  });
  return feature;
}
