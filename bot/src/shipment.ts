import { Composer, type Context } from "grammy";
import { DeliveryDesk, registerCdekShipment, setTrackNumber, type DeliveryNotifier } from "@shop/core/delivery";
import { readOrder } from "@shop/core/orders";
import { ShopError } from "@shop/core/errors";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";
import { MANAGER_TEXTS } from "./manager";

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
 * СДЭК as the admin panel does; the customer gets the track number once it is known. Manager chats only.
 */
export function shipmentFeature({ db, notifier, config, log }: BotDeps): Composer<Context> {
  const managerChats = new Set(config.telegram.managerChatIds.map(String));
  const desk = new DeliveryDesk(db, config.delivery);
  const feature = new Composer<Context>();

  // 'Ввести трек-номер': the manager's next message in that chat is the number (remembered in the database)
  feature.callbackQuery(/^tn:/, async (ctx) => {
    const chatId = ctx.callbackQuery.message?.chat.id;
    if (chatId === undefined || !managerChats.has(String(chatId))) {
      log.warn({ chatId, userId: ctx.from.id }, "track number button pressed outside a manager chat");
      await ctx.answerCallbackQuery({ text: MANAGER_TEXTS.notAllowed, show_alert: true });
      return;
    }
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
    if (!managerChats.has(String(ctx.chat.id)) || !ctx.from) return next();
    const key = { chatId: BigInt(ctx.chat.id), userId: BigInt(ctx.from.id) };
    const prompt = await db.prisma.deliveryCostPrompt.findUnique({ where: { chatId_userId: key } });
    if (!prompt || prompt.purpose !== "track_number" || ctx.msg.text.startsWith("/")) return next();
    const who = ctx.from.username ? `@${ctx.from.username}` : [ctx.from.first_name, ctx.from.last_name].filter(Boolean).join(" ");
    let shipment;
    try {
      shipment = await setTrackNumber(db, notifier as DeliveryNotifier, prompt.orderId, ctx.msg.text, { staffId: null, staffName: who, via: "bot" });
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
