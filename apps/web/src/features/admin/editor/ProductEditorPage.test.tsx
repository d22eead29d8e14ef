import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Category, Product } from "@shop/shared/schemas/catalog";
import * as api from "../api/catalog";
import { ApiError } from "../api/client";
import { startSession } from "../session";
import ProductEditorPage from "./ProductEditorPage";

vi.mock("../api/catalog", () => ({
  fetchAdminCategories: vi.fn(),
  fetchProduct: vi.fn(),
  createProduct: vi.fn(),
  updateProduct: vi.fn(),
  uploadImages: vi.fn(),
}));

const categories: Category[] = [
  { id: 1, name: "Вазы", type: "main", product_count: 2 },
  { id: 2, name: "Свечи", type: "main", product_count: 0 },
  { id: 5, name: "Подарки", type: "sub", product_count: 1 },
  { id: 6, name: "Новинки", type: "sub", product_count: 0 },
];

const product: Product = {
  id: 42,
  name: "Ваза",
  price: 1500,
  sku: "HM-000042",
  description: "Глина",
  material: null,
  width: 100,
  height: 200,
  depth: null,
  images: [
    { id: 7, image_url: "/uploads/a.webp" },
    { id: 8, image_url: "/uploads/b.webp" },
  ],
  categories: [
    { id: 1, name: "Вазы", type: "main" },
    { id: 5, name: "Подарки", type: "sub" },
  ],
  stock: null,
  made_to_order_days: null,
};

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

const alerts: string[] = [];
const calls: string[] = [];

