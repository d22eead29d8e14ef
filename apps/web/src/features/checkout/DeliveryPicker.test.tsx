import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse as json } from "../../test-helpers/json-response";
import { DeliveryPicker, type DeliverySelection } from "./DeliveryPicker";

/** The delivery step of checkout (docs/delivery.md#checkout) against a stubbed API. */

const method = (over: object) => ({
  label: "",
  fee: null,
  free_from: null,
  days_min: null,
  days_max: null,
  price_note: null,
  quote_id: "q",
  valid_until: null,
  needs_point: false,
  needs_address: false,
  ...over,
});

const PICKUP = method({ method: "pickup", price: 0, fee: 0, text: "Самовывоз — бесплатно", quote_id: "q-pickup" });
const CDEK = method({ method: "cdek_point", price: 370, fee: 370, days_min: 3, days_max: 5, text: "СДЭК, пункт выдачи — 370 руб., 3–5 дней", quote_id: "q-cdek", needs_point: true });
const POINTS = [
  { code: "MSK1", name: "Пункт выдачи", kind: "point", address: "Тверская ул., 12", hours: "Пн-Вс 10-21" },
  { code: "MSK3", name: "Постамат", kind: "locker", address: "ул. Арбат, 3", hours: "Круглосуточно" },
];

function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(url);
      if (url.startsWith("/api/delivery/cities")) return json(200, { cities: [{ code: 44, city: "Москва", region: "Москва", postal_code: "101000" }] });
      if (url === "/api/delivery/quote") {
        const body = JSON.parse(String(init?.body)) as { city_code: number | null };
        return json(200, { configured: true, weight_grams: 500, pickup: { address: "ул. Гончарная, 5", hours: "Пн–Пт" }, methods: body.city_code ? [PICKUP, CDEK] : [PICKUP] });
      }
      if (url.startsWith("/api/delivery/points")) {
        const q = new URL(url, "http://shop").searchParams.get("q") ?? "";
        return json(200, { available: true, points: POINTS.filter((point) => point.address.includes(q)) });
      }
      return json(404, { message: "нет" });
    }),
  );
  return calls;
}

afterEach(() => cleanUpComponentTest());

describe("delivery picker", () => {
  it("city from the suggestions, the methods with price and dates, a pickup point found by street", async () => {
    stubApi();
    const selections: DeliverySelection[] = [];
    render(<DeliveryPicker items={[{ id: 1, quantity: 2 }]} onChange={(selection) => selections.push(selection)} refresh={0} />);
    expect(await screen.findByText("Самовывоз — бесплатно")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Город"), { target: { value: "Моск" } });
    fireEvent.click(await screen.findByRole("button", { name: /Москва/ }));
    fireEvent.click(await screen.findByRole("radio", { name: "СДЭК, пункт выдачи — 370 руб., 3–5 дней" }));
    expect(selections.at(-1)).toMatchObject({ fee: 370, complete: false, choice: { method: "cdek_point", city: "Москва", city_code: 44, point_code: null } });

    fireEvent.change(await screen.findByLabelText("Поиск пункта выдачи"), { target: { value: "Тверская" } });
    await waitFor(() => expect(screen.queryByText("ул. Арбат, 3")).toBeNull());
    fireEvent.click(await screen.findByRole("radio", { name: /Тверская ул\., 12/ }));
    await waitFor(() =>
      expect(selections.at(-1)).toMatchObject({
        fee: 370,
        text: "СДЭК, пункт выдачи — 370 руб., 3–5 дней",
        complete: true,
        choice: { method: "cdek_point", point_code: "MSK1", quote_id: "q-cdek", expected_price: 370, postal_code: "101000" },
      }),
    );
  });

  it("shows nothing when the shop has no delivery methods", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(200, { configured: false, weight_grams: 0, methods: [], pickup: null })));
    const { container } = render(<DeliveryPicker items={[{ id: 1, quantity: 1 }]} onChange={() => {}} refresh={0} />);
    await waitFor(() => expect(container.innerHTML).toBe(""));
  });
});
