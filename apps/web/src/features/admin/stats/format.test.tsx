import { describe, expect, it } from "vitest";
import { formatRub } from "@shop/shared/format";
import { plainSpaces as nbsp } from "../../../test-helpers/plain-spaces";
import { hasSeriesData, kpiText, orderAxisTicks, previousText, seriesLabel, shareText, sourceSliceLabel, statusSliceLabel, toPoints } from "./format";

describe("statistics formatting", () => {
  it("summary cards: '...' while loading, 'Ошибка' after a failure, RUB without decimals", () => {
    expect(kpiText("loading", 5, "count")).toBe("...");
    expect(kpiText("error", 5, "money")).toBe("Ошибка");
    expect(kpiText("ready", undefined, "count")).toBe("Ошибка");
    expect(nbsp(kpiText("ready", 1234, "count"))).toBe("1 234");
    expect(nbsp(kpiText("ready", 12345.67, "money"))).toBe("12 346 ₽");
    expect(kpiText("ready", 12345.67, "money")).toBe(formatRub(12345.67));
    expect(nbsp(kpiText("ready", 0, "money"))).toBe("0 ₽");
  });

  it("doughnut tooltip: the count and its share to one decimal", () => {
    expect(shareText(3, 8)).toBe("3 (37.5%)");
    expect(shareText(1, 3)).toBe("1 (33.3%)");
    expect(shareText(2, 2)).toBe("2 (100.0%)");
    expect(shareText(0, 0)).toBe("0 (0.0%)");
  });

  it("orders axis: from zero in whole steps of one", () => {
    expect(orderAxisTicks(0)).toEqual([0, 1]);
    expect(orderAxisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(orderAxisTicks(10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const big = orderAxisTicks(37);
    expect(big[0]).toBe(0);
    expect(big.at(-1)).toBeGreaterThanOrEqual(37);
    expect(big.every((tick) => Number.isInteger(tick))).toBe(true);
    expect(big.length).toBeLessThanOrEqual(12);
  });

  it("a chart is empty without labels or with only zeros", () => {
    expect(hasSeriesData({ labels: [], data: [] })).toBe(false);
    expect(hasSeriesData({ labels: ["2026-05-01"], data: [0] })).toBe(false);
    expect(hasSeriesData({ labels: ["2026-05-01"], data: [2] })).toBe(true);
    expect(hasSeriesData(null)).toBe(false);
  });

  it("labels: dates shortened, statuses and sources in Russian, ready labels kept", () => {
    expect(seriesLabel("2026-05-07")).toBe("07.05");
    expect(seriesLabel("2026-05")).toBe("05.2026");
    expect(seriesLabel("неделя 3")).toBe("неделя 3");
    expect(statusSliceLabel("new")).toBe("Новые");
    expect(statusSliceLabel("Новые")).toBe("Новые");
    expect(statusSliceLabel("processing")).toBe("В работе");
    expect(sourceSliceLabel("website")).toBe("Сайт (Десктоп)");
    expect(sourceSliceLabel("Сайт (Мобайл)")).toBe("Сайт (Мобайл)");
    expect(sourceSliceLabel("Неизвестно")).toBe("Неизвестно");
    expect(toPoints({ labels: ["2026-05-01", "2026-05-02"], data: [1] })).toEqual([
      { label: "01.05", value: 1 },
      { label: "02.05", value: 0 },
    ]);
  });
});

describe("the previous period under a card", () => {
  it("shows the previous figure and the change in whole percent", () => {
    expect(previousText(12, 8, "count")).toBe("Пред. период: 8 (+50%)");
    expect(previousText(6, 8, "count")).toBe("Пред. период: 8 (−25%)");
    expect(previousText(8, 8, "count")).toBe("Пред. период: 8 (±0%)");
    expect(previousText(5, 0, "count")).toBe("Пред. период: 0");
    expect(previousText(1500, 1000, "money").replace(/\s/g, " ")).toBe("Пред. период: 1 000 ₽ (+50%)");
  });
});
