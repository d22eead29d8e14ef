import { describe, expect, it } from "vitest";
import { ratingLabel, reviewAuthorName, reviewsCountLabel } from "./reviews";

describe("review words", () => {
  it("counts reviews in Russian", () => {
    expect([1, 2, 5, 11, 21, 22, 25, 111, 104].map(reviewsCountLabel)).toEqual([
      "1 отзыв", "2 отзыва", "5 отзывов", "11 отзывов", "21 отзыв", "22 отзыва", "25 отзывов", "111 отзывов", "104 отзыва",
    ]);
  });
  it("shows the average with a comma and the author by first name and initial", () => {
    expect(ratingLabel(4.75)).toBe("4,8");
    expect(ratingLabel(5)).toBe("5,0");
    expect(reviewAuthorName("Анна", "Кузнецова")).toBe("Анна К.");
    expect(reviewAuthorName("Олег Петрович", null)).toBe("Олег");
    expect(reviewAuthorName("  ", "")).toBe("Покупатель");
  });
});
