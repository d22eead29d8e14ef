import type { Product } from "@shop/shared/schemas/catalog";
import { availabilityOf, type AvailabilityKind } from "@shop/shared/stock";
import { categoryPath } from "@shop/shared/canonical";
import { escapeHtml, SHOP_NAME } from "./page-html";

/**
 * What search engines read (docs/product.md#search-engines): robots.txt, the sitemap, each page's canonical link and
 * a product page's structured data (schema.org Product with its Offer, and the breadcrumbs). Pure string work;
 * routes/seo.ts and routes/web.ts serve it.
 */

/** Shop pages allowed, the admin panel and the API not, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

export interface SitemapEntry {
  /** path and query, e.g. /product/12 */
  path: string;
  lastModified: Date | null;
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A sitemaps.org urlset: one <url> per entry, its last change as a date (W3C datetime, UTC). */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>` : "";
    return `<url><loc>${xmlEscape(origin + entry.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** `html` with one <link rel="canonical"> to `href` (any other removed). */
export function withCanonical(html: string, href: string): string {
  return html
    .replace(/\s*<link\s+rel="canonical"[^>]*>/g, "")
    .replace("</head>", () => `  <link rel="canonical" href="${escapeHtml(href)}" />\n  </head>`);
}

/** schema.org's ItemAvailability for the product's availability line (docs/product.md#stock). */
const SCHEMA_AVAILABILITY: Record<AvailabilityKind, string> = {
  "in-stock": "https://schema.org/InStock",
  "few-left": "https://schema.org/LimitedAvailability",
  "made-to-order": "https://schema.org/MadeToOrder",
  "sold-out": "https://schema.org/OutOfStock",
};

/** schema.org Product with its Offer (price in roubles, availability) and the page's BreadcrumbList. */
export function productStructuredData(product: Product, origin: string): object[] {
  const url = `${origin}/product/${product.id}`;
  const mainCategory = product.categories.find((category) => category.type === "main");
  const crumbs = [
    { name: SHOP_NAME, item: `${origin}/` },
    ...(mainCategory ? [{ name: mainCategory.name, item: origin + categoryPath(mainCategory.id) }] : []),
    { name: product.name, item: url },
  ];
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      sku: product.sku,
      url,
      ...(product.description ? { description: product.description } : {}),
      ...(product.images.length ? { image: product.images.map((image) => new URL(image.image_url, origin + "/").href) } : {}),
      ...(mainCategory ? { category: mainCategory.name } : {}),
      ...(product.material ? { material: product.material } : {}),
      brand: { "@type": "Brand", name: SHOP_NAME },
      offers: {
        "@type": "Offer",
        url,
        price: product.price.toFixed(2),
        priceCurrency: "RUB",
        availability: SCHEMA_AVAILABILITY[availabilityOf(product).kind],
        itemCondition: "https://schema.org/NewCondition",
      },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: crumb.item })),
    },
  ];
}

/**
 * `html` with the objects as <script type="application/ld+json"> in <head>. A data block, not a script: the
 * browser never runs it, so the CSP's script-src does not apply. `<` is escaped so the JSON cannot end the tag.
 */
export function withStructuredData(html: string, objects: object[]): string {
  const tags = objects.map((object) => `<script type="application/ld+json">${JSON.stringify(object).replace(/</g, "\\u003c")}</script>`);
  return tags.length ? html.replace("</head>", () => `  ${tags.join("\n    ")}\n  </head>`) : html;
}
