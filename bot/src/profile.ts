import type { Api } from "grammy";
import { SHOP_NAME } from "@shop/shared/constants";
import type { BotLog } from "./log";

/**
 * How the bot introduces itself in Telegram (docs/product.md#telegram-bot): the command menu, the description
 * on the empty chat before /start, and the short description on the bot's profile and in shared links. Set by
 * the shop at every start-up, so the texts here are the only ones.
 */
export const BOT_COMMANDS = [
  { command: "start", description: "Открыть магазин" },
  { command: "catalog", description: "Каталог товаров" },
  { command: "orders", description: "Мои заказы" },
  { command: "help", description: "Что умеет бот" },
];

/** at most 512 characters (Telegram's limit) */
export const BOT_DESCRIPTION =
  `${SHOP_NAME} — магазин вещей ручной работы: керамика, текстиль, свечи и декор для дома.\n\n` +
  "Откройте каталог, соберите корзину и оформите заказ прямо в Telegram. Здесь же я подтверждаю заказы с сайта " +
  "и пишу, когда статус заказа меняется.";

/** at most 120 characters */
export const BOT_SHORT_DESCRIPTION = `${SHOP_NAME} — вещи ручной работы. Каталог, заказ и его статус прямо в Telegram.`;

/** Sets the menu and the descriptions. A failure is logged and the bot carries on: none of them is needed to work. */
export async function introduceBot(api: Api, log: BotLog): Promise<void> {
  const attempt = (what: string, call: () => Promise<unknown>) =>
    call().catch((error: unknown) => log.warn({ err: (error as Error).message }, `${what} failed`));
  await attempt("setMyCommands", () => api.setMyCommands(BOT_COMMANDS));
  await attempt("setMyDescription", () => api.setMyDescription(BOT_DESCRIPTION));
  await attempt("setMyShortDescription", () => api.setMyShortDescription(BOT_SHORT_DESCRIPTION));
}
