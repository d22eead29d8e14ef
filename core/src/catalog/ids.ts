export { isDbId } from "@shop/shared/ids";

/** Comma-joined ids ("3, 5,7") as distinct numbers; the route schema already allows only digits and commas. */
export function parseIdList(raw: string | undefined): number[] {
  const ids: number[] = [];
  if (!raw) return ids;
  for (const part of raw.split(",")) {
    // Number() reads " 5 " as 5; a blank part (",," or a trailing comma) is no id
    const id = Number(part);
    if (part.trim() !== "" && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
