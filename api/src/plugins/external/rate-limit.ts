import fp from "fastify-plugin";
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import { HttpError } from "../app/errors";

/** The 429 answer of every limited route: a Russian `{ message }`; the plugin adds Retry-After (seconds). */
export function tooManyRequests(ttlMs: number): HttpError {
  return new HttpError(429, `Слишком много запросов. Повторите через ${Math.max(1, Math.ceil(ttlMs / 1000))} с.`);
}

/** addresses one process remembers per route; past it the windows that ended are dropped, then the oldest */
const MAX_ADDRESSES = 20_000;

/**
 * Fixed one-window counts in this process's memory. The plugin's own LocalStore answers every caller with the same
 * counter object, read after an await: requests arriving in one tick all see the last count, so a burst from one
 * address was refused whole. This store answers each request with its own count.
 */
class FixedWindowStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; start: number }>();

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.start + timeWindow <= now) {
      this.windows.delete(key);
      if (this.windows.size >= MAX_ADDRESSES) this.forgetOld(now, timeWindow);
      window = { count: 0, start: now };
      this.windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.start + timeWindow - now });
  }

  child(): FastifyRateLimitStore {
    return new FixedWindowStore();
  }

  private forgetOld(now: number, timeWindow: number) {
    for (const [key, window] of this.windows) if (window.start + timeWindow <= now) this.windows.delete(key);
    // the map keeps insertion order: the first keys opened their windows first
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_ADDRESSES) break;
      this.windows.delete(key);
    }
  }
}

/**
 * Off by default; routes opt in with `config: { rateLimit: perMinute(n) }` (docs/api.md#request-limits). Counts are
 * per client address (request.ip, which follows TRUST_PROXY) in each process's memory: with N API instances a
 * client may make up to N times a limit when the proxy spreads its requests.
 */
export default fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    store: FixedWindowStore,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
});

/** A route's limit of `max` requests a minute per address; 0 = no limit. */
export function perMinute(max: number): { max: number; timeWindow: number } | false {
  return max > 0 ? { max, timeWindow: 60_000 } : false;
}
