import { Composer, type Context } from "grammy";
import { DeliveryDesk, registerCdekShipment, setTrackNumber, type DeliveryNotifier } from "@shop/core/delivery";
import { readOrder } from "@shop/core/orders";
import { ShopError } from "@shop/core/errors";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";
import { MANAGER_TEXTS } from "./manager";
import { staffForPress } from "./staff-gate";

export const SHIPMENT_TEXTS = {
  registered: (track: string | null) => (track ? `Отправление зарегистрировано в СДЭК, трек ${track}` : "Отправление зарегистрировано в СДЭК"),
  askTrack: (number: string) => `Введите трек-номер заказа №${number} ответом на это сообщение`,
  askTrackToast: "Напишите трек-номер ответом на сообщение",
  trackSaved: (number: string, track: string) => `Трек-номер ${track} сохранён в заказе №${number}. Покупателю отправлена ссылка для отслеживания.`,
} as const;

/** the manager's answer is a reply to the bot, which a group bot in privacy mode still sees (as 'Другая сумма') */
const FORCE_REPLY = { force_reply: true as const, input_field_placeholder: "Например, 1234567890" };

/**
 * '📦 Отправить в СДЭК' under a manager's card (docs/delivery.md#after-the-order): registers the order's parcel with
 * СДЭК as the admin panel does; the customer gets the track number once it is known. Manager chats only, by a
 * staff account allowed to change orders (staff-gate.ts).
 */
export function shipmentFeature(deps: BotDeps): Composer<Context> {
  const { db, notifier, config } = deps;
  const desk = new DeliveryDesk(db, config.delivery);
  const feature = new Composer<Context>();

  // 'Ввести трек-номер': the manager's next message in that chat is the number (remembered in the database)
  feature.callbackQuery(/^tn:/, async (ctx) => {
    const staff = await staffForPress(deps, ctx, "orders.status.picking", MANAGER_TEXTS.notAllowed);
    if (!staff) return;
    const chatId = ctx.callbackQuery.message!.chat.id;
    const action = parseCallback(ctx.callbackQuery.data);
    const order = action?.kind === "track" ? await db.transaction((sql) => readOrder(sql, action.orderId)) : null;
    if (!order) {
      await ctx.answerCallbackQuery({ text: action?.kind === "track" ? MANAGER_TEXTS.orderGone : MANAGER_TEXTS.staleButton, show_alert: true });
      return;
    }
    const key = { chatId: BigInt(chatId), userId: BigInt(ctx.from.id) };
    await db.prisma.deliveryCostPrompt.upsert({
      where: { chatId_userId: key },
      create: { ...key, orderId: order.id, purpose: "track_number" },
      update: { orderId: order.id, purpose: "track_number", createdAt: new Date() },
    });
    await ctx.answerCallbackQuery({ text: SHIPMENT_TEXTS.askTrackToast });
    await ctx.reply(SHIPMENT_TEXTS.askTrack(order.number), { reply_markup: FORCE_REPLY });
  });

  feature.on("message:text", async (ctx, next) => {
    if (!deps.config.telegram.managerChatIds.some((id) => String(id) === String(ctx.chat.id)) || !ctx.from) return next();
    const key = { chatId: BigInt(ctx.chat.id), userId: BigInt(ctx.from.id) };
    const prompt = await db.prisma.deliveryCostPrompt.findUnique({ where: { chatId_userId: key } });
    if (!prompt || prompt.purpose !== "track_number" || ctx.msg.text.startsWith("/")) return next();
    // asked again: the person's rights may have changed since the button
    const staff = await staffForPress(deps, ctx, "orders.status.picking", MANAGER_TEXTS.notAllowed);
    if (!staff) {
      await db.prisma.deliveryCostPrompt.deleteMany({ where: key });
      return;
    }
    let shipment;
    try {
      shipment = await setTrackNumber(db, notifier as DeliveryNotifier, prompt.orderId, ctx.msg.text, staff.actor);
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      // a number that is not one asks again; an order that is gone ends the question
      if (error.kind !== "invalid") await db.prisma.deliveryCostPrompt.deleteMany({ where: key });
      await ctx.reply(error.kind === "not-found" ? MANAGER_TEXTS.orderGone : error.message, error.kind === "invalid" ? { reply_markup: FORCE_REPLY } : {});
      return;
    }
    await db.prisma.deliveryCostPrompt.deleteMany({ where: key });
    const order = await db.transaction((sql) => readOrder(sql, prompt.orderId));
    await ctx.reply(SHIPMENT_TEXTS.trackSaved(order?.number ?? String(prompt.orderId), shipment.trackNumber ?? ""));
  });

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
