import { describe, expect, it } from "vitest";
import type { CartLine, Order } from "@shop/core/orders";
import { computeTotals } from "@shop/shared/pricing";
import { receiptItems } from "../src/invoice";
import { managerOrderText } from "../src/order-text";
import { productCaption } from "../src/product-card";
import type { Product } from "@shop/shared/schemas/catalog";

/** The bot's texts name a line's variant and the shopper's texts (docs/product.md#variants-and-personalisation). */

const ENGRAVING = "Любимой маме от Саши и Маши, 2026 — ".repeat(6).trim();

const LINES: CartLine[] = [
  { productId: 1, name: "Кольцо «Веточка»", sku: "HM-000001", variantId: 11, variantSku: "HM-000001-17", variantTitle: "Размер: 17", image: null, price: 3200_00, quantity: 1 },
  {
    productId: 2,
    name: "Доска разделочная из дуба",
    sku: "HM-000002",
    image: null,
    price: 2190_00,
    quantity: 1,
    personalization: [
      { label: "Гравировка", value: ENGRAVING, price: 300_00 },
      { label: "Открытка", value: "С днём <рождения> & любовью", price: 0 },
    ],
  },
];

function order(): Order {
  const at = new Date("2026-05-01T10:00:00Z");
  return {
    id: 9,
    number: "1009",
    createdAt: at,
    updatedAt: at,
    status: "new",
    source: "telegram_mini_app",
    contact: { customerName: "Анна", customerPhone: "+79123456789", deliveryAddress: null, comment: null },
    lines: LINES.map((line, index) => ({ ...line, id: index + 1 })),
    totals: computeTotals(LINES),
    telegramUser: null,
    payment: { status: "invoiced", paidAt: null, invoiceNumber: 1 },
  };
}

describe("a line with a variant and personalisation", () => {
  it("shows the variant's title and article, and every text with its extra, on the manager's card", () => {
    const text = managerOrderText(order());
    expect(text).toContain("• Кольцо «Веточка», Размер: 17 (HM-000001-17) — 1 × 3\u00a0200.00\u00a0руб.");
    expect(text).toContain(`   Гравировка: «${ENGRAVING}» (+300.00\u00a0руб.)`);
    expect(text).toContain("   Открытка: «С днём &lt;рождения&gt; &amp; любовью»");
  });

  it("names the receipt's item with the variant and the texts, cut to 128 characters (54-ФЗ)", () => {
    const items = receiptItems(order(), 1);
    expect(items[0]!.description).toBe("Кольцо «Веточка» (Размер: 17)");
    expect(items[1]!.description.length).toBeLessThanOrEqual(128);
    expect(items[1]!.description.startsWith("Доска разделочная из дуба — Гравировка: Любимой маме")).toBe(true);
    // the order keeps the whole text
    expect(order().lines[1]!.personalization![0]!.value).toBe(ENGRAVING);
  });

  it("says «от» on the product card when the variants' prices differ", () => {
    const product = { id: 1, name: "Кольцо", price: 3200, description: null, images: [], variants: [{ price: 3200 }, { price: 3400 }] } as unknown as Product;
    expect(productCaption(product)).toBe("<b>Кольцо</b>\nот 3\u00a0200.00\u00a0руб.");
  });
});
