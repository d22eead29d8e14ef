/**
 * Telegram inside the shop: the launch (detected in telegram-launch.ts, re-exported here), the identifying headers,
 * and the SDK (@telegram-apps/sdk-react), which is only downloaded inside Telegram (see loadTelegramSdk).
 */
import { forgetTelegramLaunch, isInTelegram, telegramLaunch, type TelegramWebAppUser } from "./telegram-launch";

export { isInTelegram, parseLaunchQuery, telegramLaunch, type TelegramLaunch, type TelegramWebAppUser } from "./telegram-launch";

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
  forgetTelegramLaunch();
  sdkPromise = null;
  loadedSdk = null;
}
