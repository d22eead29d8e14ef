import { describe, expect, it } from "vitest";
import { computeTotals, discountPercentFor, discountProgress, nextDiscountTier, DELIVERY_FEE } from "./pricing";

describe("discount tiers (kopecks)", () => {
  it.each([
    [0, 0],
    [499_99, 0],
    [500_00, 5],
    [999_99, 5],
    [1000_00, 10],
    [1499_99, 10],
    [1500_00, 13],
    [100000_00, 13],
  ])("subtotal %s gives %s %%", (subtotal, percent) => {
    expect(discountPercentFor(subtotal)).toBe(percent);
  });

  it("names the next tier and the missing amount to the kopeck", () => {
    expect(nextDiscountTier(0)).toEqual({ percent: 5, missing: 500_00 });
    expect(nextDiscountTier(420_50)).toEqual({ percent: 5, missing: 79_50 });
    expect(nextDiscountTier(500_00)).toEqual({ percent: 10, missing: 500_00 });
    expect(nextDiscountTier(1499_90)).toEqual({ percent: 13, missing: 10 });
    expect(nextDiscountTier(1500_00)).toBeNull();
  });

  it("caps the progress bar at 1500 ₽", () => {
    expect(discountProgress(0)).toBe(0);
    expect(discountProgress(750_00)).toBe(0.5);
    expect(discountProgress(9000_00)).toBe(1);
  });
});

describe("order totals (kopecks)", () => {
  it("adds delivery 250 ₽ and subtracts the discount", () => {
    expect(computeTotals([{ price: 650_00, quantity: 2 }])).toEqual({
      subtotal: 1300_00,
      discountPercent: 10,
      discount: 130_00,
      delivery: DELIVERY_FEE,
      total: 1420_00,
    });
    expect(DELIVERY_FEE).toBe(250_00);
  });

  it("adds whole kopecks", () => {
    const totals = computeTotals([
      { price: 10, quantity: 3 },
      { price: 420_50, quantity: 1 },
    ]);
    expect(totals.subtotal).toBe(420_80);
    expect(totals.total).toBe(670_80);
  });

  it("rounds the discount to the kopeck", () => {
    // 1490.90 × 2 = 2981.80; 13 % = 387.634 → 387.63
    const totals = computeTotals([{ price: 1490_90, quantity: 2 }]);
    expect(totals.discount).toBe(387_63);
    expect(totals.total).toBe(2981_80 - 387_63 + 250_00);
  });

  it("charges only delivery for an empty list", () => {
    expect(computeTotals([]).total).toBe(250_00);
  });
});
