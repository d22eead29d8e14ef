import type { Database } from "@shop/prisma/db";
import type { Product } from "@shop/shared/schemas/catalog";
import { bestSellerIds } from "./best-sellers";
import { recommendations } from "./reads";
import type { CatalogSnapshot } from "./snapshot";
import type { CatalogStore } from "./store";

/**
 * The shop's public catalogue as whole products, for a reader that shows cards rather than pages (the bot's inline
 * mode): the shop's own search, and best sellers as "Вам может понравиться" ranks them for an empty cart (best
 * sellers, then the newest).
 */
export interface ShopCatalog {
  /** up to `limit` products matching the query, ranked as the shop's search ranks them */
  search(query: string, limit: number): Promise<Product[]>;
  /** up to `limit` products, best sellers first, then the newest */
  bestSellers(limit: number): Promise<Product[]>;
}

function products(catalog: CatalogSnapshot, cards: readonly { id: number }[]): Product[] {
  return cards.map((card) => catalog.product(card.id)).filter((product): product is Product => product !== undefined);
}

/** The ShopCatalog of a catalogue kept in memory (the API's own, or one the bot's process keeps). */
export function shopCatalog(store: CatalogStore, db: Pick<Database, "read">): ShopCatalog {
  return {
    async search(query, limit) {
      const catalog = await store.current();
      return products(catalog, catalog.search(query, limit));
    },
    async bestSellers(limit) {
      const [catalog, ids] = await Promise.all([store.current(), bestSellerIds(db)]);
      return products(catalog, recommendations(catalog, [], ids, limit));
    },
  };
}
