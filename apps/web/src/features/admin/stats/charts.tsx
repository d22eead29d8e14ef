import { CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { SeriesResponse } from "@shop/shared/schemas/admin";
import { STATS_CHART_HEIGHT_PX } from "@shop/shared/constants";
import { formatRub } from "@shop/shared/format";
import {
  axisMoney,
  hasSeriesData,
  orderAxisTicks,
  shareText,
  sourceSliceLabel,
  statusSliceLabel,
  toPoints,
  type ChartPoint,
} from "./format";
import styles from "./charts.module.css";

const ACCENT = "#b05535";
const REVENUE = "#1f6f5c";
const SLICE_COLORS = ["#b05535", "#1f6f5c", "#d9a441", "#5b6fb5", "#8c5a9e", "#868e96", "#c8433a"];
const STATUS_COLORS: Record<string, string> = {
  Новые: "#3b5bdb",
  "В работе": "#f08c00",
  Отправлен: "#7048e8",
  Завершен: "#2f9e44",
  Отменен: "#e03131",
};

const tooltipStyle = { borderRadius: 8, border: "1px solid #dee2e6", fontSize: 13 };

/** Dots help on a short series and clutter a long one. */
const dots = (count: number) => (count <= 14 ? { r: 3 } : false);

function Empty({ text }: { text: string }) {
  return <p className={styles.placeholder}>{text}</p>;
}

interface SeriesChartProps {
  series: SeriesResponse | null | undefined;
  empty: string;
}

export function OrdersLineChart({ series, empty }: SeriesChartProps) {
  if (!hasSeriesData(series)) return <Empty text={empty} />;
  const points = toPoints(series);
  const ticks = orderAxisTicks(Math.max(...points.map((p) => p.value)));
  return (
    <div className={styles.chart} style={{ height: STATS_CHART_HEIGHT_PX }} data-testid="orders-chart">
      <ResponsiveContainer width="100%" height={STATS_CHART_HEIGHT_PX}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e9ecef" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis
            allowDecimals={false}
            domain={[0, ticks[ticks.length - 1]!]}
            ticks={ticks}
            interval={0}
            tick={{ fontSize: 12 }}
          />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line type="linear" isAnimationActive={false} dataKey="value" name="Количество заказов" stroke={ACCENT} strokeWidth={2} dot={dots(points.length)} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function RevenueLineChart({ series, empty }: SeriesChartProps) {
  if (!hasSeriesData(series)) return <Empty text={empty} />;
  const points = toPoints(series);
  return (
    <div className={styles.chart} style={{ height: STATS_CHART_HEIGHT_PX }} data-testid="revenue-chart">
      <ResponsiveContainer width="100%" height={STATS_CHART_HEIGHT_PX}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e9ecef" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis domain={[0, "auto"]} tickFormatter={axisMoney} tick={{ fontSize: 12 }} width={76} />
          <Tooltip contentStyle={tooltipStyle} formatter={(value) => formatRub(Number(value ?? 0))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line type="linear" isAnimationActive={false} dataKey="value" name="Выручка (₽)" stroke={REVENUE} strokeWidth={2} dot={dots(points.length)} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function DoughnutChart({ series, empty, kind }: SeriesChartProps & { kind: "status" | "source" }) {
  if (!hasSeriesData(series)) return <Empty text={empty} />;
  const points = toPoints(series, kind === "status" ? statusSliceLabel : sourceSliceLabel).filter((p) => p.value > 0);
  const total = points.reduce((sum, point) => sum + point.value, 0);
  return (
    <div className={styles.chart} style={{ height: STATS_CHART_HEIGHT_PX }} data-testid={`${kind}-chart`}>
      <ResponsiveContainer width="100%" height={STATS_CHART_HEIGHT_PX}>
        <PieChart>
          <Pie data={points} dataKey="value" nameKey="label" innerRadius="55%" outerRadius="80%" paddingAngle={points.length > 1 ? 1 : 0} isAnimationActive={false}>
            {points.map((point, index) => (
              <Cell
                key={point.label}
                fill={(kind === "status" ? STATUS_COLORS[point.label] : undefined) ?? SLICE_COLORS[index % SLICE_COLORS.length]}
              />
            ))}
          </Pie>
          <Tooltip contentStyle={tooltipStyle} formatter={(value, name) => [shareText(Number(value ?? 0), total), name]} />
          {/* each slice's count and share stay in view, not only on hover */}
          <Legend
            wrapperStyle={{ fontSize: 13 }}
            formatter={(name, entry) => `${String(name)}: ${shareText(Number((entry.payload as ChartPoint | undefined)?.value ?? 0), total)}`}
          />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
