import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse } from "../../test-helpers/json-response";
import ReviewPage from "./ReviewPage";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUv";
const calls: { url: string; body: unknown }[] = [];

function renderPage(token = TOKEN) {
  const router = createMemoryRouter([{ path: "/review/:token", Component: ReviewPage }], { initialEntries: [`/review/${token}`] });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/reviews/requests/${TOKEN}` && (!init?.method || init.method === "GET")) {
        return jsonResponse(200, {
          order_number: "1042",
          lines: [
            { order_item_id: 5, product_id: 12, name: "Ваза «Туман»", variant_title: null, image_url: null, review: null },
            { order_item_id: 6, product_id: 13, name: "Кружка «Утро»", variant_title: "Цвет: синий", image_url: null, review: { id: 9, rating: 4, text: null, photo_url: null, status: "published" } },
          ],
        });
      }
      if (url === `/api/reviews/requests/${TOKEN}`) {
        calls.push({ url, body: JSON.parse(String(init!.body)) });
        return jsonResponse(200, { id: 10, rating: 5, text: "Красивая", photo_url: null, status: "pending" });
      }
      return jsonResponse(404, { message: "Ссылка для отзыва недействительна. Откройте её заново из сообщения бота." });
    }),
  );
});
afterEach(cleanUpComponentTest);

describe("the review screen of the bot's link", () => {
  it("rates a product with stars and a few words, and shows a reviewed one as it stands", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { name: "Как вам покупки?" })).toBeTruthy();
    expect(screen.getByText(/Заказ №1042/)).toBeTruthy();
    const [vase, mug] = screen.getAllByTestId("review-line");
    expect(within(mug!).getByText(/Ваша оценка: ★★★★☆ — опубликован/)).toBeTruthy();

    fireEvent.click(within(vase!).getByRole("button", { name: "Отправить отзыв" }));
    expect(await within(vase!).findByRole("alert")).toHaveProperty("textContent", "Поставьте оценку от 1 до 5");
    expect(calls).toHaveLength(0);

    fireEvent.click(within(vase!).getByRole("radio", { name: "5 из 5" }));
    expect(within(vase!).getByRole("radio", { name: "5 из 5" }).getAttribute("aria-checked")).toBe("true");
    expect(within(vase!).getByText("Отлично")).toBeTruthy();
    fireEvent.change(within(vase!).getByRole("textbox"), { target: { value: "  Красивая  " } });
    fireEvent.click(within(vase!).getByRole("button", { name: "Отправить отзыв" }));
    await within(vase!).findByText("Спасибо! Отзыв появится в магазине после проверки.");
    expect(calls).toEqual([{ url: `/api/reviews/requests/${TOKEN}`, body: { order_item_id: 5, rating: 5, text: "Красивая", photo_url: null } }]);
    await waitFor(() => expect(within(vase!).getByRole("button", { name: "Сохранить отзыв" })).toBeTruthy());
  });

  it("says why a link does not work", async () => {
    renderPage("zzzzzzzzzzzzzzzzzzzzzz");
    expect(await screen.findByText("Ссылка не работает")).toBeTruthy();
    expect(screen.getByText(/Откройте её заново из сообщения бота/)).toBeTruthy();
  });
});
