import { computeTotals } from "@shop/shared/pricing";
import { normalizeSearchText } from "@shop/shared/text";
import type { Prisma, PrismaClient } from "../src/generated/client";
import { nextSkus } from "../src/sequences";
import { MAIN_CATEGORIES, PRODUCTS, TAGS, type ShapeKind } from "./catalog-data";
import { makeCustomers, pickComment, type SeedCustomer } from "./customers";
import { writeProductImage } from "./images";
import { Random } from "./random";

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

/** Inserts planned orders with their items and Telegram customers in bulk (a few statements per batch). */
async function insertOrders(prisma: PrismaClient, planned: PlannedOrder[], batchSize = 2000): Promise<void> {
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
    const numbers = await nextOrderNumbers(prisma, batch.length);
    const rows: Prisma.OrderCreateManyInput[] = batch.map((order, index) => {
      const totals = computeTotals(order.lines);
      const telegram = fromTelegram(order.source) ? order.customer.telegram : null;
      return {
        orderNumber: numbers[index]!,
        createdAt: order.createdAt,
        updatedAt: order.createdAt,
        status: order.status,
        source: order.source,
        customerName: order.customer.name,
        customerPhone: order.customer.phone,
        deliveryAddress: order.customer.address,
        comment: order.comment,
        subtotal: totals.subtotal,
        discountPercent: totals.discountPercent,
        discountAmount: totals.discount,
        deliveryCost: totals.delivery,
        total: totals.total,
        telegramUserId: telegram?.id ?? null,
        telegramUsername: telegram?.username ?? null,
        telegramFirstName: telegram?.firstName ?? null,
        telegramLastName: telegram?.lastName ?? null,
      };
    });
    const created = await prisma.order.createManyAndReturn({ data: rows, select: { id: true, orderNumber: true } });
    const idByNumber = new Map(created.map((row) => [row.orderNumber, row.id]));
    const items: Prisma.OrderItemCreateManyInput[] = batch.flatMap((order, index) =>
      order.lines.map((line) => ({
        orderId: idByNumber.get(numbers[index]!)!,
        productId: line.productId,
        productName: line.name,
        productSku: line.sku,
        productImage: line.image,
        price: line.price,
        quantity: line.quantity,
      })),
    );
    for (let i = 0; i < items.length; i += 5000) await prisma.orderItem.createMany({ data: items.slice(i, i + 5000) });
  }
}

/** The demo shop: 64 products in 6 categories with 9 tags, pictures made locally, ~300 orders over 90 days. */
export async function seedDemo(prisma: PrismaClient, options: SeedOptions): Promise<SeedResult> {
  const r = new Random(20261122);
  const log = options.log ?? (() => {});
  const { mains, tags } = await createCategories(prisma);

  log(`Drawing ${PRODUCTS.reduce((sum, p) => sum + p.images, 0)} product pictures…`);
  const shapeOf = (category: string, own?: ShapeKind) => own ?? MAIN_CATEGORIES.find((c) => c.key === category)!.shape;
  // one generator per product: pictures are drawn concurrently, and must not depend on which finishes first
  const imageLists = await inParallel(PRODUCTS, 4, async (product, index) => {
    const pictureRandom = new Random(1000 + index);
    const urls: string[] = [];
    for (let i = 0; i < product.images; i++) urls.push(await writeProductImage(options.uploadDir, shapeOf(product.category, product.shape), pictureRandom));
    return urls;
  });

  const skus = await nextSkus(prisma, PRODUCTS.length);
  const now = Date.now();
  const created: { id: number; name: string; sku: string; price: number; image: string | null; weight: number }[] = [];
  for (const [index, product] of PRODUCTS.entries()) {
    const care = MAIN_CATEGORIES.find((c) => c.key === product.category)!.care;
    const row = await prisma.product.create({
      data: {
        sku: skus[index]!,
        name: product.name,
        searchName: normalizeSearchText(product.name),
        price: product.price,
        description: `${product.text}\n\n${care} Каждое изделие сделано вручную, поэтому оттенок и рисунок могут немного отличаться от фотографии.`,
        material: product.material,
        width: product.size[0],
        height: product.size[1],
        depth: product.size[2],
        // the catalogue's default order is newest first: spread creation over the last months
        createdAt: new Date(now - (PRODUCTS.length - index) * 1.3 * DAY),
        images: { create: imageLists[index]!.map((imageUrl, position) => ({ imageUrl, position })) },
        categories: { create: [mains.get(product.category)!, ...product.tags.map((tag) => tags.get(tag)!)].map((categoryId) => ({ categoryId })) },
      },
      select: { id: true },
    });
    created.push({
      id: row.id,
      name: product.name,
      sku: skus[index]!,
      price: product.price,
      image: imageLists[index]![0] ?? null,
      weight: product.tags.includes("Хит продаж") ? 4 : 1,
    });
  }

  const orderCount = options.orders ?? 300;
  log(`Placing ${orderCount} demo orders…`);
  const customers = makeCustomers(r, 48);
  await insertOrders(prisma, planOrders(r, orderCount, 90, created, customers, now));
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
  for (let start = 0; start < extra; start += 1000) {
    const count = Math.min(1000, extra - start);
    const skus = await nextSkus(prisma, count);
    const rows = Array.from({ length: count }, (_, i) => {
      const model = base[(start + i) % base.length]!;
      const name = `${model.name}, ${r.pick(ADJECTIVES)} серия №${start + i + 1}`;
      return {
        sku: skus[i]!,
        name,
        searchName: normalizeSearchText(name),
        price: Math.round(Number(model.price) * (0.6 + r.next() * 0.8)),
        description: model.description,
        material: model.material,
        width: model.width,
        height: model.height,
        depth: model.depth,
        createdAt: new Date(now - r.int(0, 730) * DAY),
      };
    });
    const created = await prisma.product.createManyAndReturn({ data: rows, select: { id: true, sku: true } });
    const modelOf = (index: number) => base[(start + index) % base.length]!;
    await prisma.productImage.createMany({
      data: created.flatMap((row, i) => modelOf(i).images.map((image) => ({ productId: row.id, imageUrl: image.imageUrl, position: image.position }))),
    });
    await prisma.productCategory.createMany({
      data: created.flatMap((row, i) => modelOf(i).categories.map((link) => ({ productId: row.id, categoryId: link.categoryId }))),
    });
  }

  const orderCount = options.largeOrders ?? 100_000;
  log(`Placing ${orderCount} orders…`);
  const all = await prisma.product.findMany({ select: { id: true, name: true, sku: true, price: true, images: { take: 1, orderBy: { position: "asc" }, select: { imageUrl: true } } } });
  const products = all.map((p, i) => ({ id: p.id, name: p.name, sku: p.sku, price: Number(p.price), image: p.images[0]?.imageUrl ?? null, weight: i % 50 === 0 ? 5 : 1 }));
  const customers = makeCustomers(r, 5000);
  for (let done = 0; done < orderCount; done += 10_000) {
    await insertOrders(prisma, planOrders(r, Math.min(10_000, orderCount - done), 365, products, customers, now));
    log(`  ${Math.min(done + 10_000, orderCount)} orders`);
  }
  return { products: targetProducts, orders: orderCount };
}
