import { useEffect, useState } from "react";

/**
 * A very small fetch cache: one promise per key, kept for the page's lifetime (short-lived for lists that change).
 * Route loaders call `prefetch` so data starts loading together with the page's code; components read the same
 * promise with `useQuery`. A failure is logged and the fallback is shown: lists fall back to empty
 * (docs/product.md#shopper-errors).
 */
interface Entry<T> {
  promise: Promise<T>;
  value?: T;
  error?: unknown;
  settled: boolean;
  at: number;
}

let cache = new Map<string, Entry<unknown>>();
const MAX_AGE_MS = 60_000;

function seed(data: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(data)) {
    cache.set(key, { promise: Promise.resolve(value), value, settled: true, at: Date.now() });
  }
}

/**
 * The server puts the answers the first page needs into the HTML (<script id="shop-data">, keyed by API URL), so
 * the page renders without waiting for another round trip. Read once, at start.
 */
export function seedFromDocument(doc: Document = document): void {
  const element = doc.getElementById("shop-data");
  if (!element?.textContent) return;
  try {
    seed(JSON.parse(element.textContent) as Record<string, unknown>);
  } catch (error) {
    console.warn("embedded data unreadable", error);
  }
  element.remove();
}

/**
 * Server rendering: runs `render` with exactly `data` in the cache (the answers the server also embeds for the
 * browser), so the HTML shows what the first client render will show. `render` must be synchronous
 * (renderToString): no other request can see or change this cache meanwhile.
 */
export function withData<T>(data: Record<string, unknown>, render: () => T): T {
  const previous = cache;
  cache = new Map();
  seed(data);
  try {
    return render();
  } finally {
    cache = previous;
  }
}

/** What the cache holds for `key` right now (an answer already in, such as one the server embedded), else undefined. */
export function peek<T>(key: string): T | undefined {
  const entry = cache.get(key) as Entry<T> | undefined;
  return entry?.settled && entry.error === undefined ? entry.value : undefined;
}

export function prefetch<T>(key: string, load: () => Promise<T>): Promise<T> {
  const existing = cache.get(key) as Entry<T> | undefined;
  if (existing && (!existing.settled || (existing.error === undefined && Date.now() - existing.at < MAX_AGE_MS))) {
    return existing.promise;
  }
  const entry: Entry<T> = { promise: load(), settled: false, at: Date.now() };
  entry.promise.then(
    (value) => {
      entry.value = value;
      entry.settled = true;
      entry.at = Date.now();
    },
    (error: unknown) => {
      entry.error = error;
      entry.settled = true;
    },
  );
  cache.set(key, entry as Entry<unknown>);
  return entry.promise;
}

export function invalidate(prefix: string): void {
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
}

export interface QueryState<T> {
  data: T;
  loading: boolean;
  error: unknown;
}

/** `key` null = nothing to load (the fallback is returned, not loading). */
export function useQuery<T>(key: string | null, load: () => Promise<T>, fallback: T): QueryState<T> {
  const read = (): QueryState<T> => {
    if (key === null) return { data: fallback, loading: false, error: null };
    const entry = cache.get(key) as Entry<T> | undefined;
    if (entry?.settled && entry.error === undefined) return { data: entry.value as T, loading: false, error: null };
    return { data: fallback, loading: true, error: null };
  };
  const [state, setState] = useState<{ key: string | null; value: QueryState<T> }>(() => ({ key, value: read() }));
  const current = state.key === key ? state.value : read();

  useEffect(() => {
    // the state object is kept when nothing shown changes: no second render of a page that already shows its data
    const show = (value: QueryState<T>) =>
      setState((previous) =>
        previous.key === key && previous.value.data === value.data && previous.value.loading === value.loading && previous.value.error === value.error
          ? previous
          : { key, value },
      );
    if (key === null) {
      show({ data: fallback, loading: false, error: null });
      return;
    }
    let live = true;
    const entry = cache.get(key) as Entry<T> | undefined;
    if (entry?.settled && entry.error === undefined) show({ data: entry.value as T, loading: false, error: null });
    prefetch(key, load).then(
      (data) => live && show({ data, loading: false, error: null }),
      (error: unknown) => {
        console.error(`request failed: ${key}`, error);
        if (live) show({ data: fallback, loading: false, error });
      },
    );
    return () => {
      live = false;
    };
    // `load` and `fallback` are tied to `key` by the caller
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return current;
}
