import { Composer, GrammyError, type Context } from "grammy";
import { changeOrderStatus } from "@shop/core/orders";
import { orderDeliveries } from "@shop/core/delivery";
import { ShopError } from "@shop/core/errors";
import { statusLabel } from "@shop/shared/labels";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";
import { canInvoice, canRegisterShipment, canTypeTrack, managerKeyboard } from "./keyboards";
import { managerOrderText } from "./order-text";
import { staffForPress } from "./staff-gate";
import { PICKING_STATUSES } from "@shop/shared/staff";

export const MANAGER_TEXTS = {
  notAllowed: "Менять статус заказа могут только менеджеры магазина.",
  staleButton: "Эта кнопка больше не работает.",
  orderGone: "Заказ не найден: возможно, его удалили.",
  changed: (label: string) => `Статус: ${label}`,
} as const;

/**
 * The status buttons under a manager's order card. Only chats listed in MANAGER_CHAT_IDS hold them (a callback
 * carries the chat it came from, which Telegram vouches for), and the presser must be a staff account allowed
 * that status (staff-gate.ts: a «Сборщик» moves orders to 'В работе' and 'Отправлен' only); the change goes
 * through the same service as the admin panel, so the customer is notified the same way and the audit log names
 * the person, and the card is redrawn with the new status.
 */
export function managerFeature(deps: BotDeps): Composer<Context> {
  const { db, notifier, config } = deps;
  const feature = new Composer<Context>();

  feature.callbackQuery(/^st:/, async (ctx) => {
    const action = parseCallback(ctx.callbackQuery.data);
    if (action?.kind !== "status") {
      await ctx.answerCallbackQuery({ text: MANAGER_TEXTS.staleButton });
      return;
    }
    const picking = (PICKING_STATUSES as readonly string[]).includes(action.status);
    const staff = await staffForPress(deps, ctx, picking ? "orders.status.picking" : "orders.status", MANAGER_TEXTS.notAllowed);
    if (!staff) return;
    let order;
    try {
      ({ order } = await changeOrderStatus(db, notifier, action.orderId, action.status, staff.actor));
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      await ctx.answerCallbackQuery({ text: error.kind === "not-found" ? MANAGER_TEXTS.orderGone : error.message, show_alert: true });
      return;
    }
    // the card keeps saying how the order travels
    const shipment = (await orderDeliveries(db, [order.id])).get(order.id) ?? null;
    order.delivery = shipment;
    const who = staff.name;
    await ctx.answerCallbackQuery({ text: MANAGER_TEXTS.changed(statusLabel(order.status)) });
    await ctx
      .editMessageText(managerOrderText(order, { changedBy: who }), {
        parse_mode: "HTML",
        reply_markup: managerKeyboard(
          order.id,
          order.status,
          canInvoice(order, config.payments !== null),
          canRegisterShipment(order) && !shipment?.carrierOrderUuid,
          canTypeTrack(order),
        ),
        link_preview_options: { is_disabled: true },
      })
      .catch((error) => {
        // pressing the status a card already shows changes nothing on it
        if (!(error instanceof GrammyError && error.description.includes("message is not modified"))) throw error;
      });
  });
  return feature;
}
