import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Broadcast, BroadcastList } from "@shop/shared/schemas/broadcasts";
import * as broadcasts from "../api/broadcasts";
import * as catalog from "../api/catalog";
import { ApiError } from "../api/client";
import BroadcastsTab from "./BroadcastsTab";

vi.mock("../api/broadcasts", () => ({
  fetchBroadcasts: vi.fn(),
  fetchBroadcast: vi.fn(),
  countAudience: vi.fn(),
  sendPreview: vi.fn(),
  sendBroadcast: vi.fn(),
}));
vi.mock("../api/catalog", () => ({
  fetchAdminCategories: vi.fn(),
  fetchAdminProducts: vi.fn(),
  uploadImages: vi.fn(),
}));

const SENT: Broadcast = {
  id: 7,
  text: "Осенняя распродажа",
  photo: null,
  button: { kind: "catalog" },
  audience: { kind: "all" },
  status: "finished",
  created_at: "2026-11-20T09:00:00.000Z",
  finished_at: "2026-11-20T09:01:00.000Z",
  created_by: "Владелец",
  report: { recipients: 120, sent: 113, blocked: 5, failed: 2, pending: 0 },
};

let list: BroadcastList;

beforeEach(() => {
  list = { broadcasts: [SENT], can_send: true, preview_chat_id: "42" };
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubGlobal("confirm", vi.fn(() => true));
  vi.mocked(broadcasts.fetchBroadcasts).mockImplementation(async () => list);
  vi.mocked(broadcasts.countAudience).mockImplementation(async (audience) => ({ recipients: audience.kind === "all" ? 120 : 14 }));
  vi.mocked(broadcasts.sendPreview).mockResolvedValue({ sent: true });
  vi.mocked(broadcasts.sendBroadcast).mockImplementation(async (message, audience) => ({
    ...SENT,
    id: 8,
    text: message.text,
    audience,
    status: "sending",
    finished_at: null,
    report: { recipients: 14, sent: 0, blocked: 0, failed: 0, pending: 14 },
  }));
  vi.mocked(catalog.fetchAdminCategories).mockResolvedValue([
    { id: 1, name: "Керамика", type: "main", product_count: 3 },
    { id: 2, name: "Свечи", type: "main", product_count: 2 },
  ]);
  vi.mocked(catalog.fetchAdminProducts).mockResolvedValue({ products: [], total: 0, page: 1, limit: 20 } as never);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the broadcasts tab", () => {
  it("shows each sent broadcast's report", async () => {
    render(<BroadcastsTab />);
    const report = await screen.findByTestId("broadcast-report");
    expect(report.textContent).toContain("Получателей120");
    expect(report.textContent).toContain("Доставлено113");
    expect(report.textContent).toContain("Заблокировали бота5");
    expect(report.textContent).toContain("Ошибки2");
    expect(screen.getByText("Завершена")).toBeTruthy();
  });

  it("previews to the owner's chat, then sends to a segment with the count asked for", async () => {
    render(<BroadcastsTab />);
    await screen.findByText("Получат: 120");
    const send = screen.getByRole("button", { name: "Разослать" }) as HTMLButtonElement;
    const preview = screen.getByRole("button", { name: "Отправить себе" }) as HTMLButtonElement;
    // nothing to send before there is text
    expect(send.disabled).toBe(true);
    expect(preview.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Текст сообщения"), { target: { value: "Новые свечи уже в магазине" } });
    fireEvent.change(screen.getByLabelText("Кнопка под сообщением"), { target: { value: "catalog" } });
    expect((screen.getByLabelText("Ваш чат в Telegram для проверки") as HTMLInputElement).value).toBe("42");
    fireEvent.click(preview);
    await waitFor(() =>
      expect(broadcasts.sendPreview).toHaveBeenCalledWith({ text: "Новые свечи уже в магазине", photo: null, button: { kind: "catalog" } }, "42"),
    );

    fireEvent.change(screen.getByLabelText("Кому"), { target: { value: "category" } });
    // a category must be chosen first
    await waitFor(() => expect(screen.getByTestId("broadcast-recipients").textContent).toContain("Выберите получателей"));
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Категория"), { target: { value: "2" } });
    await screen.findByText("Получат: 14");
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    expect(window.confirm).toHaveBeenCalledWith("Отправить рассылку 14 получателям? Отменить её будет нельзя.");
    await waitFor(() =>
      expect(broadcasts.sendBroadcast).toHaveBeenCalledWith(
        { text: "Новые свечи уже в магазине", photo: null, button: { kind: "catalog" } },
        { kind: "category", category_id: 2 },
      ),
    );
    // the new broadcast heads the list, its report filling in; the form is empty again
    expect(await screen.findByText("Отправляется: 0 из 14")).toBeTruthy();
    expect(screen.getAllByTestId("broadcast")[0]!.textContent).toContain("Покупали в категории «Свечи»");
    expect((screen.getByLabelText("Текст сообщения") as HTMLTextAreaElement).value).toBe("");
  });

  it("says why a preview failed, and that without a bot nothing can be sent", async () => {
    vi.mocked(broadcasts.sendPreview).mockRejectedValue(new ApiError(400, "Бот не может написать в этот чат: откройте бота и нажмите «Старт»"));
    render(<BroadcastsTab />);
    await screen.findByText("Получат: 120");
    fireEvent.change(screen.getByLabelText("Текст сообщения"), { target: { value: "Привет" } });
    fireEvent.click(screen.getByRole("button", { name: "Отправить себе" }));
    expect(await screen.findByText("Бот не может написать в этот чат: откройте бота и нажмите «Старт»")).toBeTruthy();
    cleanup();

    list = { ...list, can_send: false };
    render(<BroadcastsTab />);
    expect(await screen.findByText("Рассылки работают через бота: задайте TELEGRAM_BOT_TOKEN.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Текст сообщения"), { target: { value: "Привет" } });
    expect((screen.getByRole("button", { name: "Разослать" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
