import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ProductCardList, RecommendationsBody } from "@shop/shared/schemas/catalog";
import { ErrorResponse } from "@shop/shared/schemas/common";
import type { App } from "../app-type";
import { bestSellerIds, knownBestSellerIds } from "@shop/core/catalog";
import { recommendations } from "@shop/core/catalog";
import { sendCatalogOnce } from "../plugins/app/catalog";
import { perMinute } from "../plugins/external/rate-limit";

export default async function cartRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    "/api/cart/recommendations",
    {
      config: { rateLimit: perMinute(app.config.rateLimits.recommendations) },
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "Up to 8 products not in the cart: related first, then best sellers, then the newest",
        body: RecommendationsBody,
        response: { 200: ProductCardList, 429: ErrorResponse },
      },
    },
    (request, reply) => {
      const recommend = (bestSellers: readonly number[]) =>
        sendCatalogOnce(request, reply, (catalog, json) => json.cards(recommendations(catalog, request.body.cartProductIds, bestSellers)));
      const known = knownBestSellerIds(app.db);
      if (known) return recommend(known);
      // with the database away the shop keeps browsing from the in-memory catalogue: so do recommendations,
      // without best sellers
      return bestSellerIds(app.db)
        .catch((error: unknown) => {
          request.log.warn({ err: error }, "best sellers unavailable: recommending without them");
          return [];
        })
        .then(recommend);
    },
  );
}
