import { describe, expect, it } from "vitest";
import { NBSP, formatAdminPrice, formatDateTime, formatDimensions, formatMoney, formatPrice, formatRub, formatRubCents } from "./format";

describe("price formats", () => {
  // the one rule: digit groups and the currency joined by no-break spaces, so a sum never wraps
  const plain = (text: string) => text.replace(/\u00a0/g, " ");

  it("shows shop prices with 2 decimals and 'руб.'", () => {
    expect(plain(formatPrice(1234))).toBe("1 234.00 руб.");
    expect(plain(formatPrice("420.5"))).toBe("420.50 руб.");
    expect(plain(formatPrice(1234567.891))).toBe("1 234 567.89 руб.");
    expect(plain(formatPrice(0))).toBe("0.00 руб.");
    expect(plain(formatPrice(-1500))).toBe("-1 500.00 руб.");
    expect(plain(formatPrice(-0.001))).toBe("0.00 руб.");
  });

  it("never leaves a breaking space inside a sum", () => {
    for (const text of [formatPrice(131100), formatAdminPrice(2155.3), formatRub(131100), formatRubCents(131100)]) {
      expect(text).not.toMatch(/[ \u202f]/);
      expect(text).toMatch(/^131\u00a0100|^2\u00a0155/);
    }
  });

  it("shows admin table prices grouped with '₽'", () => {
    expect(plain(formatAdminPrice(2155.3))).toBe("2 155.30 ₽");
    expect(plain(formatAdminPrice("99.9"))).toBe("99.90 ₽");
  });

  it("shows statistics money in roubles: no decimals in cards, a decimal comma in tables", () => {
    expect(plain(formatRub(123456.7))).toBe("123 457 ₽");
    expect(plain(formatRubCents(1234.5))).toBe("1 234,50 ₽");
    expect(plain(formatRubCents(131100))).toBe("131 100,00 ₽");
  });

  it("formats any place through formatMoney", () => {
    expect(plain(formatMoney("1000000", { currency: "₽", decimals: 0 }))).toBe("1 000 000 ₽");
    expect(formatMoney("abc", { currency: "руб." })).toBe(`0.00${NBSP}руб.`);
  });

  it("writes dates in Moscow time", () => {
    expect(formatDateTime("2026-11-22T11:05:00Z")).toBe("22.11.2026, 14:05");
  });
});

describe("dimensions", () => {
  it("puts '?' for a missing side and nothing when all are missing", () => {
    expect(formatDimensions(120, 80, 40)).toBe("120×80×40");
    expect(formatDimensions(120, null, 40)).toBe("120×?×40");
    expect(formatDimensions(null, null, null)).toBeNull();
  });
});
