import { render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { saveOrderSummary } from "../../lib/order-summary";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { plainSpaces } from "../../test-helpers/plain-spaces";
import OrderSuccessPage from "./OrderSuccessPage";

afterEach(() => {
  cleanUpComponentTest();
  window.sessionStorage.clear();
});

describe("order success page", () => {
  it("shows each line's variant and personalisation texts as they were ordered", async () => {
    saveOrderSummary("260001", {
      items: [
        {
          id: 12,
          name: "Кольцо «Волна»",
          quantity: 1,
          price: 1950,
          variant_title: "Размер: 17, Металл: золото",
          personalization: [
            { label: "Гравировка", value: "Анне", kind: "text" },
            { label: "Подарочная упаковка", value: "1", kind: "gift_wrap" },
          ],
        },
        { id: 12, name: "Кольцо «Волна»", quantity: 2, price: 1800, variant_title: "Размер: 17, Металл: золото", personalization: [{ label: "Гравировка", value: "Петру", kind: "text" }] },
        { id: 1, name: "Ваза «Лён»", quantity: 1, price: 1890 },
      ],
      totals: { subtotal: 7440, discount_percent: 0, discount_amount: 0, delivery_cost: 250, total: 7690 },
    });
    const router = createMemoryRouter([{ path: "/order-success/:orderNumber", Component: OrderSuccessPage }], {
      initialEntries: ["/order-success/260001"],
    });
    render(<RouterProvider router={router} />);
    const lines = await screen.findAllByTestId("order-summary-line");
    expect(lines).toHaveLength(3);
    expect(within(lines[0]!).getByTestId("line-variant").textContent).toBe("Размер: 17, Металл: золото");
    expect(within(lines[0]!).getByTestId("line-personalization").textContent).toBe("Гравировка: АннеПодарочная упаковка: Да");
    expect(within(lines[1]!).getByTestId("line-personalization").textContent).toBe("Гравировка: Петру");
    expect(plainSpaces(lines[1]!.textContent)).toContain("3 600.00 руб.");
    expect(within(lines[2]!).queryByTestId("line-personalization")).toBeNull();
  });
});
