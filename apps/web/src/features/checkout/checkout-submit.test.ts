import { describe, expect, it } from "vitest";
import { prepareOrderBody, type CheckoutInput } from "./checkout-submit";

/** A website checkout confirmed in the bot carries the delivery chosen (docs/delivery.md#a-checkout-confirmed-in-the-bot). */
describe("prepareOrderBody", () => {
  const input: CheckoutInput = {
    form: { customer_name: " Анна ", customer_phone: "+7 912 345-67-89", delivery_address: "", comment: null },
    items: [{ id: 7, name: "Свеча", price: 350, quantity: 2, image: null, sku: "HM-1" } as unknown as CheckoutInput["items"][number]],
    config: null,
    telegramUser: null,
    userAgent: "test",
    idempotencyKey: "k",
  };

  it("sends the method, the city and the point with the signed quote", () => {
    const delivery = { method: "cdek_point" as const, city: "Москва", city_code: 44, point_code: "MSK1", quote_id: "q1.x.y", expected_price: 370 };
    expect(prepareOrderBody({ ...input, delivery }, "website")).toEqual({
      order: { customer_name: "Анна", customer_phone: "+7 912 345-67-89", delivery_address: null, comment: null },
      cart: [{ id: 7, name: "Свеча", quantity: 2 }],
      source: "website",
      delivery,
    });
  });

  it("sends no delivery when none was chosen (the shop's fixed fee): the body as before", () => {
    expect(prepareOrderBody({ ...input, delivery: null }, "mobile_web")).not.toHaveProperty("delivery");
  });
});
