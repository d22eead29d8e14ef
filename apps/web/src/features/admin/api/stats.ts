import type { KpiComparison, KpiResponse, SeriesResponse, TopCustomer, TopProduct } from "@shop/shared/schemas/admin";
import { STATS_TOP_LIMIT, type StatsPeriod } from "@shop/shared/constants";
import { ApiError, adminRequest } from "./client";

export interface StatsData {
  kpi: KpiResponse;
  ordersOverTime: SeriesResponse;
  revenueOverTime: SeriesResponse;
  ordersByStatus: SeriesResponse;
  ordersBySource: SeriesResponse;
  topProducts: TopProduct[];
  topCustomers: TopCustomer[];
}

/** A preset period, or a custom range (both days included, YYYY-MM-DD). */
export type StatsSpan = { period: StatsPeriod } | { start: string; end: string };

/**
 * One statistics call with the texts of docs/product.md#statistics-errors: no token → 'Отсутствует токен авторизации.';
 * 401/403 → the parent's auth-error handler, then 'Ошибка авторизации.'; otherwise the body's message or 'Ошибка {status}'.
 */
async function statsCall<T>(
  path: string,
  query: Record<string, string | number>,
  token: string | null,
  onAuthError: () => void,
  signal?: AbortSignal,
): Promise<T> {
  if (!token) throw new Error("Отсутствует токен авторизации.");
  try {
    return await adminRequest<T>(`/api/admin/stats/${path}`, { query, signal, authError: "manual" });
  } catch (error) {
    if (error instanceof ApiError && error.isAuthError) {
      onAuthError();
      throw new Error("Ошибка авторизации.", { cause: error });
    }
    throw error;
  }
}

/** The seven statistics calls, fired together (docs/product.md#statistics). */
export async function fetchAllStats(
  span: StatsPeriod | StatsSpan,
  token: string | null,
  onAuthError: () => void,
  signal?: AbortSignal,
): Promise<StatsData> {
  if (!token) throw new Error("Отсутствует токен авторизации.");
  const q: Record<string, string> = typeof span === "string" ? { period: span } : { ...span };
  const top = { ...q, limit: STATS_TOP_LIMIT };
  const call = <T>(path: string, query: Record<string, string | number>) => statsCall<T>(path, query, token, onAuthError, signal);
  const [kpi, ordersOverTime, revenueOverTime, ordersByStatus, ordersBySource, topProducts, topCustomers] = await Promise.all([
    call<KpiResponse>("kpi", q),
    call<SeriesResponse>("orders-over-time", q),
    call<SeriesResponse>("revenue-over-time", q),
    call<SeriesResponse>("orders-by-status", q),
    call<SeriesResponse>("orders-by-source", q),
    call<TopProduct[]>("top-products", top),
    call<TopCustomer[]>("top-customers", top),
  ]);
  return { kpi, ordersOverTime, revenueOverTime, ordersByStatus, ordersBySource, topProducts, topCustomers };
}

/**
 * The period just before, as many days long (`GET /api/admin/stats/kpi-previous`): asked once the figures are
 * shown, and extra — null for all time, or when it cannot be read; the figures show without it.
 */
export async function fetchPreviousKpi(span: StatsPeriod | StatsSpan, signal?: AbortSignal): Promise<KpiComparison["previous"]> {
  const query: Record<string, string> = typeof span === "string" ? { period: span } : { ...span };
  try {
    return (await adminRequest<KpiComparison>("/api/admin/stats/kpi-previous", { query, signal, authError: "manual" })).previous ?? null;
  } catch {
    return null;
  }
}
