import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metaDescription } from "@shop/shared/text";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { escapeHtml } from "../src/routes/web";

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
      "index.html": { file: "assets/index-abc.js", isEntry: true, imports: ["_shell-1.js"] },
      "_shell-1.js": { file: "assets/shell-1.js" },
      "src/features/product/ProductPage.tsx": {
        file: "assets/ProductPage-1.js",
        isDynamicEntry: true,
        imports: ["_shell-1.js"],
        css: ["assets/ProductPage-1.css"],
      },
      "src/features/cart/CartPage.tsx": { file: "assets/CartPage-1.js", isDynamicEntry: true, imports: ["_shell-1.js"] },
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
    expect(html).toContain('<link rel="preload" as="image" href="/uploads/fixture-0-0.webp" fetchpriority="high" />');
    expect(html).toContain(`<script type="application/json" id="shop-data">{"/api/products/${vase.id}":`);
    // and so is the page's own code
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/ProductPage-1.css" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ProductPage-1.js" />');
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

  it("answers an unknown or malformed product id without product meta tags", async () => {
    const unknown = await t.app.inject({ method: "GET", url: "/product/999999" });
    expect(unknown.statusCode).toBe(200);
    // the product page's code still comes early: it shows 'Товар не найден'
    expect(unknown.body).toContain('<link rel="modulepreload" crossorigin href="/assets/ProductPage-1.js" />');
    expect(unknown.body).not.toContain("og:image");
    expect(unknown.body).not.toContain("shop-data");
    for (const url of ["/product/abc", "/product/0", "/product/99999999999999"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it("serves other client-side routes and filtered catalogue pages with the plain index.html", async () => {
    for (const url of ["/catalog?mainCategory=1", "/?page=2", "/product/1/extra", "/no-such-page"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("tells the browser to fetch a lazily loaded page's code with the HTML", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/cart" })).body;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/CartPage-1.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/shell-1.js" />');
    expect(html.indexOf("CartPage-1.js")).toBeLessThan(html.indexOf("</head>"));
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
      expect(Object.keys(data).sort()).toEqual(["/api/categories", "/api/products?page=1&limit=12"]);
      expect(data["/api/products?page=1&limit=12"]).toEqual(catalog);
      expect(data["/api/categories"]).toEqual(categories);
      const preloads = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high" \/>/g)].map((m) => m[1]);
      const expected = (catalog.products as { images: { image_url: string }[] }[])
        .slice(0, 2)
        .filter((product) => product.images[0])
        .map((product) => product.images[0]!.image_url.replace(/\.webp$/, "-card.webp"));
      expect(preloads).toEqual(expected);
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it("never lets embedded text close the data script", async () => {
    const mug = fixture.byName("Кружка ручной лепки");
    await t.prisma.product.update({ where: { id: mug.id }, data: { description: "</script><script>alert(1)</script>" } });
    const html = (await t.app.inject({ method: "GET", url: `/product/${mug.id}` })).body;
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the app's module script and the data script
    const match = /<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(html)!;
    const data = JSON.parse(match[1]!) as Record<string, { description: string }>;
    expect(data[`/api/products/${mug.id}`]!.description).toBe("</script><script>alert(1)</script>");
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
