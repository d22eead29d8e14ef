import type { ConfigResponse } from "@shop/shared/schemas/telegram";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query";

/** The start parameter that opens the Mini App on my orders (lib/telegram-start.ts). */
export const MY_ORDERS_START_PARAM = "my_orders";

/**
 * The Mini App's link that opens my orders: the app registered with BotFather when the shop names it, else the
 * bot's main Mini App (https://t.me/<bot>?startapp=…). Null without a bot.
 */
export function myOrdersInTelegramUrl(config: ConfigResponse | null): string | null {
  if (config?.miniAppUrl) return `${config.miniAppUrl}?startapp=${MY_ORDERS_START_PARAM}`;
  if (config?.botUsername) return `https://t.me/${config.botUsername}?startapp=${MY_ORDERS_START_PARAM}`;
  return null;
}

/** On the website: 'Открыть в Telegram', where a shopper's orders are (only when the shop has a bot). */
export function OpenInTelegram() {
  const config = useQuery<ConfigResponse | null>("config", () => api.config(), null);
  const url = myOrdersInTelegramUrl(config.data);
  if (!url) return null;
  return (
    <a href={url} className="btn btn-primary" data-testid="open-in-telegram">
      Открыть в Telegram
    </a>
  );
}
