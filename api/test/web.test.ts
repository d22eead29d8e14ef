import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "@shop/shared/format";
import { totalsInRoubles } from "@shop/shared/pricing";
import { metaDescription } from "@shop/shared/text";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { escapeHtml } from "../src/pages/page-html";
import { withCanonical } from "../src/pages/seo";

const INDEX = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8" />
    <title>Ремесло — изделия ручной работы</title>
    <meta name="description" content="Изделия ручной работы и декор для дома" />
    <meta property="og:title" content="Ремесло" />
    <meta property="og:type" content="website" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const LONG_DESCRIPTION =
  'Ваза <ручной> работы & "глазурь" из красной глины. ' +
  "Каждая ваза формуется на гончарном круге, сушится неделю и обжигается дважды, поэтому рисунок глазури у каждой свой. " +
  "Подходит для сухоцветов и живых цветов.";

let t: TestApp;
let fixture: Fixture;
let distDir: string;
const JS = "console.log('shop');".repeat(200);

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), "shop-web-dist-"));
  mkdirSync(path.join(distDir, "assets"));
  writeFileSync(path.join(distDir, "index.html"), INDEX);
  writeFileSync(path.join(distDir, "assets/index-abc.js"), JS);
  writeFileSync(path.join(distDir, "assets/index-abc.js.br"), brotliCompressSync(JS));
  mkdirSync(path.join(distDir, ".vite"));
  writeFileSync(
    path.join(distDir, ".vite/manifest.json"),
    JSON.stringify({
      // the entry: the styles every page has and what runs before the app is fetched (main.tsx); the app is its
      // dynamic import
      "index.html": {
        file: "assets/index-abc.js",
        isEntry: true,
        imports: ["_boot-1.js"],
        dynamicImports: ["_shell-1.js"],
        css: ["assets/index-1.css"],
      },
      "_boot-1.js": { file: "assets/boot-1.js" },
      "_shell-1.js": { file: "assets/shell-1.js", imports: ["_boot-1.js"], css: ["assets/shell-1.css"] },
      "src/features/product/ProductPage.tsx": {
        file: "assets/ProductPage-1.js",
        isDynamicEntry: true,
        imports: ["_shell-1.js", "_boot-1.js"],
        css: ["assets/ProductPage-1.css"],
      },
      "src/features/cart/CartPage.tsx": { file: "assets/CartPage-1.js", isDynamicEntry: true, imports: ["_shell-1.js"] },
      "src/features/checkout/CheckoutPage.tsx": {
        file: "assets/CheckoutPage-1.js",
        isDynamicEntry: true,
        imports: ["_shell-1.js", "_TotalsList-1.js"],
      },
      "_TotalsList-1.js": { file: "assets/TotalsList-1.js", imports: ["_shell-1.js", "_TotalsList.module-1.js"] },
      "_TotalsList.module-1.js": { file: "assets/TotalsList.module-1.js", css: ["assets/TotalsList-1.css"] },
    }),
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL: "https://shop.example.ru/" } });
  fixture = await createFixture(t.prisma);
});

afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const metaContent = (html: string, attribute: string, key: string) => {
  const all = [...html.matchAll(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`, "g"))].map((match) => match[1]);
  expect(all.length, `${key} appears once`).toBe(1);
  return all[0];
};

describe("product pages carry their meta tags in the HTML", () => {
  it("puts title, description (160 characters with '...'), image, type and url into index.html", async () => {
    const vase = fixture.byName("Ваза керамическая «Лён»");
    await t.prisma.product.update({ where: { id: vase.id }, data: { description: LONG_DESCRIPTION } });

    const response = await t.app.inject({ method: "GET", url: `/product/${vase.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    const html = response.body;

    const description = metaDescription(LONG_DESCRIPTION);
    expect(description).toHaveLength(160);
    expect(description.endsWith("...")).toBe(true);

    expect(html).toContain(`<title>${escapeHtml("Ваза керамическая «Лён» — Ремесло")}</title>`);
    expect(metaContent(html, "name", "description")).toBe(escapeHtml(description));
    expect(metaContent(html, "property", "og:title")).toBe(escapeHtml("Ваза керамическая «Лён» — Ремесло"));
    expect(metaContent(html, "property", "og:description")).toBe(escapeHtml(description));
    expect(metaContent(html, "property", "og:type")).toBe("product");
    expect(metaContent(html, "property", "og:url")).toBe(`https://shop.example.ru/product/${vase.id}`);
    expect(metaContent(html, "property", "og:image")).toBe("https://shop.example.ru/uploads/fixture-0-0.webp");
    // the raw text never reaches the HTML unescaped
    expect(html).not.toContain("<ручной>");
    expect(html).toContain("&#60;ручной&#62; работы &#38; &#34;глазурь&#34;");
    // the page's data and main image are on their way before the app's code runs
    // the phone-or-desktop choice of file the gallery's <img srcset> makes, so only one size is downloaded
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/fixture-0-0.webp" imagesrcset="/uploads/fixture-0-0-card.webp 480w, /uploads/fixture-0-0.webp 1200w" imagesizes="(min-width: 1024px) 600px, 100vw" fetchpriority="high" />',
    );
    // and already in the headers, before the page is parsed
    expect(response.headers.link).toBe(
      '</uploads/fixture-0-0.webp>; rel=preload; as=image; imagesrcset="/uploads/fixture-0-0-card.webp 480w, /uploads/fixture-0-0.webp 1200w"; imagesizes="(min-width: 1024px) 600px, 100vw"; fetchpriority=high',
    );
    expect(html).toContain(`<script type="application/json" id="shop-data">{"/api/products/${vase.id}":`);
    // and so is the page's own code, and the app's
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/ProductPage-1.css" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ProductPage-1.js" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-1.css" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/shell-1.js" />');
    // what index.html loads itself is not announced twice
    expect(html).not.toContain("boot-1.js");
    expect(html).not.toContain("index-1.css");
    // the app still boots from the same page
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('<div id="root"></div>');
  });

  it("uses the default description and no image when the product has neither", async () => {
    const bowl = fixture.byName("Салатник глазурованный");
    await t.prisma.product.update({ where: { id: bowl.id }, data: { description: null } });
    const html = (await t.app.inject({ method: "GET", url: `/product/${bowl.id}` })).body;
    expect(metaContent(html, "property", "og:description")).toBe(escapeHtml(metaDescription(null)));
    expect(html).not.toContain('property="og:image"');
    expect(metaContent(html, "property", "og:title")).toBe("Салатник глазурованный — Ремесло");
  });

  it("answers an unknown or malformed product id with a 404 page without product meta tags", async () => {
    const unknown = await t.app.inject({ method: "GET", url: "/product/999999" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/text\/html/);
    // the product page's code still comes early: it shows 'Товар не найден' without asking the API again
    expect(unknown.body).toContain('<link rel="modulepreload" crossorigin href="/assets/ProductPage-1.js" />');
    expect(unknown.body).not.toContain("og:image");
    expect(unknown.body).toContain('<script type="application/json" id="shop-data">{"/api/products/999999":null}</script>');
    for (const url of ["/product/abc", "/product/0", "/product/99999999999999"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/ProductPage-1.js" />');
      expect(response.body, url).not.toContain("shop-data");
      expect(response.body, url).not.toContain("og:image");
    }
  });

  it("serves other client-side routes and filtered catalogue pages with index.html and the app's code", async () => {
    const pages: [string, string][] = [
      ["/catalog?mainCategory=1", "/?mainCategory=1"],
      ["/?page=2", "/"],
      ["/search-results?q=ваза", "/search-results"],
      ["/order-success/ORD-123", "/order-success/ORD-123"],
    ];
    for (const [url, canonical] of pages) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      // index.html as built, with only the page's canonical link and the app's stylesheet and module added
      expect(response.body, url).toBe(
        withCanonical(INDEX, `https://shop.example.ru${canonical}`).replace(
          "</head>",
          '  <link rel="stylesheet" crossorigin href="/assets/shell-1.css" />\n    <link rel="modulepreload" crossorigin href="/assets/shell-1.js" />\n  </head>',
        ),
      );
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("answers an address that is no page of the shop with a 404 and the app's not-found page, every page of the app with 200", async () => {
    for (const url of ["/nope-page", "/nope-page?utm_source=x", "/product/1/extra", "/cart/1", "/catalog/2", "/admins", "/index", "/.well-known/nothing"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.body, url).toContain("<title>Страница не найдена — Ремесло</title>");
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/shell-1.js" />');
      expect(response.headers["cache-control"], url).toBe("no-cache");
    }
    const pages = [
      "/", "/catalog", "/catalog/", "/cart", "/cart/", "/wishlist", "/checkout", "/order-success/ORD-1", "/search", "/search-results?q=1",
      "/my-orders", "/privacy", "/product/1", "/?tgWebAppStartParam=product_1", "/my-orders?tgWebAppStartParam=orders",
      "/admin", "/admin/", "/admin/login", "/admin/dashboard", "/admin/product/new", "/admin/product/edit/5", "/admin/whatever",
    ];
    for (const url of pages) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain("Страница не найдена");
    }
    // outside the pages a 404 stays the API's JSON
    const api = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: "Не найдено" });
    expect((await t.app.inject({ method: "GET", url: "/assets/nope.js" })).statusCode).toBe(404);
  });

  it("tells the browser to fetch a lazily loaded page's code with the HTML", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/cart" })).body;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/CartPage-1.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/shell-1.js" />');
    expect(html.indexOf("CartPage-1.js")).toBeLessThan(html.indexOf("</head>"));
    expect(html.split('<link rel="stylesheet" crossorigin href="/assets/shell-1.css" />')).toHaveLength(2);
    // the entry's own stylesheet is index.html's: linked again after the page's CSS, it would override the page's rules
    expect(html).not.toContain("index-1.css");
  });

  it("announces the modules a page's modules import in turn, and their CSS, with the HTML", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/checkout" })).body;
    const head = html.slice(0, html.indexOf("</head>"));
    for (const file of ["CheckoutPage-1.js", "TotalsList-1.js", "TotalsList.module-1.js", "shell-1.js"]) {
      expect(head.split(`<link rel="modulepreload" crossorigin href="/assets/${file}" />`).length - 1, file).toBe(1);
    }
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/TotalsList-1.css" />');
    // the app's stylesheet comes before the page's, as when the browser imports them: the page's rules win
    expect(head.indexOf('href="/assets/shell-1.css"')).toBeLessThan(head.indexOf('href="/assets/TotalsList-1.css"'));
  });

  it("puts the first catalogue page and the categories into the home page, and preloads the first two images", async () => {
    for (const url of ["/", "/catalog"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const match = /<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(html);
      expect(match, url).not.toBeNull();
      const data = JSON.parse(match![1]!) as Record<string, unknown>;
      const catalog = (await t.app.inject({ method: "GET", url: "/api/products?page=1&limit=12" })).json();
      const categories = (await t.app.inject({ method: "GET", url: "/api/categories" })).json();
      // with the filter's option values (none in a shop without variants): opening the filter asks for nothing
      expect(Object.keys(data).sort()).toEqual(["/api/categories", "/api/products/option-values", "/api/products?page=1&limit=12"]);
      expect(data["/api/products/option-values"]).toEqual([]);
      expect(data["/api/products?page=1&limit=12"]).toEqual(catalog);
      expect(data["/api/categories"]).toEqual(categories);
      const preloads = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high" \/>/g)].map((m) => m[1]);
      const expected = (catalog.products as { images: { image_url: string }[] }[])
        .slice(0, 2)
        .filter((product) => product.images[0])
        .map((product) => product.images[0]!.image_url.replace(/\.webp$/, "-card.webp"));
      expect(preloads).toEqual(expected);
      expect(response.headers.link).toBe(expected.map((src) => `<${src}>; rel=preload; as=image; fetchpriority=high`).join(", "));
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it("keeps a name with $' or $` as text: the page's data stays in its script, not in the title", async () => {
    const candle = fixture.byName("Свеча соевая «Ваниль»");
    const name = "Свеча $' и $` и $& «$1»";
    await t.prisma.product.update({ where: { id: candle.id }, data: { name } });
    const html = (await t.app.inject({ method: "GET", url: `/product/${candle.id}` })).body;
    expect(html).toContain(`<title>${escapeHtml(name)} — Ремесло</title>`);
    expect(metaContent(html, "property", "og:title")).toBe(escapeHtml(`${name} — Ремесло`));
    expect(metaContent(html, "name", "description")).toBe(escapeHtml(metaDescription(`Описание: Свеча соевая «Ваниль».`)));
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/id="shop-data"/g)).toHaveLength(1);
    await t.prisma.product.update({ where: { id: candle.id }, data: { name: candle.name } });
  });

  it("never lets embedded text close the data script", async () => {
    const mug = fixture.byName("Кружка ручной лепки");
    await t.prisma.product.update({ where: { id: mug.id }, data: { description: "</script><script>alert(1)</script>" } });
    const html = (await t.app.inject({ method: "GET", url: `/product/${mug.id}` })).body;
    // the app's module script, the data script and the structured data (Product, BreadcrumbList)
    expect(html.match(/<\/script>/g)).toHaveLength(4);
    const match = /<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(html)!;
    const data = JSON.parse(match[1]!) as Record<string, { description: string }>;
    expect(data[`/api/products/${mug.id}`]!.description).toBe("</script><script>alert(1)</script>");
  });

  it("lets index.html's inline script run by its hash on every page, and no other inline script anywhere", async () => {
    const script = '\n      document.documentElement.dataset.mark = "1";\n    ';
    const dist = mkdtempSync(path.join(tmpdir(), "shop-web-dist-"));
    cpSync(distDir, dist, { recursive: true });
    writeFileSync(path.join(dist, "index.html"), INDEX.replace("</head>", `<script>${script}</script>\n  </head>`));
    const app = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const hash = createHash("sha256").update(script, "utf8").digest("base64");
      const scriptSources = (policy: unknown) => String(policy).split(";").find((directive) => directive.startsWith("script-src"));
      for (const url of ["/", "/catalog?page=2", "/product/1", "/product/x", "/cart", "/wishlist", "/admin/login"]) {
        const page = await app.app.inject({ url });
        expect(page.headers["content-type"], url).toContain("text/html");
        expect(page.body, url).toContain(script);
        expect(scriptSources(page.headers["content-security-policy"]), url).toBe(`script-src 'self' 'sha256-${hash}'`);
      }
      // the API's answers run nothing: their policy allows no source at all
      const api = await app.app.inject({ url: "/api/categories" });
      expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("serves built assets precompressed and cached forever", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/assets/index-abc.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.rawPayload.length).toBeLessThan(JS.length / 10);
  });
});

