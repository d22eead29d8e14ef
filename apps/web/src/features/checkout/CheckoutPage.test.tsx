import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { invalidate } from "../../lib/query";
import { useCart } from "../../stores/cart";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse as json } from "../../test-helpers/json-response";
import { renderCheckout } from "../../test-helpers/render-checkout";

vi.mock("../../lib/navigation", () => ({ leaveTo: vi.fn() }));
const { leaveTo } = await import("../../lib/navigation");

const vase = { id: 1, name: "Ваза «Лён»", price: 1890, sku: "HM-000001", images: [{ id: 3, image_url: "/uploads/v.webp" }], stock: null, made_to_order_days: null };
const mug = { id: 2, name: "Кружка", price: 650.5, sku: "HM-000002", images: [], stock: null, made_to_order_days: null };

const DIRECT = { botUsername: null, botLink: null, checkoutMode: "direct", deliveryFee: 250, discountTiers: [] };
const BOT = { botUsername: "shop_bot", botLink: "https://t.me/shop_bot", checkoutMode: "bot", deliveryFee: 250, discountTiers: [] };

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;
let calls: { url: string; init: RequestInit | undefined }[];

function mockApi(config: unknown, orders: Handler) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url === "/api/config") return json(200, config);
      // a shop without delivery methods: checkout asks for none (docs/delivery.md)
      if (url === "/api/delivery/options") return json(200, { configured: false, city_suggestions: false });
      // the page reads the cart's products once for their current stock
      const product = [vase, mug].find((item) => url === `/api/products/${item.id}`);
      if (product) return json(200, product);
      return orders(url, init);
    }),
  );
}

const submit = () => fireEvent.click(screen.getAllByRole("button", { name: "Оформить заказ" })[0]!);
const nameInput = () => screen.getByLabelText("Имя *") as HTMLInputElement;
const phoneInput = () => screen.getByLabelText("Телефон *") as HTMLInputElement;
const orderCalls = () => calls.filter((call) => call.url.startsWith("/api/orders"));
const header = (init: RequestInit | undefined, name: string) => (init?.headers as Record<string, string>)[name];

function fillValidForm() {
  fireEvent.change(nameInput(), { target: { value: "  Анна Петрова " } });
  fireEvent.change(phoneInput(), { target: { value: "+7 9123456789" } });
  fireEvent.change(screen.getByLabelText("Адрес доставки"), { target: { value: "Казань, ул. Баумана, 1" } });
}

let alerts: string[];
beforeEach(() => {
  window.localStorage.clear();
  invalidate("");
  useCart.setState({ items: [{ ...vase, quantity: 1 }, { ...mug, quantity: 2 }] });
  alerts = [];
  vi.stubGlobal("alert", (text: string) => alerts.push(text));
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  cleanUpComponentTest();
  vi.mocked(leaveTo).mockReset();
});

