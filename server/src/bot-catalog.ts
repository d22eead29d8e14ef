import type { App } from "@shop/api/app";
import { bestSellerIds } from "@shop/api/catalog/best-sellers";
import { recommendations } from "@shop/api/catalog/reads";
import type { CatalogSnapshot } from "@shop/api/catalog/snapshot";
import type { ShopCatalog } from "@shop/bot/deps";
import type { Product } from "@shop/shared/schemas/catalog";

function products(catalog: CatalogSnapshot, cards: readonly { id: number }[]): Product[] {
  return cards.map((card) => catalog.product(card.id)).filter((product): product is Product => product !== undefined);
}

/**
 * The bot's view of the shop's catalogue (bot/src/deps.ts), answered from the API's in-memory catalogue: the
 * shop's own search, and best sellers as "Вам может понравиться" ranks them for an empty cart (best sellers,
 * then the newest).
 */
export function botCatalog(app: App): ShopCatalog {
  return {
    async search(query, limit) {
      const catalog = await app.catalog.current();
      return products(catalog, catalog.search(query, limit));
    },
    async bestSellers(limit) {
      const [catalog, ids] = await Promise.all([app.catalog.current(), bestSellerIds(app.prisma)]);
      return products(catalog, recommendations(catalog, [], ids, limit));
    },
  };
}
