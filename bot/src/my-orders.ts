import { Composer, type Context } from "grammy";
import { listCustomerOrders } from "@shop/core/orders";
import type { BotDeps } from "./deps";
import { myOrdersText } from "./order-text";
import { shopButton } from "./start";

const RECENT = 10;
export const NO_ORDERS = "У вас пока нет заказов.";

/** /orders: the customer's most recent orders with their status (the Mini App's my-orders has the details). */
export function myOrdersFeature({ db, config }: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.chatType("private").command("orders", async (ctx) => {
    const { orders } = await listCustomerOrders(db.prisma, ctx.from.id, RECENT);
    if (orders.length === 0) {
      await ctx.reply(NO_ORDERS, { reply_markup: shopButton(config) ?? undefined });
      return;
    }
    await ctx.reply(myOrdersText(orders), {
      parse_mode: "HTML",
      reply_markup: shopButton(config, "/my-orders", "Подробнее о заказах") ?? undefined,
    });
  });
  return feature;
}
