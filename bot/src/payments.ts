import { Composer, GrammyError, type Context } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { ShopError } from "@shop/core/errors";
import type { Order } from "@shop/core/orders";
import { readOrder } from "@shop/core/orders";
import { checkDeliveryCost, checkPreCheckout, issueInvoice, recordPayment } from "@shop/core/payments";
import { formatPrice } from "@shop/shared/format";
import { toRoubles, type Kopecks } from "@shop/shared/money";
import type { BotDeps } from "./deps";
import { parseCallback } from "./callback-data";
import { canInvoice, deliveryCostKeyboard, managerKeyboard } from "./keyboards";
import { managerOrderText } from "./order-text";
import { staffForPress } from "./staff-gate";

export const PAYMENT_BOT_TEXTS = {
  notAllowed: "Выставлять счета могут только менеджеры магазина.",
  orderGone: "Заказ не найден: возможно, его удалили.",
  pickCost: "Выберите стоимость доставки",
  askCost: (number: string) => `Введите стоимость доставки для заказа №${number} в рублях, например 420`,
  askCostToast: "Напишите сумму ответом на сообщение",
  invoiceSent: (total: Kopecks) => `Счёт на ${formatPrice(toRoubles(total))} отправлен покупателю`,
  invoiceSentFor: (number: string, total: Kopecks) => `Счёт по заказу №${number} на ${formatPrice(toRoubles(total))} отправлен покупателю.`,
} as const;

/**
 * sendMessage's force_reply: the manager's answer is a reply to the bot, which a group bot in privacy mode still
 * sees. Not selective: the question answers a button press, not a message it could reply to; only the manager who
 * pressed has the question pending, so another manager's reply is not taken for the sum.
 */
const FORCE_REPLY = { force_reply: true as const, input_field_placeholder: "Например, 420" };

/**
 * Payment in Telegram (docs/payments.md). Managers: 'Выставить счёт' under an order's card opens the delivery
 * costs; a sum (or 'Другая сумма' and a number typed in the chat, remembered in the database until it comes)
 * fixes the delivery and queues the invoice for the customer. Customers: the pre-checkout query is answered from
 * the database, and a successful payment is recorded once.
 */
