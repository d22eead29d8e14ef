import { describe, expect, it } from "vitest";
import { cardImageUrl, imageSrcSet, isUploadedImageUrl } from "./images";
import { DEFAULT_META_DESCRIPTION, looksEmpty, metaDescription, normalizeSearchText } from "./text";
import { validateCheckoutForm } from "./checkout";

describe("search text", () => {
  it("folds case and ё", () => {
    expect(normalizeSearchText("  Ёлочная   ИГРУШКА ")).toBe("елочная игрушка");
  });
});

describe("meta description", () => {
  it("keeps short text, cuts long text to 160 characters with '...', falls back when empty", () => {
    expect(metaDescription("Ваза из глины.")).toBe("Ваза из глины.");
    const long = "а".repeat(300);
    const cut = metaDescription(long);
    expect(cut).toHaveLength(160);
    expect(cut.endsWith("...")).toBe(true);
    expect(metaDescription("   ")).toBe(DEFAULT_META_DESCRIPTION);
  });
});

describe("image variants", () => {
  it("derives the card variant of an uploaded image only", () => {
    expect(cardImageUrl("/uploads/Ab3_x-9.webp")).toBe("/uploads/Ab3_x-9-card.webp");
    expect(cardImageUrl("https://example.com/a.jpg")).toBe("https://example.com/a.jpg");
    expect(isUploadedImageUrl("/uploads/../etc.webp")).toBe(false);
  });

  it("offers both sizes of an uploaded image to the browser", () => {
    expect(imageSrcSet("/uploads/abc.webp")).toBe("/uploads/abc-card.webp 480w, /uploads/abc.webp 1200w");
    expect(imageSrcSet("https://example.com/a.jpg")).toBeNull();
  });
});

describe("checkout validation", () => {
  it("uses the shop's messages", () => {
    expect(validateCheckoutForm({ customer_name: "  ", customer_phone: "+7 " })).toEqual({
      customer_name: "Введите имя",
      customer_phone: "Введите телефон",
    });
    expect(validateCheckoutForm({ customer_name: "Анна", customer_phone: "+7 (912) 34" })).toEqual({
      customer_phone: "Введите полный номер",
    });
    expect(validateCheckoutForm({ customer_name: "Анна", customer_phone: "+7 (912) 345-67-89" })).toEqual({});
  });

  it("takes a name of nothing visible for no name", () => {
    for (const invisible of ["\u200b", "\u2060", "\u00ad", "\ufeff", "\u3164", "\u115f", " \u200d\u200c ", "\u200e\u200f"]) {
      expect(looksEmpty(invisible), JSON.stringify(invisible)).toBe(true);
      expect(validateCheckoutForm({ customer_name: invisible, customer_phone: "+7 (912) 345-67-89" })).toEqual({ customer_name: "Введите имя" });
    }
    expect(looksEmpty(null)).toBe(true);
    // a visible character among them is a name: an emoji joined by a zero-width joiner, a word with a soft hyphen
    for (const name of ["Анна", "👩\u200d🎨", "Ан\u00adна", "\u200bЯ", "李"]) expect(looksEmpty(name), name).toBe(false);
  });
});
