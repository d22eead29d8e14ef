import type { PrismaClient } from "@shop/prisma/db";
import { isStaffRole, STAFF_ROLE_LABELS, type StaffRole } from "@shop/shared/staff";
import { looksEmpty } from "@shop/shared/text";
import { recordAudit, type AuditActor } from "../audit";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { prismaTransactionSql } from "@shop/prisma/db";

/**
 * Staff accounts of the admin panel (docs/product.md#staff-and-roles): the owner creates them, changes their name,
 * role and password, and switches them off. Every change is written to the audit log in its own transaction.
 * Passwords arrive plain and leave hashed by the caller's hasher: the core keeps no cryptography of sign-in.
 */

export const STAFF_NOT_FOUND = "Сотрудник не найден";
export const LOGIN_INVALID = "Логин: от 3 до 64 латинских букв, цифр, точек, дефисов и подчёркиваний";
export const LOGIN_TAKEN = "Такой логин уже есть";
export const NAME_REQUIRED = "Введите имя сотрудника";
export const PASSWORD_TOO_SHORT = "Пароль должен быть не короче 8 символов";
export const ROLE_INVALID = "Роль: Владелец, Менеджер или Сборщик";
export const NOT_YOURSELF = "Свою учётную запись нельзя отключить или лишить роли владельца";

export interface StaffAccount {
  id: number;
  login: string;
  name: string;
  role: StaffRole;
  active: boolean;
  createdAt: Date;
  /** the Telegram account bound to it (docs/telegram.md#managers), or null */
  telegramId: bigint | null;
}

/** What a signed-in request needs to know about its account. */
export interface StaffSession {
  id: number;
  login: string;
  name: string;
  role: StaffRole;
  active: boolean;
  sessionVersion: number;
}

export type PasswordHasher = (password: string) => Promise<string>;

export const select = { id: true, login: true, name: true, role: true, active: true, createdAt: true, telegramId: true } as const;

/** An account's name for people: its name, or its login when it has none. */
export const staffName = (account: { name: string; login: string }) => account.name.trim() || account.login;

export function checkLogin(raw: string): string {
  const login = raw.trim();
  if (!/^[A-Za-z0-9._-]{3,64}$/.test(login)) throw invalid(LOGIN_INVALID, { login: LOGIN_INVALID });
  return login;
}

export function checkName(raw: string): string {
  const name = raw.replace(/\s+/g, " ").trim();
  if (looksEmpty(name)) throw invalid(NAME_REQUIRED, { name: NAME_REQUIRED });
  return name;
}

export function checkRole(raw: string): StaffRole {
  if (!isStaffRole(raw)) throw invalid(ROLE_INVALID, { role: ROLE_INVALID });
  return raw;
}

/**
 * Runs every field's check and gathers their messages, so that one 400 names each bad field; the checked values
 * when all pass.
 */
export function checkFields<T extends Record<string, () => unknown>>(checks: T): { [K in keyof T]: ReturnType<T[K]> } {
  const errors: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [field, check] of Object.entries(checks)) {
    try {
      values[field] = check();
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (!fields) throw error;
      Object.assign(errors, fields);
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(Object.values(errors)[0]!, errors);
  return values as { [K in keyof T]: ReturnType<T[K]> };
}

export function checkPassword(password: string): string {
  if (password.length < 8) throw invalid(PASSWORD_TOO_SHORT, { password: PASSWORD_TOO_SHORT });
  return password;
}

export const forLog = (account: { login: string; name: string; role: StaffRole; active: boolean }) => ({
  login: account.login,
  name: account.name,
  role: STAFF_ROLE_LABELS[account.role],
  active: account.active,
});

export async function listStaff(prisma: PrismaClient): Promise<StaffAccount[]> {
  return prisma.adminUser.findMany({ select, orderBy: [{ active: "desc" }, { id: "asc" }] });
}

/** The account a token names, for the check of every admin request; null when it no longer exists. */
export async function findStaffSession(prisma: PrismaClient, id: number): Promise<StaffSession | null> {
  return prisma.adminUser.findUnique({
    where: { id },
    select: { id: true, login: true, name: true, role: true, active: true, sessionVersion: true },
  });
}

export async function createStaff(
  prisma: PrismaClient,
  actor: AuditActor,
  body: { login: string; name: string; password: string; role: string },
  hash: PasswordHasher,
): Promise<StaffAccount> {
  const { login, name, role, password } = checkFields({
    login: () => checkLogin(body.login),
    name: () => checkName(body.name),
    role: () => checkRole(body.role),
    password: () => checkPassword(body.password),
  });
  const passwordHash = await hash(password);
  return prisma.$transaction(async (tx) => {
    const taken = await tx.adminUser.findFirst({ where: { login: { equals: login, mode: "insensitive" } }, select: { id: true } });
    if (taken) throw conflict(LOGIN_TAKEN);
    const account = await tx.adminUser.create({ data: { login, name, role, passwordHash }, select });
    await recordAudit(prismaTransactionSql(tx), actor, {
      kind: "staff",
      action: "create",
      entityId: account.id,
      label: account.login,
      after: forLog(account),
    });
    return account;
  });
}

/**
 * Changes an account. Switching it off, a new password or a new role raises its session version: its tokens
 * are refused from the next request on. Owners cannot switch themselves off or give up their own role, so the
 * shop always keeps an owner who can sign in.
 */
export async function updateStaff(
  prisma: PrismaClient,
  actor: AuditActor,
  id: number,
  body: { name?: string; role?: string; active?: boolean; password?: string },
  hash: PasswordHasher,
): Promise<StaffAccount> {
  const name = body.name === undefined ? undefined : checkName(body.name);
  const role = body.role === undefined ? undefined : checkRole(body.role);
  const passwordHash = body.password === undefined ? undefined : await hash(checkPassword(body.password));
  return prisma.$transaction(async (tx) => {
    const current = await tx.adminUser.findUnique({ where: { id }, select });
    if (!current) throw notFound(STAFF_NOT_FOUND);
    if (id === actor.staffId && ((role !== undefined && role !== current.role) || body.active === false)) throw forbidden(NOT_YOURSELF);
    const endsSessions =
      passwordHash !== undefined || (role !== undefined && role !== current.role) || (body.active === false && current.active);
    const account = await tx.adminUser.update({
      where: { id },
      data: {
        name,
        role,
        active: body.active,
        passwordHash,
        ...(endsSessions ? { sessionVersion: { increment: 1 } } : {}),
      },
      select,
    });
    const before = forLog(current);
    const after = forLog(account);
    const changed: string[] = Object.keys(after).filter((key) => before[key as keyof typeof before] !== after[key as keyof typeof after]);
    if (changed.length === 0 && passwordHash === undefined) return account;
    await recordAudit(prismaTransactionSql(tx), actor, {
      kind: "staff",
      action: passwordHash !== undefined && changed.length === 0 ? "password" : "update",
      entityId: account.id,
      label: account.login,
      before: Object.fromEntries(changed.map((key) => [key, before[key as keyof typeof before]])),
      after: {
        ...Object.fromEntries(changed.map((key) => [key, after[key as keyof typeof after]])),
        ...(passwordHash !== undefined ? { password: "изменён" } : {}),
      },
    });
    return account;
  });
}