export function paymentsFeature(deps: BotDeps): Composer<Context> {
  const { db, notifier, config, log } = deps;
  const managerChats = new Set(config.telegram.managerChatIds.map(String));
  const paymentsOn = config.payments !== null;
  const feature = new Composer<Context>();

  const cardMarkup = (order: Order): InlineKeyboardMarkup => managerKeyboard(order.id, order.status, canInvoice(order, paymentsOn));
  const redraw = (ctx: Context, order: Order, reply_markup: InlineKeyboardMarkup) =>
    ctx
      .editMessageText(managerOrderText(order), { parse_mode: "HTML", reply_markup, link_preview_options: { is_disabled: true } })
      .catch((error) => {
        if (!(error instanceof GrammyError && error.description.includes("message is not modified"))) throw error;
      });

  /** the order, or null after telling the manager it is gone */
  async function orderFor(ctx: Context, orderId: number): Promise<Order | null> {
    const order = await db.transaction((sql) => readOrder(sql, orderId));
    if (!order) await ctx.answerCallbackQuery({ text: PAYMENT_BOT_TEXTS.orderGone, show_alert: true });
    return order;
  }

  feature.callbackQuery(/^(iv|ib|dc):/, async (ctx) => {
    const action = parseCallback(ctx.callbackQuery.data);
    if (action?.kind !== "invoice" && action?.kind !== "invoice-back" && action?.kind !== "delivery-cost") {
      await ctx.answerCallbackQuery();
      return;
    }
    // invoices are the managers': a «Сборщик» sees no prices (docs/telegram.md#managers)
    const staff = await staffForPress(deps, ctx, "payments", PAYMENT_BOT_TEXTS.notAllowed);
    if (!staff) return;
    const chatId = ctx.callbackQuery.message!.chat.id;
    const order = await orderFor(ctx, action.orderId);
    if (!order) return;
    if (action.kind === "invoice") {
      await ctx.answerCallbackQuery({ text: PAYMENT_BOT_TEXTS.pickCost });
      await redraw(ctx, order, deliveryCostKeyboard(order.id));
      return;
    }
    if (action.kind === "invoice-back") {
      await ctx.answerCallbackQuery();
      await redraw(ctx, order, cardMarkup(order));
      return;
    }
    if (action.rubles === "other") {
      await db.prisma.deliveryCostPrompt.upsert({
        where: { chatId_userId: { chatId: BigInt(chatId), userId: BigInt(ctx.from.id) } },
        create: { chatId: BigInt(chatId), userId: BigInt(ctx.from.id), orderId: order.id, purpose: "delivery_cost" },
        update: { orderId: order.id, purpose: "delivery_cost", createdAt: new Date() },
      });
      await ctx.answerCallbackQuery({ text: PAYMENT_BOT_TEXTS.askCostToast });
      await ctx.reply(PAYMENT_BOT_TEXTS.askCost(order.number), { reply_markup: FORCE_REPLY });
      return;
    }
    let invoiced: Order;
    try {
      invoiced = await issueInvoice(db, notifier, order.id, action.rubles, paymentsOn, staff.actor);
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      await ctx.answerCallbackQuery({ text: error.message, show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery({ text: PAYMENT_BOT_TEXTS.invoiceSent(invoiced.totals.total) });
    await redraw(ctx, invoiced, cardMarkup(invoiced));
  });

  // 'Другая сумма': the manager's next message in that chat is the sum
  feature.on("message:text", async (ctx, next) => {
    if (!managerChats.has(String(ctx.chat.id)) || !ctx.from) return next();
    const key = { chatId: BigInt(ctx.chat.id), userId: BigInt(ctx.from.id) };
    const prompt = await db.prisma.deliveryCostPrompt.findUnique({ where: { chatId_userId: key } });
    if (!prompt || prompt.purpose !== "delivery_cost" || ctx.msg.text.startsWith("/")) return next();
    // asked again: the person's rights may have changed since the button
    const staff = await staffForPress(deps, ctx, "payments", PAYMENT_BOT_TEXTS.notAllowed);
    if (!staff) {
      await db.prisma.deliveryCostPrompt.deleteMany({ where: key });
      return;
    }
    let invoiced: Order;
    try {
      checkDeliveryCost(ctx.msg.text);
      invoiced = await issueInvoice(db, notifier, prompt.orderId, ctx.msg.text, paymentsOn, staff.actor);
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      // a sum that is not one asks again; an order that cannot be invoiced ends the question
      if (error.kind !== "invalid") await db.prisma.deliveryCostPrompt.deleteMany({ where: key });
      await ctx.reply(error.message, error.kind === "invalid" ? { reply_markup: FORCE_REPLY } : {});
      return;
    }
    await db.prisma.deliveryCostPrompt.deleteMany({ where: key });
    await ctx.reply(PAYMENT_BOT_TEXTS.invoiceSentFor(invoiced.number, invoiced.totals.total));
  });

  feature.on("pre_checkout_query", async (ctx) => {
    const query = ctx.preCheckoutQuery;
    const answer = await checkPreCheckout(db, { payload: query.invoice_payload, currency: query.currency, totalAmount: query.total_amount });
    if (!answer.ok) log.warn({ payload: query.invoice_payload, reason: answer.message }, "pre-checkout refused");
    await ctx.answerPreCheckoutQuery(answer.ok, answer.ok ? undefined : { error_message: answer.message });
  });

  feature.on("message:successful_payment", async (ctx) => {
    const paid = ctx.msg.successful_payment;
    const record = await recordPayment(db, notifier, {
      payload: paid.invoice_payload,
      currency: paid.currency,
      totalAmount: paid.total_amount,
      telegramChargeId: paid.telegram_payment_charge_id,
      providerChargeId: paid.provider_payment_charge_id,
    });
    if (record.status === "unknown-order") log.error({ payload: paid.invoice_payload, charge: paid.telegram_payment_charge_id }, "a payment names no order");
  });

  return feature;
}
