import { describe, expect, it } from "vitest";
import { computeTotals, discountLabel, promoWins } from "./pricing";
import { checkPromoCode, moscowDay, moscowDayStart, normalizePromoCode, spreadDiscount, type PromoLine, type PromoTerms } from "./promo-codes";

const terms = (over: Partial<PromoTerms> = {}): PromoTerms => ({
  code: "РЕМЕСЛО10",
  kind: "percent",
  percent: 10,
  amount: 0,
  minOrder: 0,
  maxUses: null,
  uses: 0,
  maxUsesPerCustomer: null,
  customerUses: 0,
  startsAt: null,
  endsAt: null,
  active: true,
  scope: "all",
  categoryIds: [],
  productIds: [],
  ...over,
});
const line = (price: number, quantity = 1, productId = 1, categoryIds: number[] = []): PromoLine => ({ price, quantity, productId, categoryIds });
const now = new Date("2026-12-10T12:00:00Z");

describe("promo code rules", () => {
  it("matches codes without regard to case or spaces", () => {
    expect(normalizePromoCode("  ремесло10 ")).toBe("РЕМЕСЛО10");
  });

  it("takes a percent of the lines in scope, or a fixed sum at most their cost", () => {
    expect(checkPromoCode(terms(), [line(333_33, 3)], now)).toMatchObject({ ok: true, discount: 100_00 });
    expect(checkPromoCode(terms({ kind: "fixed", amount: 500_00 }), [line(300_00)], now)).toMatchObject({ ok: true, discount: 300_00 });
  });

  it("works from its first Moscow day to the end of its last one", () => {
    const startsAt = moscowDayStart("2026-12-11");
    expect(startsAt.toISOString()).toBe("2026-12-10T21:00:00.000Z");
    const early = checkPromoCode(terms({ startsAt }), [line(100_00)], now);
    expect(early).toMatchObject({ ok: false, reason: "not-started", message: "Промокод «РЕМЕСЛО10» начнёт действовать 11 декабря 2026." });
    expect(checkPromoCode(terms({ startsAt }), [line(100_00)], new Date("2026-12-10T21:00:00Z")).ok).toBe(true);
    const endsAt = moscowDayStart("2026-12-10", true);
    expect(checkPromoCode(terms({ endsAt }), [line(100_00)], new Date("2026-12-10T20:59:59Z")).ok).toBe(true);
    expect(checkPromoCode(terms({ endsAt }), [line(100_00)], new Date("2026-12-10T21:00:00Z"))).toMatchObject({
      reason: "expired",
      message: "Срок действия промокода «РЕМЕСЛО10» закончился 10 декабря 2026.",
    });
    expect(moscowDay(new Date("2026-12-10T21:30:00Z"))).toBe("2026-12-11");
  });

  it("refuses a code switched off, used up, or used by this customer", () => {
    expect(checkPromoCode(terms({ active: false }), [line(100_00)], now)).toMatchObject({ reason: "off" });
    expect(checkPromoCode(terms({ maxUses: 1, uses: 1 }), [line(100_00)], now)).toMatchObject({ reason: "used-up" });
    expect(checkPromoCode(terms({ maxUses: 2, uses: 1 }), [line(100_00)], now).ok).toBe(true);
    expect(checkPromoCode(terms({ maxUsesPerCustomer: 1, customerUses: 1 }), [line(100_00)], now)).toMatchObject({
      reason: "used-by-customer",
      message: "Вы уже использовали промокод «РЕМЕСЛО10».",
    });
  });

  it("says how much is missing to the minimum", () => {
    const check = checkPromoCode(terms({ minOrder: 1000_00 }), [line(750_00)], now);
    expect(check).toMatchObject({ ok: false, reason: "minimum", missing: 250_00 });
    expect(!check.ok && check.message).toBe("Промокод «РЕМЕСЛО10» действует для заказа от 1\u00a0000.00\u00a0руб.: добавьте товаров ещё на 250.00\u00a0руб.");
  });

  it("applies to its categories or products only", () => {
    const cats = terms({ scope: "categories", categoryIds: [7] });
    expect(checkPromoCode(cats, [line(100_00, 1, 1, [3])], now)).toMatchObject({ reason: "scope" });
    expect(checkPromoCode(cats, [line(100_00, 1, 1, [3]), line(200_00, 1, 2, [7])], now)).toMatchObject({ ok: true, discount: 20_00, eligible: [false, true] });
    const products = terms({ scope: "products", productIds: [1] });
    expect(checkPromoCode(products, [line(100_00, 2, 1), line(200_00, 1, 2)], now)).toMatchObject({ ok: true, discount: 20_00 });
  });
});

describe("the combination with the volume discount", () => {
  it("gives the larger of the two, never both; a tie keeps the volume discount", () => {
    expect(promoWins(50_00, 60_00)).toBe(true);
    expect(promoWins(60_00, 60_00)).toBe(false);
    const cart = [{ price: 1200_00, quantity: 1 }];
    expect(computeTotals(cart, 0, { code: "X", discount: 100_00 })).toMatchObject({ discountPercent: 10, discount: 120_00, total: 1080_00 });
    const won = computeTotals(cart, 250_00, { code: "X", discount: 200_00 });
    expect(won).toEqual({ subtotal: 1200_00, discountPercent: 0, discount: 200_00, delivery: 250_00, total: 1250_00, promoCode: "X" });
    expect(discountLabel(won)).toBe("Скидка по промокоду X");
    expect(discountLabel(computeTotals(cart))).toBe("Скидка 10%");
  });
});

describe("spreading a discount over lines", () => {
  it("adds up to the discount exactly, on the eligible lines only", () => {
    const sums = [333_33, 100_01, 1];
    for (const discount of [1, 99_99, 433_35]) expect(spreadDiscount(sums, discount).reduce((a, b) => a + b, 0)).toBe(discount);
    const shares = spreadDiscount(sums, 10_00, [false, true, true]);
    expect(shares[0]).toBe(0);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(10_00);
  });
});
