import { describe, expect, it } from "vitest";
import { formatAdminPrice, formatDateTime, formatDimensions, formatPrice, formatRub, formatRubCents } from "./format";

describe("price formats", () => {
  it("shows shop prices with 2 decimals and 'руб.'", () => {
    expect(formatPrice(1234)).toBe("1 234.00 руб.");
    expect(formatPrice("420.5")).toBe("420.50 руб.");
    expect(formatPrice(1234567.891)).toBe("1 234 567.89 руб.");
    expect(formatPrice(0)).toBe("0.00 руб.");
  });

  it("shows admin table prices as '1234.00 ₽'", () => {
    expect(formatAdminPrice(1234)).toBe("1234.00 ₽");
    expect(formatAdminPrice("99.9")).toBe("99.90 ₽");
  });

  it("shows statistics money in ru-RU roubles", () => {
    expect(formatRub(123456.7).replace(/\s/g, " ")).toBe("123 457 ₽");
    expect(formatRubCents(1234.5).replace(/\s/g, " ")).toBe("1 234,50 ₽");
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
