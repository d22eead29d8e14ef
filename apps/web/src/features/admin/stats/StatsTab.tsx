import { useEffect, useState } from "react";
import { STATS_DEFAULT_PERIOD, type StatsPeriod } from "@shop/shared/constants";
import { formatRubCents } from "@shop/shared/format";
import { fetchAllStats, fetchPreviousKpi, type StatsData } from "../api/stats";
import type { KpiComparison } from "@shop/shared/schemas/admin";
import form from "../components/form.module.css";
import buttons from "../components/buttons.module.css";
import { useAuthToken } from "../session";
import { isAbort } from "../utils";
import { DoughnutChart, OrdersLineChart, RevenueLineChart } from "./charts";
import { kpiText, previousText, type WidgetState } from "./format";
import card from "../components/card.module.css";
import layout from "../components/layout.module.css";
import segmented from "../components/segmented.module.css";
import table from "../components/table.module.css";
import text from "../components/text.module.css";
import charts from "./charts.module.css";
import styles from "./StatsTab.module.css";

export const PERIODS: { value: StatsPeriod; label: string }[] = [
  { value: "7d", label: "7 дней" },
  { value: "30d", label: "30 дней" },
  { value: "all", label: "Всё время" },
];

interface Props {
  /** the parent's handler for 401/403: ends the session */
  onAuthError: () => void;
  /** the shop takes payments in Telegram: a card with what was paid in the period */
  payments?: boolean;
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={`${card.card} ${styles.panel}`}>
      <h3 className={`${card.title} ${card.titleSm} ${styles.panelTitle}`}>{title}</h3>
      {children}
    </section>
  );
}

/** '2024-05-08' → '08.05.2024' */
const formatDay = (day: string) => day.split("-").reverse().join(".");

function Placeholder({ text }: { text: string }) {
  return <p className={charts.placeholder}>{text}</p>;
}

