import type { LoginResponse } from "@shop/shared/schemas/admin";
import type { StaffMe } from "@shop/shared/schemas/staff";
import { adminRequest } from "./client";

/** POST /api/login. Throws an Error with the server's message, or 'Ошибка авторизации' (docs/product.md#admin-errors). */
export async function login(loginName: string, password: string): Promise<LoginResponse> {
  let response: Response;
  try {
    response = await fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ login: loginName, password }),
    });
  } catch {
    throw new Error("Ошибка авторизации");
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const record = (body && typeof body === "object" ? body : {}) as Partial<LoginResponse> & { message?: unknown };
  if (!response.ok || typeof record.token !== "string") {
    throw new Error(typeof record.message === "string" && record.message ? record.message : "Ошибка авторизации");
  }
  return record as LoginResponse;
}

/** GET /api/admin/me: who the token belongs to; a 401 here ends a stale session as soon as the dashboard opens. */
export function fetchMe(signal?: AbortSignal): Promise<StaffMe> {
  return adminRequest<StaffMe>("/api/admin/me", { signal });
}
