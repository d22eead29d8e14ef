import { describe, expect, it } from "vitest";
import type { Order } from "@shop/core/orders";
import { toKopecks } from "@shop/shared/money";
import { computeTotals } from "@shop/shared/pricing";
import { checkPromoCode, spreadDiscount, type PromoTerms } from "@shop/shared/promo-codes";
import { invoiceContent, receiptItems } from "../src/invoice";

/**
 * An order with a promo code (docs/product.md#promo-codes): the receipt's lines carry the code's discount where the
 * order recorded it (on the lines in the code's scope) and add up to the amount paid, to the kopeck.
 */

const terms = (over: Partial<PromoTerms>): PromoTerms => ({
  code: "РЕМЕСЛО",
  kind: "percent",
  percent: 15,
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

function orderWithCode(lines: { price: number; quantity: number }[], promo: PromoTerms, delivery: number): Order {
  const at = new Date("2026-12-01T10:00:00Z");
  const cart = lines.map((line, index) => ({ productId: index + 1, name: `Товар ${index + 1}`, sku: `HM-0000${index + 1}`, image: null, quantity: line.quantity, price: toKopecks(line.price) }));
  const check = checkPromoCode(promo, cart.map((line) => ({ ...line, categoryIds: [] })), at);
  if (!check.ok) throw new Error(check.message);
  const totals = computeTotals(cart, toKopecks(delivery), { code: promo.code, discount: check.discount });
  expect(totals.promoCode).toBe(promo.code);
  const shares = spreadDiscount(cart.map((line) => line.price * line.quantity), totals.discount, check.eligible);
  return {
    id: 9,
    number: "1009",
    createdAt: at,
    updatedAt: at,
    status: "new",
    source: "telegram_mini_app",
    contact: { customerName: "Анна", customerPhone: "+79123456789", deliveryAddress: null, comment: null },
    lines: cart.map((line, index) => ({ ...line, id: index + 1, promoDiscount: shares[index]! })),
    totals,
    telegramUser: { id: BigInt(555), username: null, firstName: "Анна", lastName: null },
    payment: { status: "invoiced", paidAt: null, invoiceNumber: 1 },
  };
}

const paid = (items: ReturnType<typeof receiptItems>) => items.reduce((sum, item) => sum + Math.round(Number(item.amount.value) * 100) * Number(item.quantity), 0);

describe("the receipt of an order with a promo code", () => {
  it.each([
    [[{ price: 333.33, quantity: 3 }, { price: 99.99, quantity: 7 }], terms({}), 250],
    [[{ price: 1490.9, quantity: 1 }, { price: 12.34, quantity: 13 }], terms({ kind: "fixed", amount: 777_77 }), 0],
    [[{ price: 650, quantity: 2 }, { price: 420.5, quantity: 3 }], terms({ scope: "products", productIds: [2], percent: 50 }), 199.99],
  ])("adds up to the amount paid: %j", (lines, promo, delivery) => {
    const order = orderWithCode(lines, promo, delivery);
    const items = receiptItems(order, 1);
    expect(paid(items)).toBe(order.totals.total);
    const content = invoiceContent(order, { providerToken: "1:TEST:1", receipts: "yookassa", vatCode: 1 });
    expect(content.prices.reduce((sum, price) => sum + price.amount, 0)).toBe(order.totals.total);
    expect(content.prices.find((price) => price.amount < 0)?.label).toBe(`Скидка по промокоду ${promo.code}`);
  });

  it("leaves the lines outside the code's scope at their full price", () => {
    const order = orderWithCode([{ price: 650, quantity: 2 }, { price: 420.5, quantity: 3 }], terms({ scope: "products", productIds: [2], percent: 50 }), 0);
    const items = receiptItems(order, 1);
    expect(items[0]).toMatchObject({ quantity: "2.00", amount: { value: "650.00" } });
    expect(paid(items.slice(1))).toBe(420_50 * 3 - 630_75);
  });
});
