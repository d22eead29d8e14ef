import { Composer, type Context } from "grammy";
import { bindTelegram } from "@shop/core/staff";
import { ShopError } from "@shop/core/errors";
import { STAFF_ROLE_LABELS } from "@shop/shared/staff";
import type { BotDeps } from "./deps";
import { escapeHtml } from "./order-text";

export const BIND_BOT_TEXTS = {
  askCode: "Отправьте код из панели управления: /bind КОД",
  privateOnly: "Отправьте код мне в личные сообщения: в общем чате его видят все.",
  bound: (name: string, role: string) =>
    `Готово: этот Telegram привязан к сотруднику «${name}» (${role}). Кнопки под заказами в чате менеджеров теперь работают с вашими правами.`,
} as const;

/** `start=bind_CODE`: the panel's link carries the code (8 characters) as the start parameter */
const START_BIND = /^bind_([A-Za-z0-9]{8})$/;

/**
 * Binding a staff account to the Telegram account that sends its one-time code (docs/telegram.md#managers):
 * `/bind CODE` in a private chat, or the panel's link (start=bind_CODE). Registered before the website
 * checkouts' /start handler: their tokens are 32 characters long, so none is taken for a code.
 */
export function staffBindingFeature({ db, log }: BotDeps): Composer<Context> {
  const feature = new Composer<Context>();

  async function bind(ctx: Context, code: string) {
    if (ctx.chat?.type !== "private") {
      await ctx.reply(BIND_BOT_TEXTS.privateOnly);
      return;
    }
    if (!code.trim()) {
      await ctx.reply(BIND_BOT_TEXTS.askCode);
      return;
    }
    try {
      const staff = await bindTelegram(db.prisma, code, { id: ctx.from!.id, username: ctx.from!.username });
      log.info({ staffId: staff.id, userId: ctx.from!.id }, "staff account bound to Telegram");
      await ctx.reply(BIND_BOT_TEXTS.bound(escapeHtml(staff.name || staff.login), STAFF_ROLE_LABELS[staff.role]), { parse_mode: "HTML" });
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      await ctx.reply(error.message);
    }
  }

  feature.command("bind", (ctx) => bind(ctx, ctx.match));
  feature.chatType("private").command("start", async (ctx, next) => {
    const code = START_BIND.exec(ctx.match)?.[1];
    if (code === undefined) return next();
    await bind(ctx, code);
  });
  return feature;
}
