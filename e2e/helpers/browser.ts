import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { ROOT, chromiumPath } from "./server";

/** Debian's Chromium through playwright-core (never `playwright install`: no downloads on these machines). */

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const MOBILE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

export const SCREENSHOT_DIR = path.join(ROOT, "test-results/screenshots");

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("Chromium is not installed: apt-get install -y chromium");
  return chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  viewport: ViewportName;
  /** uncaught page errors and console errors seen so far */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A new context (own storage) and page at a named viewport. The mobile one is a touch phone with a phone user
 * agent, so the shop counts its orders as mobile_web.
 */
export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  options: { baseURL?: string; locale?: string; userAgent?: string } = {},
): Promise<OpenedPage> {
  const mobile = viewport === "mobile";
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
    userAgent: options.userAgent ?? (mobile ? MOBILE_UA : undefined),
    locale: options.locale ?? "ru-RU",
    baseURL: options.baseURL,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return { context, page, viewport, errors, close: () => context.close() };
}

/** Saves `test-results/screenshots/<name>-<viewport>.png` and returns its path. */
export async function screenshot(page: Page, name: string, viewport: ViewportName, fullPage = false): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}-${viewport}.png`);
  await page.screenshot({ path: file, fullPage, animations: "disabled" });
  return file;
}

/**
 * Opens a shop page and waits until the app has taken it over. A server-rendered page is on screen, and its links
 * work, before its code has even been asked for (it comes after the first paint); its buttons answer once the app
 * has started (taps before that are kept and replayed then: apps/web/src/app/early-taps.ts), its fields once React
 * has hydrated them.
 */
export async function gotoApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page.locator("#root > *").first());
}

/**
 * Waits until React has hydrated the element (its fiber is attached to the node). The server's HTML is on screen
 * before that, and hydration runs as a transition in slices: a test that clicks and then looks for the click's
 * effect at once waits for this first.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await expect.poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$"))), { timeout: 30_000 }).toBe(true);
  return locator;
}

/**
 * Holds back the page's scripts whose address matches `pattern` (the app's code: the server's page stays as it was
 * painted) until the returned function is called.
 */
export async function holdScripts(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The page's layout shift so far (the CLS of a page without input), and what moved. */
export const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ value: number; moved: string[] }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[];
          resolve({
            value: entries.reduce((sum, entry) => sum + entry.value, 0),
            moved: entries.flatMap((entry) =>
              entry.sources.map(({ node, previousRect: from, currentRect: to }) => `${(node as Element | undefined)?.outerHTML?.slice(0, 100)}: ${from.y}→${to.y}, ${from.height}→${to.height}`),
            ),
          });
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve({ value: 0, moved: [] }), 300);
      }),
  );
