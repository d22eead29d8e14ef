import { describe, expect, it } from "vitest";
import { detectOrderSource, sourceLabel, statsStatusLabel, statusLabel } from "./labels";

describe("labels", () => {
  it("labels statuses as the shop shows them and shows unknown ones raw", () => {
    expect(["new", "processing", "shipped", "completed", "cancelled"].map(statusLabel)).toEqual([
      "Создан",
      "В работе",
      "Отправлен",
      "Завершен",
      "Отменен",
    ]);
    expect(statusLabel("archived")).toBe("archived");
    expect(statsStatusLabel("new")).toBe("Новые");
    expect(statsStatusLabel("shipped")).toBe("Отправлен");
  });

  it("labels sources, unknown ones as 'Неизвестно'", () => {
    expect(sourceLabel("website")).toBe("Сайт (Десктоп)");
    expect(sourceLabel("mobile_web")).toBe("Сайт (Мобайл)");
    expect(sourceLabel("fax")).toBe("Неизвестно");
    expect(sourceLabel(null)).toBe("Неизвестно");
  });

  it("detects the order source", () => {
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
    expect(detectOrderSource(true, desktop)).toBe("telegram_mini_app");
    expect(detectOrderSource(false, iphone)).toBe("mobile_web");
    expect(detectOrderSource(false, desktop)).toBe("website");
  });
});
