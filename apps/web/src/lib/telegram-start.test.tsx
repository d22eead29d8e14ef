import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { miniAppProductLink } from "../features/product/ShareMenu";
import { leaveTelegram } from "../test-helpers/telegram-launch";
import { resetTelegramDetection } from "./telegram";
import { startParamPath, startTelegram } from "./telegram-start";

vi.mock("./telegram-sdk", () => ({ setUpMiniApp: () => null }));

const user = { id: 4242, first_name: "Анна", last_name: "Петрова", username: "anna", language_code: "ru" };

function launchHash(startParam?: string): string {
  const initData = new URLSearchParams({ user: JSON.stringify(user), auth_date: "1700000000", signature: "s", hash: "h" });
  if (startParam) initData.set("start_param", startParam);
  const params = new URLSearchParams({ tgWebAppData: initData.toString(), tgWebAppVersion: "8.0", tgWebAppPlatform: "android" });
  if (startParam) params.set("tgWebAppStartParam", startParam);
  return "#" + params.toString();
}

let calls: { url: string; init?: RequestInit }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ telegram_user_id: "4242", order_count: 0 }), { status: 200 });
    }),
  );
  vi.spyOn(console, "info").mockImplementation(() => {});
  window.sessionStorage.clear();
  delete document.documentElement.dataset.telegram;
  resetTelegramDetection();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete document.documentElement.dataset.telegram;
  leaveTelegram();
});

describe("start parameters", () => {
  it("name a product page", () => {
    expect(startParamPath("product_15")).toBe("/product/15");
    expect(startParamPath("review_AbCdEfGhIjKlMnOpQrStUv")).toBe("/review/AbCdEfGhIjKlMnOpQrStUv");
    expect(startParamPath("review_short")).toBeNull();
    expect(startParamPath("product_007")).toBe("/product/7");
    expect(startParamPath("my_orders")).toBe("/my-orders");
    expect(startParamPath("cart")).toBe("/cart");
    for (const other of [null, "", "product_", "product_x", "product_1_2", "product_9999999999", "category_3", "../admin"]) {
      expect(startParamPath(other)).toBeNull();
    }
  });

  it("open the product when Telegram starts the app on the catalogue, once per launch, keeping the launch data", async () => {
    const hash = launchHash("product_15");
    window.history.replaceState(null, "", "/" + hash);
    startTelegram();
    expect(window.location.pathname).toBe("/product/15");
    expect(window.location.hash).toBe(hash);
    expect(document.documentElement.dataset.telegram).toBe("true");

    // a reload of the catalogue later in the same launch stays on the catalogue
    window.history.replaceState(null, "", "/" + hash);
    resetTelegramDetection();
    startTelegram();
    expect(window.location.pathname).toBe("/");
  });

  it("leave other pages and launches without one alone", () => {
    window.history.replaceState(null, "", "/cart" + launchHash("product_15"));
    startTelegram();
    expect(window.location.pathname).toBe("/cart");

    window.sessionStorage.clear();
    resetTelegramDetection();
    window.history.replaceState(null, "", "/" + launchHash());
    startTelegram();
    expect(window.location.pathname).toBe("/");
  });

  it("make the Mini App link that opens a product", () => {
    expect(miniAppProductLink("https://t.me/shop_bot/shop", 15)).toBe("https://t.me/shop_bot/shop?startapp=product_15");
  });
});

describe("the Telegram user", () => {
  it("is synced once per session with the signed initData; a failure is only logged", async () => {
    window.history.replaceState(null, "", "/" + launchHash());
    startTelegram();
    await vi.waitFor(() => expect(window.sessionStorage.getItem("shop/tg-user-synced")).toBe("4242"));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/telegram-user");
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({
      telegram_user_id: 4242,
      telegram_username: "anna",
      telegram_first_name: "Анна",
      telegram_last_name: "Петрова",
      language_code: "ru",
    });
    expect((calls[0]!.init!.headers as Record<string, string>)["X-Telegram-Init-Data"]).toContain("user=");

    resetTelegramDetection();
    startTelegram();
    expect(calls).toHaveLength(1);

    // a new session whose sync fails: logged, nothing thrown, tried again next time
    window.sessionStorage.clear();
    resetTelegramDetection();
    window.history.replaceState(null, "", "/" + launchHash());
    vi.stubGlobal("fetch", vi.fn(async () => new Response("{}", { status: 500 })));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    startTelegram();
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith("telegram user sync failed", expect.anything()));
    expect(window.sessionStorage.getItem("shop/tg-user-synced")).toBeNull();
  });

  it("is not looked for on the website: nothing is sent or marked", () => {
    window.history.replaceState(null, "", "/");
    startTelegram();
    expect(calls).toEqual([]);
    expect(document.documentElement.dataset.telegram).toBeUndefined();
  });
});
