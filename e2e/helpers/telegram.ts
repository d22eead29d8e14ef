import type { BrowserContext, Page } from "playwright-core";
import { signInitData } from "../../api/src/lib/telegram-init-data";

/**
 * A Telegram client for the shop's Mini App in Chromium, imitated the way Telegram's mobile clients present
 * themselves to a web app (docs.telegram-mini-apps.com, "Launch Parameters" and "Methods"/"Events"):
 * - the launch parameters (initData signed with the bot token, platform, version, theme) in the URL hash;
 * - `window.TelegramWebviewProxy.postEvent(type, json)` receives the app's method calls (recorded here);
 * - `window.Telegram.WebView.receiveEvent(type, data)` delivers Telegram's events: button presses, theme changes
 *   and the answers to the viewport, safe-area and theme requests (answered here as an iPhone would).
 * Used by e2e/mini-app.test.ts and scripts/mini-app-preview.ts.
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

export interface TelegramUserData {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

/** initData as Telegram signs it: every field (signature included) under the bot token's HMAC. */
export function signedInitData(botToken: string, user: TelegramUserData, startParam?: string): string {
  return signInitData(
    {
      query_id: `AAE${user.id}`,
      user: JSON.stringify({ ...user, allows_write_to_pm: true }),
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
  /** also print every call to the console (the preview script shows them in the terminal) */
  log: boolean;
}

/** Runs in the page before the app (addInitScript): the Telegram client. */
function fakeTelegramClient(setup: ClientSetup) {
  const w = window as unknown as {
    __tg: { events: TelegramEvent[]; theme: Record<string, string> };
    TelegramWebviewProxy: { postEvent(type: string, data?: string): void };
    Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
  };
  w.__tg = { events: [], theme: setup.theme };
  const reply = (type: string, data: unknown) => setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), 0);
  w.TelegramWebviewProxy = {
    postEvent(type, json) {
      const data = json ? JSON.parse(json) : undefined;
      w.__tg.events.push({ type, data, at: Date.now() });
      if (setup.log) console.info(`[telegram] ${type}${json ? " " + json : ""}`);
      if (type === "web_app_request_viewport") {
        reply("viewport_changed", { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true });
      } else if (type === "web_app_request_safe_area") reply("safe_area_changed", setup.safeArea);
      else if (type === "web_app_request_content_safe_area") reply("content_safe_area_changed", setup.contentSafeArea);
      else if (type === "web_app_request_theme") reply("theme_changed", { theme_params: w.__tg.theme });
    },
  };
}

/** Every page of the context gets the Telegram client. */
export async function installTelegramClient(context: BrowserContext, theme: ThemeName, options: { log?: boolean } = {}): Promise<void> {
  const setup: ClientSetup = { theme: THEMES[theme], safeArea: SAFE_AREA, contentSafeArea: CONTENT_SAFE_AREA, log: options.log ?? false };
  // as source text: under tsx (esbuild keepNames) the function's text calls a `__name` helper the page lacks
  await context.addInitScript({
    content: `var __name = (fn) => fn;\n(${fakeTelegramClient.toString()})(${JSON.stringify(setup)});`,
  });
}

/** The app's method calls so far. */
export const telegramEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tg: { events: TelegramEvent[] } }).__tg.events);

/** Telegram delivers an event to the app (what its client does when a native button is pressed). */
export async function emitTelegramEvent(page: Page, type: string, data?: unknown): Promise<void> {
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
