import type { Product, ProductVariant } from "@shop/shared/schemas/catalog";
import type { PublicReview } from "@shop/shared/schemas/reviews";
import { variantTitle } from "@shop/shared/variants";
import { availabilityOf, type AvailabilityKind } from "@shop/shared/stock";
import { categoryPath } from "@shop/shared/canonical";
import { escapeHtml, SHOP_NAME } from "./page-html";

/**
 * What search engines read (docs/product.md#search-engines): robots.txt, the sitemap, each page's canonical link and
 * a product page's structured data (schema.org Product with its Offer, and the breadcrumbs). Pure string work;
 * routes/seo.ts and routes/web.ts serve it.
 */

/** Shop pages allowed, the admin panel, the API and the buyers' review links not, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api", "Disallow: /review", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
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

/** The schema.org property an option's name stands for (variesBy), or null for an option of the shop's own. */
function schemaProperty(optionName: string): string | null {
  const name = optionName.trim().toLowerCase();
  if (name === "размер") return "size";
  if (name === "цвет") return "color";
  if (name === "материал") return "material";
  if (name === "узор" || name === "рисунок") return "pattern";
  return null;
}

/** The address of a variant's page: the product's with ?variant= (the web app opens that choice). */
export const variantUrl = (origin: string, productId: number, variantId: number) => `${origin}/product/${productId}?variant=${variantId}`;

/** A variant's photos: its own order of the product's, or the product's gallery. */
export function variantImages(product: Product, variant: ProductVariant): string[] {
  const own = variant.image_ids.flatMap((id) => product.images.filter((image) => image.id === id).map((image) => image.image_url));
  return own.length > 0 ? own : product.images.map((image) => image.image_url);
}

/**
 * A product with variants as schema.org's ProductGroup: what the variants differ by (variesBy) and each variant
 * as a Product of its own with its article, address, photos, value of each option and Offer.
 */
/**
 * What buyers said, as schema.org reads it: the product's AggregateRating (its published reviews' mean and count)
 * and each review of the page's first page as a Review with its author, date, text and Rating. Nothing for a
 * product without published reviews: an empty rating is not one search engines accept.
 */
function reviewProperties(product: Product, reviews: readonly PublicReview[]): object {
  if (!product.rating) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: product.rating.average.toFixed(1),
      reviewCount: product.rating.count,
      bestRating: "5",
      worstRating: "1",
    },
    ...(reviews.length > 0
      ? {
          review: reviews.map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.author },
            datePublished: review.published_at.slice(0, 10),
            ...(review.text ? { reviewBody: review.text } : {}),
            reviewRating: { "@type": "Rating", ratingValue: String(review.rating), bestRating: "5", worstRating: "1" },
          })),
        }
      : {}),
  };
}

function productGroup(product: Product, origin: string, url: string, mainCategory: string | null, reviews: readonly PublicReview[]): object {
  const options = product.options ?? [];
  const absolute = (src: string) => new URL(src, origin + "/").href;
  return {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: product.name,
    productGroupID: product.sku,
    url,
    ...(product.description ? { description: product.description } : {}),
    ...(product.images.length ? { image: product.images.map((image) => absolute(image.image_url)) } : {}),
    ...(mainCategory ? { category: mainCategory } : {}),
    ...(product.material ? { material: product.material } : {}),
    brand: { "@type": "Brand", name: SHOP_NAME },
    ...reviewProperties(product, reviews),
    variesBy: options.map((option) => {
      const property = schemaProperty(option.name);
      return property ? `https://schema.org/${property}` : option.name;
    }),
    hasVariant: (product.variants ?? []).map((variant) => {
      const properties: Record<string, string> = {};
      const additional: object[] = [];
      options.forEach((option, index) => {
        const value = option.values.find((v) => v.id === variant.option_value_ids[index])?.value;
        if (value === undefined) return;
        const property = schemaProperty(option.name);
        if (property) properties[property] = value;
        else additional.push({ "@type": "PropertyValue", name: option.name, value });
      });
      const images = variantImages(product, variant);
      const address = variantUrl(origin, product.id, variant.id);
      return {
        "@type": "Product",
        name: `${product.name} (${variantTitle(options, variant.option_value_ids)})`,
        sku: variant.sku,
        url: address,
        ...(images.length ? { image: images.map(absolute) } : {}),
        ...properties,
        ...(additional.length ? { additionalProperty: additional } : {}),
        offers: {
          "@type": "Offer",
          url: address,
          price: variant.price.toFixed(2),
          priceCurrency: "RUB",
          availability: SCHEMA_AVAILABILITY[availabilityOf(variant).kind],
          itemCondition: "https://schema.org/NewCondition",
        },
      };
    }),
  };
}

/**
 * schema.org Product with its Offer (price in roubles, availability) and what buyers said (AggregateRating,
 * Review) — or, for a product with variants, a ProductGroup with each variant — and the page's BreadcrumbList.
 */
export function productStructuredData(product: Product, origin: string, reviews: readonly PublicReview[] = []): object[] {
  const url = `${origin}/product/${product.id}`;
  const mainCategory = product.categories.find((category) => category.type === "main");
  const crumbs = [
    { name: SHOP_NAME, item: `${origin}/` },
    ...(mainCategory ? [{ name: mainCategory.name, item: origin + categoryPath(mainCategory.id) }] : []),
    { name: product.name, item: url },
  ];
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: crumb.item })),
  };
  if (product.options && product.variants && product.variants.length > 0) {
    return [productGroup(product, origin, url, mainCategory?.name ?? null, reviews), breadcrumbs];
  }
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
      ...reviewProperties(product, reviews),
      offers: {
        "@type": "Offer",
        url,
        price: product.price.toFixed(2),
        priceCurrency: "RUB",
        availability: SCHEMA_AVAILABILITY[availabilityOf(product).kind],
        itemCondition: "https://schema.org/NewCondition",
      },
    },
    breadcrumbs,
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
