import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DiscountBar, discountHint } from "./DiscountBar";

afterEach(cleanup);

describe("discount progress bar", () => {
  it.each([
    [0, "До скидки 5%: ещё 500.00\u00a0руб."],
    [120.5, "До скидки 5%: ещё 379.50\u00a0руб."],
    [499.99, "До скидки 5%: ещё 0.01\u00a0руб."],
    [500, "До скидки 10%: ещё 500.00\u00a0руб."],
    [999.9, "До скидки 10%: ещё 0.10\u00a0руб."],
    [1000, "До скидки 13%: ещё 500.00\u00a0руб."],
    [1499, "До скидки 13%: ещё 1.00\u00a0руб."],
    [1500, "У вас максимальная скидка!"],
    [12000, "У вас максимальная скидка!"],
  ])("at a subtotal of %s says '%s'", (subtotal, hint) => {
    expect(discountHint(subtotal)).toBe(hint);
    render(<DiscountBar subtotal={subtotal} />);
    // the DOM query collapses the no-break space like any other
    expect(screen.getByText(hint.replace(/\u00a0/g, " "))).toBeTruthy();
  });

  it("shows the marks 0/500/1000/1500 ₽ and fills up to the 1500 cap", () => {
    const { container, rerender } = render(<DiscountBar subtotal={750} />);
    // grouped like every sum, with no-break spaces (formatMoney)
    for (const mark of ["0\u00a0₽", "500\u00a0₽", "1\u00a0000\u00a0₽", "1\u00a0500\u00a0₽"]) {
      expect(screen.getByTestId("discount-marks").textContent).toContain(mark);
      expect(screen.getByText(mark.replace(/\u00a0/g, " "))).toBeTruthy();
    }
    const bar = screen.getByRole("progressbar");
    expect(bar.getAttribute("aria-valuenow")).toBe("750");
    expect(bar.getAttribute("aria-valuemax")).toBe("1500");
    const fill = bar.firstElementChild as HTMLElement;
    expect(fill.style.width).toBe("50%");

    rerender(<DiscountBar subtotal={4000} />);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("1500");
    expect((screen.getByRole("progressbar").firstElementChild as HTMLElement).style.width).toBe("100%");
    expect(container.textContent).toContain("У вас максимальная скидка!");
  });
});
