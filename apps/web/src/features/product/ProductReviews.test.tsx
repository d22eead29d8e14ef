import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductReviewsResponse } from "@shop/shared/schemas/reviews";
import { invalidate } from "../../lib/query";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse } from "../../test-helpers/json-response";
import { ProductReviews } from "./ProductReviews";

const review = (id: number, extra: Partial<ProductReviewsResponse["reviews"][number]> = {}) => ({
  id,
  rating: 5,
  text: `Отзыв ${id}`,
  photo_url: null,
  author: "Анна К.",
  variant_title: null,
  published_at: "2026-10-0" + (id % 9 || 1) + "T10:00:00.000Z",
  reply: null,
  ...extra,
});

const first: ProductReviewsResponse = {
  rating: { average: 4.6, count: 7 },
  reviews: [review(7, { reply: "Спасибо за отзыв!", photo_url: "/uploads/AAAAAAAAAAAAAAAAAAAAAA.webp" }), review(6, { rating: 4, text: null, variant_title: "Размер: 17" }), review(5), review(4), review(3)],
  page: 1,
  totalPages: 2,
  total: 7,
};

beforeEach(() => {
  invalidate("");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url === "/api/products/12/reviews"
        ? jsonResponse(200, first)
        : url === "/api/products/12/reviews?page=2"
          ? jsonResponse(200, { ...first, page: 2, reviews: [review(2), review(1, { rating: 3 })] })
          : jsonResponse(404, { message: "Товар не найден" }),
    ),
  );
});
afterEach(cleanUpComponentTest);

describe("a product's reviews", () => {
  it("shows the average, the count, each review with its photo and the shop's reply, and pages on", async () => {
    render(<ProductReviews productId={12} />);
    const section = await screen.findByTestId("product-reviews");
    expect(within(section).getByText("4,6")).toBeTruthy();
    expect(within(section).getByText("7 отзывов")).toBeTruthy();
    const items = within(section).getAllByTestId("product-review");
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByText("Ответ магазина")).toBeTruthy();
    expect(within(items[0]!).getByText("Спасибо за отзыв!")).toBeTruthy();
    expect(within(items[0]!).getByRole("img", { name: "Фото покупателя: Анна К." }).getAttribute("src")).toBe("/uploads/AAAAAAAAAAAAAAAAAAAAAA-card.webp");
    expect(within(items[1]!).getByRole("img", { name: "4 из 5" })).toBeTruthy();
    expect(within(items[1]!).getByText("Размер: 17")).toBeTruthy();

    fireEvent.click(within(section).getByRole("button", { name: "Показать ещё отзывы" }));
    await screen.findByText("Отзыв 1");
    expect(within(section).getAllByTestId("product-review")).toHaveLength(7);
    expect(within(section).queryByRole("button", { name: "Показать ещё отзывы" })).toBeNull();
  });

  it("says there are none yet for a product without published reviews", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(200, { rating: null, reviews: [], page: 1, totalPages: 0, total: 0 })));
    render(<ProductReviews productId={12} />);
    expect(await screen.findByText(/Отзывов пока нет/)).toBeTruthy();
    expect(screen.queryAllByTestId("product-review")).toHaveLength(0);
  });
});
