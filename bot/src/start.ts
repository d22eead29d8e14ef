import { Composer, InlineKeyboard, type Context } from "grammy";
import type { BotDeps } from "./deps";
import { shopWebAppUrl } from "./keyboards";
import { escapeHtml } from "./order-text";

export const OPEN_SHOP = "🛍 Открыть магазин";

/**
 * How the shop opens from the chat: a web_app button to PUBLIC_URL when it is https (Telegram allows nothing
 * else), else the registered Mini App link, else the plain address in the text (local development).
 */
export function shopButton(config: BotDeps["config"], path = "/", text = OPEN_SHOP): InlineKeyboard | null {
  const webApp = shopWebAppUrl(config.publicUrl, path);
  if (webApp) return new InlineKeyboard().webApp(text, webApp);
  if (config.telegram.miniAppUrl) return new InlineKeyboard().url(text, config.telegram.miniAppUrl);
  return null;
}

/** /start without a payload: a greeting and the way into the shop. */
export function startFeature({ config }: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.chatType("private").command("start", async (ctx, next) => {
    if (ctx.match) return next(); // a start parameter is a website checkout: prepared-order.ts
    const name = ctx.from.first_name ? `, ${escapeHtml(ctx.from.first_name)}` : "";
    const button = shopButton(config);
    const lines = [`Здравствуйте${name}! 👋`, "Это бот нашего магазина вещей ручной работы.", ""];
    if (button) lines.push("Каталог, корзина и оформление заказа — по кнопке ниже.");
    else if (config.publicUrl) lines.push(`Каталог и оформление заказа: ${escapeHtml(config.publicUrl)}`);
    lines.push("Здесь же я напишу, когда статус вашего заказа изменится.", "", "/orders — мои заказы", "/help — что я умею");
    await ctx.reply(lines.join("\n"), { parse_mode: "HTML", reply_markup: button ?? undefined });
  });
  return feature;
}
