import type { Database } from "@shop/prisma/db";
import type { Config } from "@shop/core/config";
import type { OrderNotifier } from "@shop/core/orders/notifications";
import type { Product } from "@shop/shared/schemas/catalog";
import type { BotLog } from "./log";

/**
 * The shop's public catalogue as the bot reads it: the same search and best sellers the shop's pages
 * show. The process that runs the bot next to the API passes the API's in-memory catalogue in
 * (server/src/bot-catalog.ts); the bot never reads the API's files itself.
 */
export interface ShopCatalog {
  /** up to `limit` products matching the query, ranked as the shop's search ranks them */
  search(query: string, limit: number): Promise<Product[]>;
  /** up to `limit` products, best sellers first, then the newest */
  bestSellers(limit: number): Promise<Product[]>;
}

/** What the bot's features work with: the shop's database and settings, and the notifier of order events. */
export interface BotDeps {
  db: Database;
  config: Config;
  notifier: OrderNotifier;
  log: BotLog;
  /** without it the bot answers no inline queries */
  catalog?: ShopCatalog;
}
