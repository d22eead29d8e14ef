import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ConfigResponse } from "@shop/shared/schemas/telegram";
import { toRoubles } from "@shop/shared/money";
import { DELIVERY_FEE, DISCOUNT_TIERS } from "@shop/shared/pricing";
import type { App } from "../app-type";
import { botLink } from "@shop/core/telegram";

export default async function configRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    "/api/config",
    {
      schema: {
        tags: ["system"],
        summary: "What the web app needs to know: the bot deep-link base, checkout mode, delivery fee, discount tiers",
        description:
          "checkoutMode 'bot': the website prepares the order (POST /api/orders/prepare) and opens botLink?start=<token>. " +
          "'direct' (no bot configured, or its username unknown): the website creates the order with POST /api/orders.",
        response: { 200: ConfigResponse },
      },
    },
    async (_request, reply) => {
      const link = botLink(app.config, app.botInfo);
      reply.header("Cache-Control", "no-cache");
      return {
        botUsername: link ? app.botInfo.username : null,
        botLink: link,
        checkoutMode: link ? ("bot" as const) : ("direct" as const),
        miniAppUrl: app.config.telegram.botToken ? app.config.telegram.miniAppUrl : null,
        deliveryFee: toRoubles(DELIVERY_FEE),
        payments: app.config.payments !== null,
        discountTiers: DISCOUNT_TIERS.map((tier) => ({ threshold: toRoubles(tier.threshold), percent: tier.percent })),
      };
    },
  );
}
