/**
 * Telegram Mini App detection without the SDK and without imports (the entry, main.tsx, asks it before the app's
 * code is fetched): Telegram opens the app with launch parameters in the URL hash
 * (`#tgWebAppData=...&tgWebAppVersion=...`). The SDK keeps them in sessionStorage ('tapps/launchParams') so a
 * reload after client-side navigation still knows; we read the same places. On the plain website this costs a
 * string search.
 */
// a type only: this module still imports nothing at run time
import type { TelegramUser } from "@shop/shared/telegram-user";

/** The user in the launch data. */
export type TelegramWebAppUser = TelegramUser;

export interface TelegramLaunch {
  /** the raw, still signed initData query string: sent as X-Telegram-Init-Data, verified by the server */
  initData: string | null;
  user: TelegramWebAppUser | null;
  platform: string | null;
  startParam: string | null;
}

const SDK_STORAGE_KEY = "tapps/launchParams";
const OWN_STORAGE_KEY = "shop/tg-launch";

function launchQueryFrom(text: string): string | null {
  const query = text.replace(/^[^?#]*[?#]/, "").replace(/[?#]/g, "&");
  return /(^|&)tgWebApp(Data|Version|Platform)=/.test(query) ? query : null;
}

function fromSession(key: string): string | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    // the SDK stores the query JSON-encoded; ours is the bare query
    const value = raw.startsWith('"') ? (JSON.parse(raw) as unknown) : raw;
    return typeof value === "string" ? launchQueryFrom("?" + value) : null;
  } catch {
    return null;
  }
}

export function parseLaunchQuery(query: string): TelegramLaunch {
  const params = new URLSearchParams(query);
  const initData = params.get("tgWebAppData") || null;
  let user: TelegramWebAppUser | null = null;
  let startParam: string | null = params.get("tgWebAppStartParam");
  if (initData) {
    const data = new URLSearchParams(initData);
    startParam ??= data.get("start_param");
    try {
      const parsed = JSON.parse(data.get("user") ?? "null") as unknown;
      if (parsed && typeof parsed === "object" && typeof (parsed as TelegramWebAppUser).id === "number") {
        user = parsed as TelegramWebAppUser;
      }
    } catch {
      user = null;
    }
  }
  return { initData, user, platform: params.get("tgWebAppPlatform"), startParam };
}

function detect(): TelegramLaunch | null {
  if (typeof window === "undefined") return null;
  const query = launchQueryFrom(window.location.href) ?? fromSession(SDK_STORAGE_KEY) ?? fromSession(OWN_STORAGE_KEY);
  if (!query) return null;
  try {
    window.sessionStorage.setItem(OWN_STORAGE_KEY, query);
  } catch {
    // private mode: detection still works for this page view
  }
  return parseLaunchQuery(query);
}

let launch: TelegramLaunch | null | undefined;

/** The launch parameters when running inside Telegram, else null. Computed once per page load. */
export function telegramLaunch(): TelegramLaunch | null {
  if (launch === undefined) launch = detect();
  return launch;
}

export function isInTelegram(): boolean {
  return telegramLaunch() !== null;
}

/** For tests: forget what was detected. */
export function forgetTelegramLaunch(): void {
  launch = undefined;
}