describe("checkout form", () => {
  it("shows the order, totals with delivery 250 and the manager note", async () => {
    mockApi(DIRECT, () => json(500, {}));
    renderCheckout();
    expect(screen.getByText("Состав заказа")).toBeTruthy();
    expect(screen.getByText("Контактные данные")).toBeTruthy();
    expect(screen.getByText("Итоги заказа")).toBeTruthy();
    // 1890 + 2 × 650.50 = 3191.00; 13% = 414.83; + 250
    expect(screen.getByTestId("checkout-subtotal").textContent).toBe("3\u00a0191.00\u00a0руб.");
    expect(screen.getByTestId("checkout-discount").textContent).toBe("−414.83\u00a0руб.");
    expect(screen.getByTestId("checkout-delivery").textContent).toBe("250.00\u00a0руб.");
    expect(screen.getByTestId("checkout-total").textContent).toBe("3\u00a0026.17\u00a0руб.");
    expect(screen.getByText("* Точная стоимость доставки будет уточнена менеджером")).toBeTruthy();
    expect(phoneInput().value).toBe("+7 ");
  });

  it("stops the texts at the server's limits, in characters", () => {
    mockApi(DIRECT, () => json(500, {}));
    renderCheckout();
    expect(nameInput().maxLength).toBe(200);
    expect((screen.getByLabelText("Адрес доставки") as HTMLInputElement).maxLength).toBe(1000);
    expect((screen.getByLabelText("Комментарий к заказу") as HTMLTextAreaElement).maxLength).toBe(2000);
  });

  it("blocks the submission with the shop's messages, each clearing when its field is edited", async () => {
    mockApi(DIRECT, () => json(201, {}));
    renderCheckout();
    submit();
    expect(await screen.findByText("Введите имя")).toBeTruthy();
    expect(screen.getByText("Введите телефон")).toBeTruthy();
    expect(nameInput().getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(nameInput(), { target: { value: "Анна" } });
    expect(screen.queryByText("Введите имя")).toBeNull();
    expect(screen.getByText("Введите телефон")).toBeTruthy();

    fireEvent.change(phoneInput(), { target: { value: "+7 912" } });
    expect(screen.queryByText("Введите телефон")).toBeNull();
    submit();
    expect(await screen.findByText("Введите полный номер")).toBeTruthy();

    fireEvent.change(nameInput(), { target: { value: "   " } });
    submit();
    expect(await screen.findByText("Введите имя")).toBeTruthy();
    expect(orderCalls()).toHaveLength(0);
  });

  it("without a bot creates the order on the site, clears the cart and shows order success", async () => {
    mockApi(DIRECT, () => json(201, { id: 7, order_number: "260001", status: "new" }));
    const { router } = renderCheckout();
    fillValidForm();
    submit();
    expect(await screen.findByText("Заказ 260001 принят")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/order-success/260001");
    expect(useCart.getState().items).toEqual([]);

    const [call] = orderCalls();
    expect(call!.url).toBe("/api/orders");
    expect(header(call!.init, "Idempotency-Key")).toMatch(/^[0-9a-f]{32}$/);
    const body = JSON.parse(call!.init!.body as string);
    expect(body).toMatchObject({
      customer_name: "Анна Петрова",
      customer_phone: "+7 (912) 345-67-89",
      delivery_address: "Казань, ул. Баумана, 1",
      comment: null,
      source: "website",
      telegram_user_id: null,
    });
    // prices and totals are the server's: the client sends only what it reads
    expect(body.cart_items).toEqual([
      { product_id: 1, product_name: "Ваза «Лён»", quantity: 1 },
      { product_id: 2, product_name: "Кружка", quantity: 2 },
    ]);
  });

  it("reuses the Idempotency-Key when the same order is retried after a failure, and alerts the failure", async () => {
    let attempt = 0;
    mockApi(DIRECT, () =>
      ++attempt === 1 ? new Response("Bad gateway", { status: 502 }) : json(200, { id: 7, order_number: "260002", status: "new" }),
    );
    renderCheckout();
    fillValidForm();
    submit();
    await waitFor(() => expect(alerts).toEqual(["Ошибка при оформлении заказа: Ошибка сервера при создании заказа"]));
    expect(screen.getByRole("alert").textContent).toContain("Ошибка сервера при создании заказа");
    expect(useCart.getState().items).toHaveLength(2);
    // the submit state is released after the failure
    await waitFor(() => expect((screen.getAllByRole("button", { name: "Оформить заказ" })[0] as HTMLButtonElement).disabled).toBe(false));

    submit();
    expect(await screen.findByText("Заказ 260002 принят")).toBeTruthy();
    const [first, second] = orderCalls();
    expect(header(second!.init, "Idempotency-Key")).toBe(header(first!.init, "Idempotency-Key"));
  });

  it.each([
    [() => json(503, { message: "Магазин временно недоступен. Повторите попытку через минуту." }), DIRECT],
    [() => new Response("Service Unavailable", { status: 503 }), DIRECT],
    [() => json(503, { message: "Магазин временно недоступен. Повторите попытку через минуту." }), BOT],
  ])("asks to try again in a moment when the shop is unavailable (503), keeping the cart (%#)", async (respond, config) => {
    mockApi(config, respond);
    renderCheckout();
    fillValidForm();
    submit();
    const message = "Магазин временно недоступен. Повторите попытку через минуту — корзина сохранена.";
    await waitFor(() => expect(alerts).toEqual([`Ошибка при оформлении заказа: ${message}`]));
    expect(screen.getByRole("alert").textContent).toContain(message);
    expect(useCart.getState().items).toHaveLength(2);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it("shows the server's message when too many orders came from one address (429)", async () => {
    mockApi(DIRECT, () => json(429, { message: "Слишком много запросов. Повторите через 42 с." }));
    renderCheckout();
    fillValidForm();
    submit();
    await waitFor(() => expect(alerts).toEqual(["Ошибка при оформлении заказа: Слишком много запросов. Повторите через 42 с."]));
    expect(useCart.getState().items).toHaveLength(2);
  });

  it("uses a new Idempotency-Key once the order was changed", async () => {
    let attempt = 0;
    mockApi(DIRECT, () => (++attempt === 1 ? json(400, {}) : json(201, { id: 8, order_number: "260003", status: "new" })));
    renderCheckout();
    fillValidForm();
    submit();
    await waitFor(() => expect(alerts).toEqual(["Ошибка при оформлении заказа: Ошибка создания заказа"]));
    fireEvent.change(screen.getByLabelText("Комментарий к заказу"), { target: { value: "Позвонить вечером" } });
    submit();
    expect(await screen.findByText("Заказ 260003 принят")).toBeTruthy();
    const [first, second] = orderCalls();
    expect(header(second!.init, "Idempotency-Key")).not.toBe(header(first!.init, "Idempotency-Key"));
  });

  it("a 409 out_of_stock marks the short line with what is left, shows the message and keeps the cart", async () => {
    mockApi(DIRECT, () =>
      json(409, {
        message: "Товара «Кружка» осталось 1 шт.",
        code: "out_of_stock",
        items: [{ product_id: 2, name: "Кружка", available: 1 }],
      }),
    );
    renderCheckout();
    fillValidForm();
    submit();
    expect(await screen.findByText("Товара «Кружка» осталось 1 шт.")).toBeTruthy();
    expect(alerts).toEqual([]);
    expect(useCart.getState().items.map((item) => [item.id, item.quantity, item.stock])).toEqual([
      [1, 1, null],
      [2, 2, 1],
    ]);
    const lines = screen.getAllByTestId("checkout-line");
    expect(lines[0]!.getAttribute("data-stock-problem")).toBeNull();
    expect(lines[1]!.getAttribute("data-stock-problem")).toBe("true");
    expect(lines[1]!.textContent).toContain("Осталось 1 шт. — уменьшите количество");

    // a marked line blocks the next submission until it is changed
    submit();
    await waitFor(() => expect(orderCalls()).toHaveLength(1));
    fireEvent.click(screen.getAllByRole("button", { name: "Уменьшить количество" })[1]!);
    expect(lines[1]!.getAttribute("data-stock-problem")).toBeNull();
    expect(lines[1]!.textContent).toContain("В наличии всего 1 шт.");
    expect((screen.getAllByRole("button", { name: "Увеличить количество" })[1] as HTMLButtonElement).disabled).toBe(true);
  });

  it("a line that sold out since it was added is shown as such when the page reads the product again", async () => {
    mockApi(DIRECT, () => json(201, { id: 9, order_number: "260009", status: "new" }));
    const fetchStub = vi.mocked(fetch);
    const answer = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (url, init) =>
      url === "/api/products/1" ? json(200, { ...vase, stock: 0 }) : answer(url as string, init),
    );
    renderCheckout();
    expect(await screen.findByText("Нет в наличии — удалите товар из заказа")).toBeTruthy();
    expect(screen.getByTestId("stock-blocked").textContent).toBe("Измените отмеченные товары, чтобы оформить заказ");
    fillValidForm();
    submit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(orderCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Удалить: Ваза «Лён»" }));
    submit();
    expect(await screen.findByText("Заказ 260009 принят")).toBeTruthy();
  });

  it("shows the server's message and marks the field it names", async () => {
    mockApi(DIRECT, () => json(400, { message: "Введите полный номер", errors: { customer_phone: "Введите полный номер" } }));
    renderCheckout();
    fillValidForm();
    submit();
    await waitFor(() => expect(alerts).toEqual(["Ошибка при оформлении заказа: Введите полный номер"]));
    expect(phoneInput().getAttribute("aria-invalid")).toBe("true");
  });

  it("with a bot prepares the order and leaves for the bot's deep link, keeping the cart", async () => {
    mockApi(BOT, () =>
      json(201, {
        token: "tok_123",
        expires_at: "2030-01-01T00:00:00Z",
        bot_link: "https://t.me/shop_bot?start=tok_123",
        subtotal: 3191,
        discount_percent: 13,
        discount_amount: 414.83,
        delivery_cost: 250,
        total: 3026.17,
      }),
    );
    renderCheckout();
    await act(async () => {});
    fillValidForm();
    submit();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith("https://t.me/shop_bot?start=tok_123"));
    const [call] = orderCalls();
    expect(call!.url).toBe("/api/orders/prepare");
    const body = JSON.parse(call!.init!.body as string);
    expect(body.source).toBe("website");
    expect(body.order).toEqual({
      customer_name: "Анна Петрова",
      customer_phone: "+7 (912) 345-67-89",
      delivery_address: "Казань, ул. Баумана, 1",
      comment: null,
    });
    expect(body.cart).toEqual([
      { id: 1, name: "Ваза «Лён»", quantity: 1 },
      { id: 2, name: "Кружка", quantity: 2 },
    ]);
    expect(body).not.toHaveProperty("totals");
    expect(useCart.getState().items).toHaveLength(2);
    expect(screen.getAllByRole("button", { name: "Отправка..." })).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Оформление..." })).toBeTruthy();
  });

  it.each([
    [() => new Response("<html>oops</html>", { status: 502 }), "Ошибка сервера (502) при подготовке заказа."],
    [() => json(500, { error: "x" }), "Ошибка сервера при подготовке заказа"],
    [() => json(400, { message: "Товар «Ваза» больше не продаётся" }), "Товар «Ваза» больше не продаётся"],
  ])("a failed prepare alerts the right message (%#)", async (respond, message) => {
    mockApi(BOT, respond);
    renderCheckout();
    fillValidForm();
    submit();
    await waitFor(() => expect(alerts).toEqual([`Ошибка при оформлении заказа: ${message}`]));
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it("shows 'Корзина пустая' with a catalogue link when there is nothing to order", () => {
    mockApi(DIRECT, () => json(500, {}));
    useCart.setState({ items: [] });
    renderCheckout();
    expect(screen.getByText("Корзина пустая")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Перейти в каталог" }).getAttribute("href")).toBe("/");
  });
});
