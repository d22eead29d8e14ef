export { isDbId } from "@shop/shared/ids";

/** Comma-joined ids ("3, 5,7") as distinct numbers; the route schema already allows only digits and commas. */
export function parseIdList(raw: string | undefined): number[] {
  if (!raw) return [];
  const ids = raw.split(",").map((part) => part.trim()).filter(Boolean).map(Number);
  return [...new Set(ids)];
}
