import type { Category, Product, ProductVariant } from "@shop/shared/schemas/catalog";
import { SHOP_NAME } from "@shop/shared/constants";
import { availabilityOf, madeToOrderLabel } from "@shop/shared/stock";
import { variantTitle } from "@shop/shared/variants";
import { variantImages, variantUrl } from "./seo";

/**
 * The product feed for Яндекс (docs/product.md#product-feed): /feed.yml in the YML format (yml_catalog → shop →
 * name, company, url, currencies, categories, offers). It lists exactly what can be ordered now: a product in
 * stock, with pieces not counted, or made to order; a product with variants as one offer per orderable variant,
 * tied together by group_id. Sold-out products (none left and not made to order) are left out, as are products
 * the shop does not show (drafts never reach the catalogue snapshot). Pure string work; routes/seo.ts serves it.
 */

/** Яндекс reads at most this many pictures of an offer */
const PICTURES_MAX = 10;
/** and a description of at most this many characters */
const DESCRIPTION_MAX = 3000;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text as YML wants it: the five named entities; control characters (XML 1.0 refuses them) left out */
const xmlText = (text: string) =>
  // eslint-disable-next-line no-control-regex -- an admin's pasted text may hold one
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[&<>"']/g, (char) => ENTITIES[char]!);

const price = (value: number) => value.toFixed(2);

/** The products the feed (and the sitemap) list: those that can be ordered now (docs/product.md#stock). */
export const isOrderable = (product: Product): boolean => availabilityOf(product).orderable;

/**
 * Every offer needs a category: a product in none is filed under this one, which the feed adds. Category ids are
 * given out from 1 upwards, so a shop's own never reaches it.
 */
export const UNSORTED_CATEGORY = { id: 999_999, name: "Другие товары" } as const;

/** The category an offer is filed under: its main category, or its first tag when it has none. */
export const feedCategoryOf = (product: Product): number =>
  (product.categories.find((category) => category.type === "main") ?? product.categories[0])?.id ?? UNSORTED_CATEGORY.id;

interface OfferInput {
  id: string;
  groupId: number | null;
  url: string;
  price: number;
  categoryId: number;
  pictures: string[];
  name: string;
  vendorCode: string;
  description: string | null;
  madeToOrderDays: number | null;
  params: { name: string; value: string }[];
}

function offerXml(offer: OfferInput): string {
  const lines = [
    `<offer id="${xmlText(offer.id)}" available="true"${offer.groupId === null ? "" : ` group_id="${offer.groupId}"`}>`,
    `<url>${xmlText(offer.url)}</url>`,
    `<price>${price(offer.price)}</price>`,
    `<currencyId>RUR</currencyId>`,
    `<categoryId>${offer.categoryId}</categoryId>`,
    ...offer.pictures.slice(0, PICTURES_MAX).map((picture) => `<picture>${xmlText(picture)}</picture>`),
    `<name>${xmlText(offer.name)}</name>`,
    `<vendor>${xmlText(SHOP_NAME)}</vendor>`,
    `<vendorCode>${xmlText(offer.vendorCode)}</vendorCode>`,
    ...(offer.description ? [`<description>${xmlText([...offer.description].slice(0, DESCRIPTION_MAX).join(""))}</description>`] : []),
    ...(offer.madeToOrderDays === null ? [] : [`<sales_notes>${xmlText(madeToOrderLabel(offer.madeToOrderDays))}</sales_notes>`]),
    ...offer.params.map((param) => `<param name="${xmlText(param.name)}">${xmlText(param.value)}</param>`),
    `</offer>`,
  ];
  return lines.join("\n");
}

/** Made to order when none are left and the product is made to order: Яндекс is told how long it takes. */
const madeToOrderDays = (figures: { stock: number | null; made_to_order_days: number | null }) =>
  availabilityOf(figures).kind === "made-to-order" ? figures.made_to_order_days : null;

/** A product's offers: itself, or each of its orderable variants as an offer of its own in the product's group. */
function offersOf(product: Product, origin: string): OfferInput[] {
  const absolute = (src: string) => new URL(src, origin + "/").href;
  const categoryId = feedCategoryOf(product);
  const options = product.options ?? [];
  const variants = product.options && product.variants ? product.variants : [];
  if (variants.length === 0) {
    return [
      {
        id: String(product.id),
        groupId: null,
        url: `${origin}/product/${product.id}`,
        price: product.price,
        categoryId,
        pictures: product.images.map((image) => absolute(image.image_url)),
        name: product.name,
        vendorCode: product.sku,
        description: product.description,
        madeToOrderDays: madeToOrderDays(product),
        params: product.material ? [{ name: "Материал", value: product.material }] : [],
      },
    ];
  }
  return variants
    .filter((variant: ProductVariant) => availabilityOf(variant).orderable)
    .map((variant) => {
      const params = options.flatMap((option, index) => {
        const value = option.values.find((v) => v.id === variant.option_value_ids[index])?.value;
        return value === undefined ? [] : [{ name: option.name, value }];
      });
      return {
        // Яндекс takes letters and digits in an offer's id
        id: `${product.id}v${variant.id}`,
        groupId: product.id,
        url: variantUrl(origin, product.id, variant.id),
        price: variant.price,
        categoryId,
        pictures: variantImages(product, variant).map(absolute),
        name: `${product.name} (${variantTitle(options, variant.option_value_ids)})`,
        vendorCode: variant.sku,
        description: product.description,
        madeToOrderDays: madeToOrderDays(variant),
        params: [...params, ...(product.material ? [{ name: "Материал", value: product.material }] : [])],
      };
    });
}

export interface FeedInput {
  origin: string;
  /** the catalogue's categories (main first, then tags) */
  categories: readonly Category[];
  /** every product the shop shows, newest first */
  products: readonly Product[];
  /** when the feed was written */
  date: Date;
}

/** The YML document. */
export function feedYml({ origin, categories, products, date }: FeedInput): string {
  const listed = products.filter(isOrderable);
  const offers = listed.flatMap((product) => offersOf(product, origin));
  // every category an offer is filed under; the shop's categories are one level deep, so none has a parentId
  const used = new Set(offers.map((offer) => offer.categoryId));
  const categoryLines = [...categories, ...(used.has(UNSORTED_CATEGORY.id) ? [UNSORTED_CATEGORY] : [])]
    .filter((category) => used.has(category.id))
    .map((category) => `<category id="${category.id}">${xmlText(category.name)}</category>`);
  const stamp = date.toISOString().slice(0, 19) + "+00:00";
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<yml_catalog date="${stamp}">`,
    `<shop>`,
    `<name>${xmlText(SHOP_NAME)}</name>`,
    `<company>${xmlText(SHOP_NAME)}</company>`,
    `<url>${xmlText(origin + "/")}</url>`,
    `<currencies>`,
    `<currency id="RUR" rate="1"/>`,
    `</currencies>`,
    `<categories>`,
    ...categoryLines,
    `</categories>`,
    `<offers>`,
    ...offers.map(offerXml),
    `</offers>`,
    `</shop>`,
    `</yml_catalog>`,
    ``,
  ].join("\n");
}
