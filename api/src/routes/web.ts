import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { GALLERY_IMAGE_SIZES, cardImageUrl, imageSrcSet } from "@shop/shared/images";
import type { CatalogResponse, Product } from "@shop/shared/schemas/catalog";
import type { ProductReviewsResponse } from "@shop/shared/schemas/reviews";
import { metaDescription } from "@shop/shared/text";
import type { App } from "../app-type";
import type { CatalogSnapshot } from "@shop/core/catalog";
import { ResponseCache } from "../wire/response-cache";
import { BudgetCache } from "../wire/budget-cache";
import { SharedPieces, gunzipParts, gzipBody, gzipInParts, type GzipParts } from "../wire/gzip-parts";
import {
  CATALOG_OPTION_VALUES,
  FIRST_CATALOG_PAGE,
  NOT_FOUND_MODULE,
  SHOP_NAME,
  codeLinks,
  imagePreloadHeader,
  isShopPage,
  pageCode,
  serverRendererFile,
  withCodeAfterPaint,
  withLinks,
  withPageMeta,
  withPreloaded,
  withServerRender,
  type ManifestChunk,
  type PageCode,
  type PreloadImage,
  type ServerRenderer,
} from "../pages/page-html";
import { canonicalPath } from "@shop/shared/canonical";
import { RENDERED_CART_KEY, cartCookieValue, parseCartCookie } from "@shop/shared/cart-cookie";
import { productStructuredData, variantImages, variantUrl, withCanonical, withStructuredData } from "../pages/seo";
import { variantTitle } from "@shop/shared/variants";
import { isUnframablePage, pageContentSecurityPolicy } from "../plugins/external/helmet";
import { acceptsGzip, compressedCopy, compressedPage, sendCompressed } from "../plugins/external/compress";

const IMMUTABLE = "public, max-age=31536000, immutable";
/** the title of the app's not-found page (apps/web/src/app/NotFoundPage.tsx, usePageMeta) */
const NOT_FOUND_TITLE = `Страница не найдена — ${SHOP_NAME}`;
/** catalogue pages kept per catalogue snapshot (≈ 65 KB each): the first page, with and without an empty cart */
const KEPT_PAGES = 100;
/**
 * The memory the kept product pages may take: each ≈ 6 KB of its own compressed pieces (the inlined stylesheets,
 * index.html's scripts and the page's frame, ≈ 10 KB more, are shared), so every product of a shop of 10 000, with
 * room for the empty-cart variants of the popular ones.
 */
const KEPT_PRODUCT_PAGES_BYTES = 96 * 1024 * 1024;
/** what a kept product page costs besides its pieces: the object, its digest, its Link header, the map's entry */
const KEPT_PAGE_OVERHEAD = 600;

/** A product page as it is kept: its gzip pieces, and what it was drawn from. */
interface KeptProductPage {
  gzip: GzipParts;
  link: string | null;
  cacheControl: string;
  /** the catalogue snapshot it was last found current in */
  version: string;
  /** a digest of the product's, its similar products' and its reviews' answers it was drawn from */
  inputs: string;
}

/** A page's HTML and how it goes out. */
interface PageAnswer {
  html: Buffer;
  status: number;
  cacheControl: string;
  /** the Link header preloading its first images */
  link: string | null;
  /** rendered on the server, not the page the browser renders when that failed: worth keeping */
  rendered: boolean;
}

const pageAnswer = (html: string, options: Partial<Omit<PageAnswer, "html">> = {}): PageAnswer => ({
  html: Buffer.from(html),
  status: 200,
  cacheControl: "no-cache",
  link: null,
  rendered: false,
  ...options,
});

