import { describe, expect, it } from "vitest";
import type { ConfigResponse } from "@shop/shared/schemas/telegram";
import { phoneFromContact } from "./telegram-contact";
import { myOrdersInTelegramUrl } from "../features/my-orders/OpenInTelegram";

describe("the phone from a Telegram contact", () => {
  it("is put in the checkout's mask whichever way Telegram writes it", () => {
    expect(phoneFromContact("79161234567")).toBe("+7 (916) 123-45-67");
    expect(phoneFromContact("+79161234567")).toBe("+7 (916) 123-45-67");
    expect(phoneFromContact("89161234567")).toBe("+7 (916) 123-45-67");
  });

  it("is not taken when it is not a Russian number", () => {
    expect(phoneFromContact("380501234567")).toBeNull();
    expect(phoneFromContact("4915112345678")).toBeNull();
    expect(phoneFromContact("")).toBeNull();
  });
});

describe("the Mini App link on the website's my orders", () => {
  const config: ConfigResponse = { botUsername: null, botLink: null, checkoutMode: "direct", miniAppUrl: null, deliveryFee: 0, payments: false, discountTiers: [] };

  it("opens the registered Mini App, else the bot's main one, on my orders; none without a bot", () => {
    expect(myOrdersInTelegramUrl({ ...config, botUsername: "shop_bot", miniAppUrl: "https://t.me/shop_bot/app" })).toBe(
      "https://t.me/shop_bot/app?startapp=my_orders",
    );
    expect(myOrdersInTelegramUrl({ ...config, botUsername: "shop_bot" })).toBe("https://t.me/shop_bot?startapp=my_orders");
    expect(myOrdersInTelegramUrl(config)).toBeNull();
    expect(myOrdersInTelegramUrl(null)).toBeNull();
  });
});
