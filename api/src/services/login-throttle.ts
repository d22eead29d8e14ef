import type { Database } from "@shop/prisma/db";

/**
 * Failed admin sign-ins counted in the database (table login_throttle), so that every API instance sees the same
 * counts (docs/api-admin.md#throttling-429). Nothing is ever locked for good: past its free attempts a key has to
 * wait before its next one, a wait that doubles with every further failure up to a ceiling, and a key's failures are
 * forgotten a day after its last one.
 *
 * Which keys a sign-in counts against depends on the browser (OWASP's device cookies, services/device-cookies.ts):
 * - a browser that signed in to this login before (a valid device cookie) counts against its own key only, so that
 *   nobody else's failures, from any number of addresses, slow it down;
 * - any other client counts against its address and against the login, so that guessing is slow whether it comes
 *   from one address or from many.
 */
export interface ThrottleRule {
  /** failures that cost no wait */
  free: number;
  /** the wait after the first failure past the free ones, in seconds; it doubles with each further one */
  firstWaitSeconds: number;
  /** the longest wait, in seconds */
  maxWaitSeconds: number;
}

/** one client address, whatever the login: 5 free, then 1 s, 2 s, 4 s … up to 15 minutes */
export const ADDRESS_RULE: ThrottleRule = { free: 5, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60 };
/** one login, from every client without its device cookie together: 10 free, then 1 s … up to 5 minutes */
export const LOGIN_RULE: ThrottleRule = { free: 10, firstWaitSeconds: 1, maxWaitSeconds: 5 * 60 };
/** one browser with a device cookie for the login: 10 free, then 1 s … up to 15 minutes */
export const DEVICE_RULE: ThrottleRule = { free: 10, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60 };
/** a key's failures are forgotten this long after its last one */
export const FORGET_AFTER_HOURS = 24;

const normalLogin = (login: string) => login.trim().toLowerCase();
export const loginKey = (login: string) => "login:" + normalLogin(login).slice(0, 150);
export const ipKey = (ip: string) => "ip:" + ip.slice(0, 150);
export const deviceKey = (deviceId: string) => "device:" + deviceId.slice(0, 150);

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

/** Every key a sign-in counts against: its device's, or its address's and its login's. */
export function throttleKeys(login: string, ip: string, deviceId: string | null): ThrottleKey[] {
  return deviceId !== null
    ? [{ key: deviceKey(deviceId), rule: DEVICE_RULE }]
    : [
        { key: ipKey(ip), rule: ADDRESS_RULE },
        { key: loginKey(login), rule: LOGIN_RULE },
      ];
}

/** The wait before the next attempt after `failures` failures, in seconds (0 within the free ones). */
export function waitSeconds(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxWaitSeconds, rule.firstWaitSeconds * 2 ** (failures - rule.free));
}

/** the wait of a row as SQL: the same rule as waitSeconds, $2 free, $3 first wait, $4 longest */
const WAIT = `CASE WHEN t.failures < $2 THEN 0 ELSE least($4::float8, $3::float8 * power(2, t.failures - $2)) END`;
const FORGOTTEN = `t.last_failure_at <= now() - interval '${FORGET_AFTER_HOURS} hours'`;

/**
 * Counts an attempt as a failure before the password is checked, in one statement per key, unless the key still
 * has to wait: so that a burst of attempts sent at once, to one instance or to several, is counted attempt by
 * attempt and cannot slip past the wait together. Returns the seconds to wait when a key must (its attempt is not
 * counted, and the others' are taken back), null when the attempt may go on.
 */
export async function takeAttempt(db: Database, keys: readonly ThrottleKey[]): Promise<number | null> {
  const taken: ThrottleKey[] = [];
  for (const entry of keys) {
    const { rule } = entry;
    const [row] = await db.read<{ failures: number }>(
      `INSERT INTO login_throttle AS t (key, failures, last_failure_at) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN ${FORGOTTEN} THEN 1 ELSE t.failures + 1 END,
         last_failure_at = now()
       WHERE ${FORGOTTEN} OR t.last_failure_at + ${WAIT} * interval '1 second' <= now()
       RETURNING t.failures`,
      [entry.key, rule.free, rule.firstWaitSeconds, rule.maxWaitSeconds],
    );
    if (row) {
      taken.push(entry);
      continue;
    }
    for (const done of taken) await giveBack(db, done.key);
    const [waiting] = await db.read<{ seconds: number }>(
      `SELECT ceil(extract(epoch FROM (t.last_failure_at + ${WAIT} * interval '1 second' - now())))::int AS seconds
         FROM login_throttle t WHERE t.key = $1`,
      [entry.key, rule.free, rule.firstWaitSeconds, rule.maxWaitSeconds],
    );
    return Math.max(1, waiting?.seconds ?? 1);
  }
  // keep the table small: now and then forget keys whose last failure is long past
  if (Math.random() < 0.02) {
    await db.read(`DELETE FROM login_throttle t WHERE ${FORGOTTEN}`, []);
  }
  return null;
}

/** Takes back an attempt counted by takeAttempt that was not a failure after all (the right password). */
export async function giveBack(db: Database, key: string): Promise<void> {
  await db.read(`UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key = $1`, [key]);
}

/** Forgets a key's failures: the login's after the right password. */
export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.read(`DELETE FROM login_throttle WHERE key = $1`, [key]);
}
