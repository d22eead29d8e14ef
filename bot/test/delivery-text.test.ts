import { describe, expect, it } from "vitest";
import type { Order } from "@shop/core/orders";
import { computeTotals } from "@shop/shared/pricing";
import { managerOrderText, trackingText } from "../src/order-text";
import { managerKeyboard, SHIPMENT_BUTTON, canRegisterShipment } from "../src/keyboards";
import { parseCallback, shipmentCallback } from "../src/callback-data";

/** How the manager's card and the customer's message speak of delivery (docs/delivery.md). */

const LINES = [{ productId: 1, name: "Свеча", sku: "HM-000001", image: null, price: 350_00, quantity: 2 }];

function order(delivery: Order["delivery"]): Order {
  const at = new Date("2026-05-01T10:00:00Z");
  return {
    id: 7,
    number: "1007",
    createdAt: at,
    updatedAt: at,
    status: "new",
    source: "telegram_mini_app",
    contact: { customerName: "Анна", customerPhone: "+79123456789", deliveryAddress: null, comment: null },
    lines: LINES.map((line, index) => ({ ...line, id: index + 1 })),
    totals: computeTotals(LINES, 370_00),
    telegramUser: { id: BigInt(555), username: "anna", firstName: "Анна", lastName: null },
    payment: { status: "unpaid", paidAt: null, invoiceNumber: 0 },
    delivery,
  };
}

const POINT = {
  method: "cdek_point" as const,
  city: "Москва",
  cityCode: 44,
  pointCode: "MSK1",
  pointAddress: "Тверская ул., 12",
  weightGrams: 1000,
  daysMin: 3,
  daysMax: 5,
  priceKnown: true,
  priceNote: null,
};

describe("delivery in the bot's texts", () => {
  it("the manager's card names the method, the point, the weight and the dates", () => {
    const text = managerOrderText(order(POINT));
    expect(text).toContain("🚚 Доставка: <b>СДЭК, пункт выдачи</b> — Москва");
    expect(text).toContain("Пункт: MSK1, Тверская ул., 12");
    expect(text).toContain("Вес: 1000 г · 3–5 дней");
    expect(text).not.toContain("уточнит менеджер");
  });

  it("says when the carrier did not answer and the manager prices it", () => {
    const text = managerOrderText(order({ ...POINT, priceKnown: false, priceNote: "carrier-unavailable", daysMin: null, daysMax: null }));
    expect(text).toContain("⚠️ Перевозчик не ответил вовремя: стоимость доставки уточнит менеджер");
  });

  it("an order without a method has no delivery lines", () => {
    expect(managerOrderText(order(undefined))).not.toContain("🚚");
  });

  it("the customer's message has the number and the tracking link", () => {
    expect(trackingText("1007", "1000000001", "https://www.cdek.ru/ru/tracking/?order_id=1000000001")).toBe(
      "📮 Заказ №1007 передан в доставку.\nТрек-номер: <code>1000000001</code>\nОтследить посылку: https://www.cdek.ru/ru/tracking/?order_id=1000000001",
    );
  });

  it("the card offers СДЭК's shipment for СДЭК methods only", () => {
    expect(canRegisterShipment(order(POINT))).toBe(true);
    expect(canRegisterShipment(order({ ...POINT, method: "pochta", pointCode: null }))).toBe(false);
    const rows = managerKeyboard(7, "new", false, true).inline_keyboard;
    expect(rows.at(-1)).toEqual([{ text: SHIPMENT_BUTTON, callback_data: "sh:7" }]);
    expect(parseCallback(shipmentCallback(7))).toEqual({ kind: "shipment", orderId: 7 });
  });
});
