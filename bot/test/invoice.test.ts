import { describe, expect, it } from "vitest";
import type { Order } from "@shop/core/orders";
import { toKopecks } from "@shop/shared/money";
import { computeTotals } from "@shop/shared/pricing";
import { invoiceContent, receiptItems } from "../src/invoice";

/** The invoice's parts and ЮKassa's receipt lines always add up to the order's total, to the kopeck. */

/** prices and the delivery cost in roubles, as a manager types them */
type Line = { price: number; quantity: number };

function order(lines: Line[], delivery: number): Order {
  const at = new Date("2026-05-01T10:00:00Z");
  const cart = lines.map((line, index) => ({ productId: index + 1, name: `Товар ${index + 1}`, sku: `HM-00000${index + 1}`, image: null, quantity: line.quantity, price: toKopecks(line.price) }));
  return {
    id: 7,
    number: "1007",
    createdAt: at,
    updatedAt: at,
    status: "new",
    source: "telegram_mini_app",
    contact: { customerName: "Анна", customerPhone: "+79123456789", deliveryAddress: null, comment: null },
    lines: cart.map((line, index) => ({ ...line, id: index + 1 })),
    totals: computeTotals(cart, toKopecks(delivery)),
    telegramUser: { id: BigInt(555), username: null, firstName: "Анна", lastName: null },
    payment: { status: "invoiced", paidAt: null, invoiceNumber: 3 },
  };
}

const CASES: [Line[], number][] = [
  [[{ price: 1890, quantity: 1 }, { price: 650, quantity: 2 }], 350],
  [[{ price: 420.5, quantity: 3 }], 0],
  [[{ price: 1490.9, quantity: 7 }, { price: 0.01, quantity: 99 }, { price: 333.33, quantity: 3 }], 199.99],
  [[{ price: 99.99, quantity: 99 }, { price: 12.34, quantity: 13 }, { price: 1, quantity: 1 }], 700],
  [[{ price: 350, quantity: 1 }], 250],
];

describe("the invoice of an order", () => {
  it.each(CASES)("adds up to the total: %j with delivery %d", (lines, delivery) => {
    const o = order(lines, delivery);
    const total = o.totals.total;
    const content = invoiceContent(o, { providerToken: "1:TEST:1", receipts: "yookassa", vatCode: 2 });
    expect(content.prices.reduce((sum, price) => sum + price.amount, 0)).toBe(total);
    expect(content.payload).toBe("order:7:invoice:3");
    const items = receiptItems(o, 2);
    expect(items.reduce((sum, item) => sum + Math.round(Number(item.amount.value) * 100) * Number(item.quantity), 0)).toBe(total);
    for (const item of items) {
      expect(item.amount.value).toMatch(/^\d+\.\d\d$/);
      expect(item.quantity).toMatch(/^\d+\.00$/);
      expect(Number(item.quantity)).toBeGreaterThan(0);
    }
    expect(JSON.parse(content.provider_data!)).toEqual({ receipt: { items } });
  });

  it("has no receipt data and asks for nothing without ЮKassa receipts", () => {
    const content = invoiceContent(order([{ price: 650, quantity: 2 }], 250), { providerToken: "1:TEST:1", receipts: null, vatCode: 1 });
    expect(content).not.toHaveProperty("provider_data");
    expect(content).not.toHaveProperty("need_email");
    expect(content.prices).toEqual([
      { label: "Товар 1 × 2", amount: 130000 },
      { label: "Скидка 10%", amount: -13000 },
      { label: "Доставка", amount: 25000 },
    ]);
    expect(content.description).toBe("Оплата заказа №1007: 2 шт., итого 1\u00a0420.00\u00a0руб.");
  });
});
