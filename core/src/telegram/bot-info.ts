import type { Config } from "../config";

/**
 * What the API knows about its Telegram bot. The username can come from TELEGRAM_BOT_USERNAME or be learnt
 * from getMe when the bot starts, so it is a mutable holder (`app.botInfo`) rather than a config value.
 */
export interface BotInfo {
  /** without '@'; null until known */
  username: string | null;
}

export function createBotInfo(config: Config): BotInfo {
  return { username: config.telegram.botToken ? config.telegram.botUsername : null };
}

/** https://t.me/<bot>, or null when no bot is configured or its username is not known yet. */
export function botLink(config: Config, info: BotInfo): string | null {
  if (!config.telegram.botToken || !info.username) return null;
  return `https://t.me/${info.username}`;
}

/** The deep link that opens the bot with a start parameter (a prepared-order token). */
export function botStartLink(config: Config, info: BotInfo, startParameter: string): string | null {
  const base = botLink(config, info);
  return base ? `${base}?start=${startParameter}` : null;
}
