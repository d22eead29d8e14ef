import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@shop/prisma/db";
import { createScratchDatabase } from "@shop/prisma/test-database";
import { REPO_ROOT, startApiProcess, type ApiProcess } from "../../api/test/helpers/api-process";
import { CONTACT } from "../../api/test/helpers/checkout";

/**
 * `npm run backup` and `npm run restore` end to end (docs/database.md#backup-and-restore): the real shop with the
 * demo catalogue (pictures, orders, statistics) on the database DATABASE_URL names, or the embedded one; a backup
 * while it runs; a restore into an empty data directory (and database); the restored shop compared with the
 * original, table by table, picture by picture, and through its statistics.
 */
const serverUrl = process.env.DATABASE_URL;
const ADMIN_PASSWORD = "backup-test-password";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-backup-test-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function newDatabaseUrl(): Promise<string> {
  if (!serverUrl) return "";
  const database = await createScratchDatabase(serverUrl, "shop_test_backup");
  cleanups.push(() => database.drop());
  return database.url;
}

/** runs `npm run backup|restore -- <file>` as the seller would (the CLI through tsx), with this environment */
function runCli(command: "backup" | "restore", file: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(REPO_ROOT, "node_modules/.bin/tsx"), [`server/src/${command}-cli.ts`, file], {
      cwd: REPO_ROOT,
      env: { ...process.env, INIT_CWD: REPO_ROOT, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const TABLES = [
  "categories",
  "products",
  "product_images",
  "product_categories",
  "product_options",
  "product_option_values",
  "product_variants",
  "personalization_fields",
  "personalization_choices",
  "orders",
  "order_items",
  "telegram_customers",
  "carts",
  "broadcasts",
  "broadcast_deliveries",
  "admin_users",
  "app_settings",
  "reviews",
  "review_requests",
];

/** every row of the compared tables as JSON text, in a fixed order */
async function readTables(env: { DATA_DIR: string; DATABASE_URL: string }): Promise<Record<string, string[]>> {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, embeddedDir: path.join(env.DATA_DIR, "db"), migrate: false });
  try {
    const tables: Record<string, string[]> = {};
    for (const table of TABLES) {
      const rows = await db.read<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table}" t`, []);
      tables[table] = rows.map((row) => row.row).sort();
    }
    const [sequence] = await db.read<{ next: string }>(`SELECT last_value::text AS next FROM order_number_seq`, []);
    tables.order_number_seq = [sequence!.next];
    return tables;
  } finally {
    await db.close();
  }
}

const pictures = (uploadDir: string) =>
  Object.fromEntries(readdirSync(uploadDir).sort().map((name) => [name, createHash("sha256").update(readFileSync(path.join(uploadDir, name))).digest("hex")]));

async function signIn(api: ApiProcess): Promise<string> {
  const login = await fetch(`${api.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: "admin", password: ADMIN_PASSWORD }),
  });
  return ((await login.json()) as { token: string }).token;
}

const adminMe = async (api: ApiProcess, token: string) => (await fetch(`${api.url}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } })).status;

/** the generated JWT secret's row, and every other row of app_settings */
const withoutSecret = (rows: string[]) => rows.filter((row) => !row.includes('"jwt_secret"'));

async function statistics(api: ApiProcess) {
  const token = await signIn(api);
  const read = async (name: string) =>
    (await fetch(`${api.url}/api/admin/stats/${name}?period=all`, { headers: { authorization: `Bearer ${token}` } })).json();
  return { kpi: await read("kpi"), products: await read("top-products"), customers: await read("top-customers"), statuses: await read("orders-by-status") };
}

