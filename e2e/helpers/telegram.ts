import type { BrowserContext, Page } from "playwright-core";
import { signInitData } from "@shop/shared/telegram-init-data";

/**
 * A Telegram client for the shop's Mini App in Chromium, imitated the way Telegram's mobile clients present
 * themselves to a web app (docs.telegram-mini-apps.com, "Launch Parameters" and "Methods"/"Events"):
 * - the launch parameters (initData signed with the bot token, platform, version, theme) in the URL hash;
 * - `window.TelegramWebviewProxy.postEvent(type, json)` receives the app's method calls (recorded here);
 * - `window.Telegram.WebView.receiveEvent(type, data)` delivers Telegram's events: button presses, theme changes
 *   and the answers to the viewport, safe-area and theme requests (answered here as an iPhone would);
 * - the user's answers to the app's requests: the contact (web_app_request_phone, then the custom method
 *   getRequestedContact), write access, the home screen and full screen;
 * - CloudStorage (web_app_invoke_custom_method: getStorageValues, saveStorageValue…) kept by the test in a
 *   `TelegramCloudStorage`, which several browser contexts may share: one user's devices.
 * Used by the browser tests (through mini-app.ts: a page with this client, a signed launch) and
 * scripts/mini-app-preview.ts.
 */

/** Telegram iOS's default themes. */
export const THEMES = {
  light: {
    bg_color: "#ffffff",
    text_color: "#000000",
    hint_color: "#8e8e93",
    link_color: "#007aff",
    button_color: "#007aff",
    button_text_color: "#ffffff",
    secondary_bg_color: "#efeff4",
    header_bg_color: "#f7f7f7",
    accent_text_color: "#007aff",
    section_bg_color: "#ffffff",
    section_header_text_color: "#6d6d72",
    subtitle_text_color: "#8e8e93",
    destructive_text_color: "#ff3b30",
    section_separator_color: "#c8c7cc",
    bottom_bar_bg_color: "#f2f2f2",
  },
  dark: {
    bg_color: "#000000",
    text_color: "#ffffff",
    hint_color: "#98989e",
    link_color: "#3e88f7",
    button_color: "#3e88f7",
    button_text_color: "#ffffff",
    secondary_bg_color: "#1c1c1d",
    header_bg_color: "#1a1a1a",
    accent_text_color: "#3e88f7",
    section_bg_color: "#2c2c2e",
    section_header_text_color: "#8d8e93",
    subtitle_text_color: "#98989e",
    destructive_text_color: "#eb5545",
    section_separator_color: "#545458",
    bottom_bar_bg_color: "#1d1d1d",
  },
} as const;
export type ThemeName = keyof typeof THEMES;

/** An iPhone: the home indicator's safe area at the bottom; no Telegram controls over the page (not fullscreen). */
export const SAFE_AREA = { top: 0, bottom: 34, left: 0, right: 0 };
export const CONTENT_SAFE_AREA = { top: 0, bottom: 0, left: 0, right: 0 };
/** Full screen on that iPhone: the status bar on top, and Telegram's close and menu buttons under it. */
export const FULLSCREEN_SAFE_AREA = { top: 47, bottom: 34, left: 0, right: 0 };
export const FULLSCREEN_CONTENT_SAFE_AREA = { top: 46, bottom: 0, left: 0, right: 0 };

/** Telegram's limits on CloudStorage (Bot API, «CloudStorage»): key 1–128 of A-Z a-z 0-9 _ -, value ≤ 4096. */
const CLOUD_KEY = /^[A-Za-z0-9_-]{1,128}$/;
const CLOUD_VALUE_MAX = 4096;
const CLOUD_KEYS_MAX = 1024;

/** One Telegram user's CloudStorage, held by the test; answers the custom methods as Telegram does. */
export class TelegramCloudStorage {
  readonly values = new Map<string, string>();
  /** every call: method and params */
  readonly calls: { method: string; params: Record<string, unknown> }[] = [];

  call(method: string, params: Record<string, unknown>): { result?: unknown; error?: string } {
    this.calls.push({ method, params });
    const keys = (params.keys ?? []) as unknown[];
    if (method === "getStorageValues" || method === "deleteStorageValues") {
      if (!Array.isArray(keys) || keys.some((key) => typeof key !== "string" || !CLOUD_KEY.test(key))) return { error: "STORAGE_KEY_INVALID" };
      if (method === "deleteStorageValues") {
        for (const key of keys as string[]) this.values.delete(key);
        return { result: true };
      }
      return { result: Object.fromEntries((keys as string[]).map((key) => [key, this.values.get(key) ?? ""])) };
    }
    if (method === "saveStorageValue") {
      const { key, value } = params as { key?: unknown; value?: unknown };
      if (typeof key !== "string" || !CLOUD_KEY.test(key)) return { error: "STORAGE_KEY_INVALID" };
      if (typeof value !== "string" || value.length > CLOUD_VALUE_MAX) return { error: "STORAGE_VALUE_INVALID" };
      if (!this.values.has(key) && this.values.size >= CLOUD_KEYS_MAX) return { error: "STORAGE_KEYS_TOO_MUCH" };
      this.values.set(key, value);
      return { result: true };
    }
    if (method === "getStorageKeys") return { result: [...this.values.keys()] };
    return { error: "UNKNOWN_METHOD" };
  }
}

