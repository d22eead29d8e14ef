import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { GALLERY_IMAGE_SIZES, cardImageUrl, imageSrcSet } from "@shop/shared/images";
import { CATALOG_PAGE_SIZE } from "@shop/shared/constants";
import type { CatalogResponse, Product } from "@shop/shared/schemas/catalog";
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

/** The first catalogue page as the web app asks for it (apps/web/src/lib/api.ts, paths.catalog). */
export const FIRST_CATALOG_PAGE = `/api/products?page=1&limit=${CATALOG_PAGE_SIZE}`;

export interface Preloaded {
  /** API URL → its JSON body, exactly as the API sent it */
  data: Record<string, string>;
  /** images the page shows first: fetched by the browser while the JavaScript is still loading */
  images: PreloadImage[];
}

/** One image to preload; with `srcset` the browser fetches the size the page's <img srcset> will pick. */
export interface PreloadImage {
  href: string;
  srcset?: string | null;
  sizes?: string;
}

/**
 * index.html with the answers the first screen needs: the app reads <script id="shop-data"> instead of asking again,
 * and <link rel="preload"> starts the first images at once. `<` is escaped so the JSON cannot end the script.
 */
export function withPreloaded(html: string, preloaded: Preloaded): string {
  const entries = Object.entries(preloaded.data);
  if (entries.length === 0 && preloaded.images.length === 0) return html;
  const json = "{" + entries.map(([url, body]) => `${JSON.stringify(url)}:${body}`).join(",") + "}";
  const links = preloaded.images.map(
    (image) =>
      `<link rel="preload" as="image" href="${escapeHtml(image.href)}"` +
      (image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes ?? "100vw")}"` : "") +
      ` fetchpriority="high" />`,
  );
  const script = entries.length ? `<script type="application/json" id="shop-data">${json.replace(/</g, "\\u003c")}</script>` : "";
  const early = links.length ? beforeFirstResource(html, links) : html;
  return script ? early.replace("</head>", () => `  ${script}\n  </head>`) : early;
}

/** Tags placed in <head> before the first script or stylesheet, so the browser asks for them first. */
function beforeFirstResource(html: string, tags: string[]): string {
  const head = html.indexOf("</head>");
  const first = html.slice(0, head).search(/<script\b|<link\s+rel="(stylesheet|modulepreload)"/);
  if (first < 0) return html.replace("</head>", () => `  ${tags.join("\n    ")}\n  </head>`);
  return `${html.slice(0, first)}${tags.join("\n    ")}\n    ${html.slice(first)}`;
}

/**
 * The same image preloads as a `Link` header: the browser starts them when the response headers arrive, before it
 * parses the page (≈ 100 ms earlier on a slow phone), so the largest image is no longer behind the page's code.
 */
