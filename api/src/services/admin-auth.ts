import { randomBytes } from "node:crypto";
import type { Database } from "@shop/prisma/db";
import type { LoginResponse } from "@shop/shared/schemas/admin";
import { hashPassword, verifyPassword } from "../lib/password";
import { HttpError, badRequest } from "../http-errors";
import { ACCOUNT_OFF } from "../plugins/app/auth";
import { clearFailures, giveBack, takeAttempt, throttleKeys } from "./login-throttle";

export const WRONG_CREDENTIALS = "Неверный логин или пароль";

/** Checked against when the login does not exist, so an unknown login takes as long as a wrong password. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString("hex")));

export function tooManyAttempts(seconds: number): HttpError {
  const wait = seconds < 60 ? `${seconds} с` : `${Math.ceil(seconds / 60)} мин`;
  return new HttpError(429, `Слишком много неудачных попыток входа. Повторите через ${wait}.`);
}

/**
 * Verifies a sign-in and returns the admin it belongs to. Blank fields → 400. The attempt is counted as a failure
 * before the password is checked (services/login-throttle.ts): against the browser's own key when it brings a valid
 * device cookie for this login (`deviceId`), else against its address and the login; a key that still has to wait
 * → 429 with the seconds, even for the right password, so that a key's wait cannot be skipped by guessing right. A
 * wrong login or password → 401 with one message for both. The right one takes its attempt back and forgets the
 * login's (or the device's) failures.
 */
export async function authenticateAdmin(
  db: Database,
  input: { login: string; password: string; ip: string; deviceId: string | null },
): Promise<{ id: number; login: string; sessionVersion: number }> {
  const login = input.login.trim();
  const errors: Record<string, string> = {};
  if (!login) errors.login = "Введите логин";
  if (!input.password.trim()) errors.password = "Введите пароль";
  if (errors.login && errors.password) throw badRequest("Введите логин и пароль", errors);
  if (errors.login || errors.password) throw badRequest((errors.login ?? errors.password)!, errors);

  const keys = throttleKeys(login, input.ip, input.deviceId);
  const wait = await takeAttempt(db, keys);
  if (wait !== null) throw tooManyAttempts(wait);

  const admin = await db.prisma.adminUser.findUnique({ where: { login } });
  const valid = await verifyPassword(input.password, admin?.passwordHash ?? (await getDummyHash()));
  if (!admin || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
  if (!admin.active) throw new HttpError(403, ACCOUNT_OFF);
  // the address keeps what it guessed at other logins; the login (or the device) starts afresh
  for (const { key } of keys) {
    if (key.startsWith("ip:")) await giveBack(db, key);
    else await clearFailures(db, key);
  }
  return { id: admin.id, login: admin.login, sessionVersion: admin.sessionVersion };
}

export function loginResponse(token: string, login: string, expiresAtSeconds: number): LoginResponse {
  return { token, login, expiresAt: new Date(expiresAtSeconds * 1000).toISOString() };
}
