import { Api } from "grammy";
import type { Config } from "@shop/core/config";
import type { ProductSharer } from "@shop/core/telegram";
import { productInlineResult } from "./product-card";

export interface ProductSharerOptions {
  config: Config;
  /** the bot's username as far as it is known (for the `t.me/<bot>?startapp=` link without TELEGRAM_MINI_APP_URL) */
  botUsername(): string | null;
}

/**
 * The share button of the Mini App's product page (docs/telegram.md#sharing-a-product): `savePreparedInlineMessage`
 * stores the same card inline mode posts (product-card.ts) for the user, who then picks the chats in Telegram's
 * own dialog. Needs only the token, so an API instance without the bot (BOT_MODE=off) prepares cards too.
 */
export function createProductSharer({ config, botUsername }: ProductSharerOptions): ProductSharer {
  const token = config.telegram.botToken;
  if (!token) throw new Error("createProductSharer needs TELEGRAM_BOT_TOKEN");
  const api = new Api(token, { apiRoot: config.telegram.apiRoot, timeoutSeconds: 10 });
  return {
    async prepareShare(telegramUserId, product) {
      const result = productInlineResult(product, { config, botUsername: botUsername() });
      const prepared = await api.savePreparedInlineMessage(telegramUserId, result, {
        allow_user_chats: true,
        allow_group_chats: true,
        allow_channel_chats: true,
      });
      return prepared.id;
    },
  };
}
