import { Composer, type Context } from "grammy";
import { DeliveryDesk, registerCdekShipment, type DeliveryNotifier } from "@shop/core/delivery";
import { ShopError } from "@shop/core/errors";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";
import { MANAGER_TEXTS } from "./manager";

export const SHIPMENT_TEXTS = {
  registered: (track: string | null) => (track ? `Отправление зарегистрировано в СДЭК, трек ${track}` : "Отправление зарегистрировано в СДЭК"),
} as const;

/**
 * '📦 Отправить в СДЭК' under a manager's card (docs/delivery.md#after-the-order): registers the order's parcel with
 * СДЭК as the admin panel does; the customer gets the track number once it is known. Manager chats only.
 */
export function shipmentFeature({ db, notifier, config, log }: BotDeps): Composer<Context> {
  const managerChats = new Set(config.telegram.managerChatIds.map(String));
  const desk = new DeliveryDesk(db, config.delivery);
  const feature = new Composer<Context>();

  feature.callbackQuery(/^sh:/, async (ctx) => {
    const chatId = ctx.callbackQuery.message?.chat.id;
    if (chatId === undefined || !managerChats.has(String(chatId))) {
      log.warn({ chatId, userId: ctx.from.id }, "shipment button pressed outside a manager chat");
      await ctx.answerCallbackQuery({ text: MANAGER_TEXTS.notAllowed, show_alert: true });
      return;
    }
    const action = parseCallback(ctx.callbackQuery.data);
    if (action?.kind !== "shipment") {
      await ctx.answerCallbackQuery({ text: MANAGER_TEXTS.staleButton });
      return;
    }
    try {
      const shipment = await registerCdekShipment(db, desk, notifier as DeliveryNotifier, action.orderId);
      await ctx.answerCallbackQuery({ text: SHIPMENT_TEXTS.registered(shipment.trackNumber), show_alert: true });
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      await ctx.answerCallbackQuery({ text: error.kind === "not-found" ? MANAGER_TEXTS.orderGone : error.message, show_alert: true });
    }
  });
  return feature;
}
