import Type from "typebox";
import { KpiComparison, KpiResponse, SeriesResponse, StatsQuery, TopCustomer, TopProduct } from "@shop/shared/schemas/admin";
import { ErrorResponse } from "@shop/shared/schemas/common";
import { autoCommitSql } from "@shop/prisma/db";
import type { App } from "../app-type";
import { toWireKpi, toWireRevenue, toWireTopCustomer, toWireTopProduct } from "../wire/statistics";
import {
  kpi,
  ordersBySource,
  ordersByStatus,
  previousRange,
  resolveRange,
  series,
  topCustomers,
  topProducts,
  topVariants,
  type StatsRange,
} from "@shop/core/statistics";

const PERIOD_NOTE =
  "period = 7d | 30d | all (default 30d), or start and end (YYYY-MM-DD, both included, at most 3 years); " +
  "days in Europe/Moscow time. Cancelled orders are not counted.";

export default async function adminStatsRoutes(app: App) {
  const sql = autoCommitSql(app.db);
  // one shape for seven routes: typed through the route generic instead of the TypeBox provider, whose
  // inference does not follow a response schema passed in as a parameter (the schemas still validate the
  // query and serialize the response)
  const stat = (
    path: string,
    summary: string,
    response: Type.TSchema,
    compute: (range: StatsRange, query: StatsQuery) => Promise<unknown>,
  ) =>
    app.get<{ Querystring: StatsQuery }>(
      `/api/admin/stats/${path}`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ["admin-stats"],
          summary,
          description: PERIOD_NOTE,
          security: [{ bearerAuth: [] }],
          querystring: StatsQuery,
          response: { 200: response, 400: ErrorResponse, 401: ErrorResponse },
        },
      },
      async (request) => compute(await resolveRange(sql, request.query), request.query),
    );

  stat("kpi", "Orders, revenue and average order value", KpiResponse, async (range) => toWireKpi(await kpi(sql, range)));
  stat(
    "kpi-previous",
    "The period's orders, revenue and average order value beside the same figures for the period just before it, as many days long (none for period=all)",
    KpiComparison,
    async (range) => {
      const before = previousRange(range);
      const [current, previous] = await Promise.all([kpi(sql, range), before ? kpi(sql, before) : null]);
      return {
        from: range.from,
        to: range.to,
        current: toWireKpi(current),
        previous: before && previous ? { from: before.from, to: before.to, kpi: toWireKpi(previous) } : null,
      };
    },
  );
  stat("orders-over-time", "Orders per day (per week or month for long periods), zero-filled", SeriesResponse, (range) =>
    series(sql, range, "orders"),
  );
  stat("revenue-over-time", "Revenue per day (per week or month for long periods), zero-filled", SeriesResponse, async (range) =>
    toWireRevenue(await series(sql, range, "revenue")),
  );
  stat("orders-by-status", "Orders by status (cancelled included), empty statuses left out", SeriesResponse, (range) =>
    ordersByStatus(sql, range),
  );
  stat("orders-by-source", "Orders by source (cancelled included), empty sources left out", SeriesResponse, (range) =>
    ordersBySource(sql, range),
  );
  stat("top-products", "Best-selling products by pieces sold; byVariant=true: each variant apart", Type.Array(TopProduct), async (range, query) =>
    (await (query.byVariant ? topVariants : topProducts)(sql, range, query.limit)).map(toWireTopProduct),
  );
  stat("top-customers", "Customers by money spent (a Telegram user, else a phone number)", Type.Array(TopCustomer), async (range, query) =>
    (await topCustomers(sql, range, query.limit)).map(toWireTopCustomer),
  );
}
