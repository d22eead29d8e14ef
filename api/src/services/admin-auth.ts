import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@shop/prisma/db";
import type { LoginResponse } from "@shop/shared/schemas/admin";
import { hashPassword, verifyPassword } from "../lib/password";
import { HttpError, badRequest } from "../plugins/app/errors";
import { clearFailures, lockedForSeconds, throttleKeys, recordFailure } from "./login-throttle";

export const WRONG_CREDENTIALS = "Неверный логин или пароль";

/** Checked against when the login does not exist, so an unknown login takes as long as a wrong password. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString("hex")));

export function tooManyAttempts(seconds: number): HttpError {
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(429, `Слишком много неудачных попыток входа. Повторите через ${minutes} мин.`);
}

/**
 * Verifies a sign-in and returns the admin it belongs to. Blank fields → 400; this login from this address, the
 * login from everywhere, or the address with too many recent failures → 429 (checked before the password, so a locked login cannot be guessed either);
 * a wrong login or password → 401 with one message for both.
 */
export async function authenticateAdmin(
  prisma: PrismaClient,
  input: { login: string; password: string; ip: string },
): Promise<{ id: number; login: string }> {
  const login = input.login.trim();
  const errors: Record<string, string> = {};
  if (!login) errors.login = "Введите логин";
  if (!input.password.trim()) errors.password = "Введите пароль";
  if (errors.login && errors.password) throw badRequest("Введите логин и пароль", errors);
  if (errors.login || errors.password) throw badRequest((errors.login ?? errors.password)!, errors);

  const keys = throttleKeys(login, input.ip);
  const locked = await lockedForSeconds(prisma, keys);
  if (locked !== null) throw tooManyAttempts(locked);

  const admin = await prisma.adminUser.findUnique({ where: { login } });
  const valid = await verifyPassword(input.password, admin?.passwordHash ?? (await getDummyHash()));
  if (!admin || !valid) {
    for (const key of keys) await recordFailure(prisma, key);
    throw new HttpError(401, WRONG_CREDENTIALS);
  }
  // the pair and the login start afresh; the address keeps what it guessed at other logins
  await clearFailures(prisma, keys[0]!);
  await clearFailures(prisma, keys[1]!);
  return { id: admin.id, login: admin.login };
}

export function loginResponse(token: string, login: string, expiresAtSeconds: number): LoginResponse {
  return { token, login, expiresAt: new Date(expiresAtSeconds * 1000).toISOString() };
}
