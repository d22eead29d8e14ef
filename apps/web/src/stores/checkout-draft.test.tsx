import { describe, expect, it } from "vitest";
import { checkoutFormStarted, needsClosingConfirmation, setCheckoutDraftStarted, useCheckoutDraft } from "./checkout-draft";

const empty = { customer_name: "", customer_phone: "+7 ", delivery_address: "", comment: "" };
const prefilled = { ...empty, customer_name: "Анна Петрова" };

describe("a started checkout form", () => {
  it("is not started when untouched, with or without the name prefilled from Telegram", () => {
    expect(checkoutFormStarted(empty, empty)).toBe(false);
    expect(checkoutFormStarted(prefilled, prefilled)).toBe(false);
    expect(checkoutFormStarted({ ...prefilled, customer_name: "  Анна Петрова " }, prefilled)).toBe(false);
  });

  it("is started by any typed content", () => {
    expect(checkoutFormStarted({ ...empty, customer_name: "Мария" }, empty)).toBe(true);
    expect(checkoutFormStarted({ ...prefilled, customer_name: "Анна" }, prefilled)).toBe(true);
    expect(checkoutFormStarted({ ...empty, customer_phone: "+7 (9" }, empty)).toBe(true);
    expect(checkoutFormStarted({ ...empty, delivery_address: "Казань" }, empty)).toBe(true);
    expect(checkoutFormStarted({ ...empty, comment: "после 18:00" }, empty)).toBe(true);
  });

  it("is not started by blanks, a cleared name or the bare country code", () => {
    expect(checkoutFormStarted({ ...prefilled, customer_name: "" }, prefilled)).toBe(false);
    expect(checkoutFormStarted({ ...empty, customer_phone: "+7" }, empty)).toBe(false);
    expect(checkoutFormStarted({ ...empty, customer_phone: "" }, empty)).toBe(false);
    expect(checkoutFormStarted({ ...empty, delivery_address: "   ", comment: "\n" }, empty)).toBe(false);
    expect(checkoutFormStarted({ ...empty, delivery_address: null, comment: null }, empty)).toBe(false);
  });
});

describe("closing confirmation", () => {
  it("is needed while the cart has items or a checkout form was started", () => {
    expect(needsClosingConfirmation(0, false)).toBe(false);
    expect(needsClosingConfirmation(1, false)).toBe(true);
    expect(needsClosingConfirmation(0, true)).toBe(true);
    expect(needsClosingConfirmation(3, true)).toBe(true);
  });

  it("keeps the draft flag in a store", () => {
    setCheckoutDraftStarted(true);
    expect(useCheckoutDraft.getState().started).toBe(true);
    setCheckoutDraftStarted(false);
    expect(useCheckoutDraft.getState().started).toBe(false);
  });
});
