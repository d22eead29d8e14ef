import { isInTelegram } from "./telegram-launch";

/** The longest a server-rendered page waits for its first paint before its code is fetched anyway. */
export const FIRST_PAINT_WAIT_MS = 1_000;

/** Whether #root holds the server's rendering of this page, to be hydrated (api/src/routes/web.ts). */
function hydratesServerPage(): boolean {
  return Boolean(document.getElementById("root")?.firstElementChild && document.getElementById("shop-router"));
}

/**
 * Resolves once the browser has painted the server's HTML of this page: the app's code, which only hydrates that
 * HTML, is then fetched after the first screen instead of beside it, and the first images and fonts have the
 * network to themselves (docs/web-app.md, «Rendering»). At once where there is nothing to wait for: a page the
 * browser renders itself, inside Telegram (the app renders afresh there), a hidden page (it is not painted), a
 * browser without paint timing; after FIRST_PAINT_WAIT_MS at the latest.
 */
export function afterServerPagePainted(): Promise<void> {
  const canObserve = typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint");
  if (!hydratesServerPage() || isInTelegram() || document.visibilityState === "hidden" || !canObserve) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length > 0) done();
    });
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    observer.observe({ type: "paint", buffered: true });
  });
}

/**
 * Asks for the modules the server listed for this page (<script type="application/json" id="shop-code">: the app's
 * and the page's; their stylesheets are already inline) in one wave, before the app imports them one after another.
 */
export function preloadPageCode(): void {
  const element = document.getElementById("shop-code");
  if (!element?.textContent) return;
  let files: unknown;
  try {
    files = JSON.parse(element.textContent);
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== "string" || !/^\/assets\/[^/]+\.js$/.test(file)) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = file;
    document.head.appendChild(link);
  }
}