/** What the user answers when the app asks. */
export interface TelegramUserAnswers {
  /** the shared contact's phone ('79161234567' as Telegram sends it); null: the user declines */
  phone?: string | null;
  /** the answer to web_app_request_write_access */
  writeAccess?: "allowed" | "cancelled";
  /**
   * home_screen_checked's status; by default 'unsupported' (as Telegram Desktop answers), so the order screen
   * closes itself as before unless a test imitates a client that can add the shortcut ('missed')
   */
  homeScreen?: "unsupported" | "unknown" | "added" | "missed";
}

export interface TelegramUserData {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  /** true unless a test says otherwise: false (never started the bot), or undefined (Telegram did not say) */
  allows_write_to_pm?: boolean;
}

/** initData as Telegram signs it: every field (signature included) under the bot token's HMAC. */
export function signedInitData(botToken: string, user: TelegramUserData, startParam?: string): string {
  return signInitData(
    {
      query_id: `AAE${user.id}`,
      user: JSON.stringify("allows_write_to_pm" in user ? user : { ...user, allows_write_to_pm: true }),
      auth_date: String(Math.floor(Date.now() / 1000)),
      signature: "ZTJlLXNpZ25hdHVyZS1ub3QtY2hlY2tlZC1ieS10aGUtc2hvcA",
      ...(startParam ? { start_param: startParam } : {}),
    },
    botToken,
  );
}

/** The address Telegram opens: the page plus the launch parameters in the hash. */
export function launchUrl(path: string, initData: string, theme: ThemeName, startParam?: string): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "ios",
    tgWebAppThemeParams: JSON.stringify(THEMES[theme]),
    ...(startParam ? { tgWebAppStartParam: startParam } : {}),
  });
  return `${path}#${params.toString()}`;
}

export interface TelegramEvent {
  type: string;
  data?: Record<string, unknown>;
  at: number;
}

interface ClientSetup {
  theme: Record<string, string>;
  safeArea: object;
  contentSafeArea: object;
  fullscreenSafeArea: object;
  fullscreenContentSafeArea: object;
  user: { id: number; first_name: string; last_name?: string } | null;
  answers: Required<TelegramUserAnswers>;
  /** also print every call to the console (the preview script shows them in the terminal) */
  log: boolean;
  /** how long the client takes to answer the viewport's requests (a slow phone), in ms */
  viewportDelayMs: number;
}

/** Runs in the page before the app (addInitScript): the Telegram client. */
function fakeTelegramClient(setup: ClientSetup) {
  const w = window as unknown as {
    __tg: { events: TelegramEvent[]; theme: Record<string, string>; contactShared: boolean; homeScreen: string };
    __tgCloudStorage?: (method: string, params: unknown) => Promise<{ result?: unknown; error?: string }>;
    TelegramWebviewProxy: { postEvent(type: string, data?: string): void };
    Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
  };
  w.__tg = { events: [], theme: setup.theme, contactShared: false, homeScreen: setup.answers.homeScreen };
  const reply = (type: string, data?: unknown, delayMs = 0) => setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), delayMs);
  const answerMethod = async (request: { req_id: string; method: string; params: Record<string, unknown> }) => {
    if (request.method === "getRequestedContact") {
      if (!w.__tg.contactShared || !setup.user || !setup.answers.phone) return { error: "no contact shared" };
      const contact = { user_id: setup.user.id, phone_number: setup.answers.phone, first_name: setup.user.first_name, last_name: setup.user.last_name };
      const authDate = String(Math.floor(Date.now() / 1000));
      return { result: new URLSearchParams({ contact: JSON.stringify(contact), auth_date: authDate, hash: "e2e".padEnd(64, "0") }).toString() };
    }
    if (!w.__tgCloudStorage) return { error: "UNKNOWN_METHOD" };
    return w.__tgCloudStorage(request.method, request.params ?? {});
  };
  w.TelegramWebviewProxy = {
    postEvent(type, json) {
      const data = json ? JSON.parse(json) : undefined;
      w.__tg.events.push({ type, data, at: Date.now() });
      if (setup.log) console.info(`[telegram] ${type}${json ? " " + json : ""}`);
      if (type === "web_app_request_viewport") {
        const viewport = { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true };
        reply("viewport_changed", viewport, setup.viewportDelayMs);
      } else if (type === "web_app_request_safe_area") reply("safe_area_changed", setup.safeArea, setup.viewportDelayMs);
      else if (type === "web_app_request_content_safe_area") reply("content_safe_area_changed", setup.contentSafeArea, setup.viewportDelayMs);
      else if (type === "web_app_request_theme") reply("theme_changed", { theme_params: w.__tg.theme });
      else if (type === "web_app_invoke_custom_method") {
        void answerMethod(data).then((answer) => reply("custom_method_invoked", { req_id: data.req_id, ...answer }));
      } else if (type === "web_app_request_phone") {
        w.__tg.contactShared = setup.answers.phone !== null;
        reply("phone_requested", { status: w.__tg.contactShared ? "sent" : "cancelled" });
      } else if (type === "web_app_request_write_access") reply("write_access_requested", { status: setup.answers.writeAccess });
      else if (type === "web_app_check_home_screen") reply("home_screen_checked", { status: w.__tg.homeScreen });
      else if (type === "web_app_add_to_home_screen") {
        w.__tg.homeScreen = "added";
        reply("home_screen_added");
      } else if (type === "web_app_request_fullscreen" || type === "web_app_exit_fullscreen") {
        const full = type === "web_app_request_fullscreen";
        reply("fullscreen_changed", { is_fullscreen: full });
        reply("safe_area_changed", full ? setup.fullscreenSafeArea : setup.safeArea);
        reply("content_safe_area_changed", full ? setup.fullscreenContentSafeArea : setup.contentSafeArea);
      }
    },
  };
}

