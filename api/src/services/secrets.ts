import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "@shop/prisma/db";
import type { Config } from "@shop/core/config";
import { generatePassword, hashPassword, verifyPassword } from "../lib/password";

/**
 * Start-up work runs on plain SQL (`db.read`), not the ORM: Prisma compiles its query compiler (WebAssembly,
 * ≈ 25 MB resident) on its first call, and an instance that only serves the catalogue never needs it.
 */
type StartupDb = Pick<Database, "read">;

/**
 * The JWT secret: JWT_SECRET when set, otherwise one generated on first start and kept in the database,
 * so that every API instance accepts every other instance's tokens.
 */
export async function resolveJwtSecret(db: StartupDb, configured: string | null): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString("base64url");
  await db.read(`INSERT INTO app_settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`, [generated]);
  const [row] = await db.read<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'jwt_secret'`, []);
  if (!row) throw new Error("the JWT secret could not be stored");
  return row.value;
}

const findAdmin = async (db: StartupDb, login: string) =>
  (await db.read<{ password_hash: string }>(`SELECT password_hash FROM admin_users WHERE login = $1`, [login]))[0] ?? null;

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
export async function ensureAdmin(db: StartupDb, config: Config): Promise<AdminAccount> {
  const login = config.adminLogin;
  const existing = await findAdmin(db, login);
  if (config.adminPassword) {
    if (!existing || !(await verifyPassword(config.adminPassword, existing.password_hash))) {
      const passwordHash = await hashPassword(config.adminPassword);
      await db.read(
        `INSERT INTO admin_users (login, password_hash) VALUES ($1, $2)
         ON CONFLICT (login) DO UPDATE SET password_hash = excluded.password_hash`,
        [login, passwordHash],
      );
    }
    return { login, password: config.adminPassword, passwordFile: null };
  }
  const passwordFile = path.join(config.dataDir, "admin-password.txt");
  if (existing) {
    const kept = existsSync(passwordFile) ? readFileSync(passwordFile, "utf8").trim() : null;
    const stillValid = kept ? await verifyPassword(kept, existing.password_hash) : false;
    return { login, password: stillValid ? kept : null, passwordFile: stillValid ? passwordFile : null };
  }
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db.read(`INSERT INTO admin_users (login, password_hash) VALUES ($1, $2) ON CONFLICT (login) DO NOTHING`, [login, passwordHash]);
  const created = await findAdmin(db, login);
  if (!created || !(await verifyPassword(password, created.password_hash))) {
    // another instance created the account at the same moment; its password is the one that counts
    return { login, password: null, passwordFile: null };
  }
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(passwordFile, password + "\n", { mode: 0o600 });
  return { login, password, passwordFile };
}
