/**
 * Telegram Mini App detection without the SDK: Telegram opens the app with launch parameters in the URL hash
 * (`#tgWebAppData=...&tgWebAppVersion=...`). The SDK keeps them in sessionStorage ('tapps/launchParams') so a
 * reload after client-side navigation still knows; we read the same places. On the plain website this costs a
 * string search, and the SDK (@telegram-apps/sdk-react) is only downloaded inside Telegram (see loadTelegramSdk).
 */

export interface TelegramWebAppUser {
  id: number;
  is_bot?: boolean;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  photo_url?: string;
  /** whether the bot may write to the user (they started it, or allowed it from the Mini App) */
  allows_write_to_pm?: boolean;
}

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

export function telegramInitData(): string | null {
  return telegramLaunch()?.initData ?? null;
}

export function telegramUser(): TelegramWebAppUser | null {
  return telegramLaunch()?.user ?? null;
}

/** Headers that identify the shopper to the API: the signed initData (and the bare id, for development servers). */
export function telegramHeaders(): Record<string, string> {
  const current = telegramLaunch();
  const headers: Record<string, string> = {};
  if (current?.initData) headers["X-Telegram-Init-Data"] = current.initData;
  if (current?.user) headers["X-Telegram-User-Id"] = String(current.user.id);
  return headers;
}

export type TelegramSdk = import("./telegram-sdk").TelegramSdk;
let sdkPromise: Promise<TelegramSdk | null> | null = null;
let loadedSdk: TelegramSdk | null = null;

/**
 * The Telegram SDK, initialised (theme, viewport, buttons: lib/telegram-sdk.ts); only ever downloaded inside
 * Telegram. Resolves null on the plain website or when initialisation fails (the shop keeps working as a website).
 */
export function loadTelegramSdk(): Promise<TelegramSdk | null> {
  if (!isInTelegram()) return Promise.resolve(null);
  sdkPromise ??= import("./telegram-sdk")
    .then(({ setUpMiniApp }) => (loadedSdk = setUpMiniApp()))
    .catch((error: unknown) => {
      console.warn("telegram: SDK unavailable", error);
      return null;
    });
  return sdkPromise;
}

/** Runs `action` with the SDK once it is there (inside Telegram only); failures are logged, never thrown. */
export function withTelegramSdk(action: (sdk: TelegramSdk) => void): void {
  if (!isInTelegram()) return;
  const run = (sdk: TelegramSdk | null) => {
    try {
      if (sdk) action(sdk);
    } catch (error) {
      console.warn("telegram: call failed", error);
    }
  };
  if (loadedSdk) run(loadedSdk);
  else void loadTelegramSdk().then(run);
}

/** Haptic feedback inside Telegram: a light tap (add to cart), success (order placed) or error. */
export function telegramHaptic(kind: "impact" | "success" | "error"): void {
  withTelegramSdk((sdk) => {
    if (kind === "impact") sdk.hapticFeedbackImpactOccurred.ifAvailable("light");
    else sdk.hapticFeedbackNotificationOccurred.ifAvailable(kind);
  });
}

/**
 * Inside the Mini App, opens a link through Telegram: t.me links in Telegram itself (a share link opens the chat
 * picker), others in the browser. False when that is not possible; the caller then opens it as a website would.
 */
export function openLinkInTelegram(url: string): boolean {
  if (!loadedSdk) return false;
  try {
    if (/^https:\/\/t\.me\//.test(url)) {
      if (!loadedSdk.openTelegramLink.isAvailable()) return false;
      loadedSdk.openTelegramLink(url);
    } else {
      if (!loadedSdk.openLink.isAvailable()) return false;
      loadedSdk.openLink(url);
    }
    return true;
  } catch (error) {
    console.warn("telegram: cannot open link", error);
    return false;
  }
}

/** Closes the Mini App (order success does this after 5 s). */
export async function closeTelegramApp(): Promise<void> {
  const sdk = await loadTelegramSdk();
  try {
    sdk?.closeMiniApp.ifAvailable();
  } catch (error) {
    console.warn("telegram: cannot close", error);
  }
}

/** For tests: forget what was detected. */
export function resetTelegramDetection(): void {
  launch = undefined;
  sdkPromise = null;
  loadedSdk = null;
}
