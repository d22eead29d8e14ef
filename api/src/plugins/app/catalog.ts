import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CatalogStore, type CatalogStoreOptions } from "../../services/catalog-store";
import type { CatalogSnapshot } from "../../services/catalog-snapshot";
import { CatalogJson } from "../../services/catalog-json";

/**
 * The public catalogue's reads (categories, catalogue pages, products, similar products, search) are answered
 * from the in-memory catalogue (services/catalog-store.ts) as JSON put together from pieces serialised once
 * per catalogue snapshot (services/catalog-json.ts). An answer asked for again by the same URL is kept for as
 * long as its snapshot: a popular page is worked out once per catalogue change, not once per shopper.
 *
 * A successful admin write in this process (any non-GET under /api/admin/) refreshes the catalogue before its
 * response goes out (when the write changed it, the admin waits for the new snapshot, shoppers do not), so the
 * admin's next read shows the change.
 */
const MAX_KEPT_RESPONSES = 1_000;

/**
 * Response bodies by URL, the oldest dropped first once there are too many. A body is kept only when its URL
 * comes a second time while the first visit is still remembered: URLs seen once (a rare filter, a search typed
 * letter by letter, a link with a tracking parameter) would otherwise push the popular pages out, and keeping
 * every answer for a short while costs the garbage collector more than working it out again.
 */
export class ResponseCache<Body = Buffer> {
  private readonly entries = new Map<string, Body>();
  /** URLs asked for once, oldest first */
  private readonly seenOnce = new Set<string>();

  constructor(private readonly maxEntries = MAX_KEPT_RESPONSES) {}

  get(key: string, produce: () => Body): Body {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const body = produce();
    if (this.seenOnce.delete(key)) {
      this.entries.set(key, body);
      // Map and Set keep insertion order: the first key is the oldest
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    } else {
      this.seenOnce.add(key);
      if (this.seenOnce.size > this.maxEntries) this.seenOnce.delete(this.seenOnce.values().next().value!);
    }
    return body;
  }

  get size(): number {
    return this.entries.size;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    catalog: CatalogStore;
    /** each catalogue snapshot's serialised pieces and kept answers */
    catalogOutput: WeakMap<CatalogSnapshot, CatalogOutput>;
  }
}

interface CatalogOutput {
  json: CatalogJson;
  responses: ResponseCache;
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export default fp(async function catalogPlugin(app: FastifyInstance, options: Pick<CatalogStoreOptions, "checkEveryMs" | "waitForChanges">) {
  const output = new WeakMap<CatalogSnapshot, CatalogOutput>();
  const store = new CatalogStore(app.db, {
    checkEveryMs: options.checkEveryMs,
    waitForChanges: options.waitForChanges,
    onLoad: (snapshot, ms) => {
      app.log.debug({ products: snapshot.size, version: snapshot.version, ms }, "catalogue loaded");
    },
    onStaleError: (error) => app.log.warn({ err: error }, "catalogue check failed: serving the last one loaded"),
  });
  app.decorate("catalog", store);
  app.decorate("catalogOutput", output);
  // a callback hook, not an async one: it runs for every response and almost always does nothing
  app.addHook("onSend", (request, reply, payload, done) => {
    if (READS.has(request.method) || !request.url.startsWith("/api/admin/") || reply.statusCode >= 400) return done(null, payload);
    void store.refresh().then(() => done(null, payload));
  });
});

/**
 * Answers a public catalogue read: `read` takes the current catalogue and gives the route's answer as JSON
 * (see services/catalog-json.ts); the JSON of a URL asked for again is kept until the catalogue
 * changes. Errors thrown by `read` (not found) are not kept.
 */
export async function sendCatalog(
  request: FastifyRequest,
  reply: FastifyReply,
  read: (catalog: CatalogSnapshot, json: CatalogJson) => Buffer,
): Promise<FastifyReply> {
  const catalog = await request.server.catalog.current();
  const outputs = request.server.catalogOutput;
  let output = outputs.get(catalog);
  if (!output) outputs.set(catalog, (output = { json: new CatalogJson(), responses: new ResponseCache() }));
  const { json } = output;
  const body = output.responses.get(request.url, () => read(catalog, json));
  return reply.type("application/json; charset=utf-8").send(body);
}
