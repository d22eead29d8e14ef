/**
 * Everything that talks to @telegram-apps/sdk-react. Only `lib/telegram.ts` imports this file, and only dynamically,
 * inside Telegram: it and the SDK form the `telegram-sdk-*.js` chunk, which website visitors never download.
 */
import * as sdk from "@telegram-apps/sdk-react";

export type TelegramSdk = typeof sdk;

/** How long to wait for Telegram to answer a request (viewport, safe areas) before carrying on without it. */
const REQUEST_TIMEOUT_MS = 3000;

function attempt(what: string, action: () => unknown): void {
  try {
    const result = action();
    if (result instanceof Promise) result.catch((error: unknown) => console.warn(`telegram: ${what} failed`, error));
  } catch (error) {
    console.warn(`telegram: ${what} failed`, error);
  }
}

/** The page's colour scheme follows Telegram's theme: `data-theme` picks the dark variants of the shop's own colours. */
function followColorScheme(): void {
  const apply = () => {
    document.documentElement.dataset.theme = sdk.isThemeParamsDark() ? "dark" : "light";
  };
  apply();
  sdk.isThemeParamsDark.sub(apply);
}

/**
 * Viewport: full height, and CSS variables for the safe areas (`--tg-viewport-safe-area-inset-*`,
 * `--tg-viewport-content-safe-area-inset-*`) and the stable height (`--tg-viewport-stable-height`, which bottom
 * elements are pinned to). The stable height is written only once it is known: Telegram reports 0 while the
 * sheet is still moving, and a 0 would push the bottom bar off the screen.
 */
function setUpViewport(): void {
  attempt("expand", () => sdk.expandViewport.ifAvailable());
  if (!sdk.mountViewport.isAvailable()) return;
  const mounted = sdk.mountViewport({ timeout: REQUEST_TIMEOUT_MS }).then(() => {
    sdk.bindViewportCssVars.ifAvailable((key) => {
      if (key === "stableHeight" || key === "height" || key === "width") return null;
      return `--tg-viewport-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
    });
    const writeStableHeight = () => {
      const height = sdk.viewportStableHeight();
      if (height > 0) document.documentElement.style.setProperty("--tg-viewport-stable-height", `${height}px`);
    };
    writeStableHeight();
    sdk.viewportStableHeight.sub(writeStableHeight);
  });
  attempt("viewport", () => mounted);
}

/**
 * Whether a Telegram client can hear the app: the mobile and desktop clients inject `TelegramWebviewProxy`, the web
 * clients run the app in an iframe, old Windows Phone clients answer `external.notify`. Launch parameters alone are
 * not enough: a link copied out of Telegram carries them into a plain browser, where the app must stay a website
 * (its own buttons, not a MainButton nobody draws).
 */
function telegramClientPresent(): boolean {
  const w = window as unknown as { TelegramWebviewProxy?: { postEvent?: unknown }; external?: { notify?: unknown } };
  if (typeof w.TelegramWebviewProxy?.postEvent === "function") return true;
  if (typeof w.external?.notify === "function") return true;
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

let ready = false;

/**
 * Initialises the SDK once (only where `isTMA()` finds Telegram's launch parameters, as the SDK requires), binds the
 * theme to `--tg-theme-*` CSS variables, expands the viewport, mounts the buttons and closing behaviour the shop
 * uses, and tells Telegram the app is ready. Returns null when this is not a Mini App after all (no launch
 * parameters the SDK accepts, or no Telegram client to talk to).
 */
export function setUpMiniApp(): TelegramSdk | null {
  if (ready) return sdk;
  if (!sdk.isTMA() || !telegramClientPresent()) return null;
  // an older client lacks methods the SDK itself calls (on a theme change it sends the bottom bar's colour, Bot API
  // 7.10): such a call is skipped with a warning instead of throwing from inside the SDK's event handling
  sdk.init({ postEvent: sdk.createPostEvent(sdk.retrieveLaunchParams().tgWebAppVersion, "non-strict") });
  ready = true;

  attempt("theme", () => {
    sdk.mountThemeParamsSync.ifAvailable();
    sdk.bindThemeParamsCssVars.ifAvailable();
    followColorScheme();
    // the launch parameters hold the theme the app was opened in; a change before this moment went to no one, so
    // ask for the current one (Telegram answers with theme_changed, which the mounted theme follows)
    sdk.postEvent("web_app_request_theme");
  });
  attempt("mini app", () => {
    sdk.mountMiniAppSync.ifAvailable();
    // Telegram's own header is the title bar (the shop shows none of its own on phones there) and flows into the
    // page's background (--c-bg), as does the area it shows around the page (overscroll, while loading); the SDK
    // re-sends both when the theme changes
    sdk.setMiniAppHeaderColor.ifAvailable("secondary_bg_color");
    sdk.setMiniAppBackgroundColor.ifAvailable("secondary_bg_color");
  });
  setUpViewport();
  attempt("back button", () => sdk.mountBackButton.ifAvailable());
  attempt("main button", () => sdk.mountMainButton.ifAvailable());
  // clients before Bot API 7.10 have no SecondaryButton: ifAvailable skips it, and pages keep their own control
  attempt("secondary button", () => sdk.mountSecondaryButton.ifAvailable());
  attempt("closing behaviour", () => sdk.mountClosingBehavior.ifAvailable());
  attempt("ready", () => sdk.miniAppReady.ifAvailable());
  return sdk;
}
