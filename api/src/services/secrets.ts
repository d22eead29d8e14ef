import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@shop/prisma/db";
import type { Config } from "../config";
import { generatePassword, hashPassword, verifyPassword } from "../lib/password";

/**
 * The JWT secret: JWT_SECRET when set, otherwise one generated on first start and kept in the database,
 * so that every API instance accepts every other instance's tokens.
 */
export async function resolveJwtSecret(prisma: PrismaClient, configured: string | null): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString("base64url");
  await prisma.appSetting.createMany({ data: [{ key: "jwt_secret", value: generated }], skipDuplicates: true });
  const row = await prisma.appSetting.findUniqueOrThrow({ where: { key: "jwt_secret" } });
  return row.value;
}

export interface AdminAccount {
  login: string;
  /** the plain password when this start generated it or it came from the environment; null when unknown */
  password: string | null;
  /** where the generated password is kept */
  passwordFile: string | null;
}

/**
 * Makes sure the admin account exists. ADMIN_PASSWORD wins and is re-applied at every start; without it a
 * password is generated once and written to DATA_DIR/admin-password.txt (mode 600) for the owner to read.
 */
export async function ensureAdmin(prisma: PrismaClient, config: Config): Promise<AdminAccount> {
  const login = config.adminLogin;
  const existing = await prisma.adminUser.findUnique({ where: { login } });
  if (config.adminPassword) {
    if (!existing || !(await verifyPassword(config.adminPassword, existing.passwordHash))) {
      const passwordHash = await hashPassword(config.adminPassword);
      await prisma.adminUser.upsert({ where: { login }, create: { login, passwordHash }, update: { passwordHash } });
    }
    return { login, password: config.adminPassword, passwordFile: null };
  }
  const passwordFile = path.join(config.dataDir, "admin-password.txt");
  if (existing) {
    const kept = existsSync(passwordFile) ? readFileSync(passwordFile, "utf8").trim() : null;
    const stillValid = kept ? await verifyPassword(kept, existing.passwordHash) : false;
    return { login, password: stillValid ? kept : null, passwordFile: stillValid ? passwordFile : null };
  }
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await prisma.adminUser.createMany({ data: [{ login, passwordHash }], skipDuplicates: true });
  const created = await prisma.adminUser.findUniqueOrThrow({ where: { login } });
  if (!(await verifyPassword(password, created.passwordHash))) {
    // another instance created the account at the same moment; its password is the one that counts
    return { login, password: null, passwordFile: null };
  }
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(passwordFile, password + "\n", { mode: 0o600 });
  return { login, password, passwordFile };
}
