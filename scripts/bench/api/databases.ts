/**
 * The two databases `npm run bench` loads, seeded with the large data set (or reused from the last run), the
 * benchmark's own orders deleted afterwards, and the order path's ceiling measured straight on them
 * (../order-ceiling.ts).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "@shop/prisma/db";
import { seedLarge } from "@shop/prisma/seed";
import { deleteCeilingRows, measureOrderCeiling, type CeilingResult } from "../order-ceiling";
import { RESULTS_DIR } from "../results";
import { BENCH_BOT, BENCH_CUSTOMER, CONNECTIONS, ROOT, WARMUP_SECONDS } from "./settings";

const EMBEDDED_CACHE = path.join(RESULTS_DIR, ".cache", "embedded");
const BENCH_DB = "shop_bench";

export interface Prepared {
  env: Record<string, string>;
  /** the database itself, for the order path's ceiling (embedded: only while the API is not running) */
  open(): Promise<Database>;
  /** delete the benchmark's own orders once the server has stopped */
  cleanUp(): Promise<void>;
  counts: { products: number; orders: number };
  seededIn: string;
}

async function count(db: Database) {
  const [products, orders] = await Promise.all([db.prisma.product.count(), db.prisma.order.count()]);
  return { products, orders };
}

async function seedInto(db: Database, uploadDir: string): Promise<string> {
  const started = Date.now();
  await seedLarge(db.prisma, { uploadDir, log: (line) => console.log(`  ${line}`) });
  // a fresh bulk load has no planner statistics yet; a running server would have them from autovacuum
  await db.prisma.$executeRawUnsafe("VACUUM ANALYZE");
  return `${((Date.now() - started) / 1000).toFixed(0)} s`;
}

async function deleteBenchOrders(db: Database) {
  await db.prisma.order.deleteMany({ where: { customerName: BENCH_CUSTOMER } });
  await db.read(`DELETE FROM outbox_messages WHERE chat_id = $1::bigint`, [BENCH_BOT.managerChatId]);
  await deleteCeilingRows(db);
  await db.prisma.$executeRawUnsafe("VACUUM ANALYZE orders, order_items");
}

export async function prepareEmbedded(reuse: boolean): Promise<Prepared> {
  const marker = path.join(EMBEDDED_CACHE, "bench-seed.json");
  const dbDir = path.join(EMBEDDED_CACHE, "db");
  let seededIn = "reused";
  if (!(reuse && existsSync(marker))) {
    rmSync(EMBEDDED_CACHE, { recursive: true, force: true });
    mkdirSync(EMBEDDED_CACHE, { recursive: true });
    console.log(`Seeding the embedded database in ${path.relative(ROOT, EMBEDDED_CACHE)}…`);
    const db = await openDatabase({ embeddedDir: dbDir });
    try {
      seededIn = await seedInto(db, path.join(EMBEDDED_CACHE, "uploads"));
    } finally {
      await db.close();
    }
    writeFileSync(marker, JSON.stringify({ seededAt: new Date().toISOString(), seededIn }) + "\n");
  }
  const db = await openDatabase({ embeddedDir: dbDir });
  const counts = await count(db).finally(() => db.close());
  return {
    env: { DATA_DIR: EMBEDDED_CACHE, DATABASE_URL: "" },
    open: () => openDatabase({ embeddedDir: dbDir }),
    counts,
    seededIn,
    async cleanUp() {
      const db = await openDatabase({ embeddedDir: dbDir });
      await deleteBenchOrders(db).finally(() => db.close());
    },
  };
}

export async function serverReachable(serverUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The database shop_bench on the server `serverUrl` names. */
export async function preparePostgres(serverUrl: string, reuse: boolean): Promise<Prepared> {
  const url = new URL(serverUrl);
  url.pathname = "/" + BENCH_DB;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let seededIn = "reused";
  try {
    const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [BENCH_DB])).rowCount === 1;
    let seeded = false;
    if (reuse && exists) {
      const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      seeded = (await db.prisma.appSetting.findUnique({ where: { key: "bench_seed" } })) !== null;
      await db.close();
    }
    if (!seeded) {
      console.log(`Seeding the PostgreSQL database ${BENCH_DB}…`);
      await admin.query(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${BENCH_DB}"`);
      const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
      try {
        seededIn = await seedInto(db, path.join(RESULTS_DIR, ".cache", "postgresql-uploads"));
        await db.prisma.appSetting.create({ data: { key: "bench_seed", value: new Date().toISOString() } });
      } finally {
        await db.close();
      }
    }
  } finally {
    await admin.end();
  }
  const dataDir = path.join(RESULTS_DIR, ".cache", "postgresql-data");
  mkdirSync(dataDir, { recursive: true });
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  const counts = await count(db).finally(() => db.close());
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), UPLOAD_DIR: path.join(RESULTS_DIR, ".cache", "postgresql-uploads") },
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: CONNECTIONS }),
    counts,
    seededIn,
    async cleanUp() {
      const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      await deleteBenchOrders(db).finally(() => db.close());
    },
  };
}

/** The ceiling of the order path, on the benchmark's data, with the database to itself (no API running). */
export async function measureDatabaseOrders(prepared: Prepared, duration: number): Promise<CeilingResult> {
  const db = await prepared.open();
  try {
    const ids = (await db.read<{ id: number }>(`SELECT id FROM products ORDER BY id LIMIT 5000`, [])).map((row) => row.id);
    await measureOrderCeiling(db, ids, CONNECTIONS, WARMUP_SECONDS);
    return await measureOrderCeiling(db, ids, CONNECTIONS, duration);
  } finally {
    await deleteCeilingRows(db).catch(() => {});
    await db.close();
  }
}
