import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fp from "fastify-plugin";
import compress from "@fastify/compress";
import { negotiate } from "@fastify/accept-negotiator";

const BODYLESS = new Set(["GET", "HEAD"]);

/** Answers shorter than this go uncompressed: the headers would cost more than the bytes saved. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Compression of every answer that has not compressed itself: @fastify/compress, with brotli at quality 4 (its
 * default, as compressedCopy below) and gzip.
 */
export default fp(async (app) => {
  // Requests without a body have nothing to decompress: leave out the plugin's request hook on their routes
  // (one hook less on every catalogue read). This onRoute hook runs before the plugin's own.
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.every((method) => BODYLESS.has(method))) route.decompress = false;
  });
  await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ["br", "gzip", "deflate"] });
});

export type Encoding = "br" | "gzip";
const ENCODINGS: Encoding[] = ["br", "gzip"];

/** The encoding to compress an answer with for this Accept-Encoding header (br before gzip); null: none. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  // x-gzip is gzip's old name (RFC 9110, 8.4.1.3)
  return (negotiate(header.toLowerCase().replaceAll("x-gzip", "gzip"), ENCODINGS) as Encoding | null) ?? null;
}

const compressors: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body),
};

/** compressed copies by the answer they were made of: they live as long as it does */
const copies: Record<Encoding, WeakMap<Buffer, Buffer>> = { br: new WeakMap(), gzip: new WeakMap() };

/**
 * `body` compressed with `encoding`, made once per body: an answer that is kept and sent again (a catalogue page
 * asked for by many shoppers, a product's JSON) is compressed the first time only.
 */
export function compressedCopy(body: Buffer, encoding: Encoding): Buffer {
  let copy = copies[encoding].get(body);
  if (copy === undefined) copies[encoding].set(body, (copy = compressors[encoding](body)));
  return copy;
}
