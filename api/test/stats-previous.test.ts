import { beforeAll, describe, expect, it } from "vitest";
import { adminShopForTests } from "./helpers/admin-shop";
import { insertOrder } from "./helpers/order-rows";

/** The statistics' figures beside the previous period's (docs/product.md#statistics). */
const shop = adminShopForTests();
const noon = (day: string) => new Date(`${day}T12:00:00+03:00`);
/** each order's total in roubles (discount and delivery as the shop's rules made them), by its day */
const totals: Record<string, number> = {};

beforeAll(async () => {
  const product = shop.f.products[0]!;
  const order = async (day: string, price: number, status: "new" | "cancelled" = "new") => {
    const row = await insertOrder(shop.t.prisma, { createdAt: noon(day), status, items: [{ productId: product.id, name: product.name, sku: product.sku, price, quantity: 1 }] });
    totals[day] = Number(row.total);
  };
  await order("2024-05-06", 1000);
  await order("2024-05-07", 500, "cancelled");
  await order("2024-05-08", 2000);
  await order("2024-05-10", 4000);
});

const get = async (query: string) => {
  const response = await shop.t.app.inject({ method: "GET", url: `/api/admin/stats/kpi-previous?${query}`, headers: shop.auth });
  return { status: response.statusCode, body: response.json() };
};

describe("the previous period beside the figures", () => {
  it("a custom range gets the same number of days just before it", async () => {
    const { status, body } = await get("start=2024-05-08&end=2024-05-10");
    expect(status).toBe(200);
    expect(body).toEqual({
      from: "2024-05-08",
      to: "2024-05-10",
      current: { totalOrders: 2, totalRevenue: totals["2024-05-08"]! + totals["2024-05-10"]!, averageOrderValue: (totals["2024-05-08"]! + totals["2024-05-10"]!) / 2, paid_revenue: 0 },
      // the cancelled order of 7 May is not counted
      previous: { from: "2024-05-05", to: "2024-05-07", kpi: { totalOrders: 1, totalRevenue: totals["2024-05-06"], averageOrderValue: totals["2024-05-06"], paid_revenue: 0 } },
    });
    // the current figures are exactly the kpi route's
    const kpi = await shop.t.app.inject({ method: "GET", url: "/api/admin/stats/kpi?start=2024-05-08&end=2024-05-10", headers: shop.auth });
    expect(kpi.json()).toEqual(body.current);
  });

  it("a preset period is compared too; all time has nothing before it; a reversed range is refused in Russian", async () => {
    const week = await get("period=7d");
    expect(week.body.previous.to < week.body.from).toBe(true);
    expect((await get("period=all")).body.previous).toBeNull();
    const reversed = await get("start=2024-05-10&end=2024-05-08");
    expect(reversed.status).toBe(400);
    expect(typeof reversed.body.message).toBe("string");
  });
});
