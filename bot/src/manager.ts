import { Composer, GrammyError, type Context } from "grammy";
import { changeOrderStatus } from "@shop/core/orders";
import { orderDeliveries } from "@shop/core/delivery";
import { ShopError } from "@shop/core/errors";
import { statusLabel } from "@shop/shared/labels";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";
import { canInvoice, canRegisterShipment, canTypeTrack, managerKeyboard } from "./keyboards";
import { managerOrderText } from "./order-text";

export const MANAGER_TEXTS = {
  notAllowed: "Менять статус заказа могут только менеджеры магазина.",
  staleButton: "Эта кнопка больше не работает.",
  orderGone: "Заказ не найден: возможно, его удалили.",
  changed: (label: string) => `Статус: ${label}`,
} as const;

/**
 * The status buttons under a manager's order card. Only chats listed in MANAGER_CHAT_IDS may press them (a
 * callback carries the chat it came from, which Telegram vouches for); the change goes through the same service
 * as the admin panel, so the customer is notified the same way, and the card is redrawn with the new status.
 */
export function managerFeature({ db, notifier, config, log }: BotDeps): Composer<Context> {
  const managerChats = new Set(config.telegram.managerChatIds.map(String));
  const feature = new Composer<Context>();

  feature.callbackQuery(/^st:/, async (ctx) => {
    const chatId = ctx.callbackQuery.message?.chat.id;
    if (chatId === undefined || !managerChats.has(String(chatId))) {
      log.warn({ chatId, userId: ctx.from.id }, "status button pressed outside a manager chat");
      await ctx.answerCallbackQuery({ text: MANAGER_TEXTS.notAllowed, show_alert: true });
      return;
    }
    const action = parseCallback(ctx.callbackQuery.data);
    if (action?.kind !== "status") {
      await ctx.answerCallbackQuery({ text: MANAGER_TEXTS.staleButton });
      return;
    }
    let order;
    try {
      ({ order } = await changeOrderStatus(db, notifier, action.orderId, action.status));
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      await ctx.answerCallbackQuery({ text: error.kind === "not-found" ? MANAGER_TEXTS.orderGone : error.message, show_alert: true });
      return;
    }
    // the card keeps saying how the order travels
    const shipment = (await orderDeliveries(db, [order.id])).get(order.id) ?? null;
    order.delivery = shipment;
    const who = ctx.from.username ? "@" + ctx.from.username : [ctx.from.first_name, ctx.from.last_name].filter(Boolean).join(" ");
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
