import type { PrismaClient } from "../src/generated/client";
import { Random } from "./random";

/**
 * Options, variants and personalisation of the demo (docs/product.md#variants-and-personalisation): a ring in
 * sizes 15–19, a knitted scarf in three colours with swatches, each colour opening on its own photo, a knitted plaid
 * in four colours, the oak cutting board with an engraving, the mugs with gift wrap and a gift note; and, for the
 * large seed, three variants on a share of its products.
 */

interface OptionSeed {
  name: string;
  kind: "text" | "color";
  values: { value: string; swatch?: string }[];
}

interface VariantSeed {
  values: string[];
  suffix: string;
  price?: number;
  stock: number | null;
  madeToOrderDays?: number;
  /** the product's photos in the variant's order; none: the product's gallery */
  imageIds?: number[];
}

/** Adds one product's options and variants; the product's own stock is its variants' from then on. */
async function addVariants(prisma: PrismaClient, product: { id: number; sku: string }, options: OptionSeed[], variants: VariantSeed[]): Promise<void> {
  const valueIds: Map<string, number>[] = [];
  for (const [position, option] of options.entries()) {
    const created = await prisma.productOption.create({
      data: {
        productId: product.id,
        name: option.name,
        kind: option.kind,
        position,
        values: { create: option.values.map((value, index) => ({ value: value.value, swatch: value.swatch ?? null, position: index })) },
      },
      select: { values: { select: { id: true, value: true } } },
    });
    valueIds.push(new Map(created.values.map((value) => [value.value, value.id])));
  }
  await prisma.productVariant.createMany({
    data: variants.map((variant, position) => ({
      productId: product.id,
      sku: `${product.sku}-${variant.suffix}`,
      optionValueIds: variant.values.map((value, index) => valueIds[index]!.get(value)!),
      price: variant.price ?? null,
      stock: variant.stock,
      madeToOrderDays: variant.madeToOrderDays ?? null,
      imageIds: variant.imageIds ?? [],
      position,
    })),
  });
  await prisma.product.update({ where: { id: product.id }, data: { stock: null, madeToOrderDays: null } });
}

/** The demo's variants and personalisation, on its products found by name. */
export async function seedDemoVariants(prisma: PrismaClient, products: readonly { id: number; name: string; sku: string; colours?: string[] }[]): Promise<void> {
  const named = (name: string) => products.find((product) => product.name === name);

  // the scarf's pictures are one per colour (catalog-data.ts): each colour opens on its own, the others after it
  const scarf = named("Шарф вязаный «Вереск»");
  if (scarf) {
    const pictures = (await prisma.productImage.findMany({ where: { productId: scarf.id }, orderBy: { position: "asc" }, select: { id: true } })).map((image) => image.id);
    const colours = [
      { value: "бордовый", suffix: "BRD", stock: 2 },
      { value: "горчичный", suffix: "GRC", stock: 1 },
      { value: "серо-голубой", suffix: "BLU", stock: 0, madeToOrderDays: 10 },
    ].map((colour, index) => ({ ...colour, swatch: scarf.colours?.[index] ?? "#808080", picture: pictures[index] }));
    await addVariants(
      prisma,
      scarf,
      [{ name: "Цвет", kind: "color", values: colours.map(({ value, swatch }) => ({ value, swatch })) }],
      colours.map((colour) => ({
        values: [colour.value],
        suffix: colour.suffix,
        stock: colour.stock,
        madeToOrderDays: colour.madeToOrderDays,
        imageIds: colour.picture === undefined ? [] : [colour.picture, ...pictures.filter((id) => id !== colour.picture)],
      })),
    );
  }

  const ring = named("Кольцо серебряное «Веточка»");
  if (ring) {
    await addVariants(prisma, ring, [{ name: "Размер", kind: "text", values: ["15", "16", "17", "18", "19"].map((value) => ({ value })) }], [
      { values: ["15"], suffix: "15", stock: 1 },
      { values: ["16"], suffix: "16", stock: 2 },
      { values: ["17"], suffix: "17", stock: 1 },
      { values: ["18"], suffix: "18", stock: 0, madeToOrderDays: 14 },
      { values: ["19"], suffix: "19", price: 3400, stock: 1 },
    ]);
  }

  const plaid = named("Плед вязаный «Облако»");
  if (plaid) {
    const colours = [
      { value: "молочный", swatch: "#f3eee3", suffix: "MLK", stock: 1 },
      { value: "графит", swatch: "#4a4a4a", suffix: "GRF", stock: 2 },
      { value: "горчичный", swatch: "#d4a017", suffix: "GRC", stock: 0, madeToOrderDays: 21 },
      { value: "пыльная роза", swatch: "#d8a7a7", suffix: "RSE", stock: 1, price: 7400 },
    ];
    await addVariants(
      prisma,
      plaid,
      [{ name: "Цвет", kind: "color", values: colours.map(({ value, swatch }) => ({ value, swatch })) }],
      colours.map((colour) => ({ values: [colour.value], suffix: colour.suffix, stock: colour.stock, madeToOrderDays: colour.madeToOrderDays, price: colour.price })),
    );
  }

  const board = named("Доска разделочная из дуба");
  if (board) {
    await prisma.personalizationField.create({
      data: { productId: board.id, kind: "text", label: "Гравировка", hint: "Имя или короткая надпись, до 20 знаков", maxLength: 20, price: 300, position: 0 },
    });
  }

  for (const mug of products.filter((product) => product.name.startsWith("Кружка"))) {
    await prisma.personalizationField.createMany({
      data: [
        { productId: mug.id, kind: "gift_wrap", label: "Подарочная упаковка", hint: "Крафт-коробка с лентой", price: 150, position: 0 },
        { productId: mug.id, kind: "gift_note", label: "Открытка с пожеланием", hint: "Напишем от руки", maxLength: 200, position: 1 },
      ],
    });
  }
}

