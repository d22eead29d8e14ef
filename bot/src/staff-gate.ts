import type { Context } from "grammy";
import type { AuditActor } from "@shop/core/audit";
import { anyTelegramBound, staffName, staffOfTelegram } from "@shop/core/staff";
import { can, STAFF_ROLE_LABELS, type Permission } from "@shop/shared/staff";
import type { BotDeps } from "./deps";

export const STAFF_GATE_TEXTS = {
  notManagerChat: "Менять заказы можно только в чате менеджеров магазина.",
  notBound:
    "Вы не привязаны к учётной записи сотрудника. Получите код в панели управления («Сотрудники» → «Привязать Telegram») и отправьте мне /bind КОД.",
  accountOff: "Ваша учётная запись сотрудника отключена.",
  notPermitted: (role: string) => `Недостаточно прав для этого действия (роль «${role}»).`,
} as const;

/** The person a manager button acts as: for the audit log, and for the card's «изменил». */
export interface BotStaff {
  actor: AuditActor;
  /** the name the card shows */
  name: string;
}

/**
 * Who pressed a manager button, and may they (docs/telegram.md#managers). The button must be in one of the
 * managers' chats (MANAGER_CHAT_IDS); the presser must be a staff account bound to their Telegram id, switched on,
 * whose role has `permission`. A shop that has bound nobody yet works as before: a press in a managers' chat has
 * the owner's rights and is logged under the presser's Telegram name. Anything else is refused with an alert, and
 * null is answered: the caller changes nothing.
 */
export async function staffForPress(
  deps: BotDeps,
  ctx: Context,
  permission: Permission,
  /** the refusal outside the managers' chats, in the words of the button's feature */
  notManagerChat: string = STAFF_GATE_TEXTS.notManagerChat,
): Promise<BotStaff | null> {
  const chatId = ctx.callbackQuery?.message?.chat.id ?? ctx.chat?.id;
  const from = ctx.from!;
  const refuse = async (text: string) => {
    deps.log.warn({ chatId, userId: from.id, permission }, "manager button refused");
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
    else await ctx.reply(text);
    return null;
  };
  if (chatId === undefined || !deps.config.telegram.managerChatIds.some((id) => String(id) === String(chatId))) {
    return refuse(notManagerChat);
  }
  const account = await staffOfTelegram(deps.db.prisma, from.id);
  if (account) {
    if (!account.active) return refuse(STAFF_GATE_TEXTS.accountOff);
    if (!can(account.role, permission)) return refuse(STAFF_GATE_TEXTS.notPermitted(STAFF_ROLE_LABELS[account.role]));
    const name = staffName(account);
    return { actor: { staffId: account.id, staffName: name, via: "bot" }, name };
  }
  if (await anyTelegramBound(deps.db.prisma)) return refuse(STAFF_GATE_TEXTS.notBound);
  const name = from.username ? `@${from.username}` : [from.first_name, from.last_name].filter(Boolean).join(" ");
  return { actor: { staffId: null, staffName: `Telegram: ${name}`.slice(0, 200), via: "bot" }, name };
}
