/** Largest value of an id column (PostgreSQL integer): a bigger number names nothing, and must not reach SQL. */
export const MAX_DB_ID = 2147483647;
export const isDbId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_DB_ID;

/** Comma-joined ids ("3, 5,7") as distinct numbers; the route schema already allows only digits and commas. */
export function parseIdList(raw: string | undefined): number[] {
  if (!raw) return [];
  const ids = raw.split(",").map((part) => part.trim()).filter(Boolean).map(Number);
  return [...new Set(ids)];
}
