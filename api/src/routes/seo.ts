import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { PrivacyPolicyResponse } from "@shop/shared/schemas/pages";
import type { App } from "../app-type";
import type { CatalogSnapshot } from "@shop/core/catalog";
import { readPrivacyPolicy } from "../pages/privacy-policy";
import { categoryPath } from "@shop/shared/canonical";
import { robotsTxt, sitemapXml, type SitemapEntry } from "../pages/seo";

/**
 * /robots.txt, /sitemap.xml and the privacy policy's text (docs/product.md#search-engines). The sitemap lists the
 * catalogue, every main category and every product with the date it last changed; it is worked out once per
 * catalogue snapshot.
 */
export default async function seoRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const origin = (request: FastifyRequest) => app.config.publicUrl ?? `${request.protocol}://${request.host}`;

  r.get("/robots.txt", { schema: { hide: true } }, async (request, reply) =>
    reply.type("text/plain; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(robotsTxt(origin(request))),
  );

  const entries = new WeakMap<CatalogSnapshot, Promise<SitemapEntry[]>>();
  const sitemapEntries = async (catalog: CatalogSnapshot): Promise<SitemapEntry[]> => {
    const products = await app.db.read<{ id: number; updated_at: Date | string }>(
      "SELECT id, updated_at FROM products WHERE NOT hidden ORDER BY id DESC",
      [],
    );
    const changed = new Map(products.map((row) => [row.id, new Date(row.updated_at)] as const));
    const newest = (dates: Iterable<Date>) => [...dates].reduce<Date | null>((a, b) => (a && a > b ? a : b), null);
    const categories = await app.db.read<{ id: number; updated_at: Date | string | null }>(
      `SELECT c.id, max(p.updated_at) AS updated_at FROM categories c
         LEFT JOIN product_categories pc ON pc.category_id = c.id LEFT JOIN products p ON p.id = pc.product_id AND NOT p.hidden
        WHERE c.type = 'main' GROUP BY c.id`,
      [],
    );
    const categoryChanged = new Map(categories.map((row) => [row.id, row.updated_at ? new Date(row.updated_at) : null] as const));
    return [
      { path: "/", lastModified: newest(changed.values()) },
      ...catalog.categories
        .filter((category) => category.type === "main" && category.product_count > 0)
        .map((category) => ({ path: categoryPath(category.id), lastModified: categoryChanged.get(category.id) ?? null })),
      ...products.map((row) => ({ path: `/product/${row.id}`, lastModified: changed.get(row.id) ?? null })),
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
