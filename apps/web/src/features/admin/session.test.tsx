import { act, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanUpComponentTest } from "../../test-helpers/clean-up";
import { jsonResponse } from "../../test-helpers/json-response";
import { adminRequest, ApiError } from "./api/client";
import { RequireAdmin } from "./components/RequireAdmin";
import { deleteProductWithMessages } from "./products/ProductsTable";
import { endSession, getToken, startSession } from "./session";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  window.localStorage.clear();
  startSession("token-1", "admin");
});

afterEach(cleanUpComponentTest);

describe("admin session", () => {
  it("keeps the token under authToken and sends it as a bearer header", async () => {
    expect(window.localStorage.getItem("authToken")).toBe("token-1");
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { login: "admin" }));
    vi.stubGlobal("fetch", fetchMock);
    await adminRequest("/api/admin/me");
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer token-1");
  });

  it.each([401, 403])("a %i ends the session", async (status) => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(status, { message: "Требуется авторизация" })));
    const error = await adminRequest("/api/admin/categories").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe("Требуется авторизация");
    expect(getToken()).toBeNull();
  });

  it("other failures keep the session", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(500, { message: "boom" })));
    await expect(adminRequest("/api/admin/categories")).rejects.toThrow("boom");
    expect(getToken()).toBe("token-1");
  });

  it("product delete on 401/403 alerts first, then logs out", async () => {
    const order: string[] = [];
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(403, { message: "нет прав" })));
    vi.stubGlobal(
      "alert",
      vi.fn((text: string) => {
        order.push(`alert:${text}`);
        order.push(`token:${getToken()}`);
      }),
    );
    expect(await deleteProductWithMessages(5)).toBe(false);
    expect(order).toEqual(["alert:Ваша сессия истекла или недостаточно прав. Пожалуйста, войдите снова.", "token:token-1"]);
    expect(getToken()).toBeNull();
  });

  it("product delete: server message, its fallback, and the network error", async () => {
    const alerts: string[] = [];
    vi.stubGlobal("alert", vi.fn((text: string) => void alerts.push(text)));
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(409, { message: "Товар в заказе" })));
    await deleteProductWithMessages(5);
    vi.stubGlobal("fetch", vi.fn(async () => new Response("oops", { status: 500 })));
    await deleteProductWithMessages(5);
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await deleteProductWithMessages(5);
    expect(alerts).toEqual([
      "Ошибка удаления: Товар в заказе",
      "Ошибка удаления: Неизвестная ошибка удаления",
      "Произошла сетевая ошибка при удалении.",
    ]);
    expect(getToken()).toBe("token-1");
  });

  it("the dashboard route sends the admin to the login as soon as the session ends", async () => {
    render(
      <MemoryRouter initialEntries={["/admin/dashboard"]}>
        <Routes>
          <Route path="/admin/login" element={<p>login page</p>} />
          <Route
            path="/admin/dashboard"
            element={
              <RequireAdmin>
                <p>dashboard</p>
              </RequireAdmin>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText("dashboard")).toBeTruthy();
    act(() => endSession());
    await waitFor(() => expect(screen.getByText("login page")).toBeTruthy());
  });

  it("without a token the dashboard is never shown", () => {
    endSession();
    render(
      <MemoryRouter initialEntries={["/admin/dashboard"]}>
        <Routes>
          <Route path="/admin/login" element={<p>login page</p>} />
          <Route path="/admin/dashboard" element={<RequireAdmin><p>dashboard</p></RequireAdmin>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.queryByText("dashboard")).toBeNull();
    expect(screen.getByText("login page")).toBeTruthy();
  });
});
