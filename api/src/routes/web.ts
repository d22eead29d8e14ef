import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { metaDescription } from "@shop/shared/text";
import type { App } from "../app";

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHOP_NAME = "Ремесло";

const PLACEHOLDER = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Магазин</title></head>
<body><h1>Магазин работает</h1><p>Веб-приложение ещё не собрано: выполните <code>npm run build</code>.
API: <a href="/api/docs">/api/docs</a></p></body></html>`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image: string | null;
  type: string;
}

/**
 * index.html with this page's title, description and Open Graph tags: link previews in messengers and social
 * networks read them from the HTML and do not run the app's JavaScript. Existing og:/twitter: tags are replaced.
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:site_name" content="${SHOP_NAME}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="${escapeHtml(meta.type)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}" />` : "",
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
  ].filter(Boolean);
  return html
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, `<meta name="description" content="${description}" />`)
    .replace(/\s*<meta\s+(property="og:|name="twitter:)[^>]*>/g, "")
    .replace(/\s*<link\s+rel="canonical"[^>]*>/g, "")
    .replace("</head>", `  ${tags.join("\n    ")}\n  </head>`);
}

/**
 * The built web app and the uploaded images. Hashed assets and uploads (random names) are cached forever and
 * served precompressed (.br/.gz written by the build); index.html is revalidated. Any other GET outside /api gets
 * index.html, so client-side routes survive reload; /product/{id} gets it with the product's meta tags.
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

  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(html);
  const origin = (request: FastifyRequest) => app.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get("/", { schema: { hide: true } }, (_request, reply) => sendHtml(reply, indexHtml));

  app.get<{ Params: { id: string } }>("/product/:id", { schema: { hide: true } }, async (request, reply) => {
    const raw = request.params.id;
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!built || !Number.isSafeInteger(id) || id < 1 || id > 2147483647) return sendHtml(reply, indexHtml);
    const product = await app.prisma.product.findUnique({
      where: { id },
      select: {
        name: true,
        description: true,
        images: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { imageUrl: true }, take: 1 },
      },
    });
    if (!product) return sendHtml(reply, indexHtml);
    const base = origin(request);
    const image = product.images[0]?.imageUrl ?? null;
    return sendHtml(
      reply,
      withPageMeta(indexHtml, {
        title: `${product.name} — ${SHOP_NAME}`,
        description: metaDescription(product.description),
        url: `${base}/product/${id}`,
        image: image ? new URL(image, base + "/").href : null,
        type: "product",
      }),
    );
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !url.startsWith("/api/") && url !== "/api"
      && !url.startsWith("/uploads/") && !url.startsWith("/assets/");
    if (isPage) return sendHtml(reply, indexHtml);
    return reply.status(404).send({ message: "Не найдено" });
  });
}
