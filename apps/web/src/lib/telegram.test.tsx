import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { leaveTelegram } from "../test-helpers/telegram-launch";
import { isInTelegram, resetTelegramDetection, telegramHeaders, telegramInitData, telegramUser } from "./telegram";

const user = { id: 123456789, first_name: "Анна", last_name: "Петрова", username: "anna", language_code: "ru" };
const initData = new URLSearchParams({
  query_id: "AAH",
  user: JSON.stringify(user),
  auth_date: "1700000000",
  hash: "abc123",
}).toString();
const launch = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: "8.0", tgWebAppPlatform: "android" }).toString();

beforeEach(() => {
  window.sessionStorage.clear();
  leaveTelegram();
});

afterEach(leaveTelegram);

describe("Telegram detection without the SDK", () => {
  it("is a plain website without launch parameters", () => {
    expect(isInTelegram()).toBe(false);
    expect(telegramUser()).toBeNull();
    expect(telegramHeaders()).toEqual({});
  });

  it("reads the launch parameters Telegram puts in the URL hash", () => {
    window.history.replaceState(null, "", `/#${launch}`);
    expect(isInTelegram()).toBe(true);
    expect(telegramInitData()).toBe(initData);
    expect(telegramUser()).toMatchObject(user);
    expect(telegramHeaders()).toEqual({ "X-Telegram-Init-Data": initData, "X-Telegram-User-Id": "123456789" });
  });

  it("still knows after client-side navigation and a reload (session storage)", () => {
    window.history.replaceState(null, "", `/#${launch}`);
    expect(isInTelegram()).toBe(true);
    window.history.replaceState(null, "", "/cart");
    resetTelegramDetection();
    expect(isInTelegram()).toBe(true);
    expect(telegramUser()?.id).toBe(123456789);
  });

  it("also accepts what the SDK itself stored", () => {
    window.sessionStorage.setItem("tapps/launchParams", JSON.stringify(launch));
    expect(isInTelegram()).toBe(true);
    expect(telegramInitData()).toBe(initData);
  });

  it("treats a launch without user data as Telegram without a user", () => {
    window.history.replaceState(null, "", "/#tgWebAppVersion=8.0&tgWebAppPlatform=tdesktop");
    expect(isInTelegram()).toBe(true);
    expect(telegramUser()).toBeNull();
    expect(telegramHeaders()).toEqual({});
  });
});
