import { describe, expect, it } from "vitest";
import { fromDecimal, kopecksOf, toDecimal, toKopecks, toRoubles } from "./money";

describe("money in kopecks", () => {
  it("takes roubles in to the kopeck and gives them back", () => {
    expect(toKopecks(420.5)).toBe(42050);
    expect(toKopecks(0.1 + 0.2)).toBe(30);
    expect(toKopecks(1490.9)).toBe(149090);
    expect(toRoubles(149090)).toBe(1490.9);
    expect(toRoubles(5)).toBe(0.05);
  });

  it("writes a numeric parameter exactly, however large", () => {
    expect(toDecimal(189000)).toBe("1890.00");
    expect(toDecimal(5)).toBe("0.05");
    expect(toDecimal(0)).toBe("0.00");
    expect(toDecimal(-38763)).toBe("-387.63");
    expect(toDecimal(99_999_999_999)).toBe("999999999.99");
  });

  it("reads what either driver gives for a numeric column", () => {
    expect(fromDecimal("1890.00")).toBe(189000);
    expect(fromDecimal("420.5")).toBe(42050);
    expect(fromDecimal("0.05")).toBe(5);
    expect(fromDecimal(".5")).toBe(50);
    expect(fromDecimal("12")).toBe(1200);
    expect(fromDecimal(1490.9)).toBe(149090);
    expect(fromDecimal("-387.63")).toBe(-38763);
    expect(fromDecimal({ toString: () => "999999999.99" })).toBe(99_999_999_999);
    expect(() => fromDecimal("12,50")).toThrow();
  });
});

describe("sums of money sent as numbers", () => {
  it("are whole kopecks, and a sum that is not 0 is at least a kopeck", () => {
    expect(kopecksOf(0)).toBe(0);
    expect(kopecksOf(0.01)).toBe(1);
    expect(kopecksOf(19.99)).toBe(1999);
    expect(kopecksOf(1490.9)).toBe(149090);
    expect(kopecksOf(-5)).toBe(-500);
    // rounds to 0, but is not 0: would be stored as a price of 0
    for (const tiny of [1e-10, 1e-7, -1e-10, Number.MIN_VALUE]) expect(kopecksOf(tiny), String(tiny)).toBeNull();
    for (const wrong of [0.001, 10.005, Number.NaN, Infinity]) expect(kopecksOf(wrong), String(wrong)).toBeNull();
  });
});
