import type { Browser, Page, Request, Response } from "playwright-core";
import { expect } from "vitest";
import { openPage, type OpenedPage, type ViewportName } from "./browser";
import {
  installTelegramClient,
  launchUrl,
  signedInitData,
  telegramEvents,
  type ClientOptions,
  type TelegramEvent,
  type TelegramUserData,
  type ThemeName,
} from "./telegram";

/** The shop's Mini App in Chromium with the Telegram client imitated (telegram.ts), for the browser tests. */

export interface MiniAppOptions extends ClientOptions {
  /** the page's size (default: the phone) */
  viewport?: ViewportName;
}

/** A page of the shop at `baseURL` whose window plays the Telegram client in `theme`. */
export async function openInTelegram(browser: Browser, baseURL: string, theme: ThemeName, options: MiniAppOptions = {}): Promise<OpenedPage> {
  const { viewport = "mobile", ...client } = options;
  const opened = await openPage(browser, viewport, { baseURL });
  await installTelegramClient(opened.context, theme, client);
  return opened;
}

/** Opens `path` as Telegram opens the Mini App: the user's initData, signed now by the shop's bot, in the theme. */
export type MiniAppLaunch = (page: Page, path: string, user: TelegramUserData, theme: ThemeName, startParam?: string) => Promise<Response | null>;

/** The launch of the Mini App of a shop whose bot holds `botToken`. */
export function miniAppLauncher(botToken: string): MiniAppLaunch {
  return (page, path, user, theme, startParam) => page.goto(launchUrl(path, signedInitData(botToken, user, startParam), theme, startParam));
}

/** The app's calls of one Telegram method so far. */
export async function telegramEventsOf(page: Page, type: string): Promise<TelegramEvent[]> {
  return (await telegramEvents(page)).filter((event) => event.type === type);
}

/** The app's last call of one Telegram method: how it last set up a button, say. */
export async function lastTelegramEvent(page: Page, type: string): Promise<TelegramEvent | undefined> {
  return (await telegramEventsOf(page, type)).at(-1);
}

/** Every request the page makes from now on. */
export function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

/**
 * The app has drawn the catalogue with its cards: no skeletons left. Inside Telegram the app renders the server's page
 * afresh, so until it has (`#root[data-app]`) the cards on screen are the server's, about to be replaced.
 */
export async function catalogLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector("#root[data-app]") &&
      !document.querySelector('[data-testid="product-skeleton"]') &&
      document.querySelector('[aria-label="Товары"] article'),
  );
}

/** Waits until the toasts (3 s) have gone, so that a screenshot shows the page itself. */
export async function noToasts(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("toast").count(), { timeout: 6000 }).toBe(0);
}

/** A theme's colour (#rrggbb) as the browser computes it. */
export const rgb = (hex: string) => `rgb(${[1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(", ")})`;
