import { endSession, getToken } from "../session";

/** A non-OK answer of the API. `serverMessage` is the `message` field of the JSON body, when there was one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `Ошибка ${status}`);
    this.name = "ApiError";
  }

  get isAuthError(): boolean {
    return isAuthStatus(this.status);
  }
}

/** The request never got an answer (offline, server down, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("Сетевая ошибка", { cause });
    this.name = "NetworkError";
  }
}

export function isAuthStatus(status: number): boolean {
  return status === 401 || status === 403;
}

type QueryValue = string | number | undefined | null;

export interface AdminRequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * What a 401/403 does. By default the session ends (docs/product.md#sign-in-and-session) before the error is
   * thrown; "manual" leaves it to the caller, for the screens that must say something first (product delete
   * alerts, then logs out).
   */
  authError?: "end-session" | "manual";
}

export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function readMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string") {
      return (body as { message: string }).message;
    }
  } catch {
    // not JSON: the status alone says what happened
  }
  return null;
}

/** Every admin call: the bearer token on, JSON in and out, 401/403 ends the session. */
export async function adminRequest<T>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...authHeaders() };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const error = new ApiError(response.status, await readMessage(response));
    if (error.isAuthError && options.authError !== "manual") endSession();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * POST multipart through XMLHttpRequest, the one browser API that reports upload progress.
 * `onProgress` gets a fraction from 0 to 1. 401/403 is left to the caller (it alerts first).
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(parsed as T);
        return;
      }
      const message =
        parsed && typeof parsed === "object" && typeof (parsed as { message?: unknown }).message === "string"
          ? (parsed as { message: string }).message
          : null;
      reject(new ApiError(xhr.status, message));
    };
    xhr.onerror = () => reject(new NetworkError(new Error("upload failed")));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    xhr.send(form);
  });
}
