import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "@shop/shared/schemas/catalog";
import { createPageApp, PAGE_ORIGIN as ORIGIN, structuredData as structured, type PageApp } from "./helpers/page-app";

/** A product with variants on its page: schema.org's ProductGroup, and the preview of one variant's address. */

let t: PageApp;
let scarf: Product;

beforeAll(async () => {
  t = await createPageApp();
  const product = await t.prisma.product.create({
    data: {
      sku: "HM-900001",
      name: "Шарф «Вереск»",
      searchName: "шарф «вереск»",
      price: 2500,
      images: { create: [0, 1, 2].map((position) => ({ imageUrl: `/uploads/scarf-${position}.webp`, position })) },
    },
  });
  const token = await t.adminToken();
  const images = await t.prisma.productImage.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
  const saved = await t.app.inject({
    method: "PUT",
    url: `/api/admin/products/${product.id}`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: product.name,
      price: 2500,
      options: [
        { name: "Цвет", kind: "color", values: [{ value: "синий", swatch: "#1e3a8a" }, { value: "красный", swatch: "#b91c1c" }] },
        { name: "Длина", values: [{ value: "150 см" }] },
      ],
      variants: [
        { option_values: ["синий", "150 см"], stock: 2, image_ids: [images[2]!.id, images[0]!.id] },
        { option_values: ["красный", "150 см"], stock: 0, price: 2700 },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  scarf = saved.json() as Product;
});

afterAll(async () => t?.close());

const page = (url: string) => t.page(url);

describe("a product with variants", () => {
  it("is a ProductGroup varying by its options, each variant a Product with its own article, photos and offer", async () => {
    const html = await page(`/product/${scarf.id}`);
    const group = structured(html).find((block) => block["@type"] === "ProductGroup")!;
    expect(structured(html).some((block) => block["@type"] === "Product")).toBe(false);
    const [blue, red] = scarf.variants!;
    expect(group).toMatchObject({
      name: "Шарф «Вереск»",
      productGroupID: "HM-900001",
      url: `${ORIGIN}/product/${scarf.id}`,
      variesBy: ["https://schema.org/color", "Длина"],
      hasVariant: [
        {
          "@type": "Product",
          name: "Шарф «Вереск» (Цвет: синий, Длина: 150 см)",
          sku: blue!.sku,
          url: `${ORIGIN}/product/${scarf.id}?variant=${blue!.id}`,
          image: [`${ORIGIN}/uploads/scarf-2.webp`, `${ORIGIN}/uploads/scarf-0.webp`],
          color: "синий",
          additionalProperty: [{ "@type": "PropertyValue", name: "Длина", value: "150 см" }],
          offers: { "@type": "Offer", price: "2500.00", priceCurrency: "RUB", availability: "https://schema.org/LimitedAvailability" },
        },
        {
          sku: red!.sku,
          color: "красный",
          image: [0, 1, 2].map((position) => `${ORIGIN}/uploads/scarf-${position}.webp`),
          offers: { price: "2700.00", availability: "https://schema.org/OutOfStock" },
        },
      ],
    });
  });

  it("previews a variant's address with that variant's title, price and first photo; its canonical address is the product's", async () => {
    const [blue, red] = scarf.variants!;
    const html = await page(`/product/${scarf.id}?variant=${blue!.id}`);
    expect(html).toContain(`<meta property="og:title" content="Шарф «Вереск» (Цвет: синий, Длина: 150 см) — Ремесло" />`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/product/${scarf.id}?variant=${blue!.id}" />`);
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/uploads/scarf-2.webp" />`);
    expect(html).toContain(`<meta property="product:price:amount" content="2500.00" />`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/product/${scarf.id}" />`);
    const other = await page(`/product/${scarf.id}?variant=${red!.id}`);
    expect(other).toContain(`<meta property="product:price:amount" content="2700.00" />`);
    // the product's own address has no price tag, as before
    expect(await page(`/product/${scarf.id}`)).not.toContain("product:price:amount");
  });
});
