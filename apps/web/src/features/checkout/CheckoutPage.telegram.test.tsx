import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreateOrderBody } from "@shop/shared/schemas/orders";
import { invalidate } from "../../lib/query";
import { useCart } from "../../stores/cart";
import { useCheckoutDraft } from "../../stores/checkout-draft";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { createFakeTelegramSdk } from "../../test-helpers/fake-telegram-sdk";
import { jsonResponse as json } from "../../test-helpers/json-response";
import { renderCheckout } from "../../test-helpers/render-checkout";
import { leaveTelegram, startMiniApp } from "../../test-helpers/telegram-launch";

/** The checkout inside the Mini App: the MainButton submits, with its progress state, haptics and the draft flag. */

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeTelegramSdk> }));
vi.mock("../../lib/telegram-sdk", () => ({ setUpMiniApp: () => fake.current?.sdk ?? null }));

const vase = { id: 1, name: "Ваза «Лён»", price: 1890, sku: "HM-000001", images: [{ id: 3, image_url: "/uploads/v.webp" }], stock: null, made_to_order_days: null };
const CONFIG = { botUsername: "shop_bot", botLink: "https://t.me/shop_bot", checkoutMode: "bot", miniAppUrl: null, deliveryFee: 250, discountTiers: [] };

let calls: { url: string; init: RequestInit | undefined }[];
let answerOrder: (response: Response) => void;

function mockApi() {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url === "/api/config") return json(200, CONFIG);
      return new Promise<Response>((resolve) => (answerOrder = resolve));
    }),
  );
}

const mainButton = () => fake.current!.lastParams("setMainButtonParams");
const haptics = () => fake.current!.calls.filter((call) => call.name.startsWith("hapticFeedback")).map((call) => call.args[0]);

beforeEach(() => {
  fake.current = createFakeTelegramSdk();
  startMiniApp();
  invalidate("");
  useCart.setState({ items: [{ ...vase, quantity: 2 }] });
  vi.stubGlobal("alert", () => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  mockApi();
});

afterEach(() => {
  cleanUpComponentTest();
  leaveTelegram();
});

describe("checkout in the Mini App", () => {
  it("submits with the MainButton instead of the page's buttons, with the progress state, and orders directly", async () => {
    renderCheckout();
    expect(screen.queryByTestId("mobile-submit")).toBeNull();
    expect(screen.queryByRole("button", { name: "Оформить заказ" })).toBeNull();
    expect((screen.getByLabelText("Имя *") as HTMLInputElement).value).toBe("Анна Петрова");
    await waitFor(() => expect(mainButton()).toEqual({ text: "Оформить заказ", isVisible: true, isEnabled: true, isLoaderVisible: false }));

    // incomplete form: errors and an error haptic, nothing sent
    act(() => fake.current!.pressMainButton());
    await screen.findByText("Введите телефон");
    expect(haptics()).toEqual(["error"]);
    expect(calls.filter((call) => call.url === "/api/orders")).toEqual([]);

    fireEvent.change(screen.getByLabelText("Телефон *"), { target: { value: "+7 9123456789" } });
    act(() => fake.current!.pressMainButton());
    await waitFor(() => expect(mainButton()).toMatchObject({ isVisible: true, isEnabled: false, isLoaderVisible: true }));
    // a second press while sending does nothing
    act(() => fake.current!.pressMainButton());
    const orders = calls.filter((call) => call.url === "/api/orders");
    expect(orders).toHaveLength(1);
    const headers = orders[0]!.init!.headers as Record<string, string>;
    expect(headers["X-Telegram-Init-Data"]).toContain("user=");
    expect(headers["X-Telegram-User-Id"]).toBe("4242");
    const body = JSON.parse(orders[0]!.init!.body as string) as CreateOrderBody;
    expect(body).toMatchObject({
      source: "telegram_mini_app",
      customer_name: "Анна Петрова",
      telegram_user_id: 4242,
      telegram_username: "anna",
      telegram_first_name: "Анна",
      telegram_last_name: "Петрова",
    });

    answerOrder(json(201, { id: 9, order_number: "1050", status: "new", subtotal: 3780, discount_percent: 13, discount_amount: 491.4, delivery_cost: 250, total: 3538.6 }));
    await screen.findByText("Заказ 1050 принят");
    expect(haptics()).toEqual(["error", "success"]);
    expect(useCart.getState().items).toEqual([]);
    expect(mainButton()).toMatchObject({ isVisible: false });
  });

  it("fills the phone from the Telegram contact with 'Поделиться номером', in the field's mask", async () => {
    renderCheckout();
    const phone = screen.getByLabelText("Телефон *") as HTMLInputElement;
    fireEvent.change(phone, { target: { value: "+7 999" } });
    fireEvent.click(await screen.findByRole("button", { name: "Поделиться номером" }));
    await waitFor(() => expect(phone.value).toBe("+7 (916) 123-45-67"));
    expect(fake.current!.argsOf("requestContact")).toHaveLength(1);
  });

  it("releases the MainButton after a failure, with an error haptic", async () => {
    renderCheckout();
    fireEvent.change(screen.getByLabelText("Телефон *"), { target: { value: "+7 9123456789" } });
    await waitFor(() => expect(mainButton()).toMatchObject({ isVisible: true }));
    act(() => fake.current!.pressMainButton());
    await waitFor(() => expect(mainButton()).toMatchObject({ isLoaderVisible: true }));
    answerOrder(json(400, { message: "Товар «Ваза «Лён»» больше не продаётся" }));
    await screen.findByText("Ошибка при оформлении заказа: Товар «Ваза «Лён»» больше не продаётся");
    await waitFor(() => expect(mainButton()).toMatchObject({ isVisible: true, isEnabled: true, isLoaderVisible: false }));
    expect(haptics()).toEqual(["error"]);
  });

  it("marks the form as started once something is typed, and forgets it when the page closes", async () => {
    const view = renderCheckout();
    expect(useCheckoutDraft.getState().started).toBe(false);
    fireEvent.change(screen.getByLabelText("Адрес доставки"), { target: { value: "Казань" } });
    expect(useCheckoutDraft.getState().started).toBe(true);
    fireEvent.change(screen.getByLabelText("Адрес доставки"), { target: { value: "" } });
    expect(useCheckoutDraft.getState().started).toBe(false);
    fireEvent.change(screen.getByLabelText("Комментарий к заказу"), { target: { value: "позвоните" } });
    expect(useCheckoutDraft.getState().started).toBe(true);
    view.unmount();
    expect(useCheckoutDraft.getState().started).toBe(false);
  });

  it("keeps the page's own buttons when the Telegram client cannot show the MainButton", async () => {
    fake.current = null;
    renderCheckout();
    await screen.findByTestId("mobile-submit");
    // the sticky footer's button and the desktop summary's
    expect(screen.getAllByRole("button", { name: "Оформить заказ" })).toHaveLength(2);
  });
});