export interface ClientOptions extends TelegramUserAnswers {
  /** also print every call to the console (the preview script shows them in the terminal) */
  log?: boolean;
  /** how long the client takes to answer the viewport's requests, in ms (default 0) */
  viewportDelayMs?: number;
  /** the user's CloudStorage; pass one storage to several contexts for one user's devices (default: a new one) */
  cloudStorage?: TelegramCloudStorage;
  /** whose contact is shared (the launch's user) */
  user?: TelegramUserData;
}

/** Every page of the context gets the Telegram client. */
export async function installTelegramClient(context: BrowserContext, theme: ThemeName, options: ClientOptions = {}): Promise<void> {
  const setup: ClientSetup = {
    theme: THEMES[theme],
    safeArea: SAFE_AREA,
    contentSafeArea: CONTENT_SAFE_AREA,
    fullscreenSafeArea: FULLSCREEN_SAFE_AREA,
    fullscreenContentSafeArea: FULLSCREEN_CONTENT_SAFE_AREA,
    user: options.user ? { id: options.user.id, first_name: options.user.first_name, last_name: options.user.last_name } : null,
    answers: {
      phone: options.phone === undefined ? "79161234567" : options.phone,
      writeAccess: options.writeAccess ?? "allowed",
      homeScreen: options.homeScreen ?? "unsupported",
    },
    log: options.log ?? false,
    viewportDelayMs: options.viewportDelayMs ?? 0,
  };
  const storage = options.cloudStorage ?? new TelegramCloudStorage();
  await context.exposeFunction("__tgCloudStorage", (method: string, params: Record<string, unknown>) => storage.call(method, params));
  // as source text: under tsx (esbuild keepNames) the function's text calls a `__name` helper the page lacks
  await context.addInitScript({
    content: `var __name = (fn) => fn;\n(${fakeTelegramClient.toString()})(${JSON.stringify(setup)});`,
  });
}

/** The app's method calls so far. */
export const telegramEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tg: { events: TelegramEvent[] } }).__tg.events);

/**
 * Telegram delivers an event to the app (what its client does when a native button is pressed). The app receives
 * events once its SDK has started (lib/telegram-sdk.ts sets it all up in one go); the SDK is a chunk of its own, and
 * on a busy machine the app's pages may be on screen well before it arrives.
 */
export async function emitTelegramEvent(page: Page, type: string, data?: unknown): Promise<void> {
  await page.waitForFunction(
    () => typeof (window as unknown as { Telegram?: { WebView?: { receiveEvent?: unknown } } }).Telegram?.WebView?.receiveEvent === "function",
  );
  await page.evaluate(
    ([eventType, eventData]) =>
      (window as unknown as { Telegram: { WebView: { receiveEvent(type: string, data?: unknown): void } } }).Telegram.WebView.receiveEvent(
        eventType as string,
        eventData,
      ),
    [type, data] as const,
  );
}

/** Switches the client's theme as Telegram does when the user changes it: the new colours, then theme_changed. */
export async function changeTelegramTheme(page: Page, theme: ThemeName): Promise<void> {
  await page.evaluate((colours) => {
    (window as unknown as { __tg: { theme: object } }).__tg.theme = colours;
  }, THEMES[theme]);
  await emitTelegramEvent(page, "theme_changed", { theme_params: THEMES[theme] });
}
