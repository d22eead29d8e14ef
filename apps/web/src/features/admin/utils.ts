import { ApiError, NetworkError } from "./api/client";

/** Russian plural: plural(3, "товар", "товара", "товаров") → "товара". */
export function plural(count: number, one: string, few: string, many: string): string {
  const n = Math.abs(count) % 100;
  const last = n % 10;
  if (n > 10 && n < 20) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * Logs a failed call for the developer console. Aborted requests and 401/403 are expected (the session simply
 * ends), so they stay quiet.
 */
export function logFailure(what: string, error: unknown): void {
  if (isAbort(error)) return;
  if (error instanceof ApiError && error.isAuthError) return;
  console.error(what, error);
}

export { ApiError, NetworkError };
