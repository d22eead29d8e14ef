import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Category } from "@shop/shared/schemas/catalog";
import * as api from "../api/catalog";
import { ApiError, NetworkError } from "../api/client";
import CategoryManager, { deleteCategoryQuestion } from "./CategoryManager";

vi.mock("../api/catalog", () => ({
  fetchAdminCategories: vi.fn(),
  createCategory: vi.fn(),
  updateCategory: vi.fn(),
  deleteCategory: vi.fn(),
}));

let list: Category[];
const alerts: string[] = [];

beforeEach(() => {
  list = [
    { id: 1, name: "Вазы", type: "main", product_count: 3 },
    { id: 2, name: "Свечи", type: "main", product_count: 0 },
    { id: 3, name: "Подарки", type: "sub", product_count: 1 },
  ];
  alerts.length = 0;
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubGlobal("alert", vi.fn((text: string) => void alerts.push(text)));
  vi.mocked(api.fetchAdminCategories).mockImplementation(async () => list);
  vi.mocked(api.createCategory).mockImplementation(async (body) => {
    const created = { id: 10, product_count: 0, ...body };
    list = [...list, created];
    return created;
  });
  vi.mocked(api.updateCategory).mockImplementation(async (id, body) => {
    list = list.map((c) => (c.id === id ? { ...c, ...body } : c));
    return list.find((c) => c.id === id)!;
  });
  vi.mocked(api.deleteCategory).mockImplementation(async (id) => {
    list = list.filter((c) => c.id !== id);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const keys = (element: Element, key: string) => fireEvent.keyDown(element, { key });

describe("category manager", () => {
  it("tabs with counts, cards with 'шт.'", async () => {
    render(<CategoryManager reloadKey={0} onChanged={() => {}} />);
    expect(await screen.findByText("Основные (2)")).toBeTruthy();
    expect(screen.getByText("Теги (1)")).toBeTruthy();
    expect(screen.getByText("3 шт.")).toBeTruthy();
    expect(screen.queryByText("Подарки")).toBeNull();
    fireEvent.click(screen.getByText("Теги (1)"));
    expect(screen.getByText("Подарки")).toBeTruthy();
  });

  it("inline add: Escape cancels, blank alerts, Enter saves into the open tab", async () => {
    const onChanged = vi.fn();
    render(<CategoryManager reloadKey={0} onChanged={onChanged} />);
    await screen.findByText("Основные (2)");
    fireEvent.click(screen.getByText("Теги (1)"));
    fireEvent.click(screen.getByRole("button", { name: "Добавить тег" }));
    let input = screen.getByPlaceholderText("Название тега");
    keys(input, "Escape");
    expect(screen.queryByPlaceholderText("Название тега")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Добавить тег" }));
    input = screen.getByPlaceholderText("Название тега");
    fireEvent.change(input, { target: { value: "   " } });
    keys(input, "Enter");
    expect(alerts).toEqual(["Введите название категории"]);

    fireEvent.change(input, { target: { value: " Новинки " } });
    keys(input, "Enter");
    await screen.findByText("Теги (2)");
    expect(api.createCategory).toHaveBeenCalledWith({ name: "Новинки", type: "sub" });
    expect(onChanged).toHaveBeenCalled();
  });

  it("add failures: server message, fallback, network", async () => {
    render(<CategoryManager reloadKey={0} onChanged={() => {}} />);
    await screen.findByText("Основные (2)");
    const attempt = async () => {
      fireEvent.click(screen.getByRole("button", { name: "Добавить категорию" }));
      const input = screen.getByPlaceholderText("Название категории");
      fireEvent.change(input, { target: { value: "Вазы" } });
      keys(input, "Enter");
      await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
      keys(input, "Escape");
    };
    vi.mocked(api.createCategory).mockRejectedValueOnce(new ApiError(409, "Категория уже существует"));
    await attempt();
    vi.mocked(api.createCategory).mockRejectedValueOnce(new ApiError(500, null));
    await attempt();
    vi.mocked(api.createCategory).mockRejectedValueOnce(new NetworkError(new TypeError("x")));
    await attempt();
    expect(alerts).toEqual([
      "Не удалось добавить категорию: Категория уже существует",
      "Не удалось добавить категорию: Неизвестная ошибка",
      "Произошла ошибка при добавлении категории",
    ]);
  });

  it("inline edit: empty name alerts, Enter renames, failure alerts", async () => {
    render(<CategoryManager reloadKey={0} onChanged={() => {}} />);
    await screen.findByText("Основные (2)");
    fireEvent.click(screen.getByRole("button", { name: "Редактировать «Свечи»" }));
    const input = screen.getByLabelText("Новое название");
    fireEvent.change(input, { target: { value: "" } });
    keys(input, "Enter");
    expect(alerts).toEqual(["Название не может быть пустым"]);
    vi.mocked(api.updateCategory).mockRejectedValueOnce(new ApiError(500, null));
    fireEvent.change(input, { target: { value: "Свечи ручной работы" } });
    keys(input, "Enter");
    await waitFor(() => expect(alerts).toEqual(["Название не может быть пустым", "Не удалось обновить категорию"]));
    keys(input, "Enter");
    expect(await screen.findByText("Свечи ручной работы")).toBeTruthy();
    expect(api.updateCategory).toHaveBeenLastCalledWith(2, { name: "Свечи ручной работы", type: "main" });
  });

  it("delete asks with the product count and reports a failure", async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    render(<CategoryManager reloadKey={0} onChanged={() => {}} />);
    await screen.findByText("Основные (2)");
    vi.mocked(api.deleteCategory).mockRejectedValueOnce(new ApiError(500, null));
    fireEvent.click(screen.getByRole("button", { name: "Удалить «Вазы»" }));
    await waitFor(() => expect(alerts).toEqual(["Не удалось удалить категорию"]));
    expect(confirm).toHaveBeenCalledWith(deleteCategoryQuestion(list[0]!));
    fireEvent.click(screen.getByRole("button", { name: "Удалить «Свечи»" }));
    await screen.findByText("Основные (1)");
    expect(confirm).toHaveBeenLastCalledWith('Вы уверены, что хотите удалить категорию "Свечи"?');
  });

  it("the question names the number of products and the broken links", () => {
    expect(deleteCategoryQuestion({ name: "Вазы", product_count: 0 })).toBe('Вы уверены, что хотите удалить категорию "Вазы"?');
    expect(deleteCategoryQuestion({ name: "Вазы", product_count: 3 })).toBe(
      'Вы уверены, что хотите удалить категорию "Вазы"?\n\nВ ней 3 товара. Все связи с товарами будут разорваны.',
    );
    expect(deleteCategoryQuestion({ name: "Тег", product_count: 11 })).toContain("11 товаров");
    expect(deleteCategoryQuestion({ name: "Тег", product_count: 21 })).toContain("21 товар.");
  });
});