describe(`backup and restore (${serverUrl ? "PostgreSQL" : "embedded database"})`, () => {
  it("copies the running shop's database and pictures into one archive and brings them back into an empty shop", async () => {
    const source = { DATA_DIR: path.join(tempDir(), "data"), DATABASE_URL: await newDatabaseUrl() };
    const shopEnv = { ADMIN_PASSWORD, SEED_DEMO: "1", WEB_DIST_DIR: path.join(tempDir(), "no-web-build") };
    const original = await startApiProcess({ ...source, ...shopEnv }, { timeoutMs: 180_000 });
    cleanups.push(() => original.stop());
    // a fresh order whose statistics are not folded yet
    // a product with three pieces to sell (the demo counts most products' stock)
    const products = (await (await fetch(`${original.url}/api/products?limit=100`)).json()) as {
      products: { id: number; stock: number | null; has_options?: true }[];
    };
    const productId = products.products.find((product) => !product.has_options && (product.stock === null || product.stock >= 3))!.id;
    const order = await fetch(`${original.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...CONTACT, cart_items: [{ product_id: productId, quantity: 3 }] }),
    });
    expect(order.status).toBe(201);

    const archive = path.join(tempDir(), "shop.tar.gz");
    const backup = await runCli("backup", archive, source);
    expect(backup.code, backup.output).toBe(0);
    if (!serverUrl) expect(backup.output).toContain("The running shop wrote the backup.");
    expect(backup.output).toMatch(/Backup written to .*shop\.tar\.gz: \d+ tables, \d+ rows, \d+ pictures\./);
    expect((statSync(archive).mode & 0o777).toString(8)).toBe("600");
    // the shop kept running
    expect((await fetch(`${original.url}/api/health`)).status).toBe(200);
    const originalStatistics = await statistics(original);
    const originalToken = await signIn(original);
    expect(await adminMe(original, originalToken)).toBe(200);
    await original.stop();
    const originalTables = await readTables(source);
    const originalPictures = pictures(path.join(source.DATA_DIR, "uploads"));
    expect(originalTables.orders!.length).toBeGreaterThan(300);
    expect(Object.keys(originalPictures).length).toBeGreaterThan(50);

    // the archive does not carry the JWT secret (whoever held it could sign admin tokens): not as a row, nowhere
    const secret = (JSON.parse(originalTables.app_settings!.find((row) => row.includes('"jwt_secret"'))!) as { value: string }).value;
    const unpacked = tempDir();
    expect(spawnSync("tar", ["xzf", archive, "-C", unpacked]).status).toBe(0);
    const settings = readFileSync(path.join(unpacked, "backup/database/app_settings.jsonl"), "utf8");
    expect(settings).not.toContain("jwt_secret");
    for (const file of readdirSync(path.join(unpacked, "backup/database"))) {
      expect(readFileSync(path.join(unpacked, "backup/database", file), "utf8"), file).not.toContain(secret);
    }
    // what it does carry, and why it is kept private: customers' phones and the admins' password hashes
    expect(readFileSync(path.join(unpacked, "backup/database/orders.jsonl"), "utf8")).toContain('"customer_phone":"+7');
    expect(readFileSync(path.join(unpacked, "backup/database/admin_users.jsonl"), "utf8")).toContain('"password_hash":"scrypt$');

    const target = { DATA_DIR: path.join(tempDir(), "data"), DATABASE_URL: await newDatabaseUrl() };
    const restore = await runCli("restore", archive, target);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/^Restored .*shop\.tar\.gz/m);

    const restoredTables = await readTables(target);
    expect({ ...restoredTables, app_settings: withoutSecret(restoredTables.app_settings!) }).toEqual({
      ...originalTables,
      app_settings: withoutSecret(originalTables.app_settings!),
    });
    expect(restoredTables.app_settings!.some((row) => row.includes('"jwt_secret"'))).toBe(false);
    expect(pictures(path.join(target.DATA_DIR, "uploads"))).toEqual(originalPictures);
    const restored = await startApiProcess({ ...target, ...shopEnv }, { timeoutMs: 180_000 });
    cleanups.push(() => restored.stop());
    expect(await statistics(restored)).toEqual(originalStatistics);
    // a new secret: the tokens of before the restore are refused, the admin signs in again
    expect(await adminMe(restored, originalToken)).toBe(401);
    expect(await adminMe(restored, await signIn(restored))).toBe(200);
    // the restored shop goes on numbering orders after the last one
    const next = await fetch(`${restored.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...CONTACT, cart_items: [{ product_id: productId, quantity: 1 }] }),
    });
    expect(next.status).toBe(201);
    expect(Number(((await next.json()) as { order_number: string }).order_number)).toBe(Number(originalTables.order_number_seq![0]) + 1);
    await restored.stop();
    const restoredSecret = (await readTables(target)).app_settings!.find((row) => row.includes('"jwt_secret"'));
    expect(restoredSecret).toBeDefined();
    expect(restoredSecret).not.toContain(secret);

    // a restore never overwrites a shop
    const again = await runCli("restore", archive, target);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/^Restore refused, nothing was changed: .*Restore into an empty data directory or database\.$/m);
    expect(existsSync(path.join(target.DATA_DIR, "uploads"))).toBe(true);
  }, 600_000);
});
