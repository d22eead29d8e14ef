import { Composer, type Context } from "grammy";
import type { BotDeps } from "./deps";
import { shopButton } from "./start";

export const HELP_TEXTS = {
  help: (botUsername: string) =>
    [
      "Я бот магазина вещей ручной работы. Что я умею:",
      "",
      "/start — открыть магазин",
      "/catalog — каталог товаров",
      "/orders — мои заказы и их статусы",
      "/help — эта справка",
      "",
      "Заказ, оформленный на сайте, подтверждается здесь, и я пишу, когда его статус меняется.",
      "",
      `Чтобы показать товар в любом чате, наберите @${botUsername} и название, например: @${botUsername} ваза.`,
    ].join("\n"),
  catalog: "Каталог магазина — по кнопке ниже.",
  catalogAt: (url: string) => `Каталог магазина: ${url}`,
  catalogButton: "🛍 Открыть каталог",
  catalogUnavailable: "Каталог пока недоступен: у магазина не настроен адрес в интернете.",
} as const;

/** /help: what the bot does; /catalog: the way into the Mini App's catalogue. */
export function helpFeature({ config }: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();
  const privateChats = feature.chatType("private");
  privateChats.command("help", (ctx) => ctx.reply(HELP_TEXTS.help(ctx.me.username)));
  privateChats.command("catalog", async (ctx) => {
    const button = shopButton(config, "/catalog", HELP_TEXTS.catalogButton);
    if (button) await ctx.reply(HELP_TEXTS.catalog, { reply_markup: button });
    else if (config.publicUrl) await ctx.reply(HELP_TEXTS.catalogAt(config.publicUrl + "/catalog"), { link_preview_options: { is_disabled: true } });
    else await ctx.reply(HELP_TEXTS.catalogUnavailable);
  });
  return feature;
}
