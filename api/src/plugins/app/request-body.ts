import { Transform } from "node:stream";
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../../http-errors";

/**
 * How request bodies are read (docs/api.md#validation-messages):
 * - in UTF-8 only: a `charset` other than UTF-8 is a 415, and so is a JSON body whose bytes are not UTF-8 (a
 *   UTF-16 body, with its byte order mark or without); a UTF-8 byte order mark is allowed and dropped (RFC 8259);
 * - in bounded time: a body that has not arrived BODY_TIMEOUT_MS after it began is cut with a 408, so that a client
 *   sending a byte now and then cannot hold a connection and a request open for minutes;
 * - an answer sent before its request's body arrived (a 401, a 404, a refusal) closes the connection, instead of
 *   reading what the client still sends.
 * Uploads (multipart) read their files themselves and are bounded by the server's request timeout (app.ts).
 */

/** how long a request body may take to arrive, from its first byte's request to its last */
export const BODY_TIMEOUT_MS = 30_000;
export const NOT_UTF8 = "Тело запроса должно быть в кодировке UTF-8";
export const BODY_TOO_SLOW = "Запрос не пришёл целиком вовремя";

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/** The request carries a body: a length that is not 0, or chunks. */
const hasBody = (request: FastifyRequest) =>
  request.headers["transfer-encoding"] !== undefined || (request.headers["content-length"] !== undefined && request.headers["content-length"] !== "0");

export default fp(async (app: FastifyInstance, options: { bodyTimeoutMs?: number }) => {
  const timeoutMs = options.bodyTimeoutMs ?? BODY_TIMEOUT_MS;

  app.addHook("preParsing", (request, _reply, payload, done) => {
    if (!hasBody(request)) return done(null, payload);
    const charset = CHARSET.exec(request.headers["content-type"] ?? "")?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") return done(new HttpError(415, NOT_UTF8));
    // a body already read whole (the usual small JSON) or injected needs no clock
    if (request.raw.complete !== false || request.headers["content-type"]?.startsWith("multipart/")) return done(null, payload);
    const timed = new Transform({ transform: (chunk, _encoding, next) => next(null, chunk) });
    const timer = setTimeout(() => timed.destroy(new HttpError(408, BODY_TOO_SLOW)), timeoutMs);
    timed.on("close", () => clearTimeout(timer));
    // what nobody reads any more (the answer went out first) may fail unheard
    timed.on("error", () => {});
    payload.on("error", (error) => timed.destroy(error));
    payload.pipe(timed);
    done(null, timed);
  });

  // a request without a body is not `complete` until someone reads its (empty) stream: only a body still on its
  // way closes the connection, or every GET would cost the client a new connection
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.raw.complete === false && hasBody(request)) reply.header("connection", "close");
    done(null, payload);
  });

  // JSON as bytes: decoded here as UTF-8, strictly, then parsed by Fastify's own parser (its prototype checks)
  const parseJson = app.getDefaultJsonParser("error", "error");
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = body as Buffer;
    // JSON starts with an ASCII character: a zero byte among the first two is UTF-16 or UTF-32 (RFC 4627, 3)
    if (bytes.length >= 2 && (bytes[0] === 0 || bytes[1] === 0)) return done(new HttpError(415, NOT_UTF8), undefined);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return done(new HttpError(415, NOT_UTF8), undefined);
    }
    parseJson(request, text, done);
  });
});
