import { describe, expect, it } from "vitest";
import { availabilityOf, FEW_LEFT_MAX, MADE_TO_ORDER_DAYS_MAX, STOCK_MAX } from "./stock";

describe("availabilityOf", () => {
  it("a product whose stock is not counted is always in stock, with no limit", () => {
    expect(availabilityOf({ stock: null, made_to_order_days: null })).toEqual({ kind: "in-stock", orderable: true, label: null, maxQuantity: null });
    expect(availabilityOf({ stock: null, made_to_order_days: 10 })).toEqual({ kind: "in-stock", orderable: true, label: null, maxQuantity: null });
  });

  it("more than three pieces: in stock, at most the pieces left", () => {
    expect(availabilityOf({ stock: 4, made_to_order_days: null })).toEqual({ kind: "in-stock", orderable: true, label: null, maxQuantity: 4 });
    expect(availabilityOf({ stock: 250, made_to_order_days: 7 })).toEqual({ kind: "in-stock", orderable: true, label: null, maxQuantity: 250 });
  });

  it("one to three pieces: few left, says how many", () => {
    expect(FEW_LEFT_MAX).toBe(3);
    expect(availabilityOf({ stock: 3, made_to_order_days: null })).toEqual({ kind: "few-left", orderable: true, label: "Осталось 3 шт.", maxQuantity: 3 });
    expect(availabilityOf({ stock: 1, made_to_order_days: 14 })).toEqual({ kind: "few-left", orderable: true, label: "Осталось 1 шт.", maxQuantity: 1 });
  });

  it("none left with days to make it: made to order, orderable without a limit", () => {
    expect(availabilityOf({ stock: 0, made_to_order_days: 14 })).toEqual({ kind: "made-to-order", orderable: true, label: "Под заказ: 14 дн.", maxQuantity: null });
  });

  it("none left and not made to order: sold out, not orderable", () => {
    expect(availabilityOf({ stock: 0, made_to_order_days: null })).toEqual({ kind: "sold-out", orderable: false, label: "Нет в наличии", maxQuantity: null });
  });

  it("has the limits the admin's forms check", () => {
    expect(STOCK_MAX).toBe(100000);
    expect(MADE_TO_ORDER_DAYS_MAX).toBe(365);
  });
});
