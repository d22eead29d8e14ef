import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endSession } from "../session";
import { signInAdmin } from "../../../test-helpers/admin-session";
import { cleanUpComponentTest } from "../../../test-helpers/clean-up";
import { jsonResponse as json } from "../../../test-helpers/json-response";
import { plainSpaces as nbsp } from "../../../test-helpers/plain-spaces";
import StatsTab from "./StatsTab";

const answers: Record<string, unknown> = {
  kpi: { totalOrders: 12, totalRevenue: 45678.9, averageOrderValue: 3806.58 },
  "orders-over-time": { labels: ["2026-05-01", "2026-05-02"], data: [3, 9] },
  "revenue-over-time": { labels: ["2026-05-01", "2026-05-02"], data: [1000, 44678.9] },
  "orders-by-status": { labels: ["Новые", "Завершен"], data: [4, 8] },
  "orders-by-source": { labels: [], data: [] },
  "top-products": [{ productId: 1, name: "Ваза", quantitySold: 5, totalValue: 6170.5 }],
  "top-customers": [],
};

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  signInAdmin();
});
afterEach(cleanUpComponentTest);

describe("statistics tab", () => {
  it("fires the seven calls together for 30d, then shows the figures", async () => {
    const pending: ((r: Response) => void)[] = [];
    const urls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) => {
        urls.push(url);
        return new Promise<Response>((resolve) => pending.push(resolve));
      }),
    );
    render(<StatsTab onAuthError={() => {}} />);
    expect(screen.getByText("Статистика по заказам")).toBeTruthy();
    // all seven requests are out before any answer arrives
    await waitFor(() => expect(urls).toHaveLength(7));
    expect(urls.every((url) => url.includes("period=30d"))).toBe(true);
    expect(urls.filter((url) => url.includes("limit=10"))).toHaveLength(2);
    expect(screen.getAllByText("...")).toHaveLength(3);
    expect(screen.getByText("Загрузка графика заказов...")).toBeTruthy();
    for (const button of screen.getAllByRole("button")) expect((button as HTMLButtonElement).disabled).toBe(true);

    urls.forEach((url, index) => {
      const name = /stats\/([a-z-]+)/.exec(url)![1]!;
      pending[index]!(json(200, answers[name]));
    });
    await waitFor(() => expect(document.querySelector('[data-kpi="totalOrders"]')!.textContent).toBe("12"));
    expect(nbsp(document.querySelector('[data-kpi="totalRevenue"]')!.textContent)).toBe("45 679 ₽");
    expect(nbsp(document.querySelector('[data-kpi="averageOrderValue"]')!.textContent)).toBe("3 807 ₽");
    expect(screen.getByText("Нет данных по источникам заказов.")).toBeTruthy();
    expect(nbsp(screen.getByText(/6\s170,50/).textContent)).toBe("6 170,50 ₽");
    const active = screen.getByRole("button", { name: "30 дней" }) as HTMLButtonElement;
    expect(active.disabled).toBe(true);
    expect((screen.getByRole("button", { name: "7 дней" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("a failure shows the error line, 'Ошибка' on the cards and empties the widgets", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url.includes("top-products") ? json(500, { message: "База недоступна" }) : json(200, answers[/stats\/([a-z-]+)/.exec(url)![1]!]))),
    );
    render(<StatsTab onAuthError={() => {}} />);
    await waitFor(() => expect(screen.getByText("Ошибка загрузки данных: База недоступна")).toBeTruthy());
    expect(screen.getAllByText("Ошибка")).toHaveLength(3);
    expect(screen.getByText("Нет данных для отображения графика заказов.")).toBeTruthy();
    expect(screen.getByText("Нет данных по статусам заказов.")).toBeTruthy();
  });

  it("without a JSON message the status is shown", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("gateway", { status: 502 })));
    render(<StatsTab onAuthError={() => {}} />);
    await waitFor(() => expect(screen.getByText("Ошибка загрузки данных: Ошибка 502")).toBeTruthy());
  });

  it("401 calls the parent's auth-error handler and says 'Ошибка авторизации.'", async () => {
    const onAuthError = vi.fn();
    vi.stubGlobal("fetch", vi.fn(async () => json(401, { message: "Требуется авторизация" })));
    render(<StatsTab onAuthError={onAuthError} />);
    await waitFor(() => expect(screen.getByText("Ошибка загрузки данных: Ошибка авторизации.")).toBeTruthy());
    expect(onAuthError).toHaveBeenCalled();
  });

  it("without a token nothing loads", async () => {
    endSession();
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<StatsTab onAuthError={() => {}} />);
    await waitFor(() => expect(screen.getByText("Ошибка загрузки данных: Отсутствует токен авторизации.")).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("changing the period reloads everything for that period", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        urls.push(url);
        return json(200, answers[/stats\/([a-z-]+)/.exec(url)![1]!]);
      }),
    );
    render(<StatsTab onAuthError={() => {}} />);
    await waitFor(() => expect(document.querySelector('[data-kpi="totalOrders"]')!.textContent).toBe("12"));
    fireEvent.click(screen.getByRole("button", { name: "Всё время" }));
    await waitFor(() => expect(urls.filter((url) => url.includes("period=all"))).toHaveLength(7));
  });
});

describe("statistics tab with payments in Telegram", () => {
  const statsAnswer = (url: string) => json(200, answers[/stats\/([a-z-]+)/.exec(url)![1]!]);

  it("adds the 'Оплачено' card with the period's paid revenue", async () => {
    const kpi = { ...(answers.kpi as object), paid_revenue: 31250.4 };
    vi.stubGlobal("fetch", vi.fn(async (url: string) => (url.includes("stats/kpi") ? json(200, kpi) : statsAnswer(url))));
    render(<StatsTab onAuthError={() => {}} payments />);
    expect(screen.getByText("Оплачено")).toBeTruthy();
    await waitFor(() => expect(nbsp(document.querySelector('[data-kpi="paid_revenue"]')!.textContent)).toBe("31 250 ₽"));
  });

  it("shows no such card when the shop takes no payments", async () => {
    vi.stubGlobal("fetch", vi.fn(async (url: string) => statsAnswer(url)));
    render(<StatsTab onAuthError={() => {}} />);
    await waitFor(() => expect(document.querySelector('[data-kpi="totalOrders"]')!.textContent).toBe("12"));
    expect(screen.queryByText("Оплачено")).toBeNull();
    expect(document.querySelector('[data-kpi="paid_revenue"]')).toBeNull();
  });
});
