import { expect } from "vitest";
import { isInTelegram, resetTelegramDetection } from "../lib/telegram";
import { telegramLaunchHash } from "./fake-telegram-sdk";

/** The page at `path` as Telegram opens the Mini App there, detected anew. */
export function launchInTelegram(path = "/", user?: object): void {
  window.history.replaceState(null, "", path + telegramLaunchHash(user));
  resetTelegramDetection();
}

/**
 * The Mini App launched on clean storage and detected at once, as at start-up: later pages have no launch
 * parameters in their URL (session storage remembers them).
 */
export function startMiniApp(): void {
  window.sessionStorage.clear();
  window.localStorage.clear();
  launchInTelegram();
  expect(isInTelegram()).toBe(true);
}

/** Back to a plain website page, with nothing of the launch remembered by the detection. */
export function leaveTelegram(): void {
  window.history.replaceState(null, "", "/");
  resetTelegramDetection();
}
