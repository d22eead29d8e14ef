import type { Product } from "@shop/shared/schemas/catalog";

/**
 * The port through which the API has a product's card prepared for a Telegram user to share from the Mini App
 * (`savePreparedInlineMessage`). The bot implements it (bot/src/product-share.ts); the shop's process passes it
 * to the API, which never imports the bot.
 */
export interface ProductSharer {
  /** the prepared message's id; throws when Telegram refuses or cannot be reached */
  prepareShare(telegramUserId: number, product: Product): Promise<string>;
}
