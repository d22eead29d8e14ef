import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../app";

const IMMUTABLE = "public, max-age=31536000, immutable";

const PLACEHOLDER = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Магазин</title></head>
<body><h1>Магазин работает</h1><p>Веб-приложение ещё не собрано: выполните <code>npm run build</code>.
API: <a href="/api/docs">/api/docs</a></p></body></html>`;

/**
 * The built web app and the uploaded images. Hashed assets and uploads (random names) are cached forever;
 * index.html is revalidated. Any other GET outside /api gets index.html, so client-side routes survive reload.
 */
export default async function webRoutes(app: App) {
  const { webDistDir, uploadDir } = app.config;
  mkdirSync(uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadDir,
    prefix: "/uploads/",
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.header("Cache-Control", IMMUTABLE),
  });

  const indexFile = path.join(webDistDir, "index.html");
  const built = existsSync(indexFile);
  const indexHtml = built ? readFileSync(indexFile, "utf8") : PLACEHOLDER;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: "/",
      index: false,
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(webDistDir, "assets") + path.sep);
        res.header("Cache-Control", hashed ? IMMUTABLE : "public, max-age=300");
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(indexHtml);

  app.get("/", { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !url.startsWith("/api/") && url !== "/api"
      && !url.startsWith("/uploads/") && !url.startsWith("/assets/");
    if (isPage) return sendIndex(reply);
    return reply.status(404).send({ message: "Не найдено" });
  });
}
