import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "./db";
import { listMigrations } from "./migrate";

/**
 * A new, empty database on the PostgreSQL server that `serverUrl` names, for one test file or one test server:
 * its URL, and how to drop it.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = "/" + name;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The PostgreSQL server of this machine, for the tests that need PostgreSQL whichever database the suite runs on. */
export const LOCAL_POSTGRESQL = "postgresql://postgres@127.0.0.1:5432/postgres";

/** Where the test runner's setup (prisma/test/database-image.setup.ts) tells the test files the image is. */
export const TEST_DATABASE_IMAGE_ENV = "SHOP_TEST_DATABASE_IMAGE";

/**
 * One migrated embedded database as a file (PGlite's `dumpDataDir`), which every test's in-memory database starts
 * from instead of running the migrations again: loading it takes a fifth of the CPU time of migrating. Named after
 * the migrations and PGlite's version, so a changed migration or another PGlite makes a new one, and runs on the
 * same machine (the embedded leg, then the Node 26 leg) share it. Returns the file's path.
 */
export async function prepareTestDatabaseImage(): Promise<string> {
  const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const pgliteVersion = (JSON.parse(readFileSync(path.resolve(path.dirname(pgliteEntry), "../package.json"), "utf8")) as { version: string }).version;
  const key = createHash("sha256")
    .update([pgliteVersion, ...listMigrations().map((migration) => `${migration.name}:${migration.checksum}`)].join("\n"))
    .digest("hex")
    .slice(0, 16);
  const file = path.join(tmpdir(), `shop-test-database-${key}.tar`);
  if (existsSync(file)) return file;
  const dir = mkdtempSync(path.join(tmpdir(), "shop-test-database-"));
  try {
    const db = await openDatabase({ embeddedDir: dir });
    await db.close();
    const [{ PGlite }, { pg_trgm }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm")]);
    const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
    const image = await pglite.dumpDataDir("none");
    await pglite.close();
    // written beside and renamed, so a run starting at the same moment never reads half a file
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    return file;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let loadedImage: { file: string; blob: Blob } | undefined;

/** The image named by the runner's setup, read once per test file's process; none outside a test run. */
function testDatabaseImage(): Blob | undefined {
  const file = process.env[TEST_DATABASE_IMAGE_ENV];
  if (!file || !existsSync(file)) return undefined;
  if (loadedImage?.file !== file) loadedImage = { file, blob: new Blob([readFileSync(file)]) };
  return loadedImage.blob;
}

/**
 * A fresh, migrated database for one test file of any workspace: in-memory PGlite by default (started from the
 * run's migrated image when there is one), or a new database on the PostgreSQL server named by DATABASE_URL (or by
 * `serverUrl`; created here, dropped on close).
 */
export async function openTestDatabase(serverUrl = process.env.DATABASE_URL): Promise<Database> {
  if (!serverUrl) return openDatabase({ embeddedDir: "memory://", embeddedImage: testDatabaseImage() });
  const scratch = await createScratchDatabase(serverUrl, "shop_test");
  const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  return {
    ...db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}
