import { beforeAll, describe, expect, it } from "vitest";
import { adminShopForTests } from "./helpers/admin-shop";
import { insertOrder } from "./helpers/order-rows";

/** The order desk's delivery-method filter (docs/product.md#finding-orders). */
const shop = adminShopForTests();
const numbers: Record<string, string> = {};

beforeAll(async () => {
  const product = shop.f.products[0]!;
  for (const method of ["cdek_point", "pickup", null] as const) {
    const order = await insertOrder(shop.t.prisma, {
      customerName: `Покупатель ${method ?? "без способа"}`,
      items: [{ productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity: 1 }],
    });
    numbers[method ?? "none"] = order.orderNumber;
    if (method) await shop.t.prisma.orderDelivery.create({ data: { orderId: order.id, method, weightGrams: 500, priceKnown: true } });
  }
});

const found = async (query: string) => {
  const response = await shop.t.app.inject({ method: "GET", url: `/api/admin/orders?${query}`, headers: shop.auth });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().orders as { order_number: string }[]).map((order) => order.order_number);
};

describe("orders by delivery method", () => {
  it("keeps the orders of one method, or those without one", async () => {
    expect(await found("delivery_method=cdek_point")).toEqual([numbers.cdek_point]);
    expect(await found("delivery_method=pickup")).toEqual([numbers.pickup]);
    expect(await found("delivery_method=none")).toEqual([numbers.none]);
    expect((await found("")).length).toBe(3);
  });

  it("refuses an unknown method in Russian, and the CSV export follows the filter", async () => {
    const bad = await shop.t.app.inject({ method: "GET", url: "/api/admin/orders?delivery_method=teleport", headers: shop.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Неизвестный способ доставки. Возможные: pickup, courier, cdek_point, cdek_door, pochta, none");
    const csv = await shop.t.app.inject({ method: "GET", url: "/api/admin/orders/export.csv?delivery_method=pickup", headers: shop.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(numbers.pickup);
    expect(csv.body).not.toContain(`Покупатель cdek_point`);
  });
});
