import type { Database } from "@shop/prisma/db";
import type { Config } from "@shop/core/config";
import type { OrderNotifier } from "@shop/core/orders";
import type { ShopCatalog } from "@shop/core/catalog";
import type { BotLog } from "./log";

/** What the bot's features work with: the shop's database and settings, and the notifier of order events. */
export interface BotDeps {
  db: Database;
  config: Config;
  notifier: OrderNotifier;
  log: BotLog;
  /** without it the bot answers no inline queries */
  catalog?: ShopCatalog;
  /**
   * a review's photo sent in the chat, made into the shop's picture (the API's upload pipeline); without it the
   * bot points to the shop's review screen for photos
   */
  storeReviewPhoto?: (data: Buffer) => Promise<string>;
}
