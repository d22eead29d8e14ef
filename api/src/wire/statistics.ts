import type { Kpi, Series, TopCustomerRow, TopProductRow } from "@shop/core/statistics";
import { toRoubles } from "@shop/shared/money";
import type { KpiResponse, SeriesResponse, TopCustomer, TopProduct } from "@shop/shared/schemas/admin";

/** The statistics' figures as the admin API's JSON documents them: money in roubles (kopecks inside the shop). */

export function toWireKpi(kpi: Kpi): KpiResponse {
  return {
    totalOrders: kpi.totalOrders,
    totalRevenue: toRoubles(kpi.totalRevenue),
    averageOrderValue: toRoubles(kpi.averageOrderValue),
    paid_revenue: toRoubles(kpi.paidRevenue),
  };
}

export function toWireRevenue(series: Series): SeriesResponse {
  return { labels: series.labels, data: series.data.map(toRoubles) };
}

export function toWireTopProduct(row: TopProductRow): TopProduct {
  const { variant, ...product } = row;
  const wire: TopProduct = { ...product, totalValue: toRoubles(row.totalValue) };
  if (variant) Object.assign(wire, { variantId: variant.id, variantTitle: variant.title, sku: variant.sku });
  return wire;
}

export function toWireTopCustomer(row: TopCustomerRow): TopCustomer {
  return { ...row, totalSpent: toRoubles(row.totalSpent) };
}