/** The inside of <div id="root"> (empty when the page was not rendered on the server). */
const rootHtml = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? "";

/**
 * The stylesheet links of a page, each as "file" or "file (disabled)". An inlined stylesheet keeps its link, disabled:
 * never fetched nor applied, it tells the app's chunk loader the styles are on the page already.
 */
const stylesheetLinks = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet"( disabled)?[^>]*href="([^"]+)"/g)].map((match) => match[2] + (match[1] ? " (disabled)" : ""));
const INDEX_CSS_LINK = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';
const INDEX_CSS = ":root{--accent:#b05535}";
const SHELL_CSS = ".shell{display:grid}";
const PRODUCT_CSS = ".product{gap:1rem}";

describe("server rendering (with the build's .ssr bundle)", () => {
  let s: TestApp;
  let shop: Fixture;
  let ssrDist: string;
  let brokenDist: string;
  let broken: TestApp;

  beforeAll(async () => {
    // the same client files as above, and the real renderer built from apps/web as `npm run build -w apps/web` does
    ssrDist = mkdtempSync(path.join(tmpdir(), "shop-web-ssr-"));
    cpSync(distDir, ssrDist, { recursive: true });
    writeFileSync(path.join(ssrDist, "index.html"), INDEX.replace("</head>", `  ${INDEX_CSS_LINK}\n  </head>`));
    writeFileSync(path.join(ssrDist, "assets/index-1.css"), INDEX_CSS);
    writeFileSync(path.join(ssrDist, "assets/shell-1.css"), SHELL_CSS);
    writeFileSync(path.join(ssrDist, "assets/ProductPage-1.css"), PRODUCT_CSS);
    writeFileSync(path.join(ssrDist, "assets/TotalsList-1.css"), ".totals{display:grid}");
    const root = path.resolve(import.meta.dirname, "../..");
    const build = spawnSync(
      path.join(root, "node_modules/.bin/vite"),
      ["build", "--ssr", "src/entry-server.tsx", "--outDir", path.join(ssrDist, ".ssr"), "--logLevel", "error"],
      // a production build, as `npm run build` makes it (vitest itself runs with NODE_ENV=test)
      { cwd: path.join(root, "apps/web"), encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
    );
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    s = await createTestApp({ env: { WEB_DIST_DIR: ssrDist, PUBLIC_URL: "https://shop.example.ru/" } });
    shop = await createFixture(s.prisma);

    // a renderer that fails on every page (a bug in a component): the pages must still go out
    brokenDist = mkdtempSync(path.join(tmpdir(), "shop-web-broken-"));
    cpSync(distDir, brokenDist, { recursive: true });
    mkdirSync(path.join(brokenDist, ".ssr"));
    writeFileSync(
      path.join(brokenDist, ".ssr/entry-server.js"),
      'export async function render() { throw new TypeError("Cannot read properties of undefined"); }\n',
    );
    broken = await createTestApp({ env: { WEB_DIST_DIR: brokenDist } });
    await createFixture(broken.prisma);
  });

  afterAll(async () => {
    await s?.close();
    await broken?.close();
    rmSync(ssrDist, { recursive: true, force: true });
    rmSync(brokenDist, { recursive: true, force: true });
  });

  it("renders a product page's name, price, main image and similar products into the HTML, with its meta tags", async () => {
    const vase = shop.byName("Ваза керамическая «Лён»");
    const response = await s.app.inject({ method: "GET", url: `/product/${vase.id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const page = rootHtml(html);
    expect(page).toMatch(/<h1[^>]*>Ваза керамическая «Лён»<\/h1>/);
    expect(page).toContain(`>${formatPrice(1890)}</p>`);
    expect(page).toMatch(new RegExp(`Арт. (<!-- -->)?${vase.sku}`));
    expect(page.startsWith("<div"), "no second set of image preloads inside the page").toBe(true);
    expect(page).toContain('src="/uploads/fixture-0-0.webp"');
    expect(page).toContain("Добавить в корзину");
    const similar = (await s.app.inject({ method: "GET", url: `/api/products/${vase.id}/similar` })).json() as { name: string }[];
    expect(similar.length).toBeGreaterThan(0);
    for (const item of similar) expect(page).toContain(item.name);
    // the similar products and the first page of reviews are embedded too, so the browser asks for nothing the page shows
    const data = JSON.parse(/<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual([`/api/products/${vase.id}`, `/api/products/${vase.id}/reviews`, `/api/products/${vase.id}/similar`]);
    // the router's state for hydration: JSON the CSP allows (no inline script runs)
    const state = /<script type="application\/json" id="shop-router">([\s\S]*?)<\/script>/.exec(html);
    expect(JSON.parse(state![1]!)).toEqual({ loaderData: { "0-2": null }, actionData: null, errors: null });
    expect(html).not.toMatch(/<script>|<script(?![^>]*(type="module"|type="application\/json"|type="application\/ld\+json"))[^>]*>/);
    // SEO stays as it was
    expect(metaContent(html, "property", "og:title")).toBe(escapeHtml("Ваза керамическая «Лён» — Ремесло"));
    expect(metaContent(html, "property", "og:image")).toBe("https://shop.example.ru/uploads/fixture-0-0.webp");
    expect(html).toContain(`<title>${escapeHtml("Ваза керамическая «Лён» — Ремесло")}</title>`);
    // the stylesheets come inline, so the first paint waits for nothing else, in the browser's order
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]);
    expect(styles).toEqual([INDEX_CSS, SHELL_CSS, PRODUCT_CSS]);
    expect(stylesheetLinks(html)).toEqual(["/assets/index-1.css (disabled)", "/assets/shell-1.css (disabled)", "/assets/ProductPage-1.css (disabled)"]);
    // the code only hydrates what is on screen: nothing asks for it before the first paint, the entry asks for the
    // listed files after it (main.tsx)
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/rel="preload" as="style"/);
    const code = /<script type="application\/json" id="shop-code">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(code![1]!)).toEqual(["/assets/shell-1.js", "/assets/ProductPage-1.js"]);
    expect(html.indexOf("<style>")).toBeLessThan(html.indexOf("</head>"));
    expect(response.headers.link).toBe(
      '</uploads/fixture-0-0.webp>; rel=preload; as=image; imagesrcset="/uploads/fixture-0-0-card.webp 480w, /uploads/fixture-0-0.webp 1200w"; imagesizes="(min-width: 1024px) 600px, 100vw"; fetchpriority=high',
    );
  });

  it("renders the catalogue's first page: the product names, prices and first images, the categories", async () => {
    const catalog = (await s.app.inject({ method: "GET", url: "/api/products?page=1&limit=12" })).json() as {
      products: { name: string; price: number; images: { image_url: string }[] }[];
      total: number;
    };
    for (const url of ["/", "/catalog"]) {
      const response = await s.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      const page = rootHtml(response.body);
      const names = [...page.matchAll(/<h3[^>]*><a[^>]*>([^<]*)<\/a><\/h3>/g)].map((match) => match[1]);
      expect(names, url).toEqual(catalog.products.map((product) => product.name.replace(/"/g, "&quot;")));
      for (const product of catalog.products) expect(page).toContain(formatPrice(product.price));
      expect(page).toContain(`Найдено товаров: ${catalog.total}`);
      const first = catalog.products.find((product) => product.images[0])!;
      expect(page).toContain(`src="${first.images[0]!.image_url.replace(/\.webp$/, "-card.webp")}"`);
      expect(page).toContain("Керамика");
      expect(page).toMatch(/<h1[^>]*>Все товары<\/h1>/);
      expect(response.body).toContain(`<style>${INDEX_CSS}</style>`);
      expect(response.body).toContain(`<style>${SHELL_CSS}</style>`);
      expect(stylesheetLinks(response.body)).toEqual(["/assets/index-1.css (disabled)", "/assets/shell-1.css (disabled)"]);
      expect(response.body).not.toContain('rel="modulepreload"');
      expect(response.body).toContain('<script type="application/json" id="shop-code">["/assets/shell-1.js"]</script>');
    }
  });

  it("renders an unknown product as the page's 'Товар не найден' with a 404", async () => {
    for (const url of ["/product/999999", "/product/abc"]) {
      const response = await s.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(rootHtml(response.body), url).toContain("Товар не найден");
    }
  });

  it("renders an address that is no page of the shop as the app's 'Страница не найдена' with a 404", async () => {
    for (const url of ["/nope-page", "/product/1/extra"]) {
      const response = await s.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(rootHtml(response.body), url).toContain("Страница не найдена");
      expect(rootHtml(response.body), url).toContain('href="/"');
      expect(response.body, url).toContain("<title>Страница не найдена — Ремесло</title>");
      expect(response.body, url).toContain('id="shop-router"');
      expect(response.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("renders my orders' frame: the website's message, and the loading line the Mini App shows on its first paint", async () => {
    const response = await s.app.inject({ method: "GET", url: "/my-orders" });
    expect(response.statusCode).toBe(200);
    const page = rootHtml(response.body);
    expect(page).toMatch(/<h1[^>]*>Мои заказы<\/h1>/);
    expect(page).toContain('<p class="loading-text telegram-first-paint">Загрузка ваших заказов...</p>');
    expect(page).toMatch(/<div class="replaced-in-telegram">.*Страница доступна только в Telegram/s);
    expect(response.body).toContain('id="shop-router"');
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps the product description's markup inert", async () => {
    const mug = shop.byName("Кружка ручной лепки");
    await s.prisma.product.update({ where: { id: mug.id }, data: { description: "</script><script>alert(1)</script>" } });
    const html = (await s.app.inject({ method: "GET", url: `/product/${mug.id}` })).body;
    expect(html).not.toContain("<script>alert(1)");
    expect(rootHtml(html)).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    // the module script, the data, the router state, the code list and the structured data (Product, BreadcrumbList)
    expect(html.match(/<\/script>/g)).toHaveLength(6);
  });

  it("renders the cart's and the checkout's frame with a placeholder where the device's cart will be, never an empty cart", async () => {
    for (const [url, status] of [
      ["/cart", "Загружаем корзину…"],
      ["/checkout", "Загружаем заказ…"],
    ] as const) {
      const response = await s.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      const page = rootHtml(response.body);
      expect(page, url).toContain('data-testid="cart-skeleton"');
      expect(page, url).toContain('aria-busy="true"');
      expect(page, url).toContain(status);
      expect(page, url).not.toContain("Корзина пустая");
      // the header is there: the first paint shows the shop, not a blank page
      expect(page, url).toContain("Ремесло");
      expect(response.body, url).toContain('id="shop-router"');
      // painted from the HTML with its styles inline; the code is asked for after the first paint
      expect(stylesheetLinks(response.body).every((link) => link.endsWith("(disabled)")), url).toBe(true);
      expect(response.body, url).not.toContain('rel="modulepreload"');
      const code = /<script type="application\/json" id="shop-code">([^<]*)<\/script>/.exec(response.body);
      expect(JSON.parse(code![1]!), url).toContain(url === "/cart" ? "/assets/CartPage-1.js" : "/assets/CheckoutPage-1.js");
    }
  });

  it("renders the cart and the checkout with the lines of the cart cookie and embeds their products", async () => {
    const vase = shop.byName("Ваза керамическая «Лён»");
    const mug = shop.byName("Кружка ручной лепки");
    for (const [url, heading] of [
      ["/cart", "Ваша корзина"],
      ["/checkout", "Оформление заказа"],
    ] as const) {
      const response = await s.app.inject({ method: "GET", url, headers: { cookie: `theme=dark; cart=${vase.id}x1.999999x1.${mug.id}x2` } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("private, no-cache");
      const page = rootHtml(response.body);
      expect(page, url).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(page, url).not.toContain("cart-skeleton");
      // in the cookie's order; a product that is no longer there is left out
      const names = [...page.matchAll(/data-testid="(?:cart|checkout)-line"[^>]*><a [^>]*href="\/product\/(\d+)"/g)].map((match) => Number(match[1]));
      expect(names, url).toEqual([vase.id, mug.id]);
      const total = totalsInRoubles([{ price: vase.price, quantity: 1 }, { price: mug.price, quantity: 2 }], 0);
      if (url === "/cart") expect(page).toContain(`data-testid="cart-total">${formatPrice(total.total)}<`);
      // the badge counts the cookie's pieces
      expect(page, url).toContain(`aria-label="Товаров в корзине: 3"`);
      const data = JSON.parse(/<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(response.body)![1]!) as Record<string, unknown>;
      const config = (await s.app.inject({ method: "GET", url: "/api/config" })).json() as unknown;
      expect(Object.keys(data).sort(), url).toEqual(
        [`/api/products/${mug.id}`, `/api/products/${vase.id}`, "cart", ...(url === "/checkout" ? ["config"] : [])].sort(),
      );
      if (url === "/checkout") expect(data.config).toEqual(config);
      expect(data.cart, url).toEqual([
        { id: vase.id, quantity: 1 },
        { id: 999999, quantity: 1 },
        { id: mug.id, quantity: 2 },
      ]);
    }
    // an empty cart is known too; a cookie the shop did not write is left to the browser
    const empty = rootHtml((await s.app.inject({ method: "GET", url: "/cart", headers: { cookie: "cart=" } })).body);
    expect(empty).toContain("Корзина пустая");
    expect(empty).not.toContain("cart-skeleton");
    for (const cookie of ["cart=1x1,2x2", "cart=<script>", `cart=${vase.id}x1.${vase.id}x2`]) {
      const response = await s.app.inject({ method: "GET", url: "/cart", headers: { cookie } });
      expect(response.statusCode, cookie).toBe(200);
      expect(rootHtml(response.body), cookie).toContain("cart-skeleton");
      expect(response.body, cookie).not.toContain('id="shop-data"');
    }
  });

  it("renders a product already in the cart cookie as in the cart, and keeps such a page private", async () => {
    const vase = shop.byName("Ваза керамическая «Лён»");
    const mug = shop.byName("Кружка ручной лепки");
    const inCart = await s.app.inject({ method: "GET", url: `/product/${vase.id}`, headers: { cookie: `cart=${vase.id}x2.${mug.id}x1` } });
    expect(inCart.statusCode).toBe(200);
    expect(inCart.headers["cache-control"]).toBe("private, no-cache");
    const page = rootHtml(inCart.body);
    expect(page).toContain("В корзине");
    expect(page).not.toContain("Добавить в корзину");
    expect(page).toContain(`aria-label="Товаров в корзине: 3"`);
    // another product of the same shopper: offered, with the header's count
    const other = rootHtml((await s.app.inject({ method: "GET", url: `/product/${shop.byName("Плед вязаный из шерсти").id}`, headers: { cookie: `cart=${vase.id}x2` } })).body);
    expect(other).toContain("Добавить в корзину");
    expect(other).toContain(`aria-label="Товаров в корзине: 2"`);
    const anyone = await s.app.inject({ method: "GET", url: `/product/${vase.id}` });
    expect(anyone.headers["cache-control"]).toBe("no-cache");
    expect(rootHtml(anyone.body)).toContain("Добавить в корзину");
  });

  it("renders the catalogue with the cart cookie's products in the cart, and keeps such a page private", async () => {
    const catalog = (await s.app.inject({ method: "GET", url: "/api/products?page=1&limit=12" })).json() as { products: { id: number; name: string }[] };
    const [first, second] = catalog.products;
    // the number shown by a card's quantity control (a card whose product is in the cart), or undefined
    const quantityOf = (page: string, name: string) => {
      const at = page.indexOf(`aria-label="Количество: ${name.replace(/"/g, "&quot;")}"`);
      return at < 0 ? undefined : /aria-live="polite"[^>]*>(\d+)</.exec(page.slice(at))?.[1];
    };
    const anyone = await s.app.inject({ method: "GET", url: "/" });
    expect(anyone.headers["cache-control"]).toBe("no-cache");
    const plain = rootHtml(anyone.body);
    expect(quantityOf(plain, first!.name)).toBeUndefined();
    expect(plain).not.toContain("Товаров в корзине:");
    const inCart = await s.app.inject({ method: "GET", url: "/", headers: { cookie: `cart=${first!.id}x2.${second!.id}x1` } });
    expect(inCart.statusCode).toBe(200);
    expect(inCart.headers["cache-control"]).toBe("private, no-cache");
    const page = rootHtml(inCart.body);
    expect(quantityOf(page, first!.name)).toBe("2");
    expect(quantityOf(page, second!.name)).toBe("1");
    expect(page.split(">В корзину<").length).toBe(plain.split(">В корзину<").length - 2);
    expect(page).toContain(`aria-label="Товаров в корзине: 3"`);
  });

  it("leaves pages that depend on the device or on filters to the browser, and never serves the renderer", async () => {
    for (const url of ["/wishlist", "/catalog?mainCategory=1", "/search"]) {
      const response = await s.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain("shop-router");
      // a client-rendered page has the global styles inline (one request less before its first paint), links the
      // app's and its own (cached between visits) and asks for its code at once
      expect(response.body, url).not.toContain(INDEX_CSS_LINK);
      expect([...response.body.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]), url).toEqual([INDEX_CSS]);
      expect(stylesheetLinks(response.body), url).toEqual(["/assets/index-1.css (disabled)", "/assets/shell-1.css"]);
      expect(response.body, url).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-1.css" />');
      expect(response.body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/shell-1.js" />');
    }
    const bundle = await s.app.inject({ method: "GET", url: "/.ssr/entry-server.js" });
    expect(bundle.headers["content-type"]).toMatch(/text\/html/);
    expect(bundle.body).not.toContain("renderToString");
  });

  it("keeps a page that is the same for every shopper from its second request on, and renders it again once the catalogue changes", async () => {
    // the real renderer, with a count of its pages
    const countedDist = mkdtempSync(path.join(tmpdir(), "shop-web-counted-"));
    cpSync(ssrDist, countedDist, { recursive: true });
    const bundle = path.join(countedDist, ".ssr/entry-server.js");
    const source = readFileSync(bundle, "utf8");
    const exported = source.lastIndexOf("export {");
    const counting = source.slice(0, exported) + source.slice(exported).replace(/\brender\b(?! as)/, "countedRender as render");
    expect(counting, "the bundle exports render").not.toBe(source);
    writeFileSync(
      bundle,
      counting + "\nasync function countedRender(...args) { globalThis.shopPagesRendered = (globalThis.shopPagesRendered ?? 0) + 1; return render(...args); }\n",
    );
    const counted = await createTestApp({ env: { WEB_DIST_DIR: countedDist, PUBLIC_URL: "https://shop.example.ru/" } });
    try {
      const products = await createFixture(counted.prisma);
      const vase = products.byName("Ваза керамическая «Лён»");
      const rendered = () => (globalThis as { shopPagesRendered?: number }).shopPagesRendered ?? 0;
      const get = async (url: string, headers: Record<string, string> = {}) => {
        const before = rendered();
        const response = await counted.app.inject({ method: "GET", url, headers });
        expect(response.statusCode, url).toBe(200);
        return { response, rendered: rendered() - before };
      };
      const browser = { "accept-encoding": "gzip, deflate, br, zstd" };

      // the catalogue's first page: kept from its second request on
      {
        const first = await get("/");
        expect(first.rendered).toBe(1);
        expect((await get("/")).rendered).toBe(1);
        const kept = await get("/");
        expect(kept.rendered, "the kept page").toBe(0);
        expect(kept.response.body).toBe(first.response.body);
        expect(kept.response.headers["cache-control"]).toBe("no-cache");
        // a browser gets it compressed, from the kept page
        const compressed = await get("/", browser);
        expect(compressed.rendered).toBe(0);
        expect(compressed.response.headers["content-encoding"]).toBe("br");
        expect(brotliDecompressSync(compressed.response.rawPayload).toString()).toBe(first.response.body);
      }
      // a product page: kept from its first request, whatever the address's query
      {
        const url = `/product/${vase.id}`;
        const first = await get(url);
        expect(first.rendered).toBe(1);
        for (const again of [url, `${url}?utm_source=telegram`, `${url}?_=1`]) {
          const kept = await get(again);
          expect(kept.rendered, again).toBe(0);
          expect(kept.response.body, again).toBe(first.response.body);
          expect(kept.response.headers["cache-control"], again).toBe("no-cache");
          expect(kept.response.headers.link, again).toBe(first.response.headers.link);
        }
        // a browser gets it as gzip, put together from the kept pieces
        const compressed = await get(url, browser);
        expect(compressed.rendered).toBe(0);
        expect(compressed.response.headers["content-encoding"]).toBe("gzip");
        expect(compressed.response.headers.vary).toBe("accept-encoding");
        expect(gunzipSync(compressed.response.rawPayload).toString()).toBe(first.response.body);
      }

      // a shopper with lines in the cart gets a page of their own, every time
      for (let i = 0; i < 3; i++) {
        const own = await get(`/product/${vase.id}`, { cookie: `cart=${vase.id}x1` });
        expect(own.rendered).toBe(1);
        expect(own.response.headers["cache-control"]).toBe("private, no-cache");
        expect(rootHtml(own.response.body)).toContain("В корзине");
      }
      // an empty cart is a page of its own too (the cart is known to be empty), kept apart from the one without it
      const emptyCart = [await get("/", { cookie: "cart=" }), await get("/", { cookie: "cart=" }), await get("/", { cookie: "cart=" })];
      expect(emptyCart.map((answer) => answer.rendered)).toEqual([1, 1, 0]);
      expect(emptyCart[2]!.response.headers["cache-control"]).toBe("private, no-cache");
      expect(emptyCart[2]!.response.body).toContain('"cart":[]');
      expect((await get("/")).response.body).not.toContain('"cart":');

      // a product whose page shows nothing of the vase (not among its similar products)
      const similarIds = async (id: number) => (await counted.app.inject({ method: "GET", url: `/api/products/${id}/similar` })).json<{ id: number }[]>().map((card) => card.id);
      let unrelated: number | undefined;
      for (const product of products.products) {
        if (product.id !== vase.id && !(await similarIds(product.id)).includes(vase.id)) unrelated = product.id;
      }
      expect(unrelated, "a product unrelated to the vase").toBeDefined();
      const unrelatedPage = await get(`/product/${unrelated}`);
      expect(unrelatedPage.rendered).toBe(1);

      // the admin changes the price: the next page is rendered again from the new catalogue, and shows it
      const auth = { authorization: `Bearer ${await counted.adminToken()}` };
      const saved = await counted.app.inject({ method: "PUT", url: `/api/admin/products/${vase.id}`, headers: auth, payload: { name: vase.name, price: 2345 } });
      expect(saved.statusCode).toBe(200);
      const changed = await get(`/product/${vase.id}`);
      expect(changed.rendered).toBe(1);
      expect(rootHtml(changed.response.body)).toContain(`>${formatPrice(2345)}</p>`);
      expect(rootHtml(changed.response.body)).toContain('src="/uploads/fixture-0-0.webp"');
      expect((await get(`/product/${vase.id}`)).rendered).toBe(0);
      // a page drawn from answers the change left as they were is still the page: not drawn again
      const still = await get(`/product/${unrelated}`);
      expect(still.rendered).toBe(0);
      expect(still.response.body).toBe(unrelatedPage.response.body);
    } finally {
      await counted.close();
      rmSync(countedDist, { recursive: true, force: true });
    }
  });

  it("sends the page unrendered, with its data, when rendering fails", async () => {
    for (const url of ["/", "/product/1"]) {
      const response = await broken.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('id="shop-data"');
      expect(response.body, url).not.toContain("shop-router");
      // rendered by the browser, so its code is asked for with the HTML
      expect(response.body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/shell-1.js" />');
      expect(response.body, url).not.toContain("shop-code");
    }
  });

  it("draws a cart's variant lines with their texts from the cookie, and gives the catalogue's filter its option values", async () => {
    const auth = { authorization: `Bearer ${await s.adminToken()}` };
    const created = await s.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: auth,
      payload: {
        name: "Шарф вязаный «Вереск»",
        price: 2900,
        options: [{ name: "Цвет", kind: "color", values: [{ value: "бордовый", swatch: "#7a2733" }, { value: "горчичный", swatch: "#c9971c" }] }],
        variants: [
          { option_values: ["бордовый"], stock: 3 },
          { option_values: ["горчичный"], stock: 2, price: 3100 },
        ],
        personalization: [
          { kind: "text", label: "Вышивка", max_length: 20, price: 300 },
          { kind: "gift_wrap", label: "Подарочная упаковка", price: 150 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const scarf = created.json() as { id: number; variants: { id: number }[]; personalization: { id: number }[] };
    const [red, mustard] = scarf.variants;
    const [stitch, wrap] = scarf.personalization;
    const vase = shop.byName("Ваза керамическая «Лён»");
    // a plain line, a variant, and the other variant with a text (dots, spaces and Cyrillic in it) and a gift wrap
    const text = "Маше. С любовью";
    const cookie = `cart=${vase.id}x1.${scarf.id}v${red!.id}x2.${scarf.id}v${mustard!.id}:${stitch!.id}:${encodeURIComponent(text).replace(/\./g, "%2E")}:${wrap!.id}:1x1`;
    for (const url of ["/cart", "/checkout"]) {
      const response = await s.app.inject({ method: "GET", url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      const page = rootHtml(response.body);
      expect(page, url).not.toContain("cart-skeleton");
      expect(page, url).toContain("Цвет: бордовый");
      expect(page, url).toContain("Цвет: горчичный");
      expect(page, url).toContain(text);
      expect(page, url).toMatch(/Подарочная упаковка(<!-- -->)?:<\/span> <span[^>]*>Да</);
      expect(page, url).toContain(`aria-label="Товаров в корзине: 4"`);
      if (url === "/cart") {
        // 1890 + 2 × 2900 + (3100 + 300 + 150)
        const total = totalsInRoubles([{ price: vase.price, quantity: 1 }, { price: 2900, quantity: 2 }, { price: 3550, quantity: 1 }], 0);
        expect(page).toContain(`data-testid="cart-total">${formatPrice(total.total)}<`);
      }
      const data = JSON.parse(/<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(response.body)![1]!) as Record<string, unknown>;
      // the scarf is read once for its two lines
      expect(Object.keys(data).filter((key) => key.startsWith("/api/products/")).sort(), url).toEqual([`/api/products/${scarf.id}`, `/api/products/${vase.id}`].sort());
      expect(data.cart, url).toEqual([
        { id: vase.id, quantity: 1 },
        { id: scarf.id, quantity: 2, variant_id: red!.id },
        { id: scarf.id, quantity: 1, variant_id: mustard!.id, personalization: [{ field_id: stitch!.id, value: text }, { field_id: wrap!.id, value: "1" }] },
      ]);
    }

    // the catalogue's first page carries the filter's values: opening the filter asks for nothing
    const catalog = await s.app.inject({ method: "GET", url: "/" });
    const data = JSON.parse(/<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(catalog.body)![1]!) as Record<string, unknown>;
    expect(data["/api/products/option-values"]).toEqual([{ name: "Цвет", values: ["бордовый", "горчичный"] }]);
    expect(rootHtml(catalog.body)).toContain("горчичный");
  });
});
