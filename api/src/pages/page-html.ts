import path from "node:path";
import { CATALOG_PAGE_SIZE, SHOP_NAME } from "@shop/shared/constants";

/**
 * Assembling the HTML of a page from the built index.html: meta tags, the embedded API answers and image preloads,
 * asset links from the Vite manifest, and the server-rendered markup. Pure string work; routes/web.ts serves it.
 */

export { SHOP_NAME };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image: string | null;
  type: string;
  /** the page's price (a variant's address): product:price tags */
  price?: number;
  /** the canonical address when it is not `url` (a variant's address is the product's page) */
  canonical?: string;
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
    meta.price !== undefined ? `<meta property="product:price:amount" content="${meta.price.toFixed(2)}" />` : "",
    meta.price !== undefined ? `<meta property="product:price:currency" content="RUB" />` : "",
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical ?? meta.url)}" />`,
  ].filter(Boolean);
  // replacer functions throughout: a replacement string would read `$'` or `$&` in a product's name as a pattern
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${description}" />`)
    .replace(/\s*<meta\s+(property="og:|name="twitter:)[^>]*>/g, "")
    .replace(/\s*<link\s+rel="canonical"[^>]*>/g, "")
    .replace("</head>", () => `  ${tags.join("\n    ")}\n  </head>`);
}

/** The first catalogue page as the web app asks for it (apps/web/src/lib/api.ts, paths.catalog). */
export const FIRST_CATALOG_PAGE = `/api/products?page=1&limit=${CATALOG_PAGE_SIZE}`;
/** The option values of the whole catalogue as the web app's filter asks for them (paths.optionValues). */
export const CATALOG_OPTION_VALUES = "/api/products/option-values";

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

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
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
  [/^\/privacy$/, "src/features/privacy/PrivacyPage.tsx"],
  [/^\/review\/[^/]+$/, "src/features/review/ReviewPage.tsx"],
];

/** The web app's page for an address it has no page for ('Страница не найдена'). */
export const NOT_FOUND_MODULE = "src/app/NotFoundPage.tsx";

/**
 * The addresses the web app has a page for (apps/web/src/app/router.tsx; docs/product.md#routes), a trailing slash
 * allowed as the router allows it. Any other address answers 404 with the app's not-found page; the admin panel
 * (/admin and everything under it) sends an unknown address of its own to its dashboard, in the browser.
 */
const SHOP_PAGES: RegExp[] = [
  /^\/(catalog\/?)?$/,
  /^\/product\/[^/]+\/?$/,
  /^\/(cart|wishlist|checkout|search|search-results|my-orders|privacy)\/?$/,
  /^\/order-success\/[^/]+\/?$/,
  /^\/review\/[^/]+\/?$/,
  /^\/admin(\/.*)?$/,
];

/** Whether the web app has a page at this path (without the query). */
export const isShopPage = (pathname: string): boolean => SHOP_PAGES.some((pattern) => pattern.test(pathname));

/** The code a page needs beyond index.html's entry: files of the build, as Vite's manifest names them. */
export interface PageCode {
  styles: string[];
  scripts: string[];
}

/**
 * The app's chunk (the entry imports it when it starts the app, main.tsx) and, for a lazily loaded page, that page's
 * chunk, with everything they import statically (at any depth) and their CSS. What index.html already loads (the
 * entry, its imports and its CSS) is left out.
 */
export function pageCode(
  manifest: Record<string, ManifestChunk> | null,
  pathname: string,
  page = PAGE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1],
): PageCode {
  const entry = manifest && Object.values(manifest).find((item) => item.isEntry);
  if (!manifest || !entry) return { styles: [], scripts: [] };
  const loaded = new Set(
    [entry, ...(entry.imports ?? []).map((key) => manifest[key])].flatMap((item) => (item ? [item.file, ...(item.css ?? [])] : [])),
  );
  const pending = [...(entry.dynamicImports ?? []), ...(page && manifest[page] ? [page] : [])];
  const seen = new Set(pending);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (let key = pending.shift(); key !== undefined; key = pending.shift()) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (!loaded.has(chunk.file)) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (!loaded.has(css)) styles.add(css);
    for (const next of chunk.imports ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      pending.push(next);
    }
  }
  return { styles: [...styles], scripts: [...scripts] };
}

const stylesheetLink = (file: string) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`;

/**
 * <link> tags for a page the browser renders: its stylesheets and its modules, asked for with the HTML, in one
 * round trip on a slow network, so the page does not wait for one module to arrive before asking for the next.
 */
export function codeLinks(code: PageCode): string[] {
  return [...code.styles.map(stylesheetLink), ...code.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`)];
}

/**
 * index.html for a server-rendered page: the stylesheets (the first paint needs them; the server inlines them), and
 * the list of the page's modules as JSON (<script id="shop-code">), which the entry asks for once the page is painted
 * (main.tsx): the code only hydrates what is already on screen, so it does not share the network with the first
 * images and fonts.
 */
export function withCodeAfterPaint(html: string, code: PageCode): string {
  const files = code.scripts.map((file) => `/${file}`);
  const list = `<script type="application/json" id="shop-code">${JSON.stringify(files).replace(/</g, "\\u003c")}</script>`;
  return withLinks(html, [...code.styles.map(stylesheetLink), list]);
}

export function withLinks(html: string, links: string[]): string {
  return links.length ? html.replace("</head>", () => `  ${links.join("\n    ")}\n  </head>`) : html;
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
 * (JSON, not a script: the CSP allows no inline script but index.html's own). Unchanged when the page has no empty root element.
 */
export function withServerRender(html: string, rendered: { html: string; hydration: unknown }): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) return html;
  const state = `<script type="application/json" id="shop-router">${JSON.stringify(rendered.hydration).replace(/</g, "\\u003c")}</script>`;
  return html.replace(root, () => `<div id="root">${rendered.html}</div>`).replace("</head>", () => `  ${state}\n  </head>`);
}
