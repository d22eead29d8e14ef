import { toDecimal, toKopecks } from "@shop/shared/money";
import { computeTotals } from "@shop/shared/pricing";
import { normalizeSearchText } from "@shop/shared/text";
import type { PrismaClient } from "../src/generated/client";
import { nextSkus } from "../src/sequences";
import { MAIN_CATEGORIES, PRODUCTS, TAGS } from "./catalog-data";
import { makeCustomers, pickComment, type SeedCustomer } from "./customers";
import { PICTURE_VARIATIONS, productPicture, writeProductImage } from "./images";
import { kindOf, paintOf } from "./product-kinds";
import { Random } from "./random";
import { seedDemoVariants, seedLargeVariants } from "./variants";
import { seedDemoReviews } from "./reviews";

export interface SeedOptions {
  uploadDir: string;
  /** demo orders spread over the last 90 days (default 300) */
  orders?: number;
  /** progress lines for the CLI */
  log?: (line: string) => void;
}

export interface SeedResult {
  products: number;
  orders: number;
}

const DAY = 24 * 60 * 60 * 1000;
/** Telegram users mostly order in the Mini App, sometimes through a manager in the bot or on the website. */
const TELEGRAM_SOURCES = ["telegram_mini_app", "telegram_mini_app", "telegram_mini_app", "telegram_bot", "website", "mobile_web"] as const;
const WEB_SOURCES = ["website", "website", "mobile_web"] as const;
const fromTelegram = (source: string) => source === "telegram_mini_app" || source === "telegram_bot";

/** Runs `work` with at most `limit` promises at a time (image rendering uses the thread pool). */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

async function nextOrderNumbers(prisma: PrismaClient, count: number): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ n: bigint }[]>`SELECT nextval('order_number_seq') AS n FROM generate_series(1, ${count}::int)`;
  return rows.map((row) => String(row.n)).sort((a, b) => Number(a) - Number(b));
}

async function createCategories(prisma: PrismaClient): Promise<{ mains: Map<string, number>; tags: Map<string, number> }> {
  await prisma.category.createMany({
    data: [...MAIN_CATEGORIES.map((c) => ({ name: c.name, type: "main" as const })), ...TAGS.map((name) => ({ name, type: "sub" as const }))],
  });
  const rows = await prisma.category.findMany();
  const byName = new Map(rows.map((row) => [`${row.type}:${row.name}`, row.id]));
  return {
    mains: new Map(MAIN_CATEGORIES.map((c) => [c.key, byName.get(`main:${c.name}`)!])),
    tags: new Map(TAGS.map((name) => [name, byName.get(`sub:${name}`)!])),
  };
}

interface PlannedLine {
  productId: number;
  name: string;
  sku: string;
  image: string | null;
  price: number;
  quantity: number;
}

interface PlannedOrder {
  createdAt: Date;
  status: "new" | "processing" | "shipped" | "completed" | "cancelled";
  source: string;
  customer: SeedCustomer;
  comment: string | null;
  lines: PlannedLine[];
}

/** Older orders are mostly finished, recent ones still moving; a few are cancelled. */
function statusFor(ageDays: number, r: Random): PlannedOrder["status"] {
  if (r.chance(0.07)) return "cancelled";
  if (ageDays < 2) return r.pick(["new", "new", "processing"] as const);
  if (ageDays < 6) return r.pick(["new", "processing", "shipped"] as const);
  if (ageDays < 14) return r.pick(["processing", "shipped", "completed", "completed"] as const);
  return "completed";
}