const PLACEHOLDER = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Магазин</title></head>
<body><h1>Магазин работает</h1><p>Веб-приложение ещё не собрано: выполните <code>npm run build</code>.
API: <a href="/api/docs">/api/docs</a></p></body></html>`;

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

  // index.html's inline script (it marks a page opened inside Telegram before the first paint) runs by its hash
  const inlineScripts = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  const contentSecurityPolicy = pageContentSecurityPolicy(inlineScripts);
  // the admin panel is framed by nobody, not even Telegram (plugins/external/helmet.ts)
  const adminContentSecurityPolicy = pageContentSecurityPolicy(inlineScripts, false);
  /** `kept`: the page is kept (keptPage) and sent again and again: its compressed copy is kept with it */
  const sendPage = (reply: FastifyReply, page: PageAnswer, kept = false) => {
    reply
      .status(page.status)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", page.cacheControl)
      .header("Content-Security-Policy", isUnframablePage(reply.request.url) ? adminContentSecurityPolicy : contentSecurityPolicy);
    if (page.link) reply.header("Link", page.link);
    return sendCompressed(reply, page.html, kept ? compressedCopy : compressedPage);
  };
  const sendHtml = (reply: FastifyReply, html: string) => sendPage(reply, pageAnswer(html));
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

  // Server-rendered pages carry their stylesheets inline (the global ≈ 2.5 KB, the app's ≈ 4 KB and the page
  // chunk's ≈ 3 KB compressed): the first paint then waits for no second round trip. Pages the browser renders carry
  // only the global stylesheet inline (one request less before their first paint) and link the app's and their own
  // (cached between visits).
  const styles = new Map<string, string | null>();
  const styleOf = (file: string) => {
    if (!styles.has(file)) {
      const full = path.join(webDistDir, file);
      const css = full.startsWith(path.join(webDistDir, "assets") + path.sep) && existsSync(full) ? readFileSync(full, "utf8") : "";
      styles.set(file, css && css.length < 100_000 && !/<\/style/i.test(css) ? css : null);
    }
    return styles.get(file) ?? null;
  };
  const globalStyles = new Set([...indexHtml.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g)].map((match) => match[1]!));
  /**
   * html with its stylesheets (or those of `only`) inline. Each link stays, disabled: the browser neither fetches
   * nor applies it, and the app's chunk loader, which adds a chunk's stylesheet unless a link to it is on the page,
   * does not add it again (applying the same rules a second time restyles and lays out the whole page while the
   * app starts).
   */
  const withInlineStyles = (html: string, only?: Set<string>) => {
    const seen = new Set<string>();
    return html.replace(/<link rel="stylesheet"([^>]*href="\/(assets\/[^"]+\.css)"[^>]*>)/g, (tag, rest: string, file: string) => {
      const css = only && !only.has(file) ? null : styleOf(file);
      if (css === null) return tag;
      if (seen.has(file)) return "";
      seen.add(file);
      return `<style>${css}</style><link rel="stylesheet" disabled${rest}`;
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

  /** index.html for a page the browser renders: its code linked, the global styles inline */
  const clientRendered = (html: string, code: PageCode) => withInlineStyles(withLinks(html, codeLinks(code)), globalStyles);

  /**
   * `html` with the page at `url` rendered inside it from `data` (the answers also embedded for the browser), its
   * styles inline and its code asked for after the first paint. Any failure is logged and the page goes out as the
   * browser renders it, with its code linked.
   */
  const serverRendered = async (
    request: FastifyRequest,
    html: string,
    url: string,
    data: Record<string, string>,
    code: PageCode,
  ): Promise<{ html: string; rendered: boolean }> => {
    const plain = () => ({ html: clientRendered(html, code), rendered: false });
    const ssr = await loadRenderer();
    if (!ssr) return plain();
    try {
      const parsed = Object.fromEntries(Object.entries(data).map(([key, body]) => [key, JSON.parse(body) as unknown]));
      const rendered = await ssr.render(url, parsed);
      return rendered ? { html: withServerRender(withInlineStyles(withCodeAfterPaint(html, code)), rendered), rendered: true } : plain();
    } catch (error) {
      request.log.error({ err: error, url }, "server rendering failed: the page is rendered in the browser");
      return plain();
    }
  };

  /** index.html with the canonical link of the page at the request's URL */
  const shellFor = (request: FastifyRequest) => (built ? withCanonical(indexHtml, origin(request) + canonicalPath(request.url)) : indexHtml);

  /**
   * The lines of the browser's cart cookie (@shop/shared/cart-cookie: products, variants, texts) and each line's
   * product answer, both embedded for the browser: the cart, the checkout, the catalogue and a product page are
   * rendered with the shopper's cart, which is then on the first paint (the lines with their variants and texts,
   * the header's count, a product already in the cart). Without the cookie (or with one naming more lines, or longer
   * texts, than it carries) the cart and the checkout are rendered with a placeholder where the lines will be, and
   * the browser fills it from the device's cart.
   */
  const cartLines = (request: FastifyRequest) => {
    const cookie = cartCookieValue(request.headers.cookie);
    return cookie === null ? null : parseCartCookie(cookie);
  };
  const cartData = async (request: FastifyRequest): Promise<Record<string, string>> => {
    const lines = cartLines(request);
    if (!lines) return {};
    const data: Record<string, string> = { [RENDERED_CART_KEY]: JSON.stringify(lines) };
    // a product in several lines (two colours, two engravings) is read once
    const ids = [...new Set(lines.map((line) => line.id))];
    const answers = await Promise.all(ids.map((id) => read(`/api/products/${id}`)));
    ids.forEach((id, index) => {
      const answer = answers[index];
      if (answer) data[`/api/products/${id}`] = answer;
    });
    return data;
  };
  /** A page drawn with the shopper's own cart (cartData) may be kept by no shared cache; otherwise the default. */
  const cartCacheControl = (cart: Record<string, string>) => (RENDERED_CART_KEY in cart ? "private, no-cache" : "no-cache");

  /**
   * Pages drawn from the catalogue alone — the catalogue's first page and product pages, for a shopper without a
   * cart cookie or with an empty cart — are the same for every such shopper, and are kept like the API's answers
   * (plugins/app/catalog.ts): per catalogue snapshot, by address, from the second time one is asked for, and sent
   * from their kept compressed copies. Rendering a page costs milliseconds of the server's time; a kept one costs a
   * copy. A page the server could not render (the browser's fallback) or a 404 is never kept.
   */
  const keptPages = new WeakMap<CatalogSnapshot, ResponseCache<PageAnswer>>();
  const keptPage = async (request: FastifyRequest, reply: FastifyReply, work: () => Promise<PageAnswer>) => {
    const lines = cartLines(request);
    // (without a catalogue, the database away, the page goes out as it can: see serverRendered)
    const catalog = lines !== null && lines.length > 0 ? null : await app.catalog.current().catch(() => null);
    if (!catalog) return sendPage(reply, await work());
    let pages = keptPages.get(catalog);
    if (!pages) keptPages.set(catalog, (pages = new ResponseCache<PageAnswer>(KEPT_PAGES)));
    const key = `${lines === null ? "" : "empty cart "}${origin(request)}${request.url}`;
    const kept = pages.find(key);
    if (kept) return sendPage(reply, kept, true);
    const page = await work();
    return sendPage(reply, page, page.rendered && page.status === 200 && pages.offer(key, page));
  };

  const catalogCode = pageCode(manifest, "/");
  /**
   * The catalogue's first page: its products, the categories and the option values its filter offers (a shop with
   * variants: the shopper who opens the filter finds the values there without another request), with the cart.
   */
  const catalogPage = async (request: FastifyRequest): Promise<PageAnswer> => {
    const [catalog, categories, optionValues, cart] = await Promise.all([
      read(FIRST_CATALOG_PAGE),
      read("/api/categories"),
      read(CATALOG_OPTION_VALUES),
      cartData(request),
    ]);
    const data: Record<string, string> = { ...cart };
    if (optionValues) data[CATALOG_OPTION_VALUES] = optionValues;
    const images: PreloadImage[] = [];
    if (catalog) {
      data[FIRST_CATALOG_PAGE] = catalog;
      const { products } = JSON.parse(catalog) as CatalogResponse;
      for (const product of products.slice(0, 2)) if (product.images[0]) images.push({ href: cardImageUrl(product.images[0].image_url) });
    }
    if (categories) data["/api/categories"] = categories;
    const html = withPreloaded(shellFor(request), { data, images });
    const page = catalog && categories ? await serverRendered(request, html, request.url, data, catalogCode) : { html: clientRendered(html, catalogCode), rendered: false };
    return pageAnswer(page.html, { rendered: page.rendered, link: images.length ? imagePreloadHeader(images) : null, cacheControl: cartCacheControl(cart) });
  };
  for (const url of ["/", "/catalog"]) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      // only the unfiltered first page: a filtered URL is rare as a landing page and loads the usual way
      if (!built || request.url.includes("?")) return sendHtml(reply, clientRendered(shellFor(request), catalogCode));
      return keptPage(request, reply, () => catalogPage(request));
    });
  }

  /**
   * A product page: its title, description and Open Graph tags, the product and its similar products embedded, the
   * main image and the page's code preloaded, and the page rendered with the shopper's cart (cartData). A product
   * that does not exist (or an id that cannot be one) is a 404 with the page's 'Товар не найден' (the embedded answer
   * is null, so the browser does not ask again); when the API fails otherwise, the plain page goes out and the
   * browser asks itself.
   */
  // the product page's code, also for an id that cannot exist: the page shows 'Товар не найден'
  const productCode = pageCode(manifest, "/product/1");
  /** The API's answers a product page is drawn from: the product (status and body), its similar products and the first page of its reviews. */
  const productAnswers = async (id: number) => {
    const [answer, similar, reviews] = await Promise.all([
      fetchApi(`/api/products/${id}`),
      read(`/api/products/${id}/similar`),
      read(`/api/products/${id}/reviews`),
    ]);
    return { answer, similar, reviews };
  };
  type ProductAnswers = Awaited<ReturnType<typeof productAnswers>>;
  /** The variant a product page's address opens with (`?variant=`), when it names one by a plausible id. */
  const variantAsked = (request: FastifyRequest): number | null => {
    const raw = new URLSearchParams(request.url.split("?")[1] ?? "").get("variant");
    return raw !== null && /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2147483647 ? Number(raw) : null;
  };
  const variantPath = (id: number, variantId: number) => `/product/${id}?variant=${variantId}`;

  const productPage = async (request: FastifyRequest, id: number, answers?: ProductAnswers): Promise<PageAnswer> => {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) {
      return pageAnswer((await serverRendered(request, indexHtml, request.url, {}, productCode)).html, { status: 404 });
    }
    const url = `/api/products/${id}`;
    const similarUrl = `/api/products/${id}/similar`;
    const reviewsUrl = `/api/products/${id}/reviews`;
    const [{ answer, similar, reviews }, cart] = await Promise.all([answers ?? productAnswers(id), cartData(request)]);
    if (answer.status === 404) {
      const html = withPreloaded(indexHtml, { data: { [url]: "null" }, images: [] });
      return pageAnswer((await serverRendered(request, html, request.url, { [url]: "null" }, productCode)).html, { status: 404 });
    }
    if (answer.status !== 200) return pageAnswer(clientRendered(indexHtml, productCode));
    const body = answer.body;
    const product = JSON.parse(body) as Product;
    const base = origin(request);
    // ?variant=: a shared link to one variant previews its title, price and first photo
    const variantId = variantAsked(request);
    const variant = product.options ? product.variants?.find((v) => v.id === variantId) : undefined;
    const image = (variant ? variantImages(product, variant)[0] : product.images[0]?.image_url) ?? null;
    const html = withPageMeta(indexHtml, {
      title: `${variant ? `${product.name} (${variantTitle(product.options!, variant.option_value_ids)})` : product.name} — ${SHOP_NAME}`,
      description: metaDescription(product.description),
      url: variant ? variantUrl(base, id, variant.id) : `${base}/product/${id}`,
      image: image ? new URL(image, base + "/").href : null,
      type: "product",
      ...(variant ? { price: variant.price, canonical: `${base}/product/${id}` } : {}),
    });
    const firstReviews = reviews ? (JSON.parse(reviews) as ProductReviewsResponse) : null;
    const described = withStructuredData(html, productStructuredData(product, base, firstReviews?.reviews ?? []));
    const data: Record<string, string> = { ...cart, [url]: body };
    if (similar) data[similarUrl] = similar;
    if (reviews) data[reviewsUrl] = reviews;
    // the same choice of file as the gallery's <img srcset>, or the phone would download both sizes
    const preload = image ? [{ href: image, srcset: imageSrcSet(image), sizes: GALLERY_IMAGE_SIZES }] : [];
    const withData = withPreloaded(described, { data, images: preload });
    // the page's address without its query but the variant it opens with: nothing else in the query changes the page
    const page = await serverRendered(request, withData, variant ? variantPath(id, variant.id) : `/product/${id}`, data, productCode);
    return pageAnswer(page.html, { rendered: page.rendered, link: image ? imagePreloadHeader(preload) : null, cacheControl: cartCacheControl(cart) });
  };

  /**
   * Product pages drawn from the catalogue alone (a shopper without a cart cookie, or with an empty cart) are kept,
   * every product's (docs/web-app.md, «Kept product pages»): by product and the variant it opens with (`?variant=`), whatever else the query says, as gzip
   * pieces that share the inlined stylesheets (wire/gzip-parts.ts), within KEPT_PRODUCT_PAGES_BYTES. A kept page
   * outlives the catalogue snapshot it was drawn from: the first request under a new snapshot reads the product's
   * and its similar products' answers again, and while they are the same the page still is; otherwise it is drawn
   * anew. The page of a product nobody changed is therefore drawn once, not once per catalogue change.
   */
  const keptProductPages = new BudgetCache<KeptProductPage>(KEPT_PRODUCT_PAGES_BYTES, (page) => page.gzip.ownBytes + KEPT_PAGE_OVERHEAD);
  let sharedPieces: SharedPieces | null = null;
  let layoutShared = false;
  /** the texts every product page holds verbatim: index.html's inline scripts and the inlined stylesheets */
  const productPageShared = () =>
    (sharedPieces ??= new SharedPieces([
      indexHtml.includes("<script>") && indexHtml.includes("<title>") ? indexHtml.slice(indexHtml.indexOf("<script>"), indexHtml.indexOf("<title>")) : "",
      ...[...globalStyles, ...productCode.styles].map(styleOf).filter((css): css is string => !!css && css.length > 512),
    ]));
  const answersDigest = ({ answer, similar, reviews }: ProductAnswers) =>
    createHash("sha1").update(answer.body).update("\0").update(similar ?? "").update("\0").update(reviews ?? "").digest("base64");
  const sendKeptProductPage = (reply: FastifyReply, page: KeptProductPage) => {
    reply
      .status(200)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", page.cacheControl)
      .header("Content-Security-Policy", contentSecurityPolicy);
    if (page.link) reply.header("Link", page.link);
    if (acceptsGzip(reply.request.headers["accept-encoding"])) {
      return reply.header("content-encoding", "gzip").header("vary", "accept-encoding").send(gzipBody(page.gzip));
    }
    return reply.header("vary", "accept-encoding").send(gunzipParts(page.gzip));
  };
  const keptProductPage = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const lines = cartLines(request);
    if (lines !== null && lines.length > 0) return sendPage(reply, await productPage(request, id));
    // (without a catalogue, the database away, the page goes out as it can: see serverRendered)
    const catalog = app.catalog.ready() ?? (await app.catalog.current().catch(() => null));
    if (!catalog || !Number.isSafeInteger(id) || id < 1 || id > 2147483647) return sendPage(reply, await productPage(request, id));
    const variantId = variantAsked(request);
    const key = `${lines === null ? "" : "empty cart "}${origin(request)} ${id}${variantId === null ? "" : ` ${variantId}`}`;
    const kept = keptProductPages.get(key);
    if (kept?.version === catalog.version) return sendKeptProductPage(reply, kept);
    const answers = await productAnswers(id);
    const inputs = answers.answer.status === 200 ? answersDigest(answers) : null;
    if (kept && kept.inputs === inputs) {
      kept.version = catalog.version;
      return sendKeptProductPage(reply, kept);
    }
    const page = await productPage(request, id, answers);
    if (!page.rendered || page.status !== 200 || inputs === null) {
      keptProductPages.delete(key);
      return sendPage(reply, page);
    }
    const shared = productPageShared();
    if (!layoutShared) {
      // the frame around the page's own content is the same on every product page (the header with its icons, the
      // bottom navigation): shared from the first page drawn on
      layoutShared = true;
      const html = page.html.toString();
      const root = html.indexOf('<div id="root">');
      const main = html.indexOf("<main", root);
      const mainEnd = html.indexOf("</main>", main);
      const rootEnd = html.indexOf("</body>", mainEnd);
      if (root >= 0 && main > root && mainEnd > main && rootEnd > mainEnd) {
        shared.add(html.slice(root, main));
        shared.add(html.slice(mainEnd, rootEnd));
      }
    }
    const made: KeptProductPage = { gzip: gzipInParts(page.html, shared), link: page.link, cacheControl: page.cacheControl, version: catalog.version, inputs };
    keptProductPages.set(key, made);
    return sendKeptProductPage(reply, made);
  };
  app.get<{ Params: { id: string } }>("/product/:id", { schema: { hide: true } }, async (request, reply) => {
    if (!built) return sendHtml(reply, indexHtml);
    const raw = request.params.id;
    return keptProductPage(request, reply, /^\d{1,10}$/.test(raw) ? Number(raw) : NaN);
  });

  for (const page of ["/cart", "/checkout"]) {
    const code = pageCode(manifest, page);
    app.get(page, { schema: { hide: true } }, async (request, reply) => {
      if (!built) return sendHtml(reply, indexHtml);
      const data = await cartData(request);
      // the checkout says whether the order is confirmed in the bot: the shop's settings come with the page
      if (page === "/checkout") {
        const config = await read("/api/config");
        if (config) data.config = config;
      }
      const html = withPreloaded(shellFor(request), { data, images: [] });
      // the shopper's own lines: no shared cache may keep the page
      return sendPage(reply, pageAnswer((await serverRendered(request, html, request.url, data, code)).html, { cacheControl: "private, no-cache" }));
    });
  }

  /**
   * My orders: the frame rendered on the server (the orders themselves are the Telegram user's, read by the browser).
   * Inside the Mini App its title and 'Загрузка ваших заказов...' are on the first paint, before the app's code has
   * arrived; on the website the page says the orders are in Telegram.
   */
  const myOrdersCode = pageCode(manifest, "/my-orders");
  app.get("/my-orders", { schema: { hide: true } }, async (request, reply) => {
    if (!built) return sendHtml(reply, indexHtml);
    const cart = await cartData(request);
    const html = withPreloaded(shellFor(request), { data: cart, images: [] });
    const page = await serverRendered(request, html, request.url, cart, myOrdersCode);
    return sendPage(reply, pageAnswer(page.html, { cacheControl: cartCacheControl(cart) }));
  });

  /**
   * An address the app has no page for: a 404 with the app's 'Страница не найдена', rendered on the server like an
   * unknown product (search engines then drop the address instead of indexing the catalogue's frame under it).
   */
  const notFoundCode = pageCode(manifest, "", NOT_FOUND_MODULE);
  const notFoundPage = async (request: FastifyRequest): Promise<PageAnswer> => {
    const html = indexHtml.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${NOT_FOUND_TITLE}</title>`);
    return pageAnswer((await serverRendered(request, html, request.url, {}, notFoundCode)).html, { status: 404 });
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !url.startsWith("/api/") && url !== "/api"
      && !url.startsWith("/uploads/") && !url.startsWith("/assets/");
    if (!isPage) return reply.status(404).send({ message: "Не найдено" });
    if (built && !isShopPage(url)) return sendPage(reply, await notFoundPage(request));
    const shell = url === "/admin" || url.startsWith("/admin/") ? indexHtml : shellFor(request);
    return sendHtml(reply, clientRendered(shell, pageCode(manifest, url)));
  });
}
