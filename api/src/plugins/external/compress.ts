import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";
import compress from "@fastify/compress";
import { negotiate } from "@fastify/accept-negotiator";

const BODYLESS = new Set(["GET", "HEAD"]);

/** Answers shorter than this go uncompressed: the headers would cost more than the bytes saved. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Compression of every answer that has not compressed itself: @fastify/compress, with brotli at quality 4 (its
 * default) and gzip. The catalogue's answers and the pages compress themselves (sendCompressed below), in one call
 * on the whole body.
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

/** Whether the client takes gzip (an answer kept only as gzip goes out so; wire/gzip-parts.ts). */
export function acceptsGzip(header: string | undefined): boolean {
  return !!header && negotiate(header.toLowerCase().replaceAll("x-gzip", "gzip"), ["gzip"]) === "gzip";
}

/**
 * How hard to compress: `quick` for an answer sent once so far (most of those worked out per request are never
 * sent again: a search as it is typed, recommendations, a rare filter), `small` for an answer sent again, whose
 * copy is kept and sent to every later shopper, `page` for a page worked out for one shopper (its own cart, or a
 * page not kept): the shopper waits for the whole page, so bytes count there more than elsewhere. On a catalogue
 * page of 3.3 KB: brotli at quality 1 ≈ 3 × faster than at 4, and 10 % larger; quality 5 ≈ 10 % smaller than 4 at
 * ≈ 1.5 × its time, paid once. On a 65 KB page: quality 4 0.7 ms, 13.4 KB.
 */
type Effort = "quick" | "page" | "small";

const BROTLI_QUALITY: Record<Effort, number> = { quick: 1, page: 4, small: 5 };
const GZIP_LEVEL: Record<Effort, number> = { quick: 1, page: 6, small: 6 };

const compressors: Record<Encoding, (body: Buffer, effort: Effort) => Buffer> = {
  br: (body, effort) =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort], [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body, effort) => gzipSync(body, { level: GZIP_LEVEL[effort] }),
};

/** compressed copies by the answer they were made of, and how hard: they live as long as the answer does */
const copies: Record<Encoding, WeakMap<Buffer, { copy: Buffer; effort: Effort }>> = { br: new WeakMap(), gzip: new WeakMap() };

/**
 * `body` compressed with `encoding`: quickly the first time, well the second, and that copy sent from then on: an
 * answer that is kept and sent again (a catalogue page asked for by many shoppers, a product's JSON) is compressed
 * twice in all, not once per shopper.
 */
export function compressedCopy(body: Buffer, encoding: Encoding): Buffer {
  const made = copies[encoding].get(body);
  if (made?.effort === "small") return made.copy;
  const effort: Effort = made === undefined ? "quick" : "small";
  const copy = compressors[encoding](body, effort);
  copies[encoding].set(body, { copy, effort });
  return copy;
}

/** A page for one shopper, compressed with `encoding` (see Effort). */
export function compressedPage(body: Buffer, encoding: Encoding): Buffer {
  return compressors[encoding](body, "page");
}

/**
 * Sends `body`, compressed by `compress` with the encoding the client takes (acceptedEncoding); as it is when it is
 * short or the client takes neither. The reply's Content-Encoding tells @fastify/compress to leave it alone.
 */
export function sendCompressed(reply: FastifyReply, body: Buffer, compress: (body: Buffer, encoding: Encoding) => Buffer): FastifyReply {
  const encoding = body.length < COMPRESS_FROM_BYTES ? null : acceptedEncoding(reply.request.headers["accept-encoding"]);
  if (encoding === null) return reply.send(body);
  return reply.header("content-encoding", encoding).header("vary", "accept-encoding").send(compress(body, encoding));
}
