import { Prisma, type PrismaClient } from "@shop/prisma/db";

/**
 * Failed admin sign-ins counted in the database (table login_throttle), so every API instance sees the same
 * counts. A key is "login:<login>" or "ip:<address>"; its failures count within a fixed window that starts at
 * the first failure. Reaching the limit locks the key until the window ends.
 */
export const LOGIN_THROTTLE_WINDOW_MINUTES = 15;
/** wrong passwords for one login in a window: stops guessing one account from many addresses */
export const LOGIN_MAX_FAILURES = 5;
/** wrong passwords from one address in a window, over every instance (the per-instance request limit is separate) */
export const IP_MAX_FAILURES = 30;

const WINDOW = Prisma.raw(`interval '${LOGIN_THROTTLE_WINDOW_MINUTES} minutes'`);

export const loginKey = (login: string) => "login:" + login.trim().toLowerCase().slice(0, 150);
export const ipKey = (ip: string) => "ip:" + ip.slice(0, 150);

const limitOf = (key: string) => (key.startsWith("login:") ? LOGIN_MAX_FAILURES : IP_MAX_FAILURES);

/** Seconds until the first locked key of these unlocks, or null when none is locked. */
export async function lockedForSeconds(prisma: PrismaClient, keys: [string, string]): Promise<number | null> {
  const rows = await prisma.$queryRaw<{ key: string; failures: number; retry_after: number }[]>`
    SELECT key, failures,
           ceil(extract(epoch FROM (window_start + ${WINDOW} - now())))::int AS retry_after
    FROM login_throttle
    WHERE key IN (${keys[0]}, ${keys[1]}) AND window_start > now() - ${WINDOW}`;
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
