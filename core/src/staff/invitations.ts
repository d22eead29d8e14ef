import { createHash, randomBytes } from "node:crypto";
import { prismaTransactionSql, type PrismaClient } from "@shop/prisma/db";
import { STAFF_ROLE_LABELS, type StaffRole } from "@shop/shared/staff";
import { recordAudit, type AuditActor } from "../audit";
import { conflict, notFound } from "../errors";
import {
  checkFields,
  checkLogin,
  checkName,
  checkPassword,
  checkRole,
  forLog,
  LOGIN_TAKEN,
  select,
  staffName,
  type PasswordHasher,
  type StaffAccount,
} from "./staff";

/**
 * One-time invitations of new staff (docs/product.md#staff-and-roles): the owner picks a role (and perhaps a
 * name) and gets a link; the person opens it, chooses a login and a password, and has an account with that role.
 * A link works once and for INVITATION_TTL_MS; only its token's SHA-256 is kept.
 */

export const INVITATION_TTL_MS = 72 * 3600 * 1000;
export const INVITATION_GONE = "Приглашение не найдено, уже использовано или истекло. Попросите владельца магазина прислать новое.";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

export interface Invitation {
  role: StaffRole;
  name: string;
  expiresAt: Date;
}

export async function createInvitation(
  prisma: PrismaClient,
  actor: AuditActor,
  body: { role: string; name?: string },
  now = new Date(),
): Promise<Invitation & { token: string }> {
  const role = checkRole(body.role);
  const name = body.name === undefined || body.name.trim() === "" ? "" : checkName(body.name);
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  return prisma.$transaction(async (tx) => {
    const invitation = await tx.staffInvitation.create({
      data: { tokenHash: hashOf(token), role, name, createdById: actor.staffId, expiresAt },
      select: { id: true },
    });
    await recordAudit(prismaTransactionSql(tx), actor, {
      kind: "staff",
      action: "invite",
      entityId: null,
      label: name || `приглашение №${invitation.id}`,
      after: { role: STAFF_ROLE_LABELS[role], name, expires_at: expiresAt.toISOString() },
    });
    return { token, role, name, expiresAt };
  });
}

/** An invitation that can still be accepted, for the page that opens from its link. */
export async function readInvitation(prisma: PrismaClient, token: string, now = new Date()): Promise<Invitation> {
  if (!TOKEN.test(token)) throw notFound(INVITATION_GONE);
  const row = await prisma.staffInvitation.findUnique({ where: { tokenHash: hashOf(token) }, select: { role: true, name: true, expiresAt: true, usedAt: true } });
  if (!row || row.usedAt !== null || row.expiresAt <= now) throw notFound(INVITATION_GONE);
  return { role: row.role, name: row.name, expiresAt: row.expiresAt };
}

/**
 * The person's own login, name and password for an invitation: the account is created with the invitation's role
 * and the invitation used up in one transaction, so a link opened twice makes one account. Logged as the new
 * account's own action.
 */
export async function acceptInvitation(
  prisma: PrismaClient,
  token: string,
  body: { login: string; name: string; password: string },
  hash: PasswordHasher,
  now = new Date(),
): Promise<StaffAccount> {
  if (!TOKEN.test(token)) throw notFound(INVITATION_GONE);
  const { login, name, password } = checkFields({
    login: () => checkLogin(body.login),
    name: () => checkName(body.name),
    password: () => checkPassword(body.password),
  });
  const passwordHash = await hash(password);
  return prisma.$transaction(async (tx) => {
    const sql = prismaTransactionSql(tx);
    const [claimed] = await sql.query<{ id: number; role: StaffRole }>(
      `UPDATE staff_invitations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING id, role::text AS role`,
      [hashOf(token), now],
    );
    if (!claimed) throw notFound(INVITATION_GONE);
    const taken = await tx.adminUser.findFirst({ where: { login: { equals: login, mode: "insensitive" } }, select: { id: true } });
    if (taken) throw conflict(LOGIN_TAKEN);
    const account = await tx.adminUser.create({ data: { login, name, role: claimed.role, passwordHash }, select });
    await tx.staffInvitation.update({ where: { id: claimed.id }, data: { staffId: account.id } });
    await recordAudit(sql, { staffId: account.id, staffName: staffName(account), via: "panel" }, {
      kind: "staff",
      action: "accept",
      entityId: account.id,
      label: account.login,
      after: forLog(account),
    });
    return account;
  });
}
