import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromDecimal } from "@shop/shared/money";
import { computeTotals } from "@shop/shared/pricing";
import { cardImageUrl } from "@shop/shared/images";
import type { Database } from "../src/db";
import { PRODUCTS } from "../seed/catalog-data";
import { PICTURE_CACHE } from "../seed/images";
import { seedDemoIfEmpty } from "../seed/index";
import { kindOf } from "../seed/product-kinds";
import { openTestDatabase } from "../src/test-database";

let db: Database;
let uploadDir: string;
let result: Awaited<ReturnType<typeof seedDemoIfEmpty>>;

beforeAll(async () => {
  db = await openTestDatabase();
  uploadDir = mkdtempSync(path.join(tmpdir(), "shop-seed-"));
  result = await seedDemoIfEmpty(db.prisma, { uploadDir });
});
afterAll(async () => {
  await db?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe("demo seed", () => {
  it("fills an empty shop with a catalogue and orders", async () => {
    expect(result).toEqual({ products: 65, orders: 300 });
    const categories = await db.prisma.category.groupBy({ by: ["type"], _count: true });
    expect(Object.fromEntries(categories.map((c) => [c.type, c._count]))).toEqual({ main: 6, sub: 9 });
    expect(await db.prisma.product.count()).toBe(65);
    expect(await db.prisma.order.count()).toBe(300);
  });

  it("gives every product a main category and 2-3 pictures stored in both sizes", async () => {
    const products = await db.prisma.product.findMany({ include: { images: true, categories: { include: { category: true } } } });
    for (const product of products) {
      expect(product.categories.filter((link) => link.category.type === "main")).toHaveLength(1);
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      expect(product.images.length).toBeLessThanOrEqual(3);
      for (const image of product.images) {
        expect(existsSync(path.join(uploadDir, path.basename(image.imageUrl)))).toBe(true);
        expect(existsSync(path.join(uploadDir, path.basename(cardImageUrl(image.imageUrl))))).toBe(true);
      }
    }
    expect(new Set(products.map((p) => p.sku)).size).toBe(65);
  });

  it("shows every product in two or three pictures of its own: no picture is shared with another product", async () => {
    const products = await db.prisma.product.findMany({ include: { images: { orderBy: { position: "asc" } } } });
    const owners = new Map<string, string>();
    for (const product of products) {
      const seed = PRODUCTS.find((p) => p.name === product.name)!;
      expect(product.images).toHaveLength(Math.min(3, Math.max(2, seed.images)));
      for (const image of product.images) {
        expect(owners.get(image.imageUrl), `${product.name} and ${owners.get(image.imageUrl)} share ${image.imageUrl}`).toBeUndefined();
        owners.set(image.imageUrl, product.name);
      }
    }
    // products of the same kind (two boards, two candles in a glass) still differ in colour
    const jarCandles = products.filter((p) => kindOf(p.name) === "jar-candle");
    expect(jarCandles).toHaveLength(2);
    const [first, second] = await Promise.all(jarCandles.map((p) => readFile(path.join(uploadDir, path.basename(p.images[0]!.imageUrl)))));
    expect(first!.equals(second!)).toBe(false);
  });

  it("keeps the drawn pictures for the next shop seeded on this machine, byte for byte", async () => {
    const files = readdirSync(uploadDir);
    expect(files.length).toBeGreaterThanOrEqual(2 * 128);
    for (const file of files) expect((await readFile(path.join(PICTURE_CACHE, file))).equals(await readFile(path.join(uploadDir, file)))).toBe(true);
  });

  it("gives the products a handmade shop's stock: mostly single pieces and small batches, some made to order, a few sold out", async () => {
    const products = await db.prisma.product.findMany({ select: { stock: true, madeToOrderDays: true } });
    const count = (test: (p: { stock: number | null; madeToOrderDays: number | null }) => boolean) => products.filter(test).length;
    const single = count((p) => p.stock === 1);
    const batches = count((p) => p.stock !== null && p.stock >= 2 && p.stock <= 5);
    const madeToOrder = count((p) => p.stock === 0 && p.madeToOrderDays !== null);
    const soldOut = count((p) => p.stock === 0 && p.madeToOrderDays === null);
    expect(single + batches).toBeGreaterThan(products.length / 2);
    expect(single).toBeGreaterThanOrEqual(15);
    expect(batches).toBeGreaterThanOrEqual(10);
    expect(madeToOrder).toBeGreaterThanOrEqual(3);
    expect(soldOut).toBeGreaterThanOrEqual(2);
    expect(soldOut).toBeLessThan(products.length / 8);
    expect(count((p) => p.stock !== null && p.stock > 5)).toBe(0);
    for (const p of products) if (p.madeToOrderDays !== null) expect(p.madeToOrderDays).toBeGreaterThanOrEqual(7);
  });

  it("shows variants and personalisation: a ring in sizes, a scarf and a plaid in colours, an engraved board, gift-wrapped mugs", async () => {
    const withOptions = await db.prisma.product.findMany({
      where: { options: { some: {} } },
      orderBy: { id: "asc" },
      include: { options: { include: { values: { orderBy: { position: "asc" } } } }, variants: { orderBy: { position: "asc" } } },
    });
    expect(withOptions.map((p) => [p.name, p.stock, p.options.map((o) => [o.name, o.kind, o.values.map((v) => v.value)]), p.variants.length])).toEqual([
      ["Плед вязаный «Облако»", null, [["Цвет", "color", ["молочный", "графит", "горчичный", "пыльная роза"]]], 4],
      ["Кольцо серебряное «Веточка»", null, [["Размер", "text", ["15", "16", "17", "18", "19"]]], 5],
      ["Шарф вязаный «Вереск»", null, [["Цвет", "color", ["бордовый", "горчичный", "серо-голубой"]]], 3],
    ]);
    for (const product of [withOptions[0]!, withOptions[2]!]) for (const value of product.options[0]!.values) expect(value.swatch).toMatch(/^#[0-9a-f]{6}$/);
    // each colour of the scarf opens on its own picture, the others after it
    const scarf = await db.prisma.product.findFirstOrThrow({ where: { name: "Шарф вязаный «Вереск»" }, include: { images: { orderBy: { position: "asc" } }, variants: { orderBy: { position: "asc" } } } });
    const pictures = scarf.images.map((image) => image.id);
    expect(pictures).toHaveLength(3);
    expect(scarf.variants.map((variant) => variant.imageIds[0])).toEqual(pictures);
    for (const variant of scarf.variants) expect([...variant.imageIds].sort()).toEqual([...pictures].sort());
    const [first, second] = await Promise.all(scarf.images.slice(0, 2).map((image) => readFile(path.join(uploadDir, path.basename(image.imageUrl)))));
    expect(first!.equals(second!)).toBe(false);
    // listed after the demo's orders were drawn: among the newest, without orders yet
    expect(await db.prisma.orderItem.count({ where: { productId: scarf.id } })).toBe(0);
    const newest = await db.prisma.product.findMany({ orderBy: { createdAt: "desc" }, take: 4, select: { name: true } });
    expect(newest.map((p) => p.name)).toContain("Шарф вязаный «Вереск»");
    const fields = await db.prisma.personalizationField.findMany({ orderBy: { id: "asc" }, include: { product: { select: { name: true } } } });
    expect(fields.map((f) => [f.product.name, f.kind, f.label, f.maxLength, Number(f.price)])).toEqual([
      ["Доска разделочная из дуба", "text", "Гравировка", 20, 300],
      ["Кружка «Утро» ручной лепки", "gift_wrap", "Подарочная упаковка", null, 150],
      ["Кружка «Утро» ручной лепки", "gift_note", "Открытка с пожеланием", 200, 0],
      ["Кружка «Северное сияние»", "gift_wrap", "Подарочная упаковка", null, 150],
      ["Кружка «Северное сияние»", "gift_note", "Открытка с пожеланием", 200, 0],
    ]);
  });

  it("stores orders whose totals follow the pricing rules, over the last 90 days, in every status", async () => {
    const orders = await db.prisma.order.findMany({ include: { items: true } });
    for (const order of orders) {
      const totals = computeTotals(order.items.map((item) => ({ price: fromDecimal(item.price), quantity: item.quantity })));
      expect(fromDecimal(order.subtotal)).toBe(totals.subtotal);
      expect(fromDecimal(order.discountAmount)).toBe(totals.discount);
      expect(fromDecimal(order.total)).toBe(totals.total);
      expect(Date.now() - order.createdAt.getTime()).toBeLessThan(91 * 24 * 3600 * 1000);
    }
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(["new", "processing", "shipped", "completed", "cancelled"]));
    expect(new Set(orders.map((o) => o.source))).toEqual(new Set(["website", "mobile_web", "telegram_mini_app", "telegram_bot"]));
    expect(new Set(orders.map((o) => o.orderNumber)).size).toBe(300);
  });

  it("is the same shop every time: products, orders, totals and customers do not change between runs", async () => {
    const fingerprint = async (prisma: Database["prisma"]) => {
      const orders = await prisma.order.findMany({ orderBy: { orderNumber: "asc" }, include: { items: { orderBy: { id: "asc" } } } });
      const products = await prisma.product.findMany({ orderBy: { sku: "asc" }, include: { images: true } });
      return {
        products: products.map((p) => [p.sku, p.name, Number(p.price), p.stock, p.madeToOrderDays, p.images.map((i) => i.imageUrl)]),
        orders: orders.map((o) => [o.orderNumber, o.status, o.source, o.customerName, o.customerPhone, String(o.telegramUserId), Number(o.total), o.items.map((i) => [i.productSku, i.quantity])]),
      };
    };
    const other = await openTestDatabase();
    try {
      // the same upload folder: the pictures are the same drawings, so their files are reused
      const filesBefore = readdirSync(uploadDir).length;
      await seedDemoIfEmpty(other.prisma, { uploadDir });
      expect(await fingerprint(other.prisma)).toEqual(await fingerprint(db.prisma));
      expect(readdirSync(uploadDir)).toHaveLength(filesBefore);
    } finally {
      await other.close();
    }
  });

  it("does nothing the second time", async () => {
    expect(await seedDemoIfEmpty(db.prisma, { uploadDir })).toBeNull();
    expect(await db.prisma.product.count()).toBe(65);
  });
});