export function imagePreloadHeader(images: PreloadImage[]): string {
  // only what the header's syntax cannot carry is escaped (a URL may already hold %-escapes)
  const safe = (src: string) => src.replace(/[<>]|[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
  // a srcset only ever lists uploaded images (/uploads/<letters, digits, _ ->.webp), nothing to escape
  const responsive = (image: PreloadImage) =>
    image.srcset ? `; imagesrcset="${image.srcset}"; imagesizes="${image.sizes ?? "100vw"}"` : "";
  return images.map((image) => `<${safe(image.href)}>; rel=preload; as=image${responsive(image)}; fetchpriority=high`).join(", ");
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Pages whose code is a separate chunk, by URL: the server tells the browser to fetch it with the HTML. */
const PAGE_MODULES: [RegExp, string][] = [
  [/^\/product\/\d+$/, "src/features/product/ProductPage.tsx"],
  [/^\/cart$/, "src/features/cart/CartPage.tsx"],
  [/^\/wishlist$/, "src/features/wishlist/WishlistPage.tsx"],
  [/^\/checkout$/, "src/features/checkout/CheckoutPage.tsx"],
  [/^\/order-success\/[^/]+$/, "src/features/order-success/OrderSuccessPage.tsx"],
  [/^\/search$/, "src/features/search/SearchPage.tsx"],
  [/^\/search-results$/, "src/features/search/SearchResultsPage.tsx"],
  [/^\/my-orders$/, "src/features/my-orders/MyOrdersPage.tsx"],
];

/**
 * <link> tags for the page's own chunk, its imports and its CSS (from Vite's manifest), so a product page does not
 * wait for the main bundle to run before asking for its code: one round trip less on a slow network.
 */
export function pageAssetLinks(manifest: Record<string, ManifestChunk> | null, pathname: string): string[] {
  const source = PAGE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1];
  const chunk = source ? manifest?.[source] : undefined;
  if (!manifest || !chunk) return [];
  // the entry's own CSS is already linked by index.html; linking it again after the page's CSS would put its rules
  // last and let them override the page's (unlike a client-side visit, where the page's CSS comes last)
  const entry = Object.values(manifest).find((item) => item.isEntry);
  const entryStyles = new Set([entry, ...(entry?.imports ?? []).map((key) => manifest[key])].flatMap((item) => item?.css ?? []));
  const scripts = new Set<string>([chunk.file]);
  const styles = new Set<string>(chunk.css ?? []);
  for (const key of chunk.imports ?? []) {
    const imported = manifest[key];
    if (!imported) continue;
    scripts.add(imported.file);
    for (const css of imported.css ?? []) if (!entryStyles.has(css)) styles.add(css);
  }
  return [
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
  ];
}

function withLinks(html: string, links: string[]): string {
  return links.length ? html.replace("</head>", `  ${links.join("\n    ")}\n  </head>`) : html;
}

/** What apps/web/src/entry-server.tsx exports. */
export interface ServerRenderer {
  render(url: string, data: Record<string, unknown>): Promise<{ html: string; hydration: unknown } | null>;
}

/**
 * The server-rendering bundle of a web build: `vite build --ssr` writes it into the build's `.ssr` folder
 * (`npm run build -w apps/web`), so it always belongs to the client files beside it. Found from the build directory,
 * whether the API runs from its sources or from its bundle.
 */
export const serverRendererFile = (webDistDir: string) => path.join(webDistDir, ".ssr", "entry-server.js");

/**
 * index.html with the server-rendered page inside <div id="root"> and the router state the browser hydrates it with
 * (JSON, not a script: the CSP allows no inline scripts). Unchanged when the page has no empty root element.
 */
export function withServerRender(html: string, rendered: { html: string; hydration: unknown }): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) return html;
  const state = `<script type="application/json" id="shop-router">${JSON.stringify(rendered.hydration).replace(/</g, "\\u003c")}</script>`;
  return html.replace(root, () => `<div id="root">${rendered.html}</div>`).replace("</head>", () => `  ${state}\n  </head>`);
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
  const manifestFile = path.join(webDistDir, ".vite/manifest.json");
  const manifest = built && existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>)
    : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: "/",
      index: false,
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      // the server-rendering bundle is for this process, not for browsers
      allowedPath: (pathName) => !pathName.startsWith("/.ssr/"),
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(webDistDir, "assets") + path.sep);
        res.header("Cache-Control", hashed ? IMMUTABLE : "public, max-age=300");
      },
    });
  }

  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(html);
  const origin = (request: FastifyRequest) => app.config.publicUrl ?? `${request.protocol}://${request.host}`;

  /** A public API answer through the app itself (and its response cache): its status and body. */
  const fetchApi = async (url: string): Promise<{ status: number; body: string }> => {
    const response = await app.inject({ method: "GET", url });
    return { status: response.statusCode, body: response.body };
  };
  /** The body of a 200 answer, else null. */
  const read = async (url: string): Promise<string | null> => {
    const response = await fetchApi(url);
    return response.status === 200 ? response.body : null;
  };

  // Server-rendered pages carry their stylesheets inline (the shell's ≈ 22 KB and the page chunk's, ≈ 6 + 2 KB
  // compressed): the first paint then waits for no second round trip. A lazy page's CSS also stays announced as a
  // preload, so when the page's module is imported Vite's loader finds it cached instead of waiting for it.
  // Client-rendered pages keep the plain links (cached between visits).
  const styles = new Map<string, string | null>();
  const styleOf = (file: string) => {
    if (!styles.has(file)) {
      const full = path.join(webDistDir, file);
      const css = full.startsWith(path.join(webDistDir, "assets") + path.sep) && existsSync(full) ? readFileSync(full, "utf8") : "";
      styles.set(file, css && css.length < 100_000 && !/<\/style/i.test(css) ? css : null);
    }
    return styles.get(file) ?? null;
  };
  const entryStyles = new Set([...indexHtml.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!));
  const withInlineStyles = (html: string) => {
    const seen = new Set<string>();
    return html.replace(/<link rel="stylesheet"([^>]*)href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, attributes: string, file: string) => {
      const css = styleOf(file);
      if (css === null) return tag;
      if (seen.has(file)) return "";
      seen.add(file);
      const preload = entryStyles.has(file) ? "" : `<link rel="preload" as="style"${attributes}href="/${file}" />`;
      return `<style>${css}</style>${preload}`;
    });
  };

  // Loaded with the first page request (it holds React's server renderer: memory only a serving shop needs).
  const rendererFile = serverRendererFile(webDistDir);
  let renderer: Promise<ServerRenderer | null> | null = null;
  const loadRenderer = () =>
    (renderer ??= !built || !existsSync(rendererFile)
      ? Promise.resolve(null)
      : (import(pathToFileURL(rendererFile).href) as Promise<ServerRenderer>).catch((error: unknown) => {
          app.log.error({ err: error, file: rendererFile }, "server rendering unavailable: pages are rendered in the browser");
          return null;
        }));

  /**
   * `html` with the page at `url` rendered inside it from `data` (the answers also embedded for the browser).
   * Any failure is logged and the page goes out as it is: the browser renders it then, as without a renderer.
   */
  const serverRendered = async (request: FastifyRequest, html: string, url: string, data: Record<string, string>) => {
    const ssr = await loadRenderer();
    if (!ssr) return html;
    try {
      const parsed = Object.fromEntries(Object.entries(data).map(([key, body]) => [key, JSON.parse(body) as unknown]));
      const rendered = await ssr.render(url, parsed);
      return rendered ? withServerRender(withInlineStyles(html), rendered) : html;
    } catch (error) {
      request.log.error({ err: error, url }, "server rendering failed: the page is rendered in the browser");
      return html;
    }
  };

  const catalogPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // only the unfiltered first page: a filtered URL is rare as a landing page and loads the usual way
    if (!built || request.url.includes("?")) return sendHtml(reply, indexHtml);
    const [catalog, categories] = await Promise.all([read(FIRST_CATALOG_PAGE), read("/api/categories")]);
    const data: Record<string, string> = {};
    const images: PreloadImage[] = [];
    if (catalog) {
      data[FIRST_CATALOG_PAGE] = catalog;
      const { products } = JSON.parse(catalog) as CatalogResponse;
      for (const product of products.slice(0, 2)) if (product.images[0]) images.push({ href: cardImageUrl(product.images[0].image_url) });
    }
    if (categories) data["/api/categories"] = categories;
    const html = withPreloaded(indexHtml, { data, images });
    if (images.length) reply.header("Link", imagePreloadHeader(images));
    return sendHtml(reply, catalog && categories ? await serverRendered(request, html, request.url, data) : html);
  };
  app.get("/", { schema: { hide: true } }, catalogPage);
  app.get("/catalog", { schema: { hide: true } }, catalogPage);

  /**
   * A product page: its title, description and Open Graph tags, the product and its similar products embedded, the
   * main image and the page's code preloaded, and the page rendered. A product that does not exist (or an id that
   * cannot be one) is a 404 with the page's 'Товар не найден' (the embedded answer is null, so the browser does
   * not ask again); when the API fails otherwise, the plain page goes out and the browser asks itself.
   */
  app.get<{ Params: { id: string } }>("/product/:id", { schema: { hide: true } }, async (request, reply) => {
    const raw = request.params.id;
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    // the product page's code, also for an id that cannot exist: the page shows 'Товар не найден'
    const links = pageAssetLinks(manifest, "/product/1");
    if (!built) return sendHtml(reply, indexHtml);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) {
      return sendHtml(reply.status(404), await serverRendered(request, withLinks(indexHtml, links), request.url, {}));
    }
    const url = `/api/products/${id}`;
    const similarUrl = `/api/products/${id}/similar`;
    const [answer, similar] = await Promise.all([fetchApi(url), read(similarUrl)]);
    if (answer.status === 404) {
      const html = withLinks(withPreloaded(indexHtml, { data: { [url]: "null" }, images: [] }), links);
      return sendHtml(reply.status(404), await serverRendered(request, html, request.url, { [url]: "null" }));
    }
    if (answer.status !== 200) return sendHtml(reply, withLinks(indexHtml, links));
    const body = answer.body;
    const product = JSON.parse(body) as Product;
    const base = origin(request);
    const image = product.images[0]?.image_url ?? null;
    const html = withPageMeta(indexHtml, {
      title: `${product.name} — ${SHOP_NAME}`,
      description: metaDescription(product.description),
      url: `${base}/product/${id}`,
      image: image ? new URL(image, base + "/").href : null,
      type: "product",
    });
    const data: Record<string, string> = { [url]: body };
    if (similar) data[similarUrl] = similar;
    // the same choice of file as the gallery's <img srcset>, or the phone would download both sizes
    const preload = image ? [{ href: image, srcset: imageSrcSet(image), sizes: GALLERY_IMAGE_SIZES }] : [];
    const withData = withLinks(withPreloaded(html, { data, images: preload }), links);
    if (image) reply.header("Link", imagePreloadHeader(preload));
    return sendHtml(reply, await serverRendered(request, withData, request.url, data));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !url.startsWith("/api/") && url !== "/api"
      && !url.startsWith("/uploads/") && !url.startsWith("/assets/");
    if (isPage) return sendHtml(reply, withLinks(indexHtml, pageAssetLinks(manifest, url)));
    return reply.status(404).send({ message: "Не найдено" });
  });
}
