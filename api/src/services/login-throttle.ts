import { Prisma, type PrismaClient } from "@shop/prisma/db";

/**
 * Failed admin sign-ins counted in the database (table login_throttle), so every API instance sees the same
 * counts. A key is "pair:<login>|<address>", "login:<login>" or "ip:<address>"; its failures count within a fixed
 * window that starts at the first failure. Reaching a key's limit locks it until the window ends.
 * Guessing one login from one address locks that pair only, so the right password from another address still
 * signs in (docs/api-admin.md#sign-in-limits); the login's own bound is much higher and stops guessing it from
 * many addresses at once.
 */
export const LOGIN_THROTTLE_WINDOW_MINUTES = 15;
/** wrong passwords for one login from one address in a window */
export const PAIR_MAX_FAILURES = 5;
/** wrong passwords for one login from every address together in a window */
export const LOGIN_MAX_FAILURES = 100;
/** wrong passwords from one address in a window, over every instance (the per-instance request limit is separate) */
export const IP_MAX_FAILURES = 30;

const WINDOW = Prisma.raw(`interval '${LOGIN_THROTTLE_WINDOW_MINUTES} minutes'`);

const normalLogin = (login: string) => login.trim().toLowerCase();
export const loginKey = (login: string) => "login:" + normalLogin(login).slice(0, 150);
export const ipKey = (ip: string) => "ip:" + ip.slice(0, 150);
export const pairKey = (login: string, ip: string) => "pair:" + normalLogin(login).slice(0, 100) + "|" + ip.slice(0, 90);

/** Every key a sign-in of this login from this address counts against. */
export const throttleKeys = (login: string, ip: string): string[] => [pairKey(login, ip), loginKey(login), ipKey(ip)];

const limitOf = (key: string) => (key.startsWith("pair:") ? PAIR_MAX_FAILURES : key.startsWith("login:") ? LOGIN_MAX_FAILURES : IP_MAX_FAILURES);

/** Seconds until the first locked key of these unlocks, or null when none is locked. */
export async function lockedForSeconds(prisma: PrismaClient, keys: string[]): Promise<number | null> {
  const rows = await prisma.$queryRaw<{ key: string; failures: number; retry_after: number }[]>`
    SELECT key, failures,
           ceil(extract(epoch FROM (window_start + ${WINDOW} - now())))::int AS retry_after
    FROM login_throttle
    WHERE key IN (${Prisma.join(keys)}) AND window_start > now() - ${WINDOW}`;
  const locked = rows.filter((row) => row.failures >= limitOf(row.key)).map((row) => Math.max(1, row.retry_after));
  return locked.length > 0 ? Math.max(...locked) : null;
}

/** Counts one failure for the key, opening a new window when the last one is over. */
export async function recordFailure(prisma: PrismaClient, key: string): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO login_throttle (key, failures, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.window_start <= now() - ${WINDOW} THEN 1 ELSE login_throttle.failures + 1 END,
      window_start = CASE WHEN login_throttle.window_start <= now() - ${WINDOW} THEN now() ELSE login_throttle.window_start END`;
  // keep the table small: now and then forget windows that ended long ago
  if (Math.random() < 0.02) {
    await prisma.$executeRaw`DELETE FROM login_throttle WHERE window_start < now() - interval '1 day'`;
  }
}

export async function clearFailures(prisma: PrismaClient, key: string): Promise<void> {
  await prisma.$executeRaw`DELETE FROM login_throttle WHERE key = ${key}`;
}
