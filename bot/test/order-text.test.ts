import { describe, expect, it } from "vitest";
import type { Order, OrderContact } from "@shop/core/orders";
import { computeTotals } from "@shop/shared/pricing";
import { hasLoneSurrogate } from "@shop/shared/text";
import { managerOrderText, preparedOrderText, telegramTextLength } from "../src/order-text";

/** Texts the bot sends with the shopper's own words in them, against Telegram's limit (docs/product.md#telegram-messages). */

const LINES = [
  { productId: 1, name: "Ваза керамическая «Лён»", sku: "HM-000001", image: null, price: 1890_00, quantity: 1 },
  { productId: 2, name: "Кружка <ручной> лепки & глазурь", sku: "HM-000002", image: null, price: 650_00, quantity: 2 },
];

function order(contact: Partial<OrderContact>, lines = LINES): Order {
  const at = new Date("2026-05-01T10:00:00Z");
  return {
    id: 1,
    number: "1001",
    createdAt: at,
    updatedAt: at,
    status: "new",
    source: "website",
    contact: { customerName: "Анна", customerPhone: "+79123456789", deliveryAddress: "Москва", comment: null, ...contact },
    lines: lines.map((line, index) => ({ ...line, id: index + 1 })),
    totals: computeTotals(lines),
    telegramUser: { id: BigInt(555), username: "anna", firstName: "Анна", lastName: null },
    payment: { status: "unpaid", paidAt: null, invoiceNumber: 0 },
  };
}

/** What Telegram would refuse: too long after parsing, half an emoji, an entity cut off. */
function expectSendable(text: string) {
  expect(telegramTextLength(text)).toBeLessThanOrEqual(4096);
  expect(hasLoneSurrogate(text)).toBe(false);
  expect(text).not.toMatch(/&(?!(?:amp|lt|gt|quot|#\d+);)/);
}

const itemLines = (text: string) => text.split("\n").filter((row) => row.startsWith("• "));

describe("the manager card and the checkout confirmation within Telegram's limit", () => {
  it("cuts a comment of 2 000 emoji between whole emoji and keeps every item line", () => {
    const text = managerOrderText(order({ comment: "😀".repeat(2000) }));
    expectSendable(text);
    expect(itemLines(text)).toHaveLength(2);
    expect(text).toContain("Итого:");
    expect(text).toMatch(/Комментарий: (😀)+…/u);
    expect(text).toContain("Адрес: Москва");
  });

  it("measures the comment after escaping: '<' and '&' count once, the cut never lands inside '&amp;'", () => {
    const comment = "<&".repeat(1000);
    const text = managerOrderText(order({ comment }));
    expectSendable(text);
    expect(itemLines(text)).toEqual([
      "• Ваза керамическая «Лён» (HM-000001) — 1 × 1\u00a0890.00\u00a0руб. = 1\u00a0890.00\u00a0руб.",
      "• Кружка &lt;ручной&gt; лепки &amp; глазурь (HM-000002) — 2 × 650.00\u00a0руб. = 1\u00a0300.00\u00a0руб.",
    ]);
    // nothing needed cutting: 2 000 characters fit once the entities are counted as Telegram counts them
    expect(text).toContain(`Комментарий: ${"&lt;&amp;".repeat(1000)}`);
    const longer = managerOrderText(order({ comment: "<&".repeat(2000), deliveryAddress: "&".repeat(1000) }));
    expectSendable(longer);
    expect(itemLines(longer)).toHaveLength(2);
    expect(telegramTextLength(longer)).toBeGreaterThan(4000);
  });

  it("cuts the address too when the comment alone is not enough, and only then item lines", () => {
    const text = managerOrderText(order({ comment: "к".repeat(2000), deliveryAddress: "😀".repeat(1000) }));
    expectSendable(text);
    expect(itemLines(text)).toHaveLength(2);
    const many = Array.from({ length: 100 }, (_, i) => ({ ...LINES[0]!, productId: i + 1, name: `Товар ${i} ${"ж".repeat(60)}` }));
    const crowded = managerOrderText(order({ comment: "к".repeat(2000), deliveryAddress: "а".repeat(1000) }, many));
    expectSendable(crowded);
    expect(crowded).toMatch(/…и ещё позиций: \d+/);
  });

  it("fits the website checkout's confirmation the same way", () => {
    const ticket = order({ comment: "😀".repeat(2000), deliveryAddress: "<".repeat(1000) });
    const text = preparedOrderText({ contact: ticket.contact, lines: ticket.lines, totals: ticket.totals, source: "website" });
    expectSendable(text);
    expect(itemLines(text)).toHaveLength(2);
    expect(text).toContain("Всё верно? Нажмите «Подтвердить заказ».");
  });
});
