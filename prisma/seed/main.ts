/**
 * `npm run db:seed` — the demo catalogue into the configured database (DATABASE_URL, else the embedded one under
 * DATA_DIR). `-- --large` adds benchmark data (10 000 products, 100 000 orders). `-- --reset` empties the shop first.
 * Run it while the shop is stopped when using the embedded database: only one process may open it.
 */
import path from "node:path";
import { openDatabase } from "../src/db";
import { protectDataDir } from "../src/data-dir";
import { seedDemo, seedLarge } from "./index";

const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((arg) => !["--large", "--reset"].includes(arg));
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(" ")}. Use --large and/or --reset.`);
  process.exit(2);
}

// npm runs workspace scripts inside the workspace folder; paths are relative to where the user typed the command
const cwd = process.env.INIT_CWD ?? process.cwd();
const dataDir = path.resolve(cwd, process.env.DATA_DIR?.trim() || "data");
const uploadDir = path.resolve(cwd, process.env.UPLOAD_DIR?.trim() || path.join(dataDir, "uploads"));
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;

protectDataDir(dataDir);
const db = await openDatabase({ databaseUrl, embeddedDir: path.join(dataDir, "db") });
try {
  const started = Date.now();
  if (args.has("--reset")) {
    await db.prisma.$executeRawUnsafe(
      `TRUNCATE order_items, orders, promo_code_customers, promo_codes, prepared_orders, outbox_messages, delivery_cost_prompts, telegram_customers, product_categories, product_images, products, categories RESTART IDENTITY CASCADE`,
    );
    // numbering starts over too, so a reset shop looks exactly like a fresh one
    await db.prisma.$executeRawUnsafe(`ALTER SEQUENCE order_number_seq RESTART`);
    await db.prisma.$executeRawUnsafe(`ALTER SEQUENCE product_sku_seq RESTART`);
    await db.prisma.appSetting.deleteMany({ where: { key: "demo_seeded_at" } });
  }
  const [products, categories] = await Promise.all([db.prisma.product.count(), db.prisma.category.count()]);
  if (products > 0 || categories > 0) {
    console.error(`The shop already has ${products} products and ${categories} categories. Add --reset to replace them.`);
    process.exitCode = 1;
  } else {
    await db.prisma.appSetting.createMany({ data: [{ key: "demo_seeded_at", value: new Date().toISOString() }], skipDuplicates: true });
    const log = (line: string) => console.log(line);
    const result = args.has("--large") ? await seedLarge(db.prisma, { uploadDir, log }) : await seedDemo(db.prisma, { uploadDir, log });
    console.log(`Seeded ${result.products} products and ${result.orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s (${db.kind}).`);
  }
} finally {
  await db.close();
}
