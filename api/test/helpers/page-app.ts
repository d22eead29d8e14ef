import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestApp, type TestApp } from "./test-app";

/**
 * The real server with a web build of one index.html and a public address, for the tests of the pages it serves
 * (canonical links, structured data, previews, what a page embeds).
 */

export const PAGE_ORIGIN = "https://shop.example.ru";

export const PAGE_INDEX = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8" />
    <title>Ремесло — изделия ручной работы</title>
    <meta name="description" content="Изделия ручной работы и декор для дома" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

export interface PageApp extends TestApp {
  /** the web build's folder (index.html, assets/) */
  distDir: string;
  /** the body of a GET */
  page(url: string): Promise<string>;
}

/** A test app serving PAGE_INDEX at PAGE_ORIGIN; `env` adds to (or overrides) its settings. */
export async function createPageApp(env: Record<string, string> = {}): Promise<PageApp> {
  const distDir = mkdtempSync(path.join(tmpdir(), "shop-web-dist-"));
  mkdirSync(path.join(distDir, "assets"));
  writeFileSync(path.join(distDir, "index.html"), PAGE_INDEX);
  const t = await createTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL: PAGE_ORIGIN, ...env } });
  return {
    ...t,
    distDir,
    page: async (url) => (await t.app.inject({ method: "GET", url })).body,
    close: async () => {
      await t.close();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}

/** The page's schema.org blocks (application/ld+json), parsed. */
export const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);

/** The page's canonical links. */
export const canonicals = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((match) => match[1]);
