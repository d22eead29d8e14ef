import { Composer, type Context } from "grammy";
import { DeliveryDesk, registerCdekShipment, type DeliveryNotifier } from "@shop/core/delivery";
import { ShopError } from "@shop/core/errors";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";
import { MANAGER_TEXTS } from "./manager";
import { staffForPress } from "./staff-gate";

export const SHIPMENT_TEXTS = {
  registered: (track: string | null) => (track ? `Отправление зарегистрировано в СДЭК, трек ${track}` : "Отправление зарегистрировано в СДЭК"),
} as const;

/**
 * '📦 Отправить в СДЭК' under a manager's card (docs/delivery.md#after-the-order): registers the order's parcel with
 * СДЭК as the admin panel does; the customer gets the track number once it is known. Manager chats only, by a
 * staff account allowed to change orders (staff-gate.ts).
 */
export function shipmentFeature(deps: BotDeps): Composer<Context> {
  const { db, notifier, config } = deps;
  const desk = new DeliveryDesk(db, config.delivery);
  const feature = new Composer<Context>();

  feature.callbackQuery(/^sh:/, async (ctx) => {
    const action = parseCallback(ctx.callbackQuery.data);
    if (action?.kind !== "shipment") {
      await ctx.answerCallbackQuery({ text: MANAGER_TEXTS.staleButton });
      return;
    }
    const staff = await staffForPress(deps, ctx, "orders.status", MANAGER_TEXTS.notAllowed);
    if (!staff) return;
    try {
      const shipment = await registerCdekShipment(db, desk, notifier as DeliveryNotifier, action.orderId, staff.actor);
      await ctx.answerCallbackQuery({ text: SHIPMENT_TEXTS.registered(shipment.trackNumber), show_alert: true });
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      await ctx.answerCallbackQuery({ text: error.kind === "not-found" ? MANAGER_TEXTS.orderGone : error.message, show_alert: true });
    }
  });
  return feature;
}
