import { Composer, type Context } from "grammy";
import type { ShopCatalog } from "@shop/core/catalog";
import type { BotDeps } from "./deps";
import { INLINE_CACHE_SECONDS, INLINE_RESULTS_LIMIT } from "@shop/shared/constants";
import { productInlineResult } from "./product-card";

/** a longer query cannot match a name anyway (the shop's search takes at most 200 characters) */
const MAX_QUERY_LENGTH = 200;

/**
 * Inline mode (docs/product.md#telegram-bot): `@<bot> ваза` in any chat lists the products the shop's search finds
 * for «ваза», an empty query the best sellers; choosing one posts its card (product-card.ts). Telegram may repeat
 * an answer for INLINE_CACHE_SECONDS: short, so a new price shows soon; the catalogue is in memory, so answering
 * costs the shop little and needs no cache of its own.
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
