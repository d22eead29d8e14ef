import { describe, expect, it } from "vitest";
import { loadConfig } from "@shop/core/config";
import type { Product } from "@shop/shared/schemas/catalog";
import { productCaption, productInlineResult, productStartAppLink, publicImageUrl } from "../src/product-card";

const config = (env: Record<string, string> = {}) =>
  loadConfig({ TELEGRAM_BOT_TOKEN: "424242:TEST_token_for_the_product_card", PUBLIC_URL: "https://shop.example.ru", ...env });

const product = (overrides: Partial<Product> = {}): Product => ({
  id: 15,
  name: "Кружка «Утро» & блюдце <набор>",
  price: 1490.9,
  sku: "HM-000015",
  description: "Глина, глазурь.",
  material: null,
  width: null,
  height: null,
  depth: null,
  images: [{ id: 1, image_url: "/uploads/abcDEF123_-x.webp" }],
  categories: [],
  stock: null,
  made_to_order_days: null,
  ...overrides,
});

describe("the product card", () => {
  it("escapes the name for HTML and formats the price as the shop does", () => {
    expect(productCaption(product())).toBe("<b>Кружка «Утро» &amp; блюдце &lt;набор&gt;</b>\n1\u00a0490.90\u00a0руб.\n\nГлина, глазурь.");
  });

  it("leaves out a missing description and cuts a long one to 160 characters with '...'", () => {
    expect(productCaption(product({ description: null }))).toBe("<b>Кружка «Утро» &amp; блюдце &lt;набор&gt;</b>\n1\u00a0490.90\u00a0руб.");
    expect(productCaption(product({ description: "   " }))).toBe("<b>Кружка «Утро» &amp; блюдце &lt;набор&gt;</b>\n1\u00a0490.90\u00a0руб.");
    const long = productCaption(product({ description: "Очень длинное описание. ".repeat(20) })).split("\n").at(-1)!;
    expect(long).toHaveLength(160);
    expect(long.endsWith("...")).toBe(true);
  });

  it("uses only public https picture addresses", () => {
    expect(publicImageUrl(config(), "/uploads/a.webp")).toBe("https://shop.example.ru/api/telegram/photo/a.jpg");
    expect(publicImageUrl(config(), "https://cdn.example.ru/a.webp")).toBe("https://cdn.example.ru/a.webp");
    expect(publicImageUrl(config(), "http://cdn.example.ru/a.webp")).toBeNull();
    expect(publicImageUrl(config(), undefined)).toBeNull();
    expect(publicImageUrl(config({ PUBLIC_URL: "http://localhost:3000" }), "/uploads/a.webp")).toBeNull();
    expect(publicImageUrl(config({ PUBLIC_URL: "" }), "/uploads/a.webp")).toBeNull();
  });

  it("opens the product in the registered Mini App, else in the bot's main Mini App, else has no button", () => {
    const registered = config({ TELEGRAM_MINI_APP_URL: "https://t.me/shop_bot/shop" });
    expect(productStartAppLink({ config: registered, botUsername: "shop_bot" }, 15)).toBe("https://t.me/shop_bot/shop?startapp=product_15");
    expect(productStartAppLink({ config: config(), botUsername: "shop_bot" }, 15)).toBe("https://t.me/shop_bot?startapp=product_15");
    expect(productStartAppLink({ config: config(), botUsername: null }, 15)).toBeNull();
    const result = productInlineResult(product(), { config: config(), botUsername: null });
    expect(result).toMatchObject({
      type: "photo",
      photo_url: "https://shop.example.ru/api/telegram/photo/abcDEF123_-x.jpg",
      thumbnail_url: "https://shop.example.ru/api/telegram/photo/abcDEF123_-x-card.jpg",
    });
    expect(result.reply_markup).toBeUndefined();
  });
});
