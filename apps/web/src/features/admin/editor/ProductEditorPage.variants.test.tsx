import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Category } from "@shop/shared/schemas/catalog";
import { plainSpaces } from "../../../test-helpers/plain-spaces";
import { ring } from "../../../test-helpers/variant-product";
import * as api from "../api/catalog";
import { startSession } from "../session";
import ProductEditorPage from "./ProductEditorPage";

/**
 * The editor's options, variants table, personalisation fields and the preview drawn with the shopper's own choice
 * component (docs/product.md#product-editor), saved as the admin API takes them.
 */

vi.mock("../api/catalog", () => ({
  fetchAdminCategories: vi.fn(),
  fetchProduct: vi.fn(),
  createProduct: vi.fn(),
  updateProduct: vi.fn(),
  uploadImages: vi.fn(),
}));

const categories: Category[] = [{ id: 1, name: "Украшения", type: "main", product_count: 1 }];
const product = { ...ring, categories: [{ id: 1, name: "Украшения", type: "main" as const }] };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/admin/product/new", element: <ProductEditorPage /> },
      { path: "/admin/product/edit/:id", element: <ProductEditorPage /> },
      { path: "/admin/dashboard", element: <p>dashboard</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const rows = () => screen.getAllByTestId("variant-row");
const rowOf = (title: string) => rows().find((row) => row.textContent?.startsWith(title))!;
const preview = () => within(screen.getByRole("complementary", { name: "Предпросмотр" }));

beforeEach(() => {
  window.localStorage.clear();
  startSession("tok", "admin");
  vi.stubGlobal("alert", vi.fn());
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.mocked(api.fetchAdminCategories).mockResolvedValue(categories);
  vi.mocked(api.fetchProduct).mockResolvedValue(product);
  vi.mocked(api.updateProduct).mockResolvedValue(product);
  vi.mocked(api.createProduct).mockResolvedValue({ ...product, id: 50, options: undefined, variants: undefined, personalization: undefined });
  vi.mocked(api.uploadImages).mockImplementation(async (files) => files.map((_, index) => `/uploads/new${index}.webp`));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe("options, variants and personalisation in the editor", () => {
  it("lists every combination, sets price and stock for selected rows, switches one off and saves them", async () => {
    const router = renderAt("/admin/product/edit/12");
    await screen.findByRole("heading", { name: "Опции и варианты" });
    expect(rows().map((row) => row.querySelector("td:nth-child(2)")?.textContent)).toEqual([
      "16 · серебро",
      "16 · золото",
      "17 · серебро",
      "17 · золото",
      "18 · серебро",
      "18 · золото",
    ]);
    // a combination the product does not offer comes switched off
    expect(within(rowOf("16 · золото")).getByRole("switch")).toHaveProperty("checked", false);
    expect(screen.getByTestId("variants-summary").textContent).toBe("Вариантов: 4 из 6 · остаток всего: не считается");

    fireEvent.click(screen.getByRole("checkbox", { name: "Выбрать «Размер: 17, Металл: серебро»" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Выбрать «Размер: 18, Металл: золото»" }));
    fireEvent.change(screen.getByLabelText("Цена выбранных вариантов"), { target: { value: "1350" } });
    fireEvent.click(screen.getByRole("button", { name: "Задать цену" }));
    fireEvent.change(screen.getByLabelText("Остаток выбранных вариантов"), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Задать остаток" }));
    expect(screen.getByTestId("variants-summary").textContent).toBe("Вариантов: 4 из 6 · остаток всего: 13 шт.");
    fireEvent.click(screen.getByRole("switch", { name: "Продаётся: Размер: 16, Металл: серебро" }));
    fireEvent.change(screen.getByLabelText("Суффикс артикула: Размер: 17, Металл: золото"), { target: { value: "17-AU" } });

    fireEvent.submit(document.getElementById("product-form")!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"));
    const body = vi.mocked(api.updateProduct).mock.calls[0]![1];
    expect(body).not.toHaveProperty("stock");
    expect(body.options).toEqual([
      { id: 1, name: "Размер", kind: "text", values: [{ id: 11, value: "16", swatch: null }, { id: 12, value: "17", swatch: null }, { id: 13, value: "18", swatch: null }] },
      { id: 2, name: "Металл", kind: "color", values: [{ id: 21, value: "серебро", swatch: "#c0c0c0" }, { id: 22, value: "золото", swatch: "#d4af37" }] },
    ]);
    expect(body.variants).toEqual([
      { option_values: ["16", "серебро"], sku_suffix: "16S", price: "1200", made_to_order_days: null, image_ids: [1, 2], enabled: false },
      { option_values: ["17", "серебро"], sku_suffix: "17S", price: "1350", stock: 4, made_to_order_days: null, image_ids: [1], enabled: true },
      { option_values: ["17", "золото"], sku_suffix: "17-AU", price: "1500", made_to_order_days: null, image_ids: [3, 4], enabled: true },
      { option_values: ["18", "золото"], sku_suffix: "18G", price: "1350", stock: 4, made_to_order_days: null, image_ids: [], enabled: true },
    ]);
    expect(body.personalization?.map((field) => [field.id, field.kind, field.label, field.max_length, field.price])).toEqual([
      [31, "text", "Гравировка", 10, "300"],
      [32, "choice", "Футляр", undefined, undefined],
      [33, "gift_wrap", "Подарочная упаковка", undefined, "150"],
      [34, "gift_note", "Открытка", 100, undefined],
    ]);
  });

  it("adds an option with colour values and a personalisation field, and the preview chooses as the shop will", async () => {
    vi.mocked(api.fetchProduct).mockResolvedValue({ ...product, options: undefined, variants: undefined, personalization: undefined, stock: 3 });
    renderAt("/admin/product/edit/12");
    await screen.findByRole("heading", { name: "Опции и варианты" });
    expect(screen.queryByTestId("variants-table")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: /Добавить опцию/ }));
    const option = screen.getByTestId("option-editor");
    fireEvent.change(within(option).getByPlaceholderText("Например, Размер"), { target: { value: "Цвет" } });
    fireEvent.change(within(option).getByRole("combobox"), { target: { value: "color" } });
    fireEvent.change(within(option).getByLabelText("Новые значения опции 1"), { target: { value: "синий, красный, синий" } });
    fireEvent.click(within(option).getByRole("button", { name: "Добавить" }));
    expect(within(option).getAllByTestId("option-value")).toHaveLength(2);
    expect(rows()).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Цена: Цвет: красный"), { target: { value: "1400" } });

    fireEvent.click(screen.getByRole("button", { name: /Текст \(гравировка, надпись\)/ }));

    fireEvent.click(preview().getByRole("button", { name: "Страница" }));
    expect(plainSpaces(preview().getByTestId("preview-price").textContent)).toBe("от 1 200.00 руб.");
    expect(preview().getByRole("button", { name: "Выберите цвет" })).toBeTruthy();
    fireEvent.click(preview().getByRole("button", { name: "Цвет: красный" }));
    expect(plainSpaces(preview().getByTestId("preview-price").textContent)).toBe("1 400.00 руб.");
    fireEvent.change(preview().getByLabelText(/^Гравировка/), { target: { value: "Маме" } });
    expect(preview().getByTestId("personalization-counter").textContent).toBe("4/20");
  });

  it("gives a new product's variants their photos in the one save that creates it (by the photos' addresses)", async () => {
    const router = renderAt("/admin/product/new");
    await screen.findByText("Новый товар");
    const set = async (name: string, value: string) => {
      const element = await waitFor(() => {
        const found = document.querySelector(`[name="${name}"]`);
        if (!found) throw new Error(`no field ${name} yet`);
        return found as HTMLInputElement;
      });
      fireEvent.change(element, { target: { value } });
    };
    await set("name", "Шарф вязаный");
    await set("price", "2900");
    await set("mainCategory", "1");
    const input = screen.getByTestId("image-input") as HTMLInputElement;
    fireEvent.change(input, { target: { files: ["red.png", "blue.png"].map((name) => new File([new Uint8Array([1, 2, 3])], name, { type: "image/png" })) } });

    fireEvent.click(screen.getByRole("button", { name: /Добавить опцию/ }));
    const option = screen.getByTestId("option-editor");
    fireEvent.change(within(option).getByPlaceholderText("Например, Размер"), { target: { value: "Цвет" } });
    fireEvent.change(within(option).getByRole("combobox"), { target: { value: "color" } });
    fireEvent.change(within(option).getByLabelText("Новые значения опции 1"), { target: { value: "красный, синий" } });
    fireEvent.click(within(option).getByRole("button", { name: "Добавить" }));
    // the blue one opens on the second photo, then the first
    fireEvent.click(screen.getByRole("button", { name: "Фото: Цвет: синий" }));
    fireEvent.click(screen.getByRole("button", { name: "Добавить фото 2 товара в вариант" }));
    fireEvent.click(screen.getByRole("button", { name: "Добавить фото 1 товара в вариант" }));
    expect(screen.getByRole("button", { name: "Фото: Цвет: синий" }).textContent).toBe("2 фото");

    fireEvent.submit(document.getElementById("product-form")!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"));
    expect(api.createProduct).toHaveBeenCalledTimes(1);
    expect(api.updateProduct).not.toHaveBeenCalled();
    const body = vi.mocked(api.createProduct).mock.calls[0]![0];
    expect(body.imageUrls).toEqual(["/uploads/new0.webp", "/uploads/new1.webp"]);
    expect(body.variants?.map((variant) => [variant.option_values, variant.image_urls ?? variant.image_ids])).toEqual([
      [["красный"], undefined],
      [["синий"], ["/uploads/new1.webp", "/uploads/new0.webp"]],
    ]);
  });
});