export default function StatsTab({ onAuthError, payments = false }: Props) {
  const token = useAuthToken();
  const [period, setPeriod] = useState<StatsPeriod>(STATS_DEFAULT_PERIOD);
  /** a custom range wins over the preset period while it is set */
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [draft, setDraft] = useState({ start: "", end: "" });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [previous, setPrevious] = useState<KpiComparison["previous"]>(null);
  const [data, setData] = useState<StatsData | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  // all seven statistics reload whenever the token, the period or the auth-error handler changes
  // (docs/product.md#statistics)
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    setData(null);
    setPrevious(null);
    fetchAllStats(range ?? period, token, onAuthError, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setData(result);
        setLoading(false);
        void fetchPreviousKpi(range ?? period, controller.signal).then((answer) => {
          if (!controller.signal.aborted) setPrevious(answer);
        });
      })
      .catch((failure) => {
        if (isAbort(failure) || controller.signal.aborted) return;
        if ((failure as Error).message !== "Ошибка авторизации.") console.error("statistics failed to load", failure);
        setError((failure as Error).message || "Неизвестная ошибка");
        setData(null);
        setLoading(false);
      });
    return () => controller.abort();
  }, [token, period, range, onAuthError]);

  function applyRange() {
    if (!draft.start || !draft.end) return setRangeError("Укажите обе даты");
    if (draft.end < draft.start) return setRangeError("Дата «с» позже даты «по»");
    setRangeError(null);
    setRange({ ...draft });
  }

  const prevLine = (key: "totalOrders" | "totalRevenue" | "averageOrderValue" | "paid_revenue", kind: "count" | "money") =>
    state === "ready" && previous && data ? (
      <span className={styles.kpiPrev} data-previous={key}>
        {previousText(data.kpi[key], previous.kpi[key], kind)}
      </span>
    ) : null;

  const state: WidgetState = loading ? "loading" : error ? "error" : "ready";

  return (
    <div className={layout.stack}>
      <div className={styles.head}>
        <h2 className={styles.title}>Статистика по заказам</h2>
        <div className={segmented.segmented} role="group" aria-label="Период">
          {PERIODS.map((item) => (
            <button
              key={item.value}
              type="button"
              aria-pressed={!range && period === item.value}
              className={`${segmented.item} ${!range && period === item.value ? segmented.active : ""}`}
              disabled={loading || (!range && period === item.value)}
              onClick={() => {
                setRange(null);
                setPeriod(item.value);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      </div>

      <form
        className={styles.range}
        aria-label="Свой период"
        onSubmit={(event) => {
          event.preventDefault();
          applyRange();
        }}
      >
        <label className={form.field}>
          <span className={form.label}>С</span>
          <input className={`${form.input} ${form.inputSm}`} type="date" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
        </label>
        <label className={form.field}>
          <span className={form.label}>По</span>
          <input className={`${form.input} ${form.inputSm}`} type="date" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.target.value })} />
        </label>
        <button type="submit" className={`${buttons.ghost} ${buttons.sm}`} disabled={loading}>
          Показать
        </button>
        {previous && state === "ready" && (
          <span className={text.muted} data-testid="previous-span">
            {range ? `${formatDay(range.start)} — ${formatDay(range.end)}` : ""} сравнение с {formatDay(previous.from)} — {formatDay(previous.to)}
          </span>
        )}
        {rangeError && <span className={text.errorLine}>{rangeError}</span>}
      </form>

      {error && (
        <p className={text.errorLine} role="alert">
          Ошибка загрузки данных: {error}
        </p>
      )}

      <div className={`${styles.kpis} ${payments ? styles.four : ""}`}>
        <div className={`${card.card} ${styles.kpi}`}>
          <span className={styles.kpiLabel}>Всего заказов</span>
          <span className={styles.kpiValue} data-kpi="totalOrders">
            {kpiText(state, data?.kpi.totalOrders, "count")}
          </span>
          {prevLine("totalOrders", "count")}
        </div>
        <div className={`${card.card} ${styles.kpi}`}>
          <span className={styles.kpiLabel}>Выручка</span>
          <span className={styles.kpiValue} data-kpi="totalRevenue">
            {kpiText(state, data?.kpi.totalRevenue, "money")}
          </span>
          {prevLine("totalRevenue", "money")}
        </div>
        <div className={`${card.card} ${styles.kpi}`}>
          <span className={styles.kpiLabel}>Средний чек</span>
          <span className={styles.kpiValue} data-kpi="averageOrderValue">
            {kpiText(state, data?.kpi.averageOrderValue, "money")}
          </span>
          {prevLine("averageOrderValue", "money")}
        </div>
        {payments && (
          <div className={`${card.card} ${styles.kpi}`}>
            <span className={styles.kpiLabel}>Оплачено</span>
            <span className={styles.kpiValue} data-kpi="paid_revenue">
              {kpiText(state, data?.kpi.paid_revenue, "money")}
            </span>
            {prevLine("paid_revenue", "money")}
          </div>
        )}
      </div>

      <div className={styles.grid}>
        <Panel title="Динамика количества заказов">
          {loading ? (
            <Placeholder text="Загрузка графика заказов..." />
          ) : (
            <OrdersLineChart series={data?.ordersOverTime} empty="Нет данных для отображения графика заказов." />
          )}
        </Panel>
        <Panel title="Динамика выручки">
          {loading ? (
            <Placeholder text="Загрузка графика выручки..." />
          ) : (
            <RevenueLineChart series={data?.revenueOverTime} empty="Нет данных для отображения графика выручки." />
          )}
        </Panel>
        <Panel title="Распределение заказов по статусам">
          {loading ? (
            <Placeholder text="Загрузка данных по статусам..." />
          ) : (
            <DoughnutChart series={data?.ordersByStatus} kind="status" empty="Нет данных по статусам заказов." />
          )}
        </Panel>
        <Panel title="Распределение заказов по источникам">
          {loading ? (
            <Placeholder text="Загрузка данных по источникам..." />
          ) : (
            <DoughnutChart series={data?.ordersBySource} kind="source" empty="Нет данных по источникам заказов." />
          )}
        </Panel>

        <Panel title="Топ-10 Товаров (по количеству)">
          {loading ? (
            <Placeholder text="Загрузка топа товаров..." />
          ) : !data || data.topProducts.length === 0 ? (
            <Placeholder text="Нет данных о продажах товаров за выбранный период." />
          ) : (
            <div className={`${table.wrap} ${table.plain}`}>
              <table className={`${table.table} ${styles.compact}`} data-testid="top-products">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>Товар</th>
                    <th className={table.num}>Продано (шт.)</th>
                    <th className={table.num}>Выручка (₽)</th>
                  </tr>
                </thead>
                <tbody>
                  {data.topProducts.map((row, index) => (
                    <tr key={`${row.productId ?? "x"}-${row.name}`}>
                      <td className={text.muted}>{index + 1}</td>
                      <td>{row.name}</td>
                      <td className={table.num}>{row.quantitySold}</td>
                      <td className={table.num}>{formatRubCents(row.totalValue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Panel>
        <Panel title="Топ-10 Клиентов (по сумме заказов)">
          {loading ? (
            <Placeholder text="Загрузка топа клиентов..." />
          ) : !data || data.topCustomers.length === 0 ? (
            <Placeholder text="Нет данных о клиентах за выбранный период." />
          ) : (
            <div className={`${table.wrap} ${table.plain}`}>
              <table className={`${table.table} ${styles.compact}`} data-testid="top-customers">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>Клиент</th>
                    <th className={table.num}>Заказов</th>
                    <th className={table.num}>Сумма (₽)</th>
                  </tr>
                </thead>
                <tbody>
                  {data.topCustomers.map((row, index) => (
                    <tr key={`${row.telegramUserId ?? "x"}-${row.customerName}-${index}`}>
                      <td className={text.muted}>{index + 1}</td>
                      <td>{row.customerName}</td>
                      <td className={table.num}>{row.orderCount}</td>
                      <td className={table.num}>{formatRubCents(row.totalSpent)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Panel>
      </div>
    </div>
  );
}
