import type { KpiResponse, SeriesResponse, TopCustomer, TopProduct } from "@shop/shared/schemas/admin";
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
  period: StatsPeriod,
  token: string | null,
  onAuthError: () => void,
  signal?: AbortSignal,
): Promise<StatsData> {
  if (!token) throw new Error("Отсутствует токен авторизации.");
  const q = { period };
  const top = { period, limit: STATS_TOP_LIMIT };
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
