import { createHmac, timingSafeEqual } from "node:crypto";
import type { TelegramUser } from "./telegram-user";

export type { TelegramUser };

export type InitDataResult =
  | { ok: true; user: TelegramUser | null; authDate: Date; startParam: string | null }
  | { ok: false; reason: "malformed" | "bad-hash" | "stale" | "future" };

function secretKey(botToken: string): Buffer {
  return createHmac("sha256", "WebAppData").update(botToken).digest();
}

/** Every field but `hash`, as `key=value` lines sorted by key (Telegram's data-check-string). */
function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== "hash")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");
}

/**
 * Validates the raw initData string a Mini App received from Telegram: HMAC-SHA256 keyed with
 * HMAC-SHA256("WebAppData", bot token), compared in constant time; auth_date must be neither older than
 * maxAgeSeconds nor more than a minute in the future.
 */
export function validateInitData(raw: string, botToken: string, maxAgeSeconds: number, now = Date.now()): InitDataResult {
  if (raw.length > 8192) return { ok: false, reason: "malformed" };
  const params = new URLSearchParams(raw);
  const hash = params.get("hash");
  const authDateRaw = params.get("auth_date");
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash) || !authDateRaw || !/^\d{1,12}$/.test(authDateRaw)) {
    return { ok: false, reason: "malformed" };
  }
  const expected = createHmac("sha256", secretKey(botToken)).update(dataCheckString(params)).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, "hex"))) return { ok: false, reason: "bad-hash" };

  const authDate = new Date(Number(authDateRaw) * 1000);
  if (authDate.getTime() > now + 60_000) return { ok: false, reason: "future" };
  if (now - authDate.getTime() > maxAgeSeconds * 1000) return { ok: false, reason: "stale" };

  let user: TelegramUser | null = null;
  const userRaw = params.get("user");
  if (userRaw) {
    try {
      const parsed = JSON.parse(userRaw) as TelegramUser;
      if (typeof parsed?.id !== "number" || !Number.isSafeInteger(parsed.id)) return { ok: false, reason: "malformed" };
      user = parsed;
    } catch {
      return { ok: false, reason: "malformed" };
    }
  }
  return { ok: true, user, authDate, startParam: params.get("start_param") };
}

/** Signs initData the way Telegram does; used by tests and by local development tooling. */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const params = new URLSearchParams(fields);
  const hash = createHmac("sha256", secretKey(botToken)).update(dataCheckString(params)).digest("hex");
  params.set("hash", hash);
  return params.toString();
}
