import { describe, expect, it } from "vitest";
import { deliveryFeeFor, describeQuote, formatDays, shopperPrice, trackingLink } from "./delivery";

describe("delivery rules", () => {
  it("adds the percent, then the roubles, and rounds up to 10 ₽", () => {
    expect(shopperPrice(312_40, { markupPercent: 0, markupFixed: 0, roundUpTo10: false })).toBe(312_40);
    expect(shopperPrice(312_40, { markupPercent: 0, markupFixed: 0, roundUpTo10: true })).toBe(320_00);
    expect(shopperPrice(300_00, { markupPercent: 10, markupFixed: 20_00, roundUpTo10: true })).toBe(350_00);
    expect(shopperPrice(300_00, { markupPercent: 10, markupFixed: 0, roundUpTo10: true })).toBe(330_00);
  });

  it("is free from the threshold and today's 250 ₽ when the price is not known", () => {
    expect(deliveryFeeFor(340_00, 3000_00, 2999_99)).toBe(340_00);
    expect(deliveryFeeFor(340_00, 3000_00, 3000_00)).toBe(0);
    expect(deliveryFeeFor(null, 3000_00, 5000_00)).toBe(250_00);
  });

  it("reads as the shopper sees it", () => {
    expect(describeQuote("cdek_point", 340_00, 3, 5)).toBe("СДЭК, пункт выдачи — 340 руб., 3–5 дней");
    expect(describeQuote("pochta", null, null, null)).toBe("Почта России — стоимость уточнит менеджер");
    expect(describeQuote("pickup", 0, null, null)).toBe("Самовывоз — бесплатно");
    expect(formatDays(1, 1)).toBe("1 день");
    expect(formatDays(2, 4)).toBe("2–4 дня");
    expect(formatDays(11, 12)).toBe("11–12 дней");
    expect(trackingLink("cdek_point", "1234567890")).toBe("https://www.cdek.ru/ru/tracking/?order_id=1234567890");
  });
});