function planOrders(
  r: Random,
  count: number,
  spanDays: number,
  products: { id: number; name: string; sku: string; price: number; image: string | null; weight: number }[],
  customers: SeedCustomer[],
  now: number,
): PlannedOrder[] {
  // weighted pick by binary search over running totals: best sellers are picked more often
  const running: number[] = [];
  let totalWeight = 0;
  for (const product of products) running.push((totalWeight += product.weight));
  const pickProduct = () => {
    const x = r.next() * totalWeight;
    let lo = 0;
    let hi = running.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (running[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return products[lo]!;
  };
  const orders: PlannedOrder[] = [];
  for (let i = 0; i < count; i++) {
    // more orders recently: the shop is growing
    const ageDays = spanDays * (1 - Math.sqrt(r.next()));
    const createdAt = new Date(now - ageDays * DAY - r.int(0, 12 * 3600) * 1000);
    const customer = r.pick(customers);
    const source = r.pick(customer.telegram ? TELEGRAM_SOURCES : WEB_SOURCES);
    const lines = new Map<number, PlannedLine>();
    const lineCount = r.int(1, r.chance(0.3) ? 4 : 2);
    for (let j = 0; j < lineCount; j++) {
      const product = pickProduct();
      const line = lines.get(product.id);
      if (line) line.quantity += 1;
      else lines.set(product.id, { productId: product.id, name: product.name, sku: product.sku, image: product.image, price: product.price, quantity: r.chance(0.2) ? 2 : 1 });
    }
    orders.push({ createdAt, status: statusFor(ageDays, r), source, customer, comment: pickComment(r), lines: [...lines.values()] });
  }
  return orders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Bulk inserts go through one JSON parameter expanded by json_to_recordset: a few statements per thousands of
 * rows on both PostgreSQL and PGlite, without building a query per row (10 000 products and 100 000 orders in
 * well under a minute on PostgreSQL).
 */
async function insertOrders(prisma: PrismaClient, planned: PlannedOrder[], batchSize = 5000): Promise<void> {
  const telegramCustomers = new Map<bigint, NonNullable<SeedCustomer["telegram"]>>();
  for (const order of planned) if (order.customer.telegram && fromTelegram(order.source)) telegramCustomers.set(order.customer.telegram.id, order.customer.telegram);
  if (telegramCustomers.size > 0) {
    await prisma.telegramCustomer.createMany({
      data: [...telegramCustomers.values()].map((t) => ({ telegramUserId: t.id, username: t.username, firstName: t.firstName, lastName: t.lastName, languageCode: "ru" })),
      skipDuplicates: true,
    });
  }
  for (let start = 0; start < planned.length; start += batchSize) {
    const batch = planned.slice(start, start + batchSize);
    // numbers come from the shop's sequence, in order of time, like real checkouts
    const numbers = await nextOrderNumbers(prisma, batch.length);
    const rows = batch.map((order, index) => {
      const totals = computeTotals(order.lines.map((line) => ({ price: toKopecks(line.price), quantity: line.quantity })));
      const telegram = fromTelegram(order.source) ? order.customer.telegram : null;
      return {
        order_number: numbers[index]!,
        created_at: order.createdAt.toISOString(),
        status: order.status,
        source: order.source,
        customer_name: order.customer.name,
        customer_phone: order.customer.phone,
        delivery_address: order.customer.address,
        comment: order.comment,
        subtotal: toDecimal(totals.subtotal),
        discount_percent: totals.discountPercent,
        discount_amount: toDecimal(totals.discount),
        delivery_cost: toDecimal(totals.delivery),
        total: toDecimal(totals.total),
        telegram_user_id: telegram ? String(telegram.id) : null,
        telegram_username: telegram?.username ?? null,
        telegram_first_name: telegram?.firstName ?? null,
        telegram_last_name: telegram?.lastName ?? null,
        items: order.lines.map((line) => ({
          product_id: line.productId,
          product_name: line.name,
          product_sku: line.sku,
          product_image: line.image,
          price: line.price,
          quantity: line.quantity,
        })),
      };
    });
    await prisma.$executeRaw`
      WITH input AS (
        SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(
          order_number text, created_at timestamptz, status text, source text, customer_name text, customer_phone text,
          delivery_address text, comment text, subtotal numeric, discount_percent int, discount_amount numeric,
          delivery_cost numeric, total numeric, telegram_user_id bigint, telegram_username text,
          telegram_first_name text, telegram_last_name text, items json)
      ), inserted AS (
        INSERT INTO orders (order_number, created_at, updated_at, status, source, customer_name, customer_phone,
          delivery_address, comment, subtotal, discount_percent, discount_amount, delivery_cost, total,
          telegram_user_id, telegram_username, telegram_first_name, telegram_last_name, completed_at)
        SELECT order_number, created_at, created_at, status::"OrderStatus", source, customer_name, customer_phone,
          delivery_address, comment, subtotal, discount_percent, discount_amount, delivery_cost, total,
          telegram_user_id, telegram_username, telegram_first_name, telegram_last_name,
          CASE WHEN status = 'completed' THEN LEAST(created_at + interval '4 days', now()) END
        FROM input ORDER BY created_at
        RETURNING id, order_number
      )
      INSERT INTO order_items (order_id, product_id, product_name, product_sku, product_image, price, quantity)
      SELECT o.id, li.product_id, li.product_name, li.product_sku, li.product_image, li.price, li.quantity
      FROM input i
      JOIN inserted o ON o.order_number = i.order_number
      CROSS JOIN LATERAL json_to_recordset(i.items) AS li(product_id int, product_name text, product_sku text,
        product_image text, price numeric, quantity int)`;
  }
  // the demo's customers are made up: the bot never asks them for reviews (docs/product.md#reviews)
  await prisma.$executeRaw`
    INSERT INTO review_requests (order_id, token, created_at)
    SELECT id, md5(random()::text || id::text), completed_at FROM orders WHERE status = 'completed'
    ON CONFLICT (order_id) DO NOTHING`;
}

interface ProductRow {
  sku: string;
  name: string;
  price: number;
  description: string | null;
  material: string | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  /** pieces left; null: not counted */
  stock: number | null;
  madeToOrderDays: number | null;
  createdAt: Date;
  imageUrls: string[];
  categoryIds: number[];
}

/**
 * What a handmade shop has in stock (docs/product.md#stock): mostly single pieces, small batches of 2–5, some
 * pieces made to order once sold, a few sold out, a few goods whose stock is not counted. Drawn from its own
 * generator, so the rest of the demo stays the same.
 */
function demoStock(r: Random): { stock: number | null; madeToOrderDays: number | null } {
  const roll = r.next();
  if (roll < 0.45) return { stock: 1, madeToOrderDays: null };
  if (roll < 0.75) return { stock: r.int(2, 5), madeToOrderDays: null };
  if (roll < 0.88) return { stock: 0, madeToOrderDays: r.pick([7, 10, 14, 21, 30]) };
  if (roll < 0.93) return { stock: 0, madeToOrderDays: null };
  return { stock: null, madeToOrderDays: null };
}

/** Products with their pictures and category links; returns their ids in the order given. */
async function insertProducts(prisma: PrismaClient, products: ProductRow[]): Promise<number[]> {
  const rows = products.map((product, index) => ({
    idx: index,
    sku: product.sku,
    name: product.name,
    search_name: normalizeSearchText(product.name),
    price: product.price,
    description: product.description,
    material: product.material,
    width: product.width,
    height: product.height,
    depth: product.depth,
    stock: product.stock,
    made_to_order_days: product.madeToOrderDays,
    created_at: product.createdAt.toISOString(),
    images: product.imageUrls,
    category_ids: product.categoryIds,
  }));
  const inserted = await prisma.$queryRaw<{ id: number; sku: string }[]>`
    WITH input AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(
        idx int, sku text, name text, search_name text, price numeric, description text, material text,
        width int, height int, depth int, stock int, made_to_order_days int, created_at timestamptz, images json,
        category_ids json)
    ), inserted AS (
      INSERT INTO products (sku, name, search_name, price, description, material, width, height, depth, stock,
                            made_to_order_days, created_at, updated_at)
      SELECT sku, name, search_name, price, description, material, width, height, depth, stock, made_to_order_days,
             created_at, created_at
      -- ids in listing order, so that "newest first" (by id) is the order the products were listed in
      FROM input ORDER BY created_at, idx
      RETURNING id, sku
    ), pictures AS (
      INSERT INTO product_images (product_id, image_url, position)
      SELECT p.id, picture.url, (picture.n - 1)::int
      FROM input i JOIN inserted p ON p.sku = i.sku
      CROSS JOIN LATERAL json_array_elements_text(i.images) WITH ORDINALITY AS picture(url, n)
    ), links AS (
      INSERT INTO product_categories (product_id, category_id)
      SELECT p.id, link.id::int
      FROM input i JOIN inserted p ON p.sku = i.sku
      CROSS JOIN LATERAL json_array_elements_text(i.category_ids) AS link(id)
    )
    SELECT id, sku FROM inserted`;
  const idBySku = new Map(inserted.map((row) => [row.sku, Number(row.id)]));
  return products.map((product) => idBySku.get(product.sku)!);
}

/**
 * Two demo promo codes (README, «Demo»): РЕМЕСЛО10 — 10 % on the whole shop, from 500 ₽, once per customer;
 * КЕРАМИКА300 — 300 ₽ off ceramics, from 1 500 ₽, 100 uses in all.
 */
async function seedDemoPromoCodes(prisma: PrismaClient, ceramics: number | null): Promise<void> {
  await prisma.promoCode.createMany({
    data: [
      { code: "РЕМЕСЛО10", kind: "percent", percent: 10, minOrder: 500, maxUsesPerCustomer: 1 },
      ...(ceramics === null
        ? []
        : [{ code: "КЕРАМИКА300", kind: "fixed", amount: 300, minOrder: 1500, maxUses: 100, scope: "categories", categoryIds: [ceramics] }]),
    ],
    skipDuplicates: true,
  });
}

/** The demo shop: 65 products in 6 categories with 9 tags, pictures made locally, ~300 orders over 90 days. */
export async function seedDemo(prisma: PrismaClient, options: SeedOptions): Promise<SeedResult> {
  const r = new Random(20261122);
  const log = options.log ?? (() => {});
  const { mains, tags } = await createCategories(prisma);

  // every product gets its view, another angle and, with three pictures, a close-up (at least two)
  const variations = PRODUCTS.map((product) => PICTURE_VARIATIONS.slice(0, Math.max(2, product.images)));
  log(`Drawing ${variations.reduce((sum, list) => sum + list.length, 0)} product pictures…`);
  // one generator per product: pictures are drawn concurrently, and must not depend on which finishes first
  const imageLists = await inParallel(PRODUCTS, 4, async (product, index) => {
    const pictureRandom = new Random(1000 + index);
    const kind = kindOf(product.name);
    const paint = paintOf(product.name, product.material);
    const urls: string[] = [];
    for (const [n, variation] of variations[index]!.entries()) {
      // a product sold in colours: each picture in one of them
      const colour = product.colours?.[n];
      urls.push(await writeProductImage(options.uploadDir, productPicture(kind, colour ? { ...paint, main: colour } : paint, variation, pictureRandom)));
    }
    return urls;
  });

  const skus = await nextSkus(prisma, PRODUCTS.length);
  const now = Date.now();
  const stockRandom = new Random(5150);
  const ids = await insertProducts(
    prisma,
    PRODUCTS.map((product, index) => ({
      sku: skus[index]!,
      name: product.name,
      price: product.price,
      description: `${product.text}\n\n${MAIN_CATEGORIES.find((c) => c.key === product.category)!.care} Каждое изделие сделано вручную, поэтому оттенок и рисунок могут немного отличаться от фотографии.`,
      material: product.material,
      width: product.size[0],
      height: product.size[1],
      depth: product.size[2],
      ...demoStock(stockRandom),
      // the catalogue's default order is newest first: spread creation over the last months
      createdAt: new Date(now - (product.listedDaysAgo ?? (PRODUCTS.length - index) * 1.3) * DAY),
      imageUrls: imageLists[index]!,
      categoryIds: [mains.get(product.category)!, ...product.tags.map((tag) => tags.get(tag)!)],
    })),
  );
  await seedDemoVariants(prisma, PRODUCTS.map((product, index) => ({ id: ids[index]!, name: product.name, sku: skus[index]!, colours: product.colours })));
  const created = PRODUCTS.map((product, index) => ({
    id: ids[index]!,
    name: product.name,
    sku: skus[index]!,
    price: product.price,
    image: imageLists[index]![0] ?? null,
    weight: product.tags.includes("Хит продаж") ? 4 : 1,
  }));

  await seedDemoPromoCodes(prisma, mains.get("ceramics") ?? null);

  const orderCount = options.orders ?? 300;
  if (orderCount > 0) log(`Placing ${orderCount} demo orders…`);
  const customers = makeCustomers(r, 48);
  // a product listed later than the rest has no orders yet (and the demo's orders stay as they were without it)
  const ordered = created.filter((_, index) => PRODUCTS[index]!.listedDaysAgo === undefined);
  await insertOrders(prisma, planOrders(r, orderCount, 90, ordered, customers, now));
  await seedDemoReviews(prisma, new Random(4343));
  return { products: PRODUCTS.length, orders: orderCount };
}

/**
 * Seeds the demo into an empty shop exactly once, even when several API instances start together: the first
 * to write the marker row seeds, the others skip. Returns null when nothing was done.
 */
export async function seedDemoIfEmpty(prisma: PrismaClient, options: SeedOptions): Promise<SeedResult | null> {
  const [products, categories] = await Promise.all([prisma.product.count(), prisma.category.count()]);
  if (products > 0 || categories > 0) return null;
  const claimed = await prisma.appSetting.createMany({ data: [{ key: "demo_seeded_at", value: new Date().toISOString() }], skipDuplicates: true });
  if (claimed.count === 0) return null;
  return seedDemo(prisma, options);
}

/** Benchmark data on top of the demo: `products` more products (total ≈ 10 000) and `orders` orders over a year. */
export async function seedLarge(
  prisma: PrismaClient,
  options: SeedOptions & { products?: number; largeOrders?: number },
): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const demo = await seedDemo(prisma, { ...options, orders: 0 });
  const r = new Random(7);
  const targetProducts = options.products ?? 10_000;
  const extra = targetProducts - demo.products;
  const base = await prisma.product.findMany({
    include: { images: { orderBy: { position: "asc" } }, categories: true },
    orderBy: { id: "asc" },
  });
  const ADJECTIVES = ["авторская", "малая", "большая", "подарочная", "лимитированная", "летняя", "зимняя", "классическая"];

  log(`Adding ${extra} products…`);
  const now = Date.now();
  for (let start = 0; start < extra; start += 2500) {
    const count = Math.min(2500, extra - start);
    const skus = await nextSkus(prisma, count);
    await insertProducts(
      prisma,
      Array.from({ length: count }, (_, i) => {
        const model = base[(start + i) % base.length]!;
        return {
          sku: skus[i]!,
          name: `${model.name}, ${r.pick(ADJECTIVES)} серия №${start + i + 1}`,
          price: Math.round(Number(model.price) * (0.6 + r.next() * 0.8)),
          description: model.description,
          material: model.material,
          width: model.width,
          height: model.height,
          depth: model.depth,
          // not counted: the benchmark's ordinary orders
          stock: null,
          madeToOrderDays: null,
          createdAt: new Date(now - r.int(0, 730) * DAY),
          imageUrls: model.images.map((image) => image.imageUrl),
          categoryIds: model.categories.map((link) => link.categoryId),
        };
      }),
    );
  }

  // the added products (the demo's come first): a fifth of them in three sizes
  const everyProduct = await prisma.product.findMany({ select: { id: true, sku: true, price: true }, orderBy: { id: "asc" } });
  const added = everyProduct.slice(demo.products).map((p) => ({ id: p.id, sku: p.sku, price: Number(p.price) }));
  const withVariants = await seedLargeVariants(prisma, added);
  log(`Gave ${withVariants} products three sizes each`);

  const orderCount = options.largeOrders ?? 100_000;
  log(`Placing ${orderCount} orders…`);
  const all = await prisma.product.findMany({ select: { id: true, name: true, sku: true, price: true, images: { take: 1, orderBy: { position: "asc" }, select: { imageUrl: true } } } });
  const products = all.map((p, i) => ({ id: p.id, name: p.name, sku: p.sku, price: Number(p.price), image: p.images[0]?.imageUrl ?? null, weight: i % 50 === 0 ? 5 : 1 }));
  const customers = makeCustomers(r, 5000);
  for (let done = 0; done < orderCount; done += 10_000) {
    await insertOrders(prisma, planOrders(r, Math.min(10_000, orderCount - done), 365, products, customers, now));
    log(`  ${Math.min(done + 10_000, orderCount)} orders`);
  }
  // fresh planner statistics, so the first benchmark queries run with the plans they will have in production
  await prisma.$executeRawUnsafe("ANALYZE");
  return { products: targetProducts, orders: orderCount };
}
