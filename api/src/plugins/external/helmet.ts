import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Security headers. The shop runs inside Telegram's web client as an iframe, so its pages may be framed by
 * Telegram's origins instead of nobody; the admin panel and the API by nobody. HSTS only where the request came over
 * TLS (below): sent over plain HTTP it means nothing to a browser, and a shop tried on a LAN address without TLS
 * should not tell anything that it must use https.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  frameguard: false,
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: "cross-origin" },
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      frameAncestors: ["'self'", "https://web.telegram.org", "https://*.telegram.org"],
      upgradeInsecureRequests: null,
    },
  },
};

/** The headers helmet sets for these options, asked once: none of them depends on the request. */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Strict-Transport-Security of an answer to a request that came over TLS: a year, subdomains included. */
export const HSTS = "max-age=31536000; includeSubDomains";

/** The pages nobody may frame: the admin panel (clickjacking its buttons) and the API's documentation. */
export const isUnframablePage = (url: string) =>
  url === "/admin" || url.startsWith("/admin/") || url.startsWith("/admin?") || url.startsWith("/api/docs");

/**
 * The Content-Security-Policy of a page whose HTML holds these inline scripts: each is allowed by its SHA-256, no
 * other inline script runs. `framable`: Telegram's web client may show it in a frame (the shop's pages); otherwise
 * nobody may (the admin panel).
 */
export function pageContentSecurityPolicy(inlineScripts: readonly string[], framable = true): string {
  const directives = HELMET_OPTIONS.contentSecurityPolicy as { directives: Record<string, unknown> };
  const hashes = inlineScripts.map((script) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`);
  const options: HelmetOptions = {
    ...HELMET_OPTIONS,
    contentSecurityPolicy: {
      directives: { ...directives.directives, scriptSrc: ["'self'", ...hashes], ...(framable ? {} : { frameAncestors: ["'none'"] }) },
    },
  };
  return securityHeaders(options)["content-security-policy"]!;
}

/**
 * What only a document (a page the browser shows) acts on: its opener and agent cluster, the prefetching of its
 * links, old browsers' download and XSS filters, Flash's and Acrobat's policy files. The API's JSON answers go
 * without them.
 */
export const DOCUMENT_ONLY_HEADERS: readonly string[] = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/**
 * The API's answers are data, never a document to run or frame: their policy allows nothing (as the OWASP REST
 * guidance has it) instead of the pages' long list of sources, a third of a product answer's headers.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** An answer of the API (JSON): anything under /api/ but the API's documentation page. */
const isApiAnswer = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

/**
 * Every response carries them: pages and files all of them, the admin panel's pages framed by nobody (its policy
 * and X-Frame-Options for browsers that know only that), the API's answers all but the document-only ones, with
 * their own policy; HSTS when the request came over TLS, to this server or to a proxy it trusts (request.protocol
 * reads X-Forwarded-Proto only from TRUST_PROXY's proxies). Not through @fastify/helmet: it builds the helmet
 * middleware again for every request (parsing the CSP directives each time, two hooks), ≈ 2.5 % of the API's CPU
 * on a product read.
 */
export default fp(async (app) => {
  const headers = securityHeaders();
  const apiHeaders = {
    ...Object.fromEntries(Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY_HEADERS.includes(name))),
    "content-security-policy": API_CONTENT_SECURITY_POLICY,
  };
  const unframableHeaders = { ...headers, "content-security-policy": pageContentSecurityPolicy([], false), "x-frame-options": "DENY" };
  app.addHook("onRequest", (request, reply, done) => {
    const url = request.url;
    reply.headers(isApiAnswer(url) ? apiHeaders : isUnframablePage(url) ? unframableHeaders : headers);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    done();
  });
});