beforeEach(() => {
  window.localStorage.clear();
  startSession("tok", "admin");
  alerts.length = 0;
  calls.length = 0;
  vi.stubGlobal("alert", vi.fn((text: string) => void alerts.push(text)));
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.mocked(api.fetchAdminCategories).mockResolvedValue(categories);
  vi.mocked(api.fetchProduct).mockResolvedValue(product);
  vi.mocked(api.uploadImages).mockImplementation(async (files, onProgress) => {
    calls.push("upload");
    onProgress?.(0.5);
    return files.map((_, index) => `/uploads/new${index}.webp`);
  });
  vi.mocked(api.createProduct).mockImplementation(async () => {
    calls.push("create");
    return product;
  });
  vi.mocked(api.updateProduct).mockImplementation(async () => {
    calls.push("update");
    return product;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.mocked(console.error).mockRestore();
});

function fill(name: string, value: string) {
  fireEvent.change(document.querySelector(`[name="${name}"]`)!, { target: { value } });
}

function addFile(name: string, type = "image/png") {
  const input = screen.getByTestId("image-input") as HTMLInputElement;
  const file = new File([new Uint8Array([1, 2, 3])], name, { type });
  fireEvent.change(input, { target: { files: [file] } });
}

/**
 * A form field, once the form is there (an edited product's form appears when the product is loaded, a new one's
 * after its heading, once the categories are in).
 */
function field(name: string): Promise<HTMLInputElement> {
  return waitFor(() => {
    const element = document.querySelector(`[name="${name}"]`);
    if (!element) throw new Error(`no field ${name} yet`);
    return element as HTMLInputElement;
  });
}
describe("product editor", () => {
  it("create mode: loading text, the main-category rule, then upload first and save", async () => {
    const router = renderAt("/admin/product/new");
    expect(screen.getByText("Загрузка редактора...")).toBeTruthy();
    await screen.findByText("Новый товар");
    expect(document.querySelector('[name="sku"]')).toBeNull();
    expect(screen.getByText("Теги не выбраны")).toBeTruthy();
    expect((screen.getByRole("option", { name: "-- Выберите основную категорию --" }) as HTMLOptionElement).value).toBe("");
    // only main categories in the select
    expect(screen.queryByRole("option", { name: "Подарки" })).toBeNull();

    fill("name", "Новая ваза");
    fill("price", "990.5");
    fill("width", "12.4");
    fireEvent.submit(document.getElementById("product-form")!);
    expect(alerts).toEqual(["Пожалуйста, выберите основную категорию."]);
    expect(api.createProduct).not.toHaveBeenCalled();

    fill("mainCategory", "2");
    fireEvent.click(screen.getByRole("button", { name: "Добавить тег «Новинки»" }));
    expect(screen.queryByText("Теги не выбраны")).toBeNull();
    addFile("a.png");
    addFile("notes.txt", "text/plain");
    expect(screen.getByText(/Пропущены/).textContent).toContain("notes.txt");
    addFile("b.jpg", "image/jpeg");
    expect(screen.getByTestId("image-previews").children).toHaveLength(2);

    fireEvent.submit(document.getElementById("product-form")!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"));
    expect(calls).toEqual(["upload", "create"]);
    expect(vi.mocked(api.uploadImages).mock.calls[0]![0].map((file) => file.name)).toEqual(["a.png", "b.jpg"]);
    expect(vi.mocked(api.createProduct).mock.calls[0]![0]).toEqual({
      name: "Новая ваза",
      price: 990.5,
      material: null,
      description: null,
      width: 12,
      height: null,
      depth: null,
      weight_grams: null,
      categoryIds: [2, 6],
      stock: null,
      made_to_order_days: null,
      hidden: false,
      imageUrls: ["/uploads/new0.webp", "/uploads/new1.webp"],
    });
    expect(alerts.at(-1)).toBe("Товар успешно создан!");
  });

  it("shows the upload progress while the files go up", async () => {
    let finish: (urls: string[]) => void = () => {};
    vi.mocked(api.uploadImages).mockImplementation((_files, onProgress) => {
      onProgress?.(0.42);
      return new Promise((resolve) => (finish = resolve));
    });
    renderAt("/admin/product/new");
    await screen.findByText("Новый товар");
    fill("name", "Ваза");
    fill("price", "10");
    fill("mainCategory", "1");
    addFile("a.png");
    fireEvent.submit(document.getElementById("product-form")!);
    expect(await screen.findByText("Загрузка изображений: 42%")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Сохранение..." }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.createProduct).not.toHaveBeenCalled();
    finish(["/uploads/x.webp"]);
    await waitFor(() => expect(api.createProduct).toHaveBeenCalled());
    expect(vi.mocked(api.createProduct).mock.calls[0]![0].imageUrls).toEqual(["/uploads/x.webp"]);
  });

  it("a failed upload stops the save", async () => {
    vi.mocked(api.uploadImages).mockRejectedValue(new Error("network"));
    renderAt("/admin/product/new");
    await screen.findByText("Новый товар");
    fill("name", "Ваза");
    fill("price", "10");
    fill("mainCategory", "1");
    addFile("a.png");
    fireEvent.submit(document.getElementById("product-form")!);
    await waitFor(() => expect(alerts).toEqual(["Ошибка загрузки изображений!"]));
    expect(api.createProduct).not.toHaveBeenCalled();
    expect(screen.getByText("Новый товар")).toBeTruthy();
  });

  it("edit mode: read-only article with its hint, kept images with ids, server error in the alert", async () => {
    vi.mocked(api.updateProduct).mockRejectedValueOnce(new Error("x"));
    const router = renderAt("/admin/product/edit/42");
    await screen.findByText("Редактировать товар");
    // the form appears once the product is loaded
    const sku = await field("sku");
    expect(sku.value).toBe("HM-000042");
    expect(sku.readOnly).toBe(true);
    expect(screen.getByText("Артикул генерируется автоматически и не может быть изменен.")).toBeTruthy();
    expect((document.querySelector('[name="mainCategory"]') as HTMLSelectElement).value).toBe("1");
    expect(screen.getByRole("button", { name: "Убрать тег «Подарки»" })).toBeTruthy();

    fill("price", "1600");
    fireEvent.click(screen.getByRole("button", { name: "Удалить изображение 1" }));
    fireEvent.submit(document.getElementById("product-form")!);
    await waitFor(() => expect(alerts).toEqual(["Произошла ошибка при сохранении: x"]));

    fireEvent.submit(document.getElementById("product-form")!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"));
    expect(api.uploadImages).not.toHaveBeenCalled();
    const [id, body] = vi.mocked(api.updateProduct).mock.calls.at(-1)!;
    expect(id).toBe(42);
    expect(body.images).toEqual([{ id: 8, image_url: "/uploads/b.webp" }]);
    expect(body.categoryIds).toEqual([1, 5]);
    expect(body.price).toBe(1600);
    // the stock was not touched: it is not sent, so orders placed meanwhile stand
    expect(body).not.toHaveProperty("stock");
    expect(alerts.at(-1)).toBe("Товар успешно обновлен!");
  });

  it("stock fields: loaded into the form, shown in the preview's availability line, sent on save", async () => {
    vi.mocked(api.fetchProduct).mockResolvedValue({ ...product, stock: 2, made_to_order_days: null });
    const router = renderAt("/admin/product/edit/42");
    await screen.findByText("Редактировать товар");
    const stock = await field("stock");
    expect(stock.value).toBe("2");
    expect(screen.getByText("Пусто — остаток не считается, товар всегда в наличии.")).toBeTruthy();
    expect(screen.getByTestId("preview-availability").textContent).toBe("Осталось 2 шт.");

    fill("stock", "0");
    expect(screen.getByTestId("preview-availability").textContent).toBe("Нет в наличии");
    expect(screen.getByRole("button", { name: "Нет в наличии" })).toBeTruthy();
    fill("madeToOrderDays", "14");
    expect(screen.getByTestId("preview-availability").textContent).toBe("Под заказ: 14 дн.");
    fireEvent.click(screen.getByRole("button", { name: "Страница" }));
    expect(screen.getByTestId("preview-availability").textContent).toBe("Под заказ: 14 дн.");
    fill("stock", "");
    expect(screen.queryByTestId("preview-availability")).toBeNull();
    fill("stock", "0");

    fireEvent.submit(document.getElementById("product-form")!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"));
    const [, body] = vi.mocked(api.updateProduct).mock.calls.at(-1)!;
    expect(body.stock).toBe(0);
    expect(body.stock_seen).toBe(2);
    expect(body.made_to_order_days).toBe(14);
  });

  it("a save refused because orders changed the stock meanwhile says so, and the next save starts from the stock now", async () => {
    vi.mocked(api.fetchProduct).mockResolvedValueOnce({ ...product, stock: 10 }).mockResolvedValueOnce({ ...product, stock: 8 });
    const message = "Пока вы редактировали товар, остаток изменился: сейчас 8 шт. Проверьте остаток и сохраните снова.";
    vi.mocked(api.updateProduct).mockRejectedValueOnce(new ApiError(409, message));
    const router = renderAt("/admin/product/edit/42");
    await screen.findByText("Редактировать товар");
    expect((await field("stock")).value).toBe("10");
    fill("stock", "12");
    fireEvent.submit(document.getElementById("product-form")!);
    await waitFor(() => expect(alerts.at(-1)).toBe(`Произошла ошибка при сохранении: ${message}`));
    expect(vi.mocked(api.updateProduct).mock.calls.at(-1)![1]).toMatchObject({ stock: 12, stock_seen: 10 });
    await waitFor(() => expect(api.fetchProduct).toHaveBeenCalledTimes(2));

    fill("stock", "10");
    fireEvent.submit(document.getElementById("product-form")!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"));
    expect(vi.mocked(api.updateProduct).mock.calls.at(-1)![1]).toMatchObject({ stock: 10, stock_seen: 8 });
  });

  it("load failure says so", async () => {
    vi.mocked(api.fetchProduct).mockRejectedValue(new Error("404"));
    renderAt("/admin/product/edit/999");
    expect(await screen.findByText("Не удалось загрузить данные товара")).toBeTruthy();
  });

  it("leaving with unsaved changes asks first", async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal("confirm", confirm);
    const router = renderAt("/admin/product/new");
    await screen.findByText("Новый товар");
    fireEvent.change(await field("name"), { target: { value: "Черновик" } });
    fireEvent.click(screen.getByRole("button", { name: "Отмена" }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith("Есть несохранённые изменения. Уйти со страницы без сохранения?"));
    expect(router.state.location.pathname).toBe("/admin/product/new");
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole("button", { name: "Отмена" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"));
  });
});
