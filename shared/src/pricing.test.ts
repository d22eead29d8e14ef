import { describe, expect, it } from "vitest";
import { computeTotals, discountPercentFor, discountProgress, kopecksOf, nextDiscountTier, subtotalOf, DELIVERY_FEE } from "./pricing";

describe("discount tiers", () => {
  it.each([
    [0, 0],
    [499.99, 0],
    [500, 5],
    [999.99, 5],
    [1000, 10],
    [1499.99, 10],
    [1500, 13],
    [100000, 13],
  ])("subtotal %s gives %s %%", (subtotal, percent) => {
    expect(discountPercentFor(subtotal)).toBe(percent);
  });

  it("names the next tier and the missing amount to the kopeck", () => {
    expect(nextDiscountTier(0)).toEqual({ percent: 5, missing: 500 });
    expect(nextDiscountTier(420.5)).toEqual({ percent: 5, missing: 79.5 });
    expect(nextDiscountTier(500)).toEqual({ percent: 10, missing: 500 });
    expect(nextDiscountTier(1499.9)).toEqual({ percent: 13, missing: 0.1 });
    expect(nextDiscountTier(1500)).toBeNull();
  });

  it("caps the progress bar at 1500", () => {
    expect(discountProgress(0)).toBe(0);
    expect(discountProgress(750)).toBe(0.5);
    expect(discountProgress(9000)).toBe(1);
  });
});

describe("order totals", () => {
  it("adds delivery 250 and subtracts the discount", () => {
    expect(computeTotals([{ price: 650, quantity: 2 }])).toEqual({
      subtotal: 1300,
      discountPercent: 10,
      discount: 130,
      delivery: DELIVERY_FEE,
      total: 1420,
    });
  });

  it("counts in kopecks, so float noise never reaches the receipt", () => {
    const totals = computeTotals([
      { price: 0.1, quantity: 3 },
      { price: 420.5, quantity: 1 },
    ]);
    expect(totals.subtotal).toBe(420.8);
    expect(totals.total).toBe(670.8);
    expect(subtotalOf([{ price: 0.1, quantity: 1 }, { price: 0.2, quantity: 1 }])).toBe(0.3);
  });

  it("rounds the discount to the kopeck", () => {
    // 1490.90 × 2 = 2981.80; 13 % = 387.634 → 387.63
    const totals = computeTotals([{ price: 1490.9, quantity: 2 }]);
    expect(totals.discount).toBe(387.63);
    expect(totals.total).toBe(2981.8 - 387.63 + 250);
  });

  it("charges only delivery for an empty list", () => {
    expect(computeTotals([]).total).toBe(250);
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
