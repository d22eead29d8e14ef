import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";
import { CatalogStore, type CatalogStoreOptions } from "@shop/core/catalog";
import type { CatalogSnapshot } from "@shop/core/catalog";
import { CatalogJson } from "../../wire/catalog-json";
import { ResponseCache } from "../../wire/response-cache";
import { compressedCopy, sendCompressed } from "../external/compress";

/**
 * Every catalogue read (categories, catalogue pages, products, similar products, search, recommendations, the
 * admin's product and category lists) is answered from the in-memory catalogue (core/src/catalog/store.ts). The shop's
 * reads are sent as JSON put together from pieces serialised once per catalogue snapshot (wire/catalog-json.ts); an
 * answer asked for again by the same URL is kept for as long as its snapshot: a popular page is worked out once
 * per catalogue change, not once per shopper.
 *
 * A successful admin write in this process (any non-GET under /api/admin/) refreshes the catalogue before its
 * response goes out (when the write changed it, the admin waits for the new snapshot, shoppers do not), so the
 * admin's next read shows the change.
 */
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
  const refreshAfterWrite: onSendHookHandler = (request, reply, payload, done) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    void store.refresh().then(() => done(null, payload));
  };
  // only on the admin's writes: every other route (a catalogue read above all) goes without the hook
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith("/api/admin/") || methods.every((method) => READS.has(method))) return;
    route.onSend = [...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]), refreshAfterWrite];
  });
});

/**
 * Answers a public catalogue read: `read` takes the current catalogue and gives the route's answer as JSON
 * (see wire/catalog-json.ts); the JSON of a URL asked for again is kept until the catalogue changes. Errors thrown
 * by `read` (not found) are not kept. Once the catalogue is loaded the answer is sent without waiting for anything
 * (CatalogStore.ready): the route's handler then makes no promise.
 */
export function sendCatalog(request: FastifyRequest, reply: FastifyReply, read: Read): void | Promise<void> {
  const catalog = request.server.catalog.ready();
  if (catalog) return sendKept(request, reply, read, catalog);
  return request.server.catalog.current().then((current) => sendKept(request, reply, read, current));
}

/** Like sendCatalog, for an answer that depends on more than the URL (a request body): never kept. */
export function sendCatalogOnce(request: FastifyRequest, reply: FastifyReply, read: Read): void | Promise<void> {
  const catalog = request.server.catalog.ready();
  if (catalog) return sendOnce(reply, read, catalog);
  return request.server.catalog.current().then((current) => sendOnce(reply, read, current));
}

type Read = (catalog: CatalogSnapshot, json: CatalogJson) => Buffer;

function sendKept(request: FastifyRequest, reply: FastifyReply, read: Read, catalog: CatalogSnapshot): void {
  const output = outputOf(request.server, catalog);
  sendJson(reply, output.responses.get(request.url, () => read(catalog, output.json)));
}

function sendOnce(reply: FastifyReply, read: Read, catalog: CatalogSnapshot): void {
  sendJson(reply, read(catalog, outputOf(reply.server, catalog).json));
}

/** The serialised pieces of a catalogue snapshot, for answers sent with sendJson. */
export function catalogJson(app: FastifyInstance, catalog: CatalogSnapshot): CatalogJson {
  return outputOf(app, catalog).json;
}

/**
 * Sends JSON already written (wire/catalog-json.ts, in the route's response schema), compressed when the client takes
 * it so: a kept answer is compressed once (plugins/external/compress.ts), not once per shopper. Routes that answer
 * with it say `compress: false`, so that the compression plugin does not look at their answers again.
 */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return sendCompressed(reply.type("application/json; charset=utf-8"), body, compressedCopy);
}

function outputOf(app: FastifyInstance, catalog: CatalogSnapshot): CatalogOutput {
  let output = app.catalogOutput.get(catalog);
  if (!output) app.catalogOutput.set(catalog, (output = { json: new CatalogJson(catalog.largestId), responses: new ResponseCache() }));
  return output;
}
