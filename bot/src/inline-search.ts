import { Composer, type Context } from "grammy";
import type { BotDeps, ShopCatalog } from "./deps";
import { productInlineResult } from "./product-card";

/** Telegram shows at most 50 results; the shop offers 20, one screen of a phone's result list and a little more. */
export const INLINE_RESULTS_LIMIT = 20;
/**
 * How long Telegram may keep an answer for the same query (seconds): short, so a new price or product shows
 * within a minute. The catalogue itself is in memory, so an answer costs the shop little.
 */
export const INLINE_CACHE_SECONDS = 60;
/** a longer query cannot match a name anyway (the shop's search takes at most 200 characters) */
const MAX_QUERY_LENGTH = 200;

/**
 * Inline mode (docs/product.md#telegram-bot): `@<bot> ваза` in any chat lists the products the shop's search finds
 * for «ваза», an empty query the best sellers; choosing one posts its card (product-card.ts).
 */
export function inlineSearchFeature({ config }: BotDeps, catalog: ShopCatalog): Composer<Context> {
  const feature = new Composer<Context>();
  feature.on("inline_query", async (ctx) => {
    const query = ctx.inlineQuery.query.trim().slice(0, MAX_QUERY_LENGTH);
    const products = query ? await catalog.search(query, INLINE_RESULTS_LIMIT) : await catalog.bestSellers(INLINE_RESULTS_LIMIT);
    const links = { config, botUsername: ctx.me.username };
    await ctx.answerInlineQuery(
      products.map((product) => productInlineResult(product, links)),
      { cache_time: INLINE_CACHE_SECONDS, is_personal: false },
    );
  });
  return feature;
}
