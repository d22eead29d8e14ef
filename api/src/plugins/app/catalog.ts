import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CatalogStore, type CatalogStoreOptions } from "../../services/catalog-store";
import type { CatalogSnapshot } from "../../services/catalog-snapshot";

/**
 * The public catalogue's reads (categories, catalogue pages, products, similar products, search) are answered
 * from the in-memory catalogue (services/catalog-store.ts), and each answer's JSON is kept by URL for as long
 * as the snapshot it came from: a popular page is serialised once per catalogue change, not once per shopper.
 *
 * A successful admin write in this process (any non-GET under /api/admin/) invalidates the catalogue before
 * its response goes out, so the admin's next read shows the change.
 */
const MAX_KEPT_RESPONSES = 1_000;

/** Response bodies by URL, the oldest dropped first once there are too many. */
export class ResponseCache {
  private entries = new Map<string, string>();

  constructor(private readonly maxEntries = MAX_KEPT_RESPONSES) {}

  get(key: string, produce: () => string): string {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const body = produce();
    this.entries.set(key, body);
    // Map keeps insertion order: the first key is the oldest
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return body;
  }

  get size(): number {
    return this.entries.size;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    catalog: CatalogStore;
    /** the kept JSON answers of each catalogue snapshot */
    catalogResponses: WeakMap<CatalogSnapshot, ResponseCache>;
  }
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export default fp(async function catalogPlugin(app: FastifyInstance, options: Pick<CatalogStoreOptions, "checkEveryMs">) {
  const responses = new WeakMap<CatalogSnapshot, ResponseCache>();
  const store = new CatalogStore(app.db, {
    checkEveryMs: options.checkEveryMs,
    onLoad: (snapshot, ms) => {
      responses.set(snapshot, new ResponseCache());
      app.log.debug({ products: snapshot.size, version: snapshot.version, ms }, "catalogue loaded");
    },
    onStaleError: (error) => app.log.warn({ err: error }, "catalogue check failed: serving the last one loaded"),
  });
  app.decorate("catalog", store);
  app.decorate("catalogResponses", responses);
  // a callback hook, not an async one: it runs for every response and almost always does nothing
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!READS.has(request.method) && request.url.startsWith("/api/admin/") && reply.statusCode < 400) store.invalidate();
    done(null, payload);
  });
});

/**
 * Answers a public catalogue read: `read` takes the current catalogue and gives the route's answer, serialised
 * with the route's own schema; the JSON is kept by URL until the catalogue changes. Errors thrown by `read`
 * (not found) are not kept.
 */
export async function sendCatalog(request: FastifyRequest, reply: FastifyReply, read: (catalog: CatalogSnapshot) => unknown): Promise<FastifyReply> {
  const catalog = await request.server.catalog.current();
  const cache = request.server.catalogResponses.get(catalog);
  const produce = () => String(reply.serialize(read(catalog)));
  const body = cache ? cache.get(request.url, produce) : produce();
  return reply.type("application/json; charset=utf-8").send(body);
}
