/**
 * Device storage (localStorage) that never breaks the page: a read or write failure is logged and the default is
 * used instead (docs/product.md#data-kept-on-the-device). `parse` decides what a stored value may be; anything else
 * falls back too.
 */
export function readStored<T>(key: string, parse: (value: unknown) => T | null, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed = parse(JSON.parse(raw));
    if (parsed === null) {
      console.warn(`storage: ignoring an unexpected value under "${key}"`);
      return fallback;
    }
    return parsed;
  } catch (error) {
    console.warn(`storage: cannot read "${key}"`, error);
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`storage: cannot write "${key}"`, error);
  }
}