const SIZES = ["S", "M", "L"];

/**
 * The large seed's variants: every `every`-th product of `products` gets a size option with three variants
 * (stock not counted, as the benchmark's ordinary orders; the largest size a little dearer).
 */
export async function seedLargeVariants(prisma: PrismaClient, products: readonly { id: number; sku: string; price: number }[], every = 5): Promise<number> {
  const r = new Random(4040);
  const chosen = products.filter((_, index) => index % every === 0);
  const options = chosen.map((product) => ({ product_id: product.id }));
  if (chosen.length === 0) return 0;
  // in bulk: one option per product, three values each, three variants each
  const created = await prisma.$queryRaw<{ id: number; product_id: number }[]>`
    INSERT INTO product_options (product_id, name, kind, position)
    SELECT (x->>'product_id')::int, 'Размер', 'text', 0 FROM json_array_elements(${JSON.stringify(options)}::json) AS x
    RETURNING id, product_id`;
  const optionOf = new Map(created.map((row) => [Number(row.product_id), Number(row.id)]));
  const values = chosen.flatMap((product) => SIZES.map((value, position) => ({ option_id: optionOf.get(product.id)!, value, position })));
  const valueRows = await prisma.$queryRaw<{ id: number; option_id: number; value: string }[]>`
    INSERT INTO product_option_values (option_id, value, position)
    SELECT (x->>'option_id')::int, x->>'value', (x->>'position')::int FROM json_array_elements(${JSON.stringify(values)}::json) AS x
    RETURNING id, option_id, value`;
  const valueId = new Map(valueRows.map((row) => [`${row.option_id}:${row.value}`, Number(row.id)]));
  const variants = chosen.flatMap((product) =>
    SIZES.map((size, position) => ({
      product_id: product.id,
      sku: `${product.sku}-${size}`,
      value_id: valueId.get(`${optionOf.get(product.id)}:${size}`)!,
      price: size === "L" ? Math.round(product.price * (1.1 + r.next() * 0.1)) : null,
      position,
    })),
  );
  await prisma.$executeRaw`
    INSERT INTO product_variants (product_id, sku, option_value_ids, price, stock, position, updated_at)
    SELECT (x->>'product_id')::int, x->>'sku', ARRAY[(x->>'value_id')::int], (x->>'price')::numeric, NULL, (x->>'position')::int, now()
      FROM json_array_elements(${JSON.stringify(variants)}::json) AS x`;
  await prisma.$executeRaw`UPDATE products SET stock = NULL, made_to_order_days = NULL WHERE id = ANY(${chosen.map((p) => p.id)}::int[])`;
  return chosen.length;
}
