import { createHash, randomInt } from "node:crypto";
import { prismaTransactionSql, type PrismaClient } from "@shop/prisma/db";
import type { StaffRole } from "@shop/shared/staff";
import { recordAudit, type AuditActor } from "../audit";
import { invalid, notFound } from "../errors";
import { staffName, STAFF_NOT_FOUND } from "./staff";

/**
 * The bot's managers are staff accounts (docs/telegram.md#managers): the panel shows a one-time code, the person
 * sends it to the bot (`/bind CODE`, or the start link), and their Telegram id is kept on the account. A press on a
 * manager button is then done by that account, with its role's rights. Only the code's SHA-256 is stored.
 */

/** how long a binding code works */
export const BIND_CODE_TTL_MS = 15 * 60 * 1000;
/** no 0/O, 1/I/L: a code is read off a screen and typed */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

export const BIND_TEXTS = {
  codeUnknown: "Код привязки не подошёл: он неверный, уже использован или истёк. Получите новый в панели управления.",
  accountOff: "Эта учётная запись сотрудника отключена.",
} as const;

const hashOf = (code: string) => createHash("sha256").update(code).digest("hex");

/** What a typed code becomes before it is looked up: upper case, without spaces and dashes. */
export const normalizeBindCode = (raw: string) => raw.replace(/[\s-]/g, "").toUpperCase();

export interface StaffOfTelegram {
  id: number;
  login: string;
  name: string;
  role: StaffRole;
  active: boolean;
}

const staffSelect = { id: true, login: true, name: true, role: true, active: true } as const;

/**
 * A new binding code for an account (the one before it stops working). The code is answered once and kept
 * only as its hash; it works for BIND_CODE_TTL_MS.
 */
export async function issueBindingCode(prisma: PrismaClient, staffId: number, now = new Date()): Promise<{ code: string; expiresAt: Date }> {
  const code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
  const expiresAt = new Date(now.getTime() + BIND_CODE_TTL_MS);
  const updated = await prisma.adminUser.updateMany({ where: { id: staffId }, data: { bindCodeHash: hashOf(code), bindCodeExpiresAt: expiresAt } });
  if (updated.count === 0) throw notFound(STAFF_NOT_FOUND);
  return { code, expiresAt };
}

/**
 * Binds the Telegram account that sent a code to the code's staff account, once: the code is used up in the same
 * statement that finds it, so two sends of one code bind once. A Telegram account bound elsewhere moves to this
 * account. Logged as the person's own change, from the bot.
 */
export async function bindTelegram(
  prisma: PrismaClient,
  rawCode: string,
  telegram: { id: number; username?: string | null },
  now = new Date(),
): Promise<StaffOfTelegram> {
  const code = normalizeBindCode(rawCode);
  if (!/^[A-Z0-9]{4,16}$/.test(code)) throw invalid(BIND_TEXTS.codeUnknown);
  return prisma.$transaction(async (tx) => {
    const sql = prismaTransactionSql(tx);
    const [claimed] = await sql.query<{ id: number }>(
      `UPDATE admin_users SET bind_code_hash = NULL, bind_code_expires_at = NULL
        WHERE bind_code_hash = $1 AND bind_code_expires_at > $2 RETURNING id`,
      [hashOf(code), now],
    );
    if (!claimed) throw invalid(BIND_TEXTS.codeUnknown);
    const account = (await tx.adminUser.findUnique({ where: { id: claimed.id }, select: { ...staffSelect, telegramId: true } }))!;
    if (!account.active) throw invalid(BIND_TEXTS.accountOff);
    const telegramId = BigInt(telegram.id);
    const elsewhere = await tx.adminUser.findFirst({ where: { telegramId, id: { not: account.id } }, select: { id: true, login: true } });
    if (elsewhere) await tx.adminUser.update({ where: { id: elsewhere.id }, data: { telegramId: null } });
    await tx.adminUser.update({ where: { id: account.id }, data: { telegramId } });
    const who = telegram.username ? `@${telegram.username}` : `id ${telegram.id}`;
    await recordAudit(sql, { staffId: account.id, staffName: staffName(account), via: "bot" }, {
      kind: "staff",
      action: "telegram_bind",
      entityId: account.id,
      label: account.login,
      before: account.telegramId === null ? null : { telegram: `id ${account.telegramId}` },
      after: { telegram: who, ...(elsewhere ? { moved_from: elsewhere.login } : {}) },
    });
    const { telegramId: _bound, ...staff } = account;
    return staff;
  });
}

/** Ends an account's binding (the owner's action from the panel); logged. */
export async function unbindTelegram(prisma: PrismaClient, actor: AuditActor, staffId: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const account = await tx.adminUser.findUnique({ where: { id: staffId }, select: { login: true, telegramId: true } });
    if (!account) throw notFound(STAFF_NOT_FOUND);
    if (account.telegramId === null) return;
    await tx.adminUser.update({ where: { id: staffId }, data: { telegramId: null, bindCodeHash: null, bindCodeExpiresAt: null } });
    await recordAudit(prismaTransactionSql(tx), actor, {
      kind: "staff",
      action: "telegram_unbind",
      entityId: staffId,
      label: account.login,
      before: { telegram: `id ${account.telegramId}` },
      after: { telegram: null },
    });
  });
}

/** The staff account a Telegram user is bound to, or null. */
export async function staffOfTelegram(prisma: PrismaClient, telegramId: number): Promise<StaffOfTelegram | null> {
  return prisma.adminUser.findUnique({ where: { telegramId: BigInt(telegramId) }, select: staffSelect });
}

/** Whether any account is bound: until one is, the managers' chats work as before (docs/telegram.md#managers). */
export async function anyTelegramBound(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.adminUser.count({ where: { telegramId: { not: null } } })) > 0;
}
