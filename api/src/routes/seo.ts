import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { PrivacyPolicyResponse } from "@shop/shared/schemas/pages";
import type { App } from "../app-type";
import type { CatalogSnapshot } from "@shop/core/catalog";
import { readPrivacyPolicy } from "../pages/privacy-policy";
import { categoryPath } from "@shop/shared/canonical";
import { robotsTxt, sitemapXml, type SitemapEntry } from "../pages/seo";
import { feedYml, isOrderable } from "../pages/feed";

/**
 * /robots.txt, /sitemap.xml, the product feed /feed.yml and the privacy policy's text
 * (docs/product.md#search-engines, #product-feed). The sitemap lists the catalogue, every main category with
 * products that can be ordered and every such product with the date it last changed: the feed's products, so the
 * two keep pace. Both are worked out once per catalogue snapshot.
 */
export default async function seoRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const origin = (request: FastifyRequest) => app.config.publicUrl ?? `${request.protocol}://${request.host}`;

  r.get("/robots.txt", { schema: { hide: true } }, async (request, reply) =>
    reply.type("text/plain; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(robotsTxt(origin(request))),
  );

  const entries = new WeakMap<CatalogSnapshot, Promise<SitemapEntry[]>>();
  const sitemapEntries = async (catalog: CatalogSnapshot): Promise<SitemapEntry[]> => {
    const listed = catalog.allProducts.filter(isOrderable);
    const rows = await app.db.read<{ id: number; updated_at: Date | string }>("SELECT id, updated_at FROM products", []);
    const changed = new Map(rows.map((row) => [row.id, new Date(row.updated_at)] as const));
    const newest = (dates: Iterable<Date | undefined>) =>
      [...dates].reduce<Date | null>((a, b) => (b === undefined || (a && a > b) ? a : b), null);
    // a category's last change: its newest listed product's
    const categoryChanged = new Map<number, Date | undefined>();
    for (const product of listed) {
      for (const category of product.categories) categoryChanged.set(category.id, newest([categoryChanged.get(category.id), changed.get(product.id)]) ?? undefined);
    }
    return [
      { path: "/", lastModified: newest(listed.map((product) => changed.get(product.id))) },
      ...catalog.categories
        .filter((category) => category.type === "main" && categoryChanged.has(category.id))
        .map((category) => ({ path: categoryPath(category.id), lastModified: categoryChanged.get(category.id) ?? null })),
      ...listed.map((product) => ({ path: `/product/${product.id}`, lastModified: changed.get(product.id) ?? null })),
    ];
  };

  r.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const catalog = await app.catalog.current();
    let list = entries.get(catalog);
    if (!list) {
      list = sitemapEntries(catalog);
      entries.set(catalog, list);
      list.catch(() => entries.delete(catalog));
    }
    return reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", "public, max-age=600")
      .send(sitemapXml(origin(request), await list));
  });

  const feeds = new WeakMap<CatalogSnapshot, Map<string, string>>();
  r.get("/feed.yml", { schema: { hide: true } }, async (request, reply) => {
    const catalog = await app.catalog.current();
    const base = origin(request);
    let kept = feeds.get(catalog);
    if (!kept) feeds.set(catalog, (kept = new Map()));
    let text = kept.get(base);
    if (text === undefined) {
      text = feedYml({ origin: base, categories: catalog.categories, products: catalog.allProducts, date: new Date() });
      // a shop has one or two origins (its address, and the host a request named without PUBLIC_URL)
      if (kept.size < 8) kept.set(base, text);
    }
    return reply.type("application/xml; charset=utf-8").header("Cache-Control", "public, max-age=600").send(text);
  });

  r.get(
    "/api/privacy",
    {
      schema: {
        tags: ["pages"],
        summary: "The privacy policy shown at /privacy and linked under the checkout button (plain text)",
        response: { 200: PrivacyPolicyResponse },
      },
    },
    async (_request, reply) => reply.header("Cache-Control", "no-cache").send({ text: await readPrivacyPolicy(app.config.privacyPolicyFile) }),
  );
}
