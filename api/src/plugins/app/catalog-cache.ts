import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * A short-lived cache of the public catalogue's JSON responses (categories, catalogue pages, products, search,
 * similar products), keyed by URL. Shoppers hammer the same few pages; serving them from memory for a couple of
 * seconds is what keeps those reads fast under load, and no shopper notices a price that is two seconds old
 * (orders are always priced from the database).
 *
 * Consistency: a successful admin write in this process (any non-GET under /api/admin/) empties the cache before
 * its response goes out, so the admin sees the change at once. Other API instances see it within TTL_MS.
 *
 * A second instance, `catalogCounts`, keeps the catalogue's totals per filter (services/catalog.ts listProducts)
 * under the same rules: every page and sort order of one filter shares its count.
 */
export const CATALOG_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;

export class ResponseCache {
  private entries = new Map<string, { body: string; at: number }>();
  private pending = new Map<string, Promise<string>>();
  /** bumped by clear(): a response computed before a write is not stored after it */
  private generation = 0;

  constructor(
    private readonly ttlMs = CATALOG_CACHE_TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** The cached body for `key`, or the one `produce` makes (concurrent misses share one call). Errors are not kept. */
  async get(key: string, produce: () => Promise<string>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.body;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;

    const generation = this.generation;
    const work = produce()
      .then((body) => {
        if (generation === this.generation) this.store(key, body);
        return body;
      })
      .finally(() => {
        if (this.pending.get(key) === work) this.pending.delete(key);
      });
    this.pending.set(key, work);
    return work;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, body: string): void {
    this.entries.delete(key);
    this.entries.set(key, { body, at: Date.now() });
    // Map keeps insertion order: the first key is the oldest
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    catalogCache: ResponseCache;
    /** catalogue totals per filter, same lifetime and clearing as catalogCache */
    catalogCounts: ResponseCache;
  }
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export default fp(async function catalogCachePlugin(app: FastifyInstance) {
  app.decorate("catalogCache", new ResponseCache());
  app.decorate("catalogCounts", new ResponseCache());
  // a callback hook, not an async one: it runs for every response and almost always does nothing
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!READS.has(request.method) && request.url.startsWith("/api/admin/") && reply.statusCode < 400) {
      app.catalogCache.clear();
      app.catalogCounts.clear();
    }
    done(null, payload);
  });
});

/** Answers a public catalogue read from the cache: the body is the route's own serialisation of `produce()`. */
export async function sendCached(request: FastifyRequest, reply: FastifyReply, produce: () => Promise<unknown>): Promise<FastifyReply> {
  const body = await request.server.catalogCache.get(request.url, async () => String(reply.serialize(await produce())));
  return reply.type("application/json; charset=utf-8").send(body);
}
