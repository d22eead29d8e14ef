import type { SeriesResponse } from "@shop/shared/schemas/admin";
import { formatRub } from "@shop/shared/format";
import { isOrderSource, sourceLabel, statsStatusLabel } from "@shop/shared/labels";

/** The state a statistics widget is in: waiting, failed, or showing its value. */
export type WidgetState = "loading" | "error" | "ready";

const count = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });

/** Summary card text: '...' while loading, 'Ошибка' after a failure, money in whole roubles or a plain count. */
export function kpiText(state: WidgetState, value: number | undefined, kind: "count" | "money"): string {
  if (state === "loading") return "...";
  if (state === "error" || value === undefined) return "Ошибка";
  return kind === "money" ? formatRub(value) : count.format(value);
}

/** Doughnut tooltip: the count and its share of the total to one decimal, e.g. '3 (37.5%)'. */
export function shareText(value: number, total: number): string {
  const percent = total > 0 ? (value / total) * 100 : 0;
  return `${value} (${percent.toFixed(1)}%)`;
}

/** A chart has something to show only with labels and at least one non-zero value. */
export function hasSeriesData(series: SeriesResponse | null | undefined): series is SeriesResponse {
  return !!series && series.labels.length > 0 && series.data.some((value) => value !== 0);
}

/** '2026-05-07' → '07.05', '2026-05' → '05.2026'; anything else as it came. */
export function seriesLabel(label: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(label);
  if (day) return `${day[3]}.${day[2]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(label);
  if (month) return `${month[2]}.${month[1]}`;
  return label;
}

export interface ChartPoint {
  label: string;
  value: number;
}

export function toPoints(series: SeriesResponse, label: (raw: string) => string = seriesLabel): ChartPoint[] {
  return series.labels.map((raw, index) => ({ label: label(raw), value: series.data[index] ?? 0 }));
}

/** Status labels may come as values ('new') or already in Russian ('Новые'). */
export function statusSliceLabel(raw: string): string {
  return statsStatusLabel(raw);
}

/** Source labels likewise; only a known value is translated, a ready label is kept. */
export function sourceSliceLabel(raw: string): string {
  return isOrderSource(raw) ? sourceLabel(raw) : raw;
}

/**
 * Ticks of the orders axis: from zero in steps of one. A busy shop would get a wall of numbers, so above ten the
 * step grows to the smallest whole number that keeps at most ten steps.
 */
export function orderAxisTicks(max: number): number[] {
  const top = Math.max(1, Math.ceil(max));
  const step = top <= 10 ? 1 : Math.ceil(top / 10);
  const ticks: number[] = [];
  for (let tick = 0; tick < top + step; tick += step) ticks.push(tick);
  return ticks;
}

/** Compact money on the revenue axis: '12 тыс.', '1,2 млн'. */
const compact = new Intl.NumberFormat("ru-RU", { notation: "compact", maximumFractionDigits: 1 });
export function axisMoney(value: number): string {
  return compact.format(value);
}

/**
 * The previous period's figure under a card: 'Пред. период: 12 (+50%)'; the change in whole percent, none when the
 * previous figure is 0 (a change from nothing has no percent).
 */
export function previousText(current: number, previous: number, kind: "count" | "money"): string {
  const value = kind === "money" ? formatRub(previous) : count.format(previous);
  if (previous === 0) return `Пред. период: ${value}`;
  const change = Math.round(((current - previous) / previous) * 100);
  return `Пред. период: ${value} (${change > 0 ? "+" : change < 0 ? "−" : "±"}${Math.abs(change)}%)`;
}
