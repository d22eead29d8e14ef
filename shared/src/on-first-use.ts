/**
 * A value made the first time it is asked for, then the same one every time. The shop's Intl objects are made so:
 * Node's ICU data lives in its executable and becomes resident only once something reads it, so a server that has
 * not yet sorted or formatted anything holds none of it (docs/database.md, Memory).
 */
export function onFirstUse<T extends object>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
