import { createHash } from "node:crypto";
import fp from "fastify-plugin";
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyBaseLogger, RouteOptions } from "fastify";
import type { Redis } from "ioredis";
import { HttpError } from "../../http-errors";

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
 * One window in Redis, for every API instance pointed at it: the first request of a window sets the key's expiry,
 * every request gets its own count (INCR is atomic, so a burst spread over instances is counted once).
 */
const WINDOW_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type WindowRedis = Redis & { shopWindow(key: string, windowMs: number): Promise<[number, number]> };

/** how often at most a Redis that does not answer is written to the log */
const REDIS_WARNING_EVERY_MS = 60_000;

/**
 * Fixed one-window counts in Redis (REDIS_URL), shared by every API instance of the shop. While Redis does not
 * answer, each instance counts in its own memory again (FixedWindowStore), so the shop keeps taking requests and
 * keeps a limit per instance; GET /api/health lists "redis" as down meanwhile.
 */
class SharedWindowStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: WindowRedis,
    private readonly prefix: string,
    private readonly fallback: FastifyRateLimitStore,
    private readonly warn: (error: unknown) => void,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
    this.redis.shopWindow(this.prefix + key, timeWindow).then(
      ([current, ttl]) => callback(null, { current, ttl }),
      (error: unknown) => {
        this.warn(error);
        this.fallback.incr(key, callback, timeWindow, max);
      },
    );
  }

  child(routeOptions: RouteOptions & { routeInfo?: { method?: unknown; url?: unknown } }): FastifyRateLimitStore {
    const route = `${String(routeOptions.routeInfo?.method ?? "")}${String(routeOptions.routeInfo?.url ?? "")}:`;
    return new SharedWindowStore(this.redis, this.prefix + route, new FixedWindowStore(), this.warn);
  }
}

export interface RequestLimits {
  /** where the counts live */
  store: "memory" | "redis";
  /** false while the Redis of the shared counts does not answer (GET /api/health) */
  healthy(): Promise<boolean>;
}

declare module "fastify" {
  interface FastifyInstance {
    requestLimits: RequestLimits;
  }
}

export interface RateLimitOptions {
  /** redis://… of REDIS_URL; null: each instance counts in its own memory */
  redisUrl: string | null;
  /**
   * names this shop's keys in Redis, the same on every instance of the shop and different between shops sharing
   * one Redis (the JWT secret's hash: every instance of a shop has the same secret)
   */
  shopKey: string;
}

/** how long a request waits for Redis before it is counted in memory instead */
const REDIS_COMMAND_TIMEOUT_MS = 500;

async function connectRedis(url: string, log: FastifyBaseLogger): Promise<{ redis: WindowRedis; warn: (error: unknown) => void }> {
  // loaded only with REDIS_URL: an instance that counts in memory never holds the client
  const { Redis } = await import("ioredis");
  let lastWarning = 0;
  const warn = (error: unknown) => {
    if (Date.now() - lastWarning < REDIS_WARNING_EVERY_MS) return;
    lastWarning = Date.now();
    log.warn({ err: error }, "Redis of the request limits does not answer: counting in this instance's memory meanwhile");
  };
  const redis = new Redis(url, {
    // a command while Redis is away fails at once (and is counted in memory) instead of waiting in a queue
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // reconnects forever, at most every 2 s
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  }) as WindowRedis;
  redis.defineCommand("shopWindow", { numberOfKeys: 1, lua: WINDOW_SCRIPT });
  redis.on("error", warn);
  return { redis, warn };
}

/**
 * Off by default; routes opt in with `config: { rateLimit: perMinute(n) }` (docs/api.md#request-limits). Counts are
 * per client address (request.ip, which follows TRUST_PROXY): with REDIS_URL in Redis, shared by every API
 * instance; without it in each process's memory, so that with N instances a client may make up to N times a limit
 * when the proxy spreads its requests.
 */
export default fp(async (app, options: RateLimitOptions) => {
  let store: new () => FastifyRateLimitStore = FixedWindowStore;
  let limits: RequestLimits = { store: "memory", healthy: async () => true };
  if (options.redisUrl) {
    const { redis, warn } = await connectRedis(options.redisUrl, app.log);
    const prefix = `shop:${createHash("sha256").update(options.shopKey).digest("hex").slice(0, 16)}:limits:`;
    store = class extends SharedWindowStore {
      constructor() {
        super(redis, prefix, new FixedWindowStore(), warn);
      }
    };
    limits = {
      store: "redis",
      healthy: () => redis.ping().then(
        () => true,
        () => false,
      ),
    };
    app.addHook("onClose", async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  app.decorate("requestLimits", limits);
  await app.register(rateLimit, {
    global: false,
    store,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
});

/** A route's limit of `max` requests a minute per address; 0 = no limit. */
export function perMinute(max: number): { max: number; timeWindow: number } | false {
  return max > 0 ? { max, timeWindow: 60_000 } : false;
}
